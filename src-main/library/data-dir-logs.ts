/**
 * What the CLI's little-compatible commands (`logs`, `check`, `compare`, `replay`, `scan`, `otlp`,
 * `tail`) read of one data dir, named in one place: the glue asks the library for a data dir's
 * log, its lock and its artifacts, and the library says which reader of sources/ answers. So
 * cli/ never reaches into sources/ itself (LAYERS in eslint.config.mjs).
 */
export { openDataDir } from '../sources/little-workflow/data-dir-reader';
export type { DataDirReader } from '../sources/little-workflow/store-types';
export { checkRun } from '../sources/little-workflow/run-check';
export { readRunLock } from '../sources/little-workflow/lock-owners';
export { hydrateRunArtifacts } from '../sources/little-workflow/hydrate-artifacts';
export { createSourceRegistry, isLittleWorkflowFormat, recogniseDataDir } from '../sources/registry';
