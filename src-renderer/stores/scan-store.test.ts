import { describe, expect, it } from 'vitest';
import { diagnostic } from '../../shared/diagnostics';
import { LOADING } from './load';
import { shownScan } from './scan-store';

// A time-travel move ends the scan of the position left (scan-service.ts `moved`); the card of the
// frame kept meanwhile must not show that internal cancellation (issue 33), only real failures.
describe('the behaviour card never shows a scan ended by a move', () => {
  it('shows a cancelled scan as still scanning, and any other failure as it is', () => {
    expect(shownScan({ phase: 'error', error: diagnostic('cancelled', 'the scan of run_x was superseded by a later one') })).toBe(LOADING);
    const failed = { phase: 'error', error: diagnostic('sqlite-open-failed', 'cannot open') } as const;
    expect(shownScan(failed)).toBe(failed);
  });
});
