import { describe, expect, it } from 'vitest';
import { diagnostic, fail, ok } from '../../shared/diagnostics';
import { IDLE, LOADING, loaded, valueOf } from './load';

describe('Load', () => {
  it('turns an answer into ready or error, keeping the diagnostic', () => {
    expect(loaded(ok(3))).toEqual({ phase: 'ready', value: 3 });
    const error = diagnostic('run-not-found', 'gone');
    expect(loaded(fail(error))).toEqual({ phase: 'error', error });
  });

  it('gives a value only when ready (a ready null stays null, not missing)', () => {
    expect(valueOf(loaded(ok('x')))).toBe('x');
    expect(valueOf(loaded(ok(null)))).toBeNull();
    expect(valueOf(IDLE)).toBeNull();
    expect(valueOf(LOADING)).toBeNull();
    expect(valueOf(undefined)).toBeNull();
    expect(valueOf(loaded(fail(diagnostic('internal', 'boom'))))).toBeNull();
  });
});
