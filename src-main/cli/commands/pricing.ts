/** `little-inspector pricing [--price-table FILE] [--json]`: the price table, its provenance and staleness. */
import { pricingProvenance, staleEntries } from '../../../shared/pricing/staleness';
import { parseArgs, UsageError } from '../args';
import type { CliIo } from '../cli-io';
import { priceTableArg } from '../price-table-arg';
import { terminalSafe } from '../terminal-safe';

/** Print every entry with its rates, source and verification date; flag the stale ones. */
export async function pricingCommand(argv: string[], io: CliIo): Promise<number> {
  const { positionals, flags } = parseArgs(argv, { 'price-table': true, json: false });
  if (positionals.length > 0) throw new UsageError('Usage: little-inspector pricing [--price-table <file>] [--json]');
  const table = await priceTableArg(flags['price-table'], io);
  const now = new Date();
  const stale = new Map(staleEntries(table, now).map((e) => [e.key, e.ageDays]));
  if (flags.json) {
    io.stdout(`${JSON.stringify({ provenance: pricingProvenance(table, now), origin: table.origin ?? null, entries: table.entries, staleKeys: [...stale.keys()] }, null, 2)}\n`);
    return 0;
  }
  const rows = Object.entries(table.entries).map(([key, e]) => [
    terminalSafe(key),
    String(e.pricing.input),
    e.pricing.cachedInput === undefined ? '—' : String(e.pricing.cachedInput),
    String(e.pricing.output),
    e.unverified ? 'unverified' : (e.pricingVerifiedAt ?? '—'),
    stale.has(key) ? `STALE (${stale.get(key)} days)` : '',
    terminalSafe(e.pricingSource ?? ''),
  ]);
  const head = ['MODEL', 'IN', 'CACHED', 'OUT', 'VERIFIED', 'STALE', 'SOURCE'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i >= 1 && i <= 3 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ').trimEnd();
  io.stdout(`${terminalSafe(`${table.name}${table.origin ? ` from ${table.origin}` : ''}`)}; USD per 1M tokens\n\n`);
  io.stdout(`${[line(head), ...rows.map(line)].join('\n')}\n`);
  if (stale.size > 0) io.stdout(`\n${stale.size} entr${stale.size === 1 ? 'y is' : 'ies are'} more than 90 days past verification: costs may be out of date.\n`);
  return 0;
}
