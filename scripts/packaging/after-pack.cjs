// electron-builder afterPack hook: flip Electron's fuses in the packed binary, before signing
// (docs/SECURITY.md, "Fuses"). Fuses are bits in the Electron binary that turn features off at
// build time, where no command-line flag or environment variable can turn them back on.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { flipFuses, FuseV1Options, FuseVersion } = require('@electron/fuses');

/** The fuse settings of every package we ship (one place: docs/SECURITY.md lists the same). */
const FUSES = Object.freeze({
  // No `ELECTRON_RUN_AS_NODE=1 app script.js`: the binary cannot be used as a Node interpreter.
  [FuseV1Options.RunAsNode]: false,
  // Cookies on disk encrypted with the OS keychain key.
  [FuseV1Options.EnableCookieEncryption]: true,
  // NODE_OPTIONS / NODE_EXTRA_CA_CERTS … cannot inject code or flags.
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
  // --inspect / --inspect-brk cannot attach a debugger to the main process.
  [FuseV1Options.EnableNodeCliInspectArguments]: false,
  // app.asar is checked against the hash electron-builder embeds (macOS and Windows).
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
  // Only app.asar is loaded: no app/ folder beside it can replace our code.
  [FuseV1Options.OnlyLoadAppFromAsar]: true,
  // file:// gets no more privileges than a web origin (we never load file:// anyway).
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
});

/** The file carrying the fuse wire inside the packed app (what @electron/fuses takes). */
function fusedBinaryPath(context) {
  const { appOutDir, electronPlatformName, packager } = context;
  const name = packager.appInfo.productFilename;
  if (electronPlatformName === 'darwin' || electronPlatformName === 'mas') return path.join(appOutDir, `${name}.app`);
  if (electronPlatformName === 'win32') return path.join(appOutDir, `${name}.exe`);
  return path.join(appOutDir, packager.executableName);
}

/** The packed resources folder (extraResources land there). */
function resourcesPath(context) {
  const { appOutDir, electronPlatformName, packager } = context;
  if (electronPlatformName === 'darwin' || electronPlatformName === 'mas') return path.join(appOutDir, `${packager.appInfo.productFilename}.app`, 'Contents', 'Resources');
  return path.join(appOutDir, 'resources');
}

/** The hook electron-builder calls once per platform and architecture. */
async function afterPack(context) {
  // The POSIX CLI wrapper must be executable whatever mode the checkout or copy gave it.
  const wrapper = path.join(resourcesPath(context), 'bin', 'little-inspector');
  if (context.electronPlatformName !== 'win32' && fs.existsSync(wrapper)) fs.chmodSync(wrapper, 0o755);
  const binary = fusedBinaryPath(context);
  // arch 3 is arm64 in electron-builder's Arch enum: Apple Silicon needs its ad-hoc signature redone.
  const resetAdHocDarwinSignature = context.electronPlatformName === 'darwin' && context.arch === 3;
  await flipFuses(binary, { version: FuseVersion.V1, resetAdHocDarwinSignature, ...FUSES });
}

module.exports = afterPack;
module.exports.default = afterPack;
module.exports.afterPack = afterPack;
module.exports.FUSES = FUSES;
module.exports.fusedBinaryPath = fusedBinaryPath;
