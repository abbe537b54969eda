/** Child entry of the export benchmark: `export-timing-child.ts <dataDir> <runId>` prints one JSON line. */
import { measureExport } from './export-timing';

const [dataDir, runId] = process.argv.slice(2);
if (dataDir === undefined || runId === undefined) {
  console.error('usage: export-timing-child.ts <dataDir> <runId>');
  process.exit(2);
}
measureExport(dataDir, runId).then(
  (timing) => console.log(JSON.stringify(timing)),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
