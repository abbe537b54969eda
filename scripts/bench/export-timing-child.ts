/** Child entry of the export benchmark: `export-timing-child.ts <dataDir> <runId>` prints one JSON line. */
import { runChild } from './child-entry';
import { measureExport } from './export-timing';

runChild('export-timing-child.ts', measureExport);
