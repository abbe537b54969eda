/**
 * The webPreferences every window of ours must have, written out by hand (docs/SECURITY.md):
 * the window-factory and PDF-export tests compare against this list, not against the production
 * constant, so a weakened preference fails them.
 */
export const EXPECTED_HARDENED_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  experimentalFeatures: false,
  navigateOnDragDrop: false,
  spellcheck: false,
  devTools: false,
} as const;
