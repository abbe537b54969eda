/** `little-inspector replay <runId> [--data-dir DIR]`: `little replay`, byte for byte. */
import type { Diagnostic } from '../../../shared/diagnostics';
import { RunNotFoundError } from '../../../shared/fold/fold-errors';
import { materializeRunState } from '../../../shared/fold/run-state';
import { formatReplayLine } from '../../../shared/report/cli-lines';
import { hydrateRunArtifacts } from '../../sources/little-workflow/hydrate-artifacts';
import { parseArgs, UsageError } from '../args';
import type { CliIo } from '../cli-io';
import { LittleCliError, listRunEvents, openDataDirArg } from '../run-log';

/** Fold the run, hydrate its artifacts (failing like `replayRun`), print the state as one JSON line. */
export async function replayCommand(argv: string[], io: CliIo): Promise<number> {
  const { positionals, flags } = parseArgs(argv, { 'data-dir': true, json: false });
  if (positionals.length !== 1) throw new UsageError('Usage: little-inspector replay <run-id> [--data-dir <dir>]');
  const reader = openDataDirArg(flags['data-dir'] as string | undefined);
  try {
    const runId = positionals[0];
    const events = listRunEvents(reader, runId);
    if (events.length === 0) throw new RunNotFoundError(runId);
    const state = materializeRunState(runId, events);
    const hydrated = hydrateRunArtifacts(reader.path, runId, state.artifacts);
    if (!hydrated.ok) throw artifactError(hydrated.error);
    io.stdout(formatReplayLine(state));
  } finally {
    reader.close();
  }
  return 0;
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
