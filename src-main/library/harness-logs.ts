/**
 * What the CLI's little-harness commands (`harness sessions`, `harness outcomes`, a session's
 * trace as a run log) read of a `.little-harness` world, named in one place, so cli/ asks the
 * library and never reaches into sources/ itself (LAYERS in eslint.config.mjs).
 */
export { treeOutcomes } from '../sources/little-harness/session-rows';
export { countArtifactFiles, listSessionFolders, openSession, readSessionTrace, type OpenSession } from '../sources/little-harness/session-store';
export { findHarnessDataDirs, isHarnessDataDir } from '../sources/little-harness/harness-roots';
