/**
 * A block of captured trace text: a unified diff shows its added, removed and hunk lines in
 * colour (the sign stays, so a copy is still a patch); other text shows as written.
 */

/** The class of one unified-diff line (file headers are not changes). */
function diffLineClass(line: string): string | undefined {
  if (line.startsWith('@@')) return 'diff-hunk';
  if (line.startsWith('+++') || line.startsWith('---')) return 'diff-file';
  if (line.startsWith('+')) return 'diff-add';
  if (line.startsWith('-')) return 'diff-del';
  return undefined;
}

/** `text` in a scrollable block; `diff` colours it as a unified diff. */
export function TraceText({ text, diff, label }: { text: string; diff?: boolean; label?: string }) {
  return (
    <pre className="session-diff" tabIndex={0} aria-label={label}>
      {diff
        ? text.split('\n').map((line, i, all) => (
            <span key={i} className={diffLineClass(line)}>
              {line}
              {i < all.length - 1 ? '\n' : ''}
            </span>
          ))
        : text}
    </pre>
  );
}
