/**
 * The fleet search dialog (Ctrl/Cmd+K): a query over every run under the opened folder, hits
 * grouped by run with the matched words marked, the index's progress while it is built. Keyboard
 * only works: type, ↑/↓ pick a hit, Enter opens its run at the event, Esc closes. A native modal
 * dialog, so the app's keyboard layer stays out of it.
 */
import { useEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { FleetIndexStatus } from '../../../shared/search/fleet-search-types';
import { trapTab, useModalDialog } from '../../components/modal-dialog';
import { formatCount } from '../../format';
import { useFleetSearchStore } from '../../stores/fleet-search-store';
import { useLibraryStore } from '../../stores/library-store';
import { useRouteStore } from '../../stores/route-store';
import { groupHits, hitRoute, markedParts } from './hit-route';
import './search.css';

/** "Indexing 1,234 of 10,000 runs" while building; what the index holds once ready. */
export function indexStatusText(status: FleetIndexStatus | null): string {
  if (status === null || status.phase === 'idle') return 'Open a folder to search its runs.';
  if (status.phase === 'failed') return `The index could not be built: ${status.problem ?? 'unknown error'}`;
  if (status.phase === 'indexing') return `Indexing ${formatCount(status.runsDone)} of ${formatCount(status.runsTotal)} runs… results so far`;
  return `${formatCount(status.indexedRuns)} runs, ${formatCount(status.indexedEvents)} events indexed`;
}

export function SearchDialog() {
  const { open, query, result, error, selected, status } = useFleetSearchStore(
    useShallow((s) => ({ open: s.open, query: s.query, result: s.result, error: s.error, selected: s.selected, status: s.status })),
  );
  const { setOpen, setQuery, move, select } = useFleetSearchStore.getState();
  const snapshot = useLibraryStore((s) => s.snapshot);
  const navigate = useRouteStore((s) => s.navigate);
  const { dialog, onClose } = useModalDialog(open, () => setOpen(false));
  const groups = useMemo(() => groupHits(result?.hits ?? [], snapshot), [result, snapshot]);
  const list = useRef<HTMLDivElement>(null);

  useEffect(() => {
    list.current?.querySelector(`#fleet-hit-${selected}`)?.scrollIntoView({ block: 'nearest' });
  }, [selected]);

  const openHit = (index: number) => {
    const hit = result?.hits[index];
    const route = hit === undefined ? null : hitRoute(hit, snapshot);
    if (route === null) return;
    setOpen(false);
    navigate(route);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const step = { ArrowDown: 1, ArrowUp: -1, PageDown: 10, PageUp: -10 }[event.key];
    if (step !== undefined) {
      event.preventDefault();
      move(step);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      openHit(selected);
    }
  };
  const total = result?.total ?? 0;
  const shown = result?.hits.length ?? 0;

  return (
    <dialog ref={dialog} className="fleet-search" aria-labelledby="fleet-search-title" onClose={onClose} onKeyDown={trapTab}>
      <h2 id="fleet-search-title" className="visually-hidden">
        Search every run
      </h2>
      <input
        // Not type="search": there Esc clears the text instead of closing the dialog.
        type="text"
        className="fleet-search-input"
        aria-label="Search every run"
        placeholder='Words, "a phrase", type: tool: model: step: status: run:'
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={onKeyDown}
        role="combobox"
        aria-expanded={shown > 0}
        aria-controls="fleet-search-hits"
        aria-activedescendant={selected >= 0 && shown > 0 ? `fleet-hit-${selected}` : undefined}
        autoFocus
      />
      <p className="fleet-search-status muted" role="status" data-phase={status?.phase ?? 'idle'}>
        {indexStatusText(status)}
      </p>
      {error && (
        <p role="alert" className="fleet-search-error">
          {error.message}
        </p>
      )}
      {result && query.trim() !== '' && (
        <p className="fleet-search-count muted">
          {shown < total ? `${formatCount(shown)} of ${formatCount(total)}` : formatCount(total)} matching event{total === 1 ? '' : 's'}
        </p>
      )}
      <div id="fleet-search-hits" role="listbox" aria-label="Matching events" className="fleet-search-hits" ref={list}>
        {groups.map((group) => (
          <div key={group.key} role="group" aria-labelledby={`fleet-group-${group.first}`} className="fleet-search-group">
            <div id={`fleet-group-${group.first}`} className="fleet-search-run" role="presentation">
              <span className="mono">{group.runId}</span> <span className="muted">{group.dirLabel}</span>
            </div>
            {group.hits.map((hit, i) => {
              const index = group.first + i;
              return (
                <div
                  key={hit.sequence}
                  id={`fleet-hit-${index}`}
                  role="option"
                  aria-selected={index === selected}
                  className="fleet-search-hit"
                  onMouseMove={() => index !== selected && select(index)}
                  onClick={() => openHit(index)}
                >
                  <span className="fleet-search-where mono">
                    #{hit.sequence} {hit.type}
                  </span>
                  <span className="fleet-search-field muted mono">{hit.field}</span>
                  <span className="fleet-search-snippet">
                    {markedParts(hit).map((part, p) => (part.marked ? <mark key={p}>{part.text}</mark> : <span key={p}>{part.text}</span>))}
                  </span>
                </div>
              );
            })}
          </div>
        ))}
      </div>
      <p className="fleet-search-keys muted">
        <kbd>↑</kbd> <kbd>↓</kbd> pick · <kbd>Enter</kbd> open at the event · <kbd>Esc</kbd> close
      </p>
    </dialog>
  );
}

/** The header's way in: opens the dialog, and says how far the index is while it is built. */
export function SearchButton() {
  const status = useFleetSearchStore((s) => s.status);
  const root = useLibraryStore((s) => s.snapshot?.root ?? null);
  // The index is built once the user first opens the search (the dialog asks its status), not
  // when a page loads: building it beside a big run's open (a third thread on two cores) held the
  // server at 685 MB instead of 304 and slowed every move after the overview (docs/FLEET.md).
  if (root === null) return null;
  return (
    <div className="fleet-search-entry">
      <button type="button" onClick={() => useFleetSearchStore.getState().setOpen(true)} aria-keyshortcuts="Control+K Meta+K">
        Search all runs <kbd>Ctrl K</kbd>
      </button>
      {status?.phase === 'indexing' && (
        <span className="muted fleet-search-progress" role="status">
          Indexing {formatCount(status.runsDone)} of {formatCount(status.runsTotal)} runs
        </span>
      )}
    </div>
  );
}
