/**
 * Incremental JSONL line splitting for the two loopctl ledgers.
 *
 * Chunks arrive as text (a tail read, a file, a stream). A line is handed out only once
 * its newline has arrived; the unfinished rest waits in `pending`. `end()` settles the last
 * line: the writers always end a line with `\n`, so a final line without one is a torn
 * write. It is kept when it still parses as a JSON object, otherwise dropped with a warning
 * (loopctl's own docs: "treat an unparseable trailing line as end-of-record").
 * Never throws: every bad line becomes a diagnostic with its line number.
 */
import { diagnostic, type Diagnostic } from '../diagnostics';
import { parseLosslessJson } from './lossless-json';

/** Which ledger a line came from. */
export type LedgerFile = 'trajectory.jsonl' | 'events.jsonl';

/** One parsed line: its 1-based line number and the JSON object it holds. */
export type LedgerLine = { line: number; value: Record<string, unknown> };

/** What one `push` or `end` produced. */
export type LedgerChunk = { lines: LedgerLine[]; diagnostics: Diagnostic[] };

/** An incremental line parser for one ledger file. */
export type LedgerParser = {
  /** Add text; returns the lines completed by it. */
  push(chunk: string): LedgerChunk;
  /** The input is over: settle the unfinished last line, if any. */
  end(): LedgerChunk;
  /** Text of the unfinished last line (no newline yet). */
  pending(): string;
  /** Number of complete lines seen so far. */
  linesSeen(): number;
};

/** Options: the file name for messages and the line number to start counting after. */
export type LedgerParserOptions = { file: LedgerFile; path?: string; linesBefore?: number };

/** Create a parser; see the module comment for the torn-line rule. */
export function createLedgerParser(options: LedgerParserOptions): LedgerParser {
  let pending = '';
  let lineNo = options.linesBefore ?? 0;
  const where = (line: number) => `${options.file}:${line}`;
  const at = (line: number, extra: Record<string, unknown> = {}) => ({
    ...(options.path !== undefined ? { path: options.path } : {}),
    detail: { file: options.file, line, ...extra },
  });

  const parseLine = (raw: string, line: number, out: LedgerChunk, torn: boolean): void => {
    const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (text.trim() === '') return;
    let value: unknown;
    try {
      value = parseLosslessJson(text);
    } catch (error) {
      out.diagnostics.push(
        torn
          ? diagnostic('payload-unparsable', `${where(line)}: unfinished last line (a torn or in-progress write), ignored`, { severity: 'warning', ...at(line, { torn: true, chars: text.length }) })
          : diagnostic('payload-unparsable', `${where(line)}: not valid JSON (${(error as Error).message})`, { severity: 'warning', ...at(line) }),
      );
      return;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      out.diagnostics.push(diagnostic('schema-unexpected', `${where(line)}: a line must hold a JSON object`, { severity: 'warning', ...at(line) }));
      return;
    }
    if (torn) out.diagnostics.push(diagnostic('payload-unparsable', `${where(line)}: last line has no newline but parses; kept`, { severity: 'info', ...at(line, { torn: true }) }));
    out.lines.push({ line, value: value as Record<string, unknown> });
  };

  return {
    push(chunk) {
      const out: LedgerChunk = { lines: [], diagnostics: [] };
      const text = pending + chunk;
      let start = 0;
      for (let nl = text.indexOf('\n', start); nl !== -1; nl = text.indexOf('\n', start)) {
        lineNo++;
        parseLine(text.slice(start, nl), lineNo, out, false);
        start = nl + 1;
      }
      pending = text.slice(start);
      return out;
    },
    end() {
      const out: LedgerChunk = { lines: [], diagnostics: [] };
      if (pending !== '') {
        lineNo++;
        parseLine(pending, lineNo, out, true);
        pending = '';
      }
      return out;
    },
    pending: () => pending,
    linesSeen: () => lineNo,
  };
}
