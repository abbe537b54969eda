/** Child entry of the OTLP benchmark: `otlp-export-child.ts <dataDir> <runId>` prints one JSON line. */
import { measureOtlpExport } from './otlp-export';

const [dataDir, runId] = process.argv.slice(2);
if (dataDir === undefined || runId === undefined) {
  console.error('usage: otlp-export-child.ts <dataDir> <runId>');
  process.exit(2);
}
measureOtlpExport(dataDir, runId).then(
  (timing) => console.log(JSON.stringify(timing)),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
