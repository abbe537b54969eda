/**
 * `--redact [--redact-rules FILE]` of `export` and `otlp`: built-in rules, plus the user's rules
 * file (docs/REDACTION.md). `--redact-rules` alone implies `--redact`. A rules file that cannot be
 * read or has bad lines is a usage error (exit 1) naming the file and every bad line.
 */
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { MAX_RULES_TEXT, parseUserRules, type RuleProblem } from '../../shared/redact/parse-user-rules';
import type { RedactionRequest } from '../../shared/redact/redaction-request';
import type { RedactionSummary } from '../../shared/redact/redaction-types';
import { findingPlaces, redactionHeadline } from '../../shared/redact/redaction-list';
import { UsageError } from './args';
import type { CliIo } from './cli-io';
import { terminalSafe } from './terminal-safe';

/** The flags both commands accept (merge into their parseArgs spec). */
export const REDACT_FLAGS = { redact: false, 'redact-rules': true } as const;

/** What the flags ask for: undefined when not redacting. */
export function redactionArg(flags: Record<string, string | true>): RedactionRequest | undefined {
  const file = flags['redact-rules'];
  if (typeof file !== 'string') return flags.redact === true ? {} : undefined;
  const path = resolve(process.cwd(), file);
  let text: string;
  try {
    if (statSync(path).size > MAX_RULES_TEXT * 4) throw new UsageError(`--redact-rules ${file}: larger than ${MAX_RULES_TEXT} characters`);
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`--redact-rules ${file}: cannot read it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  const parsed = parseUserRules(text);
  if (!parsed.ok) {
    const problems = (parsed.error.detail?.problems as RuleProblem[] | undefined) ?? [];
    const lines = problems.length > 1 ? problems.map((p) => `\n  ${p.line > 0 ? `line ${p.line}: ` : ''}${p.message}`).join('') : '';
    throw new UsageError(`--redact-rules ${file}: ${parsed.error.message}${lines}`);
  }
  return { userRules: text };
}

/** The redaction list on stderr (stdout may be the export itself). */
export function printRedactions(summary: RedactionSummary, io: CliIo): void {
  io.stderr(`${terminalSafe(redactionHeadline(summary))}\n`);
  for (const f of summary.findings) io.stderr(`  ${terminalSafe(f.rule)}: ${f.count} in ${terminalSafe(findingPlaces(f, 5))}\n`);
}
