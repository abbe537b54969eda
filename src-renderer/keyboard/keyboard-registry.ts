/**
 * Where the keyboard layer finds its targets: the lists that answer j/k/Enter and the search
 * field of the current view. Views register while mounted; the most recent registration wins
 * unless focus is inside another registered list.
 */

/** A list the layer can drive. */
export type ListTarget = {
  count: number;
  selected: number;
  onSelect(index: number): void;
  onOpen?(index: number): void;
  /** Mark or unmark row `index` (`x`: the run list's picks for a diff). */
  onMark?(index: number): void;
  /** Expand (true) or collapse (false) row `index`, for trees. */
  onExpand?(index: number, open: boolean): void;
  /** The focusable list container. */
  element(): HTMLElement | null;
};

const lists: Array<{ current: ListTarget }> = [];

/** Register a list (pass a ref object so updates need no re-registration); returns the unregister. */
export function registerList(target: { current: ListTarget }): () => void {
  lists.push(target);
  return () => {
    const at = lists.indexOf(target);
    if (at >= 0) lists.splice(at, 1);
  };
}

/** The list holding focus, else the latest registered one, else null. */
export function activeList(focused: Element | null): ListTarget | null {
  const holding = focused ? lists.find((l) => l.current.element()?.contains(focused)) : undefined;
  return (holding ?? lists[lists.length - 1])?.current ?? null;
}

/** Whether focus is inside a registered list. */
export function focusInList(focused: Element | null): boolean {
  return focused !== null && lists.some((l) => l.current.element()?.contains(focused));
}

/**
 * A stack of actions, newest wins: the innermost mounted view answers a key, and unmounting
 * (effect cleanup) hands it back to the one below.
 */
function actionStack() {
  const stack: Array<() => void> = [];
  return {
    register(action: () => void): () => void {
      stack.push(action);
      return () => {
        const at = stack.indexOf(action);
        if (at >= 0) stack.splice(at, 1);
      };
    },
    run(): boolean {
      const action = stack[stack.length - 1];
      action?.();
      return action !== undefined;
    },
  };
}

const searches = actionStack();
const exporters = actionStack();
const comparers = actionStack();

/** Register the current view's "focus my search field" function; returns the unregister. */
export const registerSearch = searches.register;

/** Focus the current view's search field; false when the view has none. */
export const focusSearch = searches.run;

/** Register the open run's export action (Ctrl/Cmd+E); returns the unregister. */
export const registerExport = exporters.register;

/** Export the open run; false when no run view is open. */
export const exportOpenRun = exporters.run;

/** Register the run list's "compare the two marked runs" (`c`); returns the unregister. */
export const registerCompare = comparers.register;

/** Compare the marked runs; false when nothing is marked for compare. */
export const compareMarked = comparers.run;

/** A time-travel move: one event or one step boundary, back or forward. */
export type TimeMove = { unit: 'event' | 'boundary'; direction: -1 | 1 };

const travellers: Array<(move: TimeMove) => void> = [];

/** Register the open run view's time travel (`[` `]` `{` `}`); returns the unregister. */
export function registerTimeTravel(travel: (move: TimeMove) => void): () => void {
  travellers.push(travel);
  return () => {
    const at = travellers.indexOf(travel);
    if (at >= 0) travellers.splice(at, 1);
  };
}

/** Move the open run view in time; false when no run view is open. */
export function travelTime(move: TimeMove): boolean {
  const travel = travellers[travellers.length - 1];
  travel?.(move);
  return travel !== undefined;
}
