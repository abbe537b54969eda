/**
 * The set of windows we created: the IPC sender check trusts only these, and pushes go to them.
 *
 * Tracked by WebContents captured at creation time, because a closed BrowserWindow throws when
 * its `webContents` is read.
 */
import type { BrowserWindow, WebContents } from 'electron';

/** Our windows, keyed by their webContents. */
export class WindowRegistry {
  private readonly byContents = new Map<WebContents, BrowserWindow>();

  /** Remember `window` until it closes. */
  track(window: BrowserWindow): void {
    const contents = window.webContents;
    this.byContents.set(contents, window);
    window.once('closed', () => this.byContents.delete(contents));
  }

  /** True when `contents` belongs to a live window we created. */
  isOurs(contents: WebContents | null | undefined): boolean {
    return contents != null && this.byContents.has(contents) && !contents.isDestroyed();
  }

  /** webContents of every live window we created. */
  contents(): WebContents[] {
    return [...this.byContents.keys()].filter((contents) => !contents.isDestroyed());
  }

  /** Every live window we created, oldest first. */
  windows(): BrowserWindow[] {
    return [...this.byContents.values()].filter((window) => !window.isDestroyed());
  }

  /** Forget everything (tests only). */
  clear(): void {
    this.byContents.clear();
  }
}

/** The process-wide registry. */
export const windowRegistry = new WindowRegistry();
