import { describe, expect, it, vi } from 'vitest';

vi.mock('electron', async () => (await import('../../test/support/fake-electron')).fakeElectron);

import type { MenuItemConstructorOptions } from 'electron';
import { appMenuTemplate, installAppMenu, type AppMenuModel } from './app-menu';
import { fakeElectron } from '../../test/support/fake-electron';

function model(overrides: Partial<AppMenuModel> = {}): AppMenuModel {
  return {
    appName: 'Little Inspector',
    isMac: false,
    recent: ['/data/a', '/data/b'],
    themeSource: 'system',
    devTools: false,
    openDirectory: vi.fn(),
    openRecent: vi.fn(),
    reload: vi.fn(),
    exportReport: vi.fn(),
    toggleTheme: vi.fn(),
    about: vi.fn(),
    ...overrides,
  };
}

const submenu = (item: MenuItemConstructorOptions) => item.submenu as MenuItemConstructorOptions[];
const find = (items: MenuItemConstructorOptions[], label: string) => items.find((i) => i.label?.startsWith(label))!;
const click = (item: MenuItemConstructorOptions) => (item.click as () => void)();

describe('app menu', () => {
  it('File has Open (Cmd/Ctrl+O), Open Recent from the store, and Reload', () => {
    const m = model();
    const file = submenu(find(appMenuTemplate(m), 'File'));
    const open = find(file, 'Open Data Directory');
    expect(open.accelerator).toBe('CmdOrCtrl+O');
    click(open);
    expect(m.openDirectory).toHaveBeenCalled();

    const recent = submenu(find(file, 'Open Recent'));
    expect(recent.map((i) => i.label)).toEqual(['/data/a', '/data/b']);
    click(recent[1]);
    expect(m.openRecent).toHaveBeenCalledWith('/data/b');

    click(find(file, 'Reload'));
    expect(m.reload).toHaveBeenCalled();

    const exportItem = find(file, 'Export Report');
    expect(exportItem.accelerator).toBe('CmdOrCtrl+E');
    click(exportItem);
    expect(m.exportReport).toHaveBeenCalled();
  });

  it('shows a disabled placeholder when nothing is recent', () => {
    const file = submenu(find(appMenuTemplate(model({ recent: [] })), 'File'));
    expect(submenu(find(file, 'Open Recent'))).toEqual([{ label: 'No recent directories', enabled: false }]);
  });

  it('View toggles the theme and Help shows About', () => {
    const m = model({ themeSource: 'dark' });
    const template = appMenuTemplate(m);
    const toggle = find(submenu(find(template, 'View')), 'Toggle Dark Mode');
    expect(toggle.label).toContain('Dark');
    click(toggle);
    expect(m.toggleTheme).toHaveBeenCalled();
    const help = template.find((i) => i.role === 'help')!;
    click(submenu(help)[0]);
    expect(m.about).toHaveBeenCalled();
  });

  it('offers dev tools only when asked (unpackaged builds)', () => {
    const roles = (m: AppMenuModel) => submenu(find(appMenuTemplate(m), 'View')).map((i) => i.role);
    expect(roles(model())).not.toContain('toggleDevTools');
    expect(roles(model({ devTools: true }))).toContain('toggleDevTools');
  });

  it('installs the built menu', () => {
    installAppMenu(model());
    expect(fakeElectron.Menu.setApplicationMenu).toHaveBeenCalledOnce();
  });

  it('shows a keyboard shortcut on every command of its own (recent folders and About aside)', () => {
    const template = appMenuTemplate(model());
    const commands = ['File', 'View'].flatMap((menu) => submenu(find(template, menu))).filter((item) => item.click !== undefined);
    expect(commands.map((item) => [item.label, item.accelerator])).toEqual([
      ['Open Data Directory…', 'CmdOrCtrl+O'],
      ['Export Report…', 'CmdOrCtrl+E'],
      ['Reload', 'CmdOrCtrl+R'],
      ['Toggle Dark Mode (now: Follow system)', 'CmdOrCtrl+Shift+D'],
    ]);
  });
});
