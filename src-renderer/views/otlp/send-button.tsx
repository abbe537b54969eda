/** "Send to tracing backend…": opens the send dialog for a run (run header) or the runs the list shows (library). */
import type { RunRef } from '../../../shared/run/run-detail-types';
import { useOtlpSendStore } from '../../stores/otlp-send-store';

/** The button; `label` names the selection in the dialog ("run_…", "12 runs shown"). */
export function SendToBackendButton({ runs, label, text = 'Send to tracing backend…' }: { runs: readonly RunRef[]; label: string; text?: string }) {
  const open = useOtlpSendStore((s) => s.open);
  return (
    <button type="button" className="otlp-open" disabled={runs.length === 0} onClick={() => void open({ runs: runs.map(({ dataDir, runId }) => ({ dataDir, runId })), label })} title="Send as OpenTelemetry traces (OTLP/HTTP) to Jaeger, Tempo, Langfuse, Phoenix…">
      {text}
    </button>
  );
}
