/**
 * What a caller asks for when it wants redaction (the CLI's `--redact [--redact-rules FILE]`, the
 * export dialog's checkbox and rules box, a bundle): the built-in rules, plus a user rules file's
 * text when given. One place turns that into a redactor, so every export path applies the same rules.
 */
import { ok, type Result } from '../diagnostics';
import { builtinRules } from './builtin-rules';
import { createRedactor } from './create-redactor';
import { parseUserRules } from './parse-user-rules';
import type { Redactor } from './redaction-types';

/** Redaction asked for: built-ins always, then the user's rules (the text of a rules file). */
export type RedactionRequest = { userRules?: string };

/** A fresh redactor for `request` (built-ins, then user rules), or the rules file's diagnostic. */
export function redactorFor(request: RedactionRequest): Result<Redactor> {
  const user = request.userRules === undefined || request.userRules.trim() === '' ? ok([]) : parseUserRules(request.userRules);
  if (!user.ok) return user;
  return ok(createRedactor([...builtinRules(), ...user.value]));
}

/**
 * `runId` as a suggested file name shows it: redacted by its own pass of `request`'s rules (the
 * name travels with the file, but is no part of the export's findings); as it is without one.
 */
export function runIdInFileName(runId: string, request: RedactionRequest | undefined): string {
  const redactor = request === undefined ? null : redactorFor(request);
  return redactor?.ok ? redactor.value.text(runId, 'file name') : runId;
}
