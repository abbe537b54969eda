/**
 * The JSON viewer: collapsed beyond `expandDepth`, children rendered only when expanded and
 * paged by 100, long strings cut with "show all", find over keys and values (time-sliced),
 * and copy value / copy path of the selected node. Stays responsive on multi-MB payloads.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { copyText } from './copy-text';
import { JsonNode, JsonViewContext, type JsonViewContextValue } from './json-view-node';
import { ancestors, childPosition, isContainer, formatPath, parsePathKey, pathKey, shownFor, valueAt, CHILD_PAGE, type JsonPath } from './json-tree';
import { useJsonFind } from './use-json-find';
import './json-view.css';

export type JsonViewProps = {
  value: unknown;
  /** Levels expanded at first (default 1). */
  expandDepth?: number;
  /** Accessible name. */
  label?: string;
  /** Hide the find and copy toolbar (small inline values); primitives never show it. */
  compact?: boolean;
};

/** A lazy, searchable, copyable JSON tree. */
export function JsonView({ value, expandDepth = 1, label, compact = false }: JsonViewProps) {
  const [overrides, setOverrides] = useState<Map<string, boolean>>(() => new Map());
  const [shown, setShown] = useState<Map<string, number>>(() => new Map());
  const [fullStrings, setFullStrings] = useState<Set<string>>(() => new Set());
  const [selected, setSelected] = useState<JsonPath>([]);
  const [status, setStatus] = useState('');
  const treeRef = useRef<HTMLDivElement>(null);
  const find = useJsonFind(value);

  // A new value starts from the default layout.
  useEffect(() => {
    setOverrides(new Map());
    setShown(new Map());
    setFullStrings(new Set());
    setSelected([]);
    setStatus('');
  }, [value]);

  // Reveal the current match: expand its ancestors and page it in, then scroll to it.
  const currentKey = find.currentKey;
  useEffect(() => {
    if (currentKey === null) return;
    const path = parsePathKey(currentKey);
    setOverrides((old) => {
      const next = new Map(old);
      for (const a of ancestors(path)) next.set(pathKey(a), true);
      return next;
    });
    setShown((old) => {
      const next = new Map(old);
      for (const a of ancestors(path)) {
        const position = childPosition(valueAt(value, a), path[a.length]!);
        const k = pathKey(a);
        if (position >= 0) next.set(k, shownFor(position, next.get(k) ?? CHILD_PAGE));
      }
      return next;
    });
    setSelected(path);
  }, [currentKey, value]);
  useEffect(() => {
    if (currentKey === null) return;
    const frame = requestAnimationFrame(() => {
      treeRef.current?.querySelector(`[data-path="${CSS.escape(currentKey)}"]`)?.scrollIntoView({ block: 'nearest' });
    });
    return () => cancelAnimationFrame(frame);
  }, [currentKey, overrides, shown]);

  const toggle = useCallback((path: JsonPath, expanded: boolean) => {
    setOverrides((old) => new Map(old).set(pathKey(path), expanded));
  }, []);
  const showMore = useCallback((path: JsonPath) => {
    setShown((old) => {
      const k = pathKey(path);
      return new Map(old).set(k, (old.get(k) ?? CHILD_PAGE) + CHILD_PAGE);
    });
  }, []);
  const showFull = useCallback((path: JsonPath) => setFullStrings((old) => new Set(old).add(pathKey(path))), []);

  const ctx = useMemo<JsonViewContextValue>(
    () => ({
      expandDepth,
      overrides,
      shown,
      fullStrings,
      selectedKey: pathKey(selected),
      currentMatchKey: currentKey,
      matchKeys: find.matchKeys,
      toggle,
      showMore,
      showFull,
      select: setSelected,
    }),
    [expandDepth, overrides, shown, fullStrings, selected, currentKey, find.matchKeys, toggle, showMore, showFull],
  );

  const copy = async (what: 'value' | 'path') => {
    const node = valueAt(value, selected);
    const text = what === 'path' ? formatPath(selected) : typeof node === 'string' ? node : JSON.stringify(node, null, 2) ?? 'undefined';
    const done = await copyText(text);
    setStatus(done ? `Copied ${what === 'path' ? formatPath(selected) : `value of ${formatPath(selected)} (${text.length.toLocaleString('en-US')} chars)`}` : 'Copy failed: the clipboard is not available');
  };

  const name = label ?? 'JSON';
  const count = find.matches.length;
  return (
    <div className="json-view jv-root" role="region" aria-label={name}>
      {!compact && isContainer(value) && (
        <div className="jv-toolbar">
          <input
            type="search"
            className="jv-find"
            placeholder="Find key or value"
            aria-label={`Find in ${name}`}
            value={find.query}
            onChange={(e) => find.setQuery(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                if (e.shiftKey) find.previous();
                else find.next();
              }
            }}
          />
          <button type="button" onClick={find.previous} disabled={count === 0} aria-label="Previous match">↑</button>
          <button type="button" onClick={find.next} disabled={count === 0} aria-label="Next match">↓</button>
          <span className="jv-count muted" aria-live="polite">
            {find.searching ? 'searching…' : find.query.trim() === '' ? '' : count === 0 ? 'no match' : `${find.cursor + 1} / ${count.toLocaleString('en-US')}${find.capped ? '+' : ''}`}
          </span>
          <span className="jv-spacer" />
          <span className="jv-path mono muted" title={formatPath(selected)}>{formatPath(selected)}</span>
          <button type="button" onClick={() => void copy('value')}>Copy value</button>
          <button type="button" onClick={() => void copy('path')}>Copy path</button>
        </div>
      )}
      <div className="jv-status" role="status">{status}</div>
      <div className="jv-tree" ref={treeRef}>
        <JsonViewContext.Provider value={ctx}>
          <JsonNode name={null} value={value} path={[]} />
        </JsonViewContext.Provider>
      </div>
    </div>
  );
}
