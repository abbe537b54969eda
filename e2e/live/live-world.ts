/** The world of a live spec: a temp root whose data dir a scripted writer fills while `serve` watches it. */
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type Served } from '../serve-fixture';
import { startWriter, type WriterProcess } from './live-writer-process';

export type LiveWorld = {
  root: string;
  /** `<root>/.little-workflow`, where the writers append. */
  dataDir: string;
  served: Served;
  /** Start a writer appending `runId` (killed by `close`). */
  write(runId: string, args: string[]): WriterProcess;
  /** Kill every writer, stop the server, remove the root. */
  close(): Promise<void>;
};

/**
 * Make the root (`prepare` may add files there and returns extra `serve` arguments), write the
 * finished run `seedRunId` (so the data dir exists when the server opens the folder), then serve
 * the root. Whatever was started is cleaned up if a step fails.
 */
export async function openLiveWorld(prefix: string, seedRunId: string, prepare: (root: string) => string[] = () => []): Promise<LiveWorld> {
  const root = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  const dataDir = join(root, '.little-workflow');
  const writers: WriterProcess[] = [];
  let served: Served | null = null;
  const write = (runId: string, args: string[]) => {
    const writer = startWriter(dataDir, runId, args);
    writers.push(writer);
    return writer;
  };
  const close = async () => {
    for (const writer of writers) await writer.kill();
    await served?.stop();
    rmSync(root, { recursive: true, force: true });
  };
  try {
    const args = prepare(root);
    await write(seedRunId, ['--interval', '0']).exited;
    served = await serve(root, args);
    return { root, dataDir, served, write, close };
  } catch (error) {
    await close();
    throw error;
  }
}
