import { describe, expect, it } from 'vitest';
import { pathArgument, resolveStartupPath } from './startup-path';
import { nextThemeSource } from './theme-source';

describe('pathArgument', () => {
  it('skips the app path under `electron .` and flags Chromium adds', () => {
    expect(pathArgument(['/usr/bin/electron', '.', '--inspect', 'runs/a'], true, '/home/me')).toBe('/home/me/runs/a');
    expect(pathArgument(['/opt/Little Inspector/little-inspector', '--allow-file-access-from-files', '/data'], false, '/x')).toBe('/data');
    expect(pathArgument(['/usr/bin/electron', '.'], true, '/x')).toBeNull();
    expect(pathArgument(['/opt/app', '--flag'], false, '/x')).toBeNull();
  });

  it('takes the path of a file:// URL, as a Linux desktop launcher passes it', () => {
    expect(pathArgument(['/opt/app', 'file:///home/me/my%20proj/.little-workflow/events/events.db'], false, '/x')).toBe('/home/me/my proj/.little-workflow/events/events.db');
  });
});

describe('resolveStartupPath', () => {
  const base = { defaultApp: false, cwd: '/cwd', examplePath: '/app/examples/demo' };

  it('prefers the CLI argument, even if it does not exist (the user sees its diagnostic)', () => {
    expect(resolveStartupPath({ ...base, argv: ['/app', 'data'], lastOpened: '/last', exists: () => false })).toEqual({
      path: '/cwd/data',
      source: 'argument',
    });
  });

  it('then the last opened dir, if it still exists', () => {
    expect(resolveStartupPath({ ...base, argv: ['/app'], lastOpened: '/last', exists: () => true })).toEqual({
      path: '/last',
      source: 'last-opened',
    });
  });

  it('then the bundled example', () => {
    expect(resolveStartupPath({ ...base, argv: ['/app'], lastOpened: '/gone', exists: () => false }).source).toBe('example');
    expect(resolveStartupPath({ ...base, argv: ['/app'], lastOpened: null }).path).toBe('/app/examples/demo');
  });
});

describe('nextThemeSource', () => {
  it('cycles system -> dark -> light -> system', () => {
    expect(nextThemeSource('system')).toBe('dark');
    expect(nextThemeSource('dark')).toBe('light');
    expect(nextThemeSource('light')).toBe('system');
    expect(nextThemeSource('weird')).toBe('system');
  });
});
