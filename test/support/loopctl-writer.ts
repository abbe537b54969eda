/**
 * A loopctl ledger writer for the live tests: appends lines of the documented shapes
 * (scripts/fixtures/loopctl/ledger-lines.ts) to `events.jsonl` / `trajectory.jsonl`, can
 * leave a line half-written, truncate a file, or replace it with a new inode, and remembers
 * exactly what each file should hold so a test can prove the reader wrote nothing.
 */
import { appendFileSync, renameSync, truncateSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { LedgerFile } from '../../shared/loopctl/ledger-parser';

/** Appends, truncates and replaces ledger files, keeping their expected bytes. */
export class LedgerTestWriter {
  private readonly expected = new Map<LedgerFile, string>();
  private replacements = 0;

  constructor(readonly dir: string) {}

  /** Append whole lines (each gets its newline). */
  lines(file: LedgerFile, ...lines: string[]): void {
    this.raw(file, lines.map((l) => `${l}\n`).join(''));
  }

  /** Append text as is (a half line, or the rest of one). */
  raw(file: LedgerFile, text: string): void {
    appendFileSync(join(this.dir, file), text);
    this.expected.set(file, (this.expected.get(file) ?? '') + text);
  }

  /** Write `line` in two parts: all but its last `keep` characters now; returns the rest (newline included). */
  half(file: LedgerFile, line: string, keep = 20): string {
    this.raw(file, line.slice(0, line.length - keep));
    return `${line.slice(line.length - keep)}\n`;
  }

  /** Truncate a file to zero bytes (same inode). */
  truncate(file: LedgerFile): void {
    truncateSync(join(this.dir, file), 0);
    this.expected.set(file, '');
  }

  /** Replace a file by renaming a new one over it (a new inode), holding `text`. */
  replace(file: LedgerFile, text: string): void {
    const temp = join(this.dir, `.${file}.${++this.replacements}.tmp`);
    writeFileSync(temp, text);
    renameSync(temp, join(this.dir, file));
    this.expected.set(file, text);
  }

  /** Current expected text of a file. */
  text(file: LedgerFile): string {
    return this.expected.get(file) ?? '';
  }

  /** What `hashTree(dir)` must return: the files exactly as written here. */
  expectedTree(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [file, text] of [...this.expected].sort(([a], [b]) => a.localeCompare(b))) out[file] = createHash('sha256').update(text).digest('hex');
    return out;
  }
}
