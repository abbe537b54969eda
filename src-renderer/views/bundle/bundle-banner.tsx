/**
 * In a shared bundle's page: what the file is, and what it does not hold. The size budget's
 * omissions and the redaction list (rule, count, where; never a value) are always stated; the
 * run's notes are listed read-only.
 */
import type { BundleInfo } from '../../../shared/bundle/bundle-types';
import type { Note } from '../../../shared/notes/note-types';
import { formatBytes } from '../../../shared/bundle/bundle-budget';
import { LISTED_PLACES, redactionHeadline } from '../../../shared/redact/redaction-list';
import { RedactionList } from '../export/redaction-options';
import './bundle.css';

/** The sentences about what the budget left out (empty when nothing was). */
export function omissionNotes(info: BundleInfo): string[] {
  const { eventBodies, artifacts, budgetBytes } = info.omissions;
  const notes: string[] = [];
  if (eventBodies.count > 0) {
    notes.push(
      `${eventBodies.count.toLocaleString('en-US')} of ${info.eventCount.toLocaleString('en-US')} event payloads omitted (${formatBytes(eventBodies.bytes)}, each at least ${formatBytes(eventBodies.smallestBytes ?? 0)}): their envelopes, counts and costs are all here.`,
    );
  }
  if (artifacts.count > 0) notes.push(`${artifacts.count.toLocaleString('en-US')} artifact contents omitted (${formatBytes(artifacts.bytes)}): their manifests are here.`);
  if (notes.length > 0) notes.push(`Size budget: ${formatBytes(budgetBytes)} of payload text.`);
  // Not the budget: the log itself stopped reading (older bundles carry no readErrors).
  for (const error of info.readErrors ?? []) notes.push(`Some event payloads could not be read when this bundle was made: ${error.message}`);
  return notes;
}

function noteTarget(note: Note): string {
  if (note.target.kind === 'run') return 'run';
  return note.target.kind === 'step' ? `step ${note.target.stepPath}` : `event #${note.target.sequence}`;
}

export function BundleBanner({ info }: { info: BundleInfo }) {
  const omitted = omissionNotes(info);
  const { redaction, notes } = info;
  return (
    <section className="bundle-banner" aria-label="About this bundle">
      <p className="bundle-line">
        <strong>Shared bundle</strong>
        <span className="muted">
          {' '}
          · exported {info.createdAt.replace('T', ' ').replace(/\.\d+Z$/, ' UTC')} by Little Inspector {info.inspectorVersion} · {info.eventCount.toLocaleString('en-US')} events · offline, read-only
        </span>
      </p>
      {omitted.length > 0 && (
        <div className="bundle-omitted" role="note" aria-label="Left out of this bundle">
          {omitted.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      )}
      {redaction === null ? (
        <p className="muted bundle-redaction-none">Not redacted: this file holds the run's data as recorded.</p>
      ) : (
        <details className="bundle-redaction" aria-label="Redactions">
          <summary>Redacted before sharing: {redactionHeadline(redaction)}</summary>
          <div className="bundle-redaction-table">
            <RedactionList summary={redaction} listed={LISTED_PLACES} headline={false} />
          </div>
        </details>
      )}
      {notes !== null && notes.length > 0 && (
        <p className="muted">
          {notes.length.toLocaleString('en-US')} note{notes.length === 1 ? '' : 's'} pinned in the app travel with this bundle: {notes.map(noteTarget).join(', ')} (read-only).
        </p>
      )}
    </section>
  );
}
