/**
 * The run header's one menu: export as a report, share as an offline bundle, the redaction
 * switch and its dialog, and sending to a tracing backend. One button keeps the header a
 * single line at any width; what an action did is a toast (views/export/use-run-export.ts).
 */
import { useState } from 'react';
import { RUN_ID_PATTERN } from '../../../shared/events/envelope';
import type { RunRef } from '../../../shared/run/run-detail-types';
import { MenuButton, type MenuItem } from '../../components/menu-button';
import { useOtlpSendStore } from '../../stores/otlp-send-store';
import { RedactionDialog, type RedactionChoice } from '../export/redaction-options';
import { REPORT_FORMATS, useRunExport } from '../export/use-run-export';

/** The menu of `run` (the header passes the run it shows). */
export function RunActionsMenu({ run }: { run: RunRef }) {
  const [redaction, setRedaction] = useState<RedactionChoice>({ enabled: false, userRules: '' });
  const [rulesOpen, setRulesOpen] = useState(false);
  const { desktop, busy, exportAs, share, runRef } = useRunExport(run, redaction);
  const openSend = useOtlpSendStore((s) => s.open);
  const redacted = redaction.enabled ? ' (redacted)' : '';

  const exports: MenuItem[] = desktop
    ? [{ id: 'export', label: `Export report…${redacted}`, hint: 'Ctrl+E', disabled: busy !== null, run: () => void exportAs() }]
    : REPORT_FORMATS.map((f, i) => ({ id: `export-${f.value}`, label: `Export as ${f.label}${redacted}`, hint: i === 0 ? 'Ctrl+E: the last format' : undefined, disabled: busy !== null, run: () => void exportAs(f.value) }));
  const items: MenuItem[] = [
    ...exports,
    { id: 'share', label: `Share as an offline HTML file…${redacted}`, disabled: busy !== null, run: () => void share() },
    { id: 'sep-redact', separator: true },
    { id: 'redact', label: 'Redact secrets', checked: redaction.enabled, run: () => setRedaction({ ...redaction, enabled: !redaction.enabled }) },
    { id: 'rules', label: 'Redaction rules & preview…', run: () => setRulesOpen(true) },
    // Only little-workflow runs have the spans of docs/OTLP.md.
    ...(RUN_ID_PATTERN.test(run.runId)
      ? ([{ id: 'sep-send', separator: true }, { id: 'send', label: 'Send to tracing backend…', run: () => void openSend({ runs: [runRef], label: run.runId }) }] satisfies MenuItem[])
      : []),
  ];

  return (
    <>
      <MenuButton label={busy === 'export' ? 'Exporting…' : busy === 'share' ? 'Bundling…' : 'Export & share'} busy={busy !== null} title="Export, share, redact or send this run (Ctrl/Cmd+E exports)" items={items} />
      <RedactionDialog runRef={runRef} value={redaction} onChange={setRedaction} open={rulesOpen} onClose={() => setRulesOpen(false)} />
    </>
  );
}
