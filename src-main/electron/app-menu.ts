/**
 * The application menu: File (open, open recent, export report, reload), Edit, View (theme), Help (about).
 *
 * The template is built by a pure function from state + callbacks so tests can inspect it; the
 * menu is rebuilt whenever the recent list or theme changes (Electron menus are immutable).
 */
import { Menu, type MenuItemConstructorOptions } from 'electron';
import { themeSourceLabel, type ThemeSource } from './theme-source';

/** State shown in the menu and the actions its items trigger. */
export type AppMenuModel = {
  appName: string;
  isMac: boolean;
  /** Recent roots, most recent first. */
  recent: readonly string[];
  themeSource: ThemeSource;
  /** Show the developer tools item (unpackaged builds only). */
  devTools: boolean;
  openDirectory(): void;
  openRecent(path: string): void;
  reload(): void;
  /** Save the run most recently opened in the run view as a report (save dialog). */
  exportReport(): void;
  toggleTheme(): void;
  about(): void;
};

/** The menu template for `model`. */
export function appMenuTemplate(model: AppMenuModel): MenuItemConstructorOptions[] {
  const recentItems: MenuItemConstructorOptions[] =
    model.recent.length === 0
      ? [{ label: 'No recent directories', enabled: false }]
      : model.recent.map((path) => ({ label: path, click: () => model.openRecent(path) }));

  const file: MenuItemConstructorOptions = {
    label: 'File',
    submenu: [
      { label: 'Open Data Directory…', accelerator: 'CmdOrCtrl+O', click: () => model.openDirectory() },
      { label: 'Open Recent', submenu: recentItems },
      { type: 'separator' },
      { label: 'Export Report…', accelerator: 'CmdOrCtrl+E', click: () => model.exportReport() },
      { type: 'separator' },
      // Re-reads the opened root from disk; a renderer reload would not pick up new runs.
      { label: 'Reload', accelerator: 'CmdOrCtrl+R', click: () => model.reload() },
      ...(model.isMac ? [] : [{ type: 'separator' } as const, { role: 'quit' } as const]),
    ],
  };

  const view: MenuItemConstructorOptions = {
    label: 'View',
    submenu: [
      {
        label: `Toggle Dark Mode (now: ${themeSourceLabel(model.themeSource)})`,
        accelerator: 'CmdOrCtrl+Shift+D',
        click: () => model.toggleTheme(),
      },
      { type: 'separator' },
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
      ...(model.devTools ? [{ type: 'separator' } as const, { role: 'toggleDevTools' } as const] : []),
    ],
  };

  const help: MenuItemConstructorOptions = {
    role: 'help',
    submenu: [{ label: `About ${model.appName}`, click: () => model.about() }],
  };

  return [
    ...(model.isMac ? [{ role: 'appMenu' } as const] : []),
    file,
    // Standard edit roles: without them Cmd/Ctrl+C does not copy on macOS.
    { role: 'editMenu' },
    view,
    ...(model.isMac ? [{ role: 'windowMenu' } as const] : []),
    help,
  ];
}

/** Build and install the application menu for `model`. */
export function installAppMenu(model: AppMenuModel): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(appMenuTemplate(model)));
}
