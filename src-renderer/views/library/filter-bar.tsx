/** The run list's filters: search, status toggles with counts, version, label/tag, time, cost, events. */
import { useEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useSearchShortcut } from '../../keyboard/use-list-keyboard';
import { useLibraryViewStore } from '../../stores/library-view-store';
import { DISPLAY_STATUSES, type DisplayStatus } from '../../../shared/status/display-status';
import { isFiltered, type CostFilter, type TimeRange } from '../../stores/library-query';
import { FindingsFilterSelect } from './findings-cell';

type FilterBarProps = {
  counts: Record<DisplayStatus, number>;
  versions: readonly string[];
  tags: readonly string[];
  matched: number;
  total: number;
  /** Greys the controls out while the first library loads (same layout, no jump). */
  disabled?: boolean;
};

/** Every control writes straight into the library view store (and so into the URL). */
export function FilterBar({ counts, versions, tags, matched, total, disabled = false }: FilterBarProps) {
  const query = useLibraryViewStore(useShallow((s) => s.query));
  const setQuery = useLibraryViewStore((s) => s.setQuery);
  const clear = useLibraryViewStore((s) => s.clearFilters);
  const search = useRef<HTMLInputElement>(null);
  useSearchShortcut(() => {
    search.current?.focus();
    search.current?.select();
  });
  const toggleStatus = (status: DisplayStatus) => {
    const on = query.statuses.includes(status);
    setQuery({ statuses: DISPLAY_STATUSES.filter((s) => (s === status ? !on : query.statuses.includes(s))) });
  };
  const filtered = isFiltered(query);

  return (
    <form className="lib-filters" role="search" aria-label="Filter runs" onSubmit={(e) => e.preventDefault()}>
      <div className="lib-filter-line">
        <label htmlFor="lib-search" className="visually-hidden">Search runs by id, label or tag</label>
        <input
          ref={search}
          id="lib-search"
          type="search"
          className="lib-search"
          placeholder="Search run id, label, tag   ( / )"
          value={query.text}
          onChange={(e) => setQuery({ text: e.target.value })}
          spellCheck={false}
          autoComplete="off"
          disabled={disabled}
        />
        <div className="lib-status-group" role="group" aria-label="Status">
          {DISPLAY_STATUSES.map((status) => (
            <button
              key={status}
              type="button"
              className={`lib-chip lib-chip-${status}`}
              aria-pressed={query.statuses.includes(status)}
              onClick={() => toggleStatus(status)}
              disabled={disabled}
            >
              <span className={`lib-dot lib-bg-${status}`} aria-hidden="true" />
              {status} <span className="lib-chip-count">{counts[status]}</span>
            </button>
          ))}
        </div>
        <span className="lib-summary" role="status">
          {disabled ? 'Loading runs…' : filtered ? `${matched.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} runs` : `${total.toLocaleString('en-US')} runs`}
        </span>
      </div>
      <div className="lib-filter-line">
        <Select label="Version" value={query.version ?? ''} onChange={(v) => setQuery({ version: v || null })} disabled={disabled}>
          <option value="">any</option>
          {versions.map((v) => <option key={v} value={v}>{v}</option>)}
        </Select>
        <Select label="Label / tag" value={query.tag ?? ''} onChange={(v) => setQuery({ tag: v || null })} disabled={disabled}>
          <option value="">any</option>
          {tags.map((t) => <option key={t} value={t}>{t}</option>)}
        </Select>
        <Select label="Started" value={query.time} onChange={(v) => setQuery({ time: v as TimeRange })} disabled={disabled}>
          <option value="all">any time</option>
          <option value="hour">last hour</option>
          <option value="day">last day</option>
          <option value="week">last week</option>
        </Select>
        <Select label="Cost" value={query.cost} onChange={(v) => setQuery({ cost: v as CostFilter })} disabled={disabled}>
          <option value="any">any</option>
          <option value="priced">has cost</option>
          <option value="unpriced">unpriced</option>
          <option value="over">more than…</option>
        </Select>
        {query.cost === 'over' && (
          <NumberField id="lib-cost-over" label="Cost more than (USD)" prefix="$" step="0.001" value={query.costOver} onChange={(n) => setQuery({ costOver: n })} />
        )}
        <FindingsFilterSelect disabled={disabled} />
        <NumberField id="lib-events-over" label="Events more than" prefix="Events >" step="1" value={query.eventsOver} onChange={(n) => setQuery({ eventsOver: Math.floor(n) })} disabled={disabled} />
        {filtered && (
          <button type="button" className="lib-clear" onClick={clear}>
            Clear filters
          </button>
        )}
      </div>
    </form>
  );
}

type SelectProps = { label: string; value: string; onChange(value: string): void; disabled?: boolean; children: React.ReactNode };

function Select({ label, value, onChange, disabled, children }: SelectProps) {
  return (
    <label className="lib-field">
      <span className="lib-field-label">{label}</span>
      <select value={value} onChange={(e) => onChange(e.target.value)} disabled={disabled}>
        {children}
      </select>
    </label>
  );
}

type NumberFieldProps = { id: string; label: string; prefix: string; step: string; value: number; onChange(n: number): void; disabled?: boolean };

function NumberField({ id, label, prefix, step, value, onChange, disabled }: NumberFieldProps) {
  // The text is kept as typed ("0.00" on the way to "0.005"); the store gets the number.
  const [text, setText] = useState(value === 0 ? '' : String(value));
  useEffect(() => {
    if ((Number(text) || 0) !== value) setText(value === 0 ? '' : String(value));
    // Only an outside change (URL, clear filters) rewrites the text.
  }, [value]);
  return (
    <span className="lib-field">
      <label htmlFor={id} className="lib-field-label" title={label}>{prefix}</label>
      <input
        id={id}
        type="number"
        min="0"
        step={step}
        className="lib-number"
        aria-label={label}
        value={text}
        placeholder="0"
        onChange={(e) => {
          setText(e.target.value);
          const n = Number(e.target.value);
          onChange(Number.isFinite(n) && n > 0 ? n : 0);
        }}
        disabled={disabled}
      />
    </span>
  );
}
