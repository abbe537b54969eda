import { describe, expect, it } from 'vitest';
import { cleanEventFilter } from './event-filter-spec';

describe('cleanEventFilter', () => {
  it('drops blank fields and trims the rest; nothing left is no filter', () => {
    expect(cleanEventFilter({ typePrefix: ' harness. ', caller: '', stepPath: '  ' })).toEqual({ typePrefix: 'harness.' });
    expect(cleanEventFilter({ caller: 'worker', stepPath: 'draft' })).toEqual({ caller: 'worker', stepPath: 'draft' });
    expect(cleanEventFilter({ typePrefix: ' ' })).toBeNull();
    expect(cleanEventFilter({})).toBeNull();
    expect(cleanEventFilter(undefined)).toBeNull();
  });
});
