/**
 * Placeholder JSON viewer (the events-view work replaces it with a lazy, collapsible one
 * that stays responsive on multi-megabyte payloads). Keep this props contract.
 */
export type JsonViewProps = {
  value: unknown;
  /** Levels expanded at first (default 1). */
  expandDepth?: number;
  /** Accessible name. */
  label?: string;
};

export function JsonView({ value, label }: JsonViewProps) {
  return (
    <pre className="json-view" aria-label={label ?? 'JSON'}>
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}
