/** Child entry of the OTLP benchmark: `otlp-export-child.ts <dataDir> <runId>` prints one JSON line. */
import { runChild } from './child-entry';
import { measureOtlpExport } from './otlp-export';

runChild('otlp-export-child.ts', measureOtlpExport);
