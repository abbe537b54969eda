/**
 * Starts the SQL child (src-main/fleet/sql-child.ts) as an Electron utility process: the packaged
 * app's RunAsNode fuse is off, so `child_process.fork` of Electron would start a second app.
 */
import { app, utilityProcess } from 'electron';
import type { SqlChildLauncher } from '../cli/sql-child-launcher';

export const utilityLauncher: SqlChildLauncher = async (path) => {
  await app.whenReady();
  const child = utilityProcess.fork(path, [], { serviceName: 'Little Inspector SQL', stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => void (stderr = (stderr + chunk.toString('utf8')).slice(-2000)));
  return {
    send: (message) => child.postMessage(message),
    onMessage: (listener) => void child.on('message', listener),
    onExit: (listener) => void child.once('exit', (code) => listener(code, stderr)),
    kill: () => void child.kill(),
  };
};
