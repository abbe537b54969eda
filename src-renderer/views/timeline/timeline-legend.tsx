/** Legend of the timeline: statuses, open (in-flight) bars, harness marks, breaks and resumes. */

const ITEMS: Array<{ className: string; label: string }> = [
  { className: 'tl-bar tl-status-completed', label: 'completed' },
  { className: 'tl-bar tl-status-failed', label: 'failed' },
  { className: 'tl-bar tl-status-running tl-open', label: 'running (open)' },
  { className: 'tl-bar tl-status-crashed tl-open', label: 'in flight at crash' },
  { className: 'tl-mark tl-mark-session', label: 'session' },
  { className: 'tl-mark tl-mark-model', label: 'model call' },
  { className: 'tl-mark tl-mark-tool', label: 'tool call' },
  { className: 'tl-break tl-break-idle', label: 'collapsed gap > 1 min' },
  { className: 'tl-break tl-break-resume', label: 'resume gap' },
];

/** A compact one-line legend; `loopEvents` adds the loopctl point-event swatch. */
export function TimelineLegend({ loopEvents = false }: { loopEvents?: boolean }) {
  const items = loopEvents ? [...ITEMS, { className: 'tl-mark tl-mark-event', label: 'loop event (compaction, fallback, switch, detection)' }] : ITEMS;
  return (
    <ul className="tl-legend" aria-label="Legend">
      {items.map((item) => (
        <li key={item.label}>
          <span className={`tl-swatch ${item.className}`} aria-hidden="true" />
          {item.label}
        </li>
      ))}
    </ul>
  );
}
