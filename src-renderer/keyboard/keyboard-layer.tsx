/**
 * The app's one keyboard listener (mounted once in app.tsx): maps key presses with
 * `keyToAction` and performs them on the focused list, the current view or the app.
 */
import { useEffect } from 'react';
import { useLibraryStore } from '../stores/library-store';
import { useRouteStore } from '../stores/route-store';
import { useLibraryViewStore } from '../stores/library-view-store';
import { openFleetSearch } from '../stores/fleet-search-store';
import { libraryRoute } from '../views/library/use-library-url-sync';
import { HelpDialog } from './help-dialog';
import { activeList, compareMarked, focusInList, focusSearch, exportOpenRun, travelTime } from './keyboard-registry';
import { useKeyboardStore } from './keyboard-store';
import { isControlTarget, isTypingTarget, keyToAction, type KeyAction } from './key-map';
import { moveIndex } from './use-list-keyboard';

/** Listens on the document and renders the `?` help dialog. */
export function KeyboardLayer() {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const focused = document.activeElement;
      const action = keyToAction(event, {
        typing: isTypingTarget(focused),
        dialogOpen: document.querySelector('dialog[open]') !== null,
        onControl: isControlTarget(focused),
        inList: focusInList(focused),
      });
      if (action && perform(action, focused)) event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
  return <HelpDialog />;
}

/** Do `action`; true when it was handled (so the browser's default is suppressed). */
function perform(action: KeyAction, focused: Element | null): boolean {
  switch (action) {
    case 'next':
    case 'previous':
    case 'first':
    case 'last': {
      const list = activeList(focused);
      if (!list) return false;
      const index = moveIndex(action, list.selected, list.count);
      if (index >= 0) list.onSelect(index);
      list.element()?.focus({ preventScroll: true });
      return true;
    }
    case 'open': {
      const list = activeList(focused);
      if (!list || list.selected < 0 || !list.onOpen) return false;
      list.onOpen(list.selected);
      return true;
    }
    case 'mark': {
      const list = activeList(focused);
      if (!list || list.selected < 0 || !list.onMark) return false;
      list.onMark(list.selected);
      return true;
    }
    case 'compare':
      return compareMarked();
    case 'expand':
    case 'collapse': {
      const list = activeList(focused);
      if (!list || list.selected < 0 || !list.onExpand) return false;
      list.onExpand(list.selected, action === 'expand');
      return true;
    }
    case 'focus-search':
      // The view's own search field owns `/` (the run list's filter); elsewhere it searches every run.
      return focusSearch() || openFleetSearch();
    case 'fleet-search':
      return openFleetSearch();
    case 'help':
      useKeyboardStore.getState().setHelpOpen(true);
      return true;
    case 'open-data-dir':
      openDataDir();
      return true;
    case 'export-run':
      return exportOpenRun();
    case 'time-back':
    case 'time-forward':
      return travelTime({ unit: 'event', direction: action === 'time-back' ? -1 : 1 });
    case 'boundary-back':
    case 'boundary-forward':
      return travelTime({ unit: 'boundary', direction: action === 'boundary-back' ? -1 : 1 });
    case 'escape':
      return escape(focused);
  }
}

function openDataDir(): void {
  const library = useLibraryStore.getState();
  if (library.appInfo?.mode === 'electron') {
    void library.chooseDirectory();
    return;
  }
  // Browser mode has no native picker: the open bar's path field is the way in.
  const field = document.getElementById('open-path');
  if (field instanceof HTMLInputElement) {
    field.focus();
    field.select();
  }
}

function escape(focused: Element | null): boolean {
  if (isTypingTarget(focused) && focused instanceof HTMLElement) {
    focused.blur();
    activeList(null)?.element()?.focus({ preventScroll: true });
    return true;
  }
  const { route, navigate } = useRouteStore.getState();
  if (route.view !== 'run') return false;
  navigate(libraryRoute(useLibraryViewStore.getState().query));
  return true;
}
