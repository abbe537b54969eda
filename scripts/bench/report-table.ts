/** Renders a {@link BenchReport} as a plain-text table for the terminal. */
import type { OtlpExportTiming } from './otlp-export';
import type { BenchReport } from './bench-run';

type Row = [label: string, value: string, note?: string];

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (n: number) => `${n.toFixed(1)} ms`;
const rate = (n: number, unit = 'events/s') => `${int(n)} ${unit}`;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** The report as aligned sections of `label  value  note` rows. */
export function formatReport(report: BenchReport): string {
  const { fold, derived, listing, memory, setup, environment } = report;
  const sections: [string, Row[]][] = [
    [
      `Fold of a ${int(fold.events)}-event run (${fold.rounds} interleaved rounds, medians, open included)`,
      [
        ['baseline: SQL .iterate() + JSON.parse', rate(fold.baselineEventsPerSecond), ms(fold.baselineMedianMs)],
        ['product: openDataDir + readEvents + applyEvent', rate(fold.productEventsPerSecond), ms(fold.productMedianMs)],
        ['ratio product / baseline', fold.ratio.toFixed(3), `target >= ${fold.targetRatio}: ${fold.meetsTarget ? 'met' : 'NOT met'}`],
        ['materializeRunState (array)', rate(derived.materialize.eventsPerSecond), ms(derived.materialize.medianMs)],
        ['buildHarnessView (array)', rate(derived.harnessView.eventsPerSecond), `${ms(derived.harnessView.medianMs)}, ${int(derived.harnessSessions)} sessions`],
        ['integrityFindings + sha256 (array)', rate(derived.integrity.eventsPerSecond), `${ms(derived.integrity.medianMs)}, ${derived.integrityFindings} findings`],
      ],
    ],
    [
      `Run list of a ${int(listing.runs)}-run data dir (${int(setup.library.events)} events, medians of ${listing.rounds})`,
      [
        ['loadLibrary(root)', ms(listing.loadLibraryMedianMs), rate(listing.loadLibraryRunsPerSecond, 'runs/s')],
        ['openDataDir (once)', ms(listing.openMs)],
        ['reader.listRuns()', ms(listing.listRunsMedianMs), rate(listing.listRunsRunsPerSecond, 'runs/s')],
        ['runs listed', int(listing.runs), `${Object.entries(listing.statuses).map(([k, v]) => `${k} ${v}`).join(', ')}; ${listing.crashed} crashed, ${listing.priced} priced`],
      ],
    ],
    [
      `Library view over ${int(report.runListTree.runs)} synthetic runs (medians of ${report.runListTree.rounds}, after a warm-up; goal: one 50 ms frame)`,
      Object.entries(report.runListTree.medianMs).map(([name, value]): Row => [name, ms(value)]),
    ],
  ];
  if (memory !== null) {
    sections.push([
      `Memory of the product fold (child process, sampled every ${int(memory.sampleEvery)} events)`,
      [
        ['RSS before open', mib(memory.rssBefore)],
        ['RSS peak (sampled)', mib(memory.rssPeakSampled), `+${mib(memory.rssPeakSampled - memory.rssBefore)} over before`],
        ['maxRSS (resourceUsage, whole child)', mib(memory.maxRss)],
        ['heapUsed peak (sampled)', mib(memory.heapUsedPeakSampled), `+${mib(memory.heapUsedPeakSampled - memory.heapUsedBefore)} over before`],
        ['heapUsed delta after fold', mib(memory.heapUsedDelta), memory.gcExposed ? 'after gc()' : 'no gc exposed'],
      ],
    ]);
  }
  const ex = report.export;
  sections.push([
    `Report export of the ${int(ex.events)}-event run (child process, one pass each)`,
    [
      ['open library + fold the run detail', ms(ex.openMs + ex.detailMs), `open ${ms(ex.openMs)}, detail ${ms(ex.detailMs)}`],
      ['export html (document + bodies + render)', ms(ex.htmlMs), `${mib(ex.htmlBytes)}; end to end ${ms(ex.htmlTotalMs)}`],
      ['export json', ms(ex.jsonMs), `${mib(ex.jsonBytes)}; end to end ${ms(ex.jsonTotalMs)}`],
    ],
  ]);
  const otlp = report.otlp;
  if (otlp !== null) {
    const row = (s: OtlpExportTiming['protobuf']) => `${int(Math.round(s.spansPerSec))} spans/s (${s.requests} requests, ${mib(s.bytes)}); end to end ${int(Math.round(s.endToEndSpansPerSec))} spans/s`;
    sections.push([
      `OTLP export of the ${int(otlp.events)}-event run: ${int(otlp.spans)} spans (child process, loopback sink)`,
      [
        ['read the log + derive the spans', ms(otlp.readMs + otlp.deriveMs), `read ${ms(otlp.readMs)}, derive ${ms(otlp.deriveMs)}`],
        ['send http/protobuf', ms(otlp.protobuf.ms), row(otlp.protobuf)],
        ['send http/json', ms(otlp.json.ms), row(otlp.json)],
      ],
    ]);
  }
  const live = report.live;
  sections.push([
    `Live observer (writer child committing ${live.perSecond} events/s, one commit each; poll ${live.pollMs} ms + fs.watch)`,
    [
      ['commit -> subscriber latency p50', ms(live.latencyP50Ms), `${int(live.events)} events`],
      ['commit -> subscriber latency p95', ms(live.latencyP95Ms)],
      ['commit -> subscriber latency max', ms(live.latencyMaxMs)],
      [`idle tail CPU over ${(live.idleMs / 1000).toFixed(0)} s`, ms(live.idleCpuMs), `${live.idleCpuPercent.toFixed(2)} % of one core`],
    ],
  ]);
  const load = report.liveLoad;
  if (load !== null) {
    sections.push([
      `Live observer under load (writer child committing ${int(load.perSecond)} events/s over ${load.runs} runs, one commit each)`,
      [
        ['commit -> subscriber latency p50', ms(load.latencyP50Ms), `${int(load.events)} events`],
        ['commit -> subscriber latency p95', ms(load.latencyP95Ms)],
        ['commit -> subscriber latency max', ms(load.latencyMaxMs), 'src-main/live/live-load.test.ts checks the same load for delivery only'],
      ],
    ]);
  }
  const rows = sections.flatMap(([, r]) => r);
  const labelWidth = Math.max(...rows.map((r) => r[0].length));
  const valueWidth = Math.max(...rows.map((r) => r[1].length));
  const lines = [`${environment.node} ${environment.platform}, ${environment.cpus} CPUs (${environment.cpuModel})`];
  for (const [title, sectionRows] of sections) {
    lines.push('', title);
    for (const [label, value, note] of sectionRows) {
      lines.push(`  ${label.padEnd(labelWidth)}  ${value.padStart(valueWidth)}${note === undefined ? '' : `  ${note}`}`.trimEnd());
    }
  }
  lines.push('', `setup: large run written in ${ms(setup.largeRunMs)}, library in ${ms(setup.libraryMs)}`);
  return lines.join('\n');
}
