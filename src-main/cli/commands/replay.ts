/**
 * `little-inspector replay <runId> [--at <seq>] [--data-dir DIR]`: `little replay`, byte for
 * byte, on the whole log or on the log as if it had been truncated after event `seq`.
 */
import type { Diagnostic } from '../../../shared/diagnostics';
import { BUNDLED_PRICE_TABLE } from '../../../shared/pricing/bundled-price-table';
import { formatReplayLine } from '../../../shared/report/cli-lines';
import { hydrateRunArtifacts } from '../../library/data-dir-logs';
import { parseArgs, parseAtFlag, UsageError } from '../args';
import type { CliIo } from '../cli-io';
import { CACHE_FLAGS, CACHE_USAGE, checkpointsArg } from '../cache-arg';
import { foldRunOrThrow, LittleCliError, openDataDirArg } from '../run-log';

/**
 * Do what `replayRun` does, in its order, and print the state as one JSON line: fold (an empty
 * log is RunNotFoundError), order the plan's steps (reads `payload.stepPath` of every event, so
 * a `null` payload on a type the fold ignores throws TypeError here), hydrate the artifacts.
 */
export async function replayCommand(argv: string[], io: CliIo): Promise<number> {
  const { positionals, flags } = parseArgs(argv, { 'data-dir': true, json: false, at: true, ...CACHE_FLAGS });
  if (positionals.length !== 1) throw new UsageError(`Usage: little-inspector replay <run-id> [--at <seq>] [--data-dir <dir>] ${CACHE_USAGE}`);
  const upto = parseAtFlag(flags.at);
  const reader = openDataDirArg(flags['data-dir'] as string | undefined);
  try {
    const runId = positionals[0];
    const checkpoints = checkpointsArg(flags, [reader.path]);
    // `little replay` prices with the bundled table.
    const accumulator = foldRunOrThrow(reader, runId, { table: BUNDLED_PRICE_TABLE, upto, checkpoints });
    const state = accumulator.state();
    // replayRun builds its step plan before hydrating (reading `payload.stepPath` of every
    // event); only its failure matters here, which a `null` payload makes.
    if (accumulator.firstNullPayload() !== null) throw nullPayloadError();
    const hydrated = hydrateRunArtifacts(reader.path, runId, state.artifacts);
    if (!hydrated.ok) throw artifactError(hydrated.error);
    io.stdout(formatReplayLine(state));
  } finally {
    reader.close();
  }
  return 0;
}

/** The TypeError replayRun's step order throws on a `null` payload, as this engine words it. */
function nullPayloadError(): Error {
  try {
    return new TypeError(String((null as unknown as { stepPath: unknown }).stepPath));
  } catch (error) {
    return error as Error;
  }
}

/** little-workflow's error class and message for an artifact failure. */
function artifactError(d: Diagnostic): LittleCliError {
  const ref = String(d.detail?.ref ?? '');
  switch (d.code) {
    case 'artifact-missing':
    case 'artifact-wrong-run':
      return new LittleCliError('ArtifactNotFoundError', `Artifact not found: ${ref}`);
    case 'artifact-hash-mismatch':
      return new LittleCliError('ArtifactHashMismatchError', `Artifact hash mismatch: ${ref}`);
    case 'invalid-run-id':
    case 'invalid-argument':
      return ref.startsWith('artifact://')
        ? new LittleCliError('WorldPathError', `Invalid artifact id: ${ref.slice('artifact://'.length)}`)
        : new LittleCliError('WorldPathError', `Invalid artifact ref: ${ref}`);
    default:
      return new LittleCliError('ArtifactManifestCorruptError', `Artifact manifest is malformed for ${ref}: ${d.message}`);
  }
}
