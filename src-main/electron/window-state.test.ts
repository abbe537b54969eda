import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { placeOnScreen, readWindowState, rememberWindowState, windowStateFile, writeWindowState, type Bounds } from './window-state';

const MIN = { width: 720, height: 480 };
const laptop: Bounds = { x: 0, y: 0, width: 1440, height: 875 };
const rightMonitor: Bounds = { x: 1440, y: 0, width: 2560, height: 1415 };

describe('placeOnScreen', () => {
  it('keeps a window that fits its display', () => {
    const saved = { x: 100, y: 80, width: 1200, height: 700 };
    expect(placeOnScreen(saved, [laptop], MIN)).toEqual(saved);
  });

  it('keeps a window on a second display where it was', () => {
    const saved = { x: 2000, y: 200, width: 1600, height: 1000 };
    expect(placeOnScreen(saved, [laptop, rightMonitor], MIN)).toEqual(saved);
  });

  it('returns null for a window saved on a display that is gone (default place)', () => {
    expect(placeOnScreen({ x: 2000, y: 200, width: 1600, height: 1000 }, [laptop], MIN)).toBeNull();
    // Barely visible (a 40 px strip) counts as gone: it could not be grabbed.
    expect(placeOnScreen({ x: 1400, y: 100, width: 800, height: 600 }, [laptop], MIN)).toBeNull();
  });

  it('moves a window hanging off the edge back inside the work area', () => {
    expect(placeOnScreen({ x: 1000, y: -50, width: 800, height: 600 }, [laptop], MIN)).toEqual({ x: 640, y: 0, width: 800, height: 600 });
  });

  it('shrinks a window larger than the display it lands on', () => {
    expect(placeOnScreen({ x: -100, y: 0, width: 2560, height: 1415 }, [laptop], MIN)).toEqual({ x: 0, y: 0, width: 1440, height: 875 });
  });

  it('moves a window straddling two displays onto the one it overlaps most', () => {
    expect(placeOnScreen({ x: 1300, y: 100, width: 1000, height: 700 }, [laptop, rightMonitor], MIN)).toEqual({ x: 1440, y: 100, width: 1000, height: 700 });
    expect(placeOnScreen({ x: 600, y: 100, width: 1000, height: 700 }, [laptop, rightMonitor], MIN)).toEqual({ x: 440, y: 100, width: 1000, height: 700 });
  });

  it('never makes a window smaller than the minimum unless the display is', () => {
    expect(placeOnScreen({ x: 10, y: 10, width: 100, height: 100 }, [laptop], MIN)).toEqual({ x: 10, y: 10, width: 720, height: 480 });
    const tiny = { x: 0, y: 0, width: 640, height: 400 };
    expect(placeOnScreen({ x: 0, y: 0, width: 1000, height: 800 }, [tiny], MIN)).toEqual(tiny);
  });
});

describe('window state file', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'window-state-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('round-trips bounds and the maximized flag', () => {
    const file = windowStateFile(dir);
    writeWindowState(file, { bounds: { x: 5, y: 6, width: 1000, height: 700 }, maximized: true });
    expect(readWindowState(file)).toEqual({ bounds: { x: 5, y: 6, width: 1000, height: 700 }, maximized: true });
  });

  it.each([
    ['missing', null],
    ['not JSON', '{'],
    ['wrong version', JSON.stringify({ version: 2, bounds: { x: 0, y: 0, width: 800, height: 600 }, maximized: false })],
    ['zero width', JSON.stringify({ version: 1, bounds: { x: 0, y: 0, width: 0, height: 600 }, maximized: false })],
    ['fractional', JSON.stringify({ version: 1, bounds: { x: 0.5, y: 0, width: 800, height: 600 }, maximized: false })],
    ['absurd', JSON.stringify({ version: 1, bounds: { x: 1e12, y: 0, width: 800, height: 600 }, maximized: false })],
  ])('reads a %s file as no state', (_name, content) => {
    const file = windowStateFile(dir);
    if (content !== null) writeFileSync(file, content);
    expect(readWindowState(file)).toBeNull();
  });

  it('saves the normal bounds when the window closes', () => {
    const file = windowStateFile(dir);
    const window = Object.assign(new EventEmitter(), {
      getNormalBounds: () => ({ x: 30, y: 40, width: 1100, height: 720 }),
      isMaximized: () => true,
    });
    rememberWindowState(window, file);
    expect(readWindowState(file)).toBeNull();
    window.emit('close');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ version: 1, bounds: { x: 30, y: 40, width: 1100, height: 720 }, maximized: true });
  });

  it('never writes inside a data dir', () => {
    const file = join(dir, '.little-workflow', 'window-state.json');
    writeWindowState(file, { bounds: { x: 0, y: 0, width: 800, height: 600 }, maximized: false });
    expect(() => readFileSync(file)).toThrow();
  });
});
