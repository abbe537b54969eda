/**
 * The main window's size and position, remembered in `<userData>/window-state.json` and
 * restored on a display that is still there: a window saved on a monitor since unplugged, or
 * larger than the screen it lands on, is moved and shrunk into a visible work area.
 */
import { join } from 'node:path';
import { z } from 'zod';
import { readJsonFile, writeJsonFile } from './user-data-file';

/** A rectangle in screen coordinates (Electron's Rectangle). */
export type Bounds = { x: number; y: number; width: number; height: number };

/** What is remembered. */
export type WindowState = { bounds: Bounds; maximized: boolean };

/** File name of the state inside the user-data folder. */
export const WINDOW_STATE_FILE = 'window-state.json';

/** How much of the window must overlap a work area for it to count as visible there. */
const MIN_VISIBLE = 64;

const int = z.number().int().min(-100_000).max(100_000);
const size = z.number().int().min(1).max(100_000);
const fileSchema = z.object({
  version: z.literal(1),
  bounds: z.object({ x: int, y: int, width: size, height: size }),
  maximized: z.boolean(),
});

/** The state file in `userDataDir`. */
export function windowStateFile(userDataDir: string): string {
  return join(userDataDir, WINDOW_STATE_FILE);
}

/** The saved state, or null when missing or malformed. */
export function readWindowState(filePath: string): WindowState | null {
  const parsed = fileSchema.safeParse(readJsonFile(filePath));
  return parsed.success ? { bounds: parsed.data.bounds, maximized: parsed.data.maximized } : null;
}

/** Persist `state` (whole-file replace). */
export function writeWindowState(filePath: string, state: WindowState): void {
  const { x, y, width, height } = state.bounds;
  writeJsonFile(filePath, { version: 1, bounds: { x, y, width, height }, maximized: state.maximized });
}

/**
 * `saved` moved and shrunk into the work area it overlaps most, or null when it overlaps none
 * by at least MIN_VISIBLE pixels each way (the window then opens at its default place).
 */
export function placeOnScreen(saved: Bounds, workAreas: readonly Bounds[], minimum: { width: number; height: number }): Bounds | null {
  let best: Bounds | null = null;
  let bestOverlap = 0;
  for (const area of workAreas) {
    const w = Math.min(saved.x + saved.width, area.x + area.width) - Math.max(saved.x, area.x);
    const h = Math.min(saved.y + saved.height, area.y + area.height) - Math.max(saved.y, area.y);
    if (w >= MIN_VISIBLE && h >= MIN_VISIBLE && w * h > bestOverlap) {
      best = area;
      bestOverlap = w * h;
    }
  }
  if (best === null) return null;
  const width = Math.max(Math.min(saved.width, best.width), Math.min(minimum.width, best.width));
  const height = Math.max(Math.min(saved.height, best.height), Math.min(minimum.height, best.height));
  return {
    x: clamp(saved.x, best.x, best.x + best.width - width),
    y: clamp(saved.y, best.y, best.y + best.height - height),
    width,
    height,
  };
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(Math.max(value, low), high);
}

/** What {@link rememberWindowState} needs of a BrowserWindow. */
export type StatefulWindow = {
  getNormalBounds(): Bounds;
  isMaximized(): boolean;
  once(event: 'close', listener: () => void): unknown;
};

/** Save the window's normal (unmaximized) bounds and maximized flag when it closes. */
export function rememberWindowState(window: StatefulWindow, filePath: string): void {
  window.once('close', () => writeWindowState(filePath, { bounds: window.getNormalBounds(), maximized: window.isMaximized() }));
}
