/** `little-inspector search <query> [--data-dir DIR] [--json] [--limit N] [--run RUNID]`: every matching event under DIR. */
import { relative } from 'node:path';
import { parseSearchQuery } from '../../../shared/search/search-query';
import { SEARCH_LIMIT, SEARCH_LIMIT_MAX, searchIndex, type SearchHit, type SearchResult } from '../../fleet/fleet-search';
import { parseArgs, UsageError } from '../args';
import { CACHE_FLAGS, CACHE_USAGE } from '../cache-arg';
import type { CliIo } from '../cli-io';
import { fleetIndexArg } from '../fleet-index-arg';
import { formatDiagnostic } from '../format-diagnostic';
import { terminalSafe } from '../terminal-safe';

const USAGE = `Usage: little-inspector search <query> [--data-dir <dir>] [--json] [--limit N] [--run <run-id>] ${CACHE_USAGE}`;

/** Search the fleet index (updated first); exit 1 for a query that asks nothing. */
export async function searchCommand(argv: string[], io: CliIo): Promise<number> {
  const { positionals, flags } = parseArgs(argv, { 'data-dir': true, json: false, limit: true, run: true, 'price-table': true, ...CACHE_FLAGS });
  if (positionals.length === 0) throw new UsageError(USAGE);
  const limit = flags.limit === undefined ? SEARCH_LIMIT : Number(flags.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > SEARCH_LIMIT_MAX) throw new UsageError(`--limit takes a whole number from 1 to ${SEARCH_LIMIT_MAX}`);
  const query = parseSearchQuery(positionals.join(' '));
  if (!query.ok) {
    io.stderr(`little-inspector search: ${terminalSafe(formatDiagnostic(query.error))}\n`);
    return 1;
  }
  const index = await fleetIndexArg(flags, io, flags.json !== true && process.stderr.isTTY === true);
  try {
    const result = searchIndex(index.db, query.value, { limit, runId: typeof flags.run === 'string' ? flags.run : undefined });
    io.stdout(flags.json === true ? `${JSON.stringify(jsonOf(result), null, 2)}\n` : formatHits(result, index.root));
  } finally {
    index.db.close();
  }
  return 0;
}

/** The `--json` shape, exactly: hits without their marks. */
function jsonOf(result: SearchResult): unknown {
  return {
    hits: result.hits.map(({ dataDir, runId, sequence, type, field, snippet }) => ({ dataDir, runId, sequence, type, field, snippet })),
    total: result.total,
    indexed: result.indexed,
  };
}

/** Hits grouped by run, the match in [brackets]. */
function formatHits(result: SearchResult, root: string): string {
  const lines: string[] = [];
  let group = '';
  for (const hit of result.hits) {
    const key = `${hit.dataDir}\u0000${hit.runId}`;
    if (key !== group) {
      group = key;
      if (lines.length > 0) lines.push('');
      lines.push(`${hit.runId}  ${relative(root, hit.dataDir) || '.'}`);
    }
    lines.push(`  #${hit.sequence}  ${hit.type}  ${hit.field}: ${marked(hit)}`);
  }
  const shown = result.hits.length < result.total ? `${result.hits.length} of ${result.total}` : `${result.total}`;
  if (lines.length > 0) lines.push('');
  lines.push(`${shown} matching event${result.total === 1 ? '' : 's'} (index: ${result.indexed.runs} runs, ${result.indexed.events} events)`);
  return `${lines.map((line) => terminalSafe(line)).join('\n')}\n`;
}

function marked(hit: SearchHit): string {
  let out = '';
  let at = 0;
  for (const [start, end] of hit.marks) {
    out += `${hit.snippet.slice(at, start)}[${hit.snippet.slice(start, end)}]`;
    at = end;
  }
  return out + hit.snippet.slice(at);
}
