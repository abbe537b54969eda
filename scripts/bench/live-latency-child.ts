/** Child entry of the live benchmark: `live-latency-child.ts [optionsJson]` prints one JSON line. */
import { LIVE_BENCH_DEFAULTS, measureLive } from './live-latency';

const options = process.argv[2] === undefined ? LIVE_BENCH_DEFAULTS : { ...LIVE_BENCH_DEFAULTS, ...(JSON.parse(process.argv[2]) as Partial<typeof LIVE_BENCH_DEFAULTS>) };
measureLive(options).then(
  (result) => console.log(JSON.stringify(result)),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
