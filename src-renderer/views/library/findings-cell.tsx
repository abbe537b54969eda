/** The run list's Findings cell and filter (run-findings.ts holds what they show). */
import type { RunSummary } from '../../../shared/library';
import { SCAN_FINDING_KINDS } from '../../../shared/scan/scan-types';
import { useLibraryViewStore } from '../../stores/library-view-store';
import { findingsCellText, findingsOf, parseFindingsFilter } from '../../stores/run-findings';

/** A run's counts ("1 error · 2 warnings"), its kinds in the tooltip; blank for a group row. */
export function FindingsCell({ run }: { run: RunSummary | null }) {
  if (run === null) return <div role="gridcell" className="lib-cell lib-col-findings" />;
  const counts = findingsOf(run);
  const { text, title } = findingsCellText(counts);
  const worst = counts ? (counts.error > 0 ? 'error' : counts.warning > 0 ? 'warning' : counts.info > 0 ? 'info' : 'none') : 'unknown';
  return (
    <div role="gridcell" className={`lib-cell lib-col-findings lib-findings-${worst}`} title={title} data-findings={worst}>
      {text}
    </div>
  );
}

/** The filter bar's "Findings" menu: any run, runs with findings above info, or one kind. */
export function FindingsFilterSelect({ disabled }: { disabled: boolean }) {
  const value = useLibraryViewStore((s) => s.query.findings);
  const setQuery = useLibraryViewStore((s) => s.setQuery);
  return (
    <label className="lib-field lib-findings-filter">
      <span className="lib-field-label">Findings</span>
      <select value={value ?? ''} onChange={(e) => setQuery({ findings: parseFindingsFilter(e.target.value) })} disabled={disabled}>
        <option value="">any run</option>
        <option value="any">has findings (above info)</option>
        {SCAN_FINDING_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {kind}
          </option>
        ))}
      </select>
    </label>
  );
}
