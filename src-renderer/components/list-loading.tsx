/**
 * A tab's own loading state while main builds the part of the run it shows (the lists come
 * after the head, the integrity check last): says what is being built, or why it failed.
 */
import type { Diagnostic } from '../../shared/diagnostics';

/** The status line of a tab waiting for its part (`what`: what is being built, for the sentence); `error` when it failed. */
export function ListLoading({ error = null, what }: { error?: Diagnostic | null; what: string }) {
  if (error !== null) {
    return (
      <p role="alert" className="error tab-loading">
        <strong>{error.code}</strong>: {error.message}
      </p>
    );
  }
  return (
    <p className="loading tab-loading" role="status" aria-busy="true">
      Building {what}…
    </p>
  );
}
