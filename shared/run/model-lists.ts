/**
 * A run model's long lists (steps, timeline rows, harness sessions, turns and tool calls) as
 * main reads them: items by index and by window, never the whole list at once, plus the few
 * fields main's scans read of every item (`keys`: the steps filter, the timeline's folds and
 * finds, a step's sessions), kept whole so a scan decodes nothing.
 *
 * Why: a 200,000-event run's lists are ~120 MB once deserialised in main, which the run view
 * reads 50 rows at a time. The worker hands them over packed (src-main/workers/packed-lists.ts)
 * and main unpacks only the windows asked for; plain arrays (the in-process build, loopctl, a
 * bundle in the browser) are read through the same interface ({@link arrayList}).
 */
import type { RunDetail } from './run-detail-types';
import type { TimelineRow } from '../timeline/timeline-types';

/** A list read by index and window. */
export interface ItemList<T> {
  readonly length: number;
  at(index: number): T | undefined;
  /** Items `from` (inclusive) to `to` (exclusive), clamped like `Array.prototype.slice` with non-negative bounds. */
  slice(from: number, to: number): T[];
  /** Every item (exports): a new array each call. */
  all(): T[];
  /** The same, letting the event loop run between batches (main's thread: an export of a big run). */
  allInTurns(): Promise<T[]>;
}

type Harness = RunDetail['harness'];
/** The items of each long list. */
export type ListItems = {
  steps: RunDetail['steps'][number];
  rows: TimelineRow;
  sessions: Harness['sessions'][number];
  modelTurns: Harness['modelTurns'][number];
  toolCalls: Harness['toolCalls'][number];
};
export type ListName = keyof ListItems;
export const LIST_NAMES: readonly ListName[] = ['steps', 'rows', 'sessions', 'modelTurns', 'toolCalls'];

/** What a timeline scan reads of a row. */
export type RowKey = Pick<TimelineRow, 'id' | 'descendants' | 'stepPath' | 'visits'>;
/** What main's scans read of every item. */
export type ListKeys = { stepPaths: string[]; rows: RowKey[]; sessionStepPaths: Array<string | undefined> };

/** The lists of a detail, each as an {@link ItemList}. */
export type ModelLists = { [K in ListName]: ItemList<ListItems[K]> } & { keys: ListKeys };

/** A detail read through its lists: `shell` is the detail with those lists empty (the rest kept whole). */
export type ListedDetail = { shell: RunDetail; lists: ModelLists };

/** A plain array read as an {@link ItemList}. */
export function arrayList<T>(items: readonly T[]): ItemList<T> {
  return { length: items.length, at: (index) => items[index], slice: (from, to) => items.slice(from, to), all: () => [...items], allInTurns: async () => [...items] };
}

/** The long lists of `detail`, as arrays. */
export function listArrays(detail: RunDetail): { [K in ListName]: Array<ListItems[K]> } {
  return { steps: detail.steps, rows: detail.timeline.rows, sessions: detail.harness.sessions, modelTurns: detail.harness.modelTurns, toolCalls: detail.harness.toolCalls };
}

/** `detail` without its long lists (each an empty array). */
export function detailShell(detail: RunDetail): RunDetail {
  return { ...detail, steps: [], timeline: { ...detail.timeline, rows: [] }, harness: { ...detail.harness, sessions: [], modelTurns: [], toolCalls: [] } };
}

/** What main's scans read of `detail`'s lists. */
export function listKeys(detail: RunDetail): ListKeys {
  return {
    stepPaths: detail.steps.map((s) => s.stepPath),
    rows: detail.timeline.rows.map((r) => ({
      id: r.id,
      descendants: r.descendants,
      ...(r.stepPath === undefined ? {} : { stepPath: r.stepPath }),
      ...(r.visits === undefined ? {} : { visits: r.visits }),
    })),
    sessionStepPaths: detail.harness.sessions.map((s) => s.stepPath),
  };
}

/** `detail` read in place. */
export function listedDetail(detail: RunDetail): ListedDetail {
  const arrays = listArrays(detail);
  return {
    shell: detailShell(detail),
    lists: {
      steps: arrayList(arrays.steps),
      rows: arrayList(arrays.rows),
      sessions: arrayList(arrays.sessions),
      modelTurns: arrayList(arrays.modelTurns),
      toolCalls: arrayList(arrays.toolCalls),
      keys: listKeys(detail),
    },
  };
}

/** The whole detail again (a new object; its lists are new arrays). */
export function wholeDetail({ shell, lists }: ListedDetail): RunDetail {
  return withLists(shell, { steps: lists.steps.all(), rows: lists.rows.all(), sessions: lists.sessions.all(), modelTurns: lists.modelTurns.all(), toolCalls: lists.toolCalls.all() });
}

/** The same, unpacking in turns (see {@link ItemList.allInTurns}). */
export async function wholeDetailInTurns({ shell, lists }: ListedDetail): Promise<RunDetail> {
  const arrays = { steps: await lists.steps.allInTurns(), rows: await lists.rows.allInTurns(), sessions: await lists.sessions.allInTurns() };
  return withLists(shell, { ...arrays, modelTurns: await lists.modelTurns.allInTurns(), toolCalls: await lists.toolCalls.allInTurns() });
}

/** `shell` with its lists put back. */
function withLists(shell: RunDetail, arrays: { [K in ListName]: Array<ListItems[K]> }): RunDetail {
  return {
    ...shell,
    steps: arrays.steps,
    timeline: { ...shell.timeline, rows: arrays.rows },
    harness: { ...shell.harness, sessions: arrays.sessions, modelTurns: arrays.modelTurns, toolCalls: arrays.toolCalls },
  };
}
