/** One node of the JSON viewer; children exist in the DOM only while their parent is expanded. */
import { createContext, useContext } from 'react';
import {
  CHILD_PAGE,
  childCount,
  childPage,
  containerSummary,
  isContainer,
  pathKey,
  primitiveKind,
  primitiveText,
  type JsonPath,
  type JsonPathSegment,
} from './json-tree';

/** Shared state of one viewer, read by every node. */
export type JsonViewContextValue = {
  expandDepth: number;
  /** Explicit expand/collapse choices; other nodes follow `expandDepth`. */
  overrides: ReadonlyMap<string, boolean>;
  /** Children shown per container beyond the first page. */
  shown: ReadonlyMap<string, number>;
  fullStrings: ReadonlySet<string>;
  selectedKey: string;
  currentMatchKey: string | null;
  matchKeys: ReadonlySet<string>;
  toggle(path: JsonPath, expanded: boolean): void;
  showMore(path: JsonPath): void;
  showFull(path: JsonPath): void;
  select(path: JsonPath): void;
};

/** The context the viewer provides to its nodes. */
export const JsonViewContext = createContext<JsonViewContextValue | null>(null);

/** Whether the node at `path` is open under `ctx`. */
export function isExpanded(ctx: Pick<JsonViewContextValue, 'overrides' | 'expandDepth'>, path: JsonPath): boolean {
  return ctx.overrides.get(pathKey(path)) ?? path.length < ctx.expandDepth;
}

function keyLabel(name: JsonPathSegment | null): string {
  return name === null ? '$' : String(name);
}

/** A key, index or `$`, followed by the node's value (a primitive, or a toggle for a container). */
export function JsonNode({ name, value, path }: { name: JsonPathSegment | null; value: unknown; path: JsonPath }) {
  const ctx = useContext(JsonViewContext)!;
  const key = pathKey(path);
  const rowClass = [
    'jv-row',
    ctx.selectedKey === key ? 'jv-selected' : '',
    ctx.matchKeys.has(key) ? 'jv-hit' : '',
    ctx.currentMatchKey === key ? 'jv-current' : '',
  ].join(' ');

  if (!isContainer(value)) {
    const full = ctx.fullStrings.has(key);
    const { text, truncated } = primitiveText(value, full);
    return (
      <div className={rowClass} data-path={key}>
        <button type="button" className="jv-key" onClick={() => ctx.select(path)} aria-pressed={ctx.selectedKey === key}>
          {keyLabel(name)}
        </button>
        <span className="jv-colon">: </span>
        <span className={`jv-value jv-${primitiveKind(value)}`}>{text}</span>
        {truncated && (
          <button type="button" className="jv-more" onClick={() => ctx.showFull(path)}>
            show all {(value as string).length.toLocaleString('en-US')} chars
          </button>
        )}
      </div>
    );
  }

  const expanded = isExpanded(ctx, path);
  const total = childCount(value);
  const shown = Math.min(total, ctx.shown.get(key) ?? CHILD_PAGE);
  const open = Array.isArray(value) ? '[' : '{';
  const close = Array.isArray(value) ? ']' : '}';
  return (
    <div className="jv-node">
      <div className={rowClass} data-path={key}>
        <button
          type="button"
          className="jv-key jv-toggle"
          aria-expanded={expanded}
          onClick={() => {
            ctx.toggle(path, !expanded);
            ctx.select(path);
          }}
        >
          <span className="jv-caret" aria-hidden="true">{expanded ? '▾' : '▸'}</span>
          {keyLabel(name)}
        </button>
        <span className="jv-colon">: </span>
        <span className="jv-summary">{expanded ? `${open} ${containerSummary(value)}` : `${containerSummary(value)}`}</span>
      </div>
      {expanded && (
        <div className="jv-children">
          {childPage(value, 0, shown).map(([segment, child]) => (
            <JsonNode key={String(segment)} name={segment} value={child} path={[...path, segment]} />
          ))}
          {shown < total && (
            <button type="button" className="jv-more jv-page" onClick={() => ctx.showMore(path)}>
              show {Math.min(CHILD_PAGE, total - shown)} more ({(total - shown).toLocaleString('en-US')} hidden)
            </button>
          )}
          <div className="jv-close" aria-hidden="true">{close}</div>
        </div>
      )}
    </div>
  );
}
