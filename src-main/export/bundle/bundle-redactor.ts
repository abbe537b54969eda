/**
 * The redactor a bundle asks for: shared/redact's built-in rules, plus the user's rules file
 * when one is given. One fresh pass per bundle, so its findings are this bundle's.
 */
import { ok, type Result } from '../../../shared/diagnostics';
import { builtinRules } from '../../../shared/redact/builtin-rules';
import { createRedactor } from '../../../shared/redact/create-redactor';
import { parseUserRules } from '../../../shared/redact/parse-user-rules';
import type { Redactor } from '../../../shared/redact/redaction-types';

/** A fresh redaction pass: built-in rules plus `userRules` (a rules file's text) when given. */
export function bundleRedactor(userRules: string | null): Result<Redactor> {
  const user = userRules === null ? ok([]) : parseUserRules(userRules);
  if (!user.ok) return user;
  return ok(createRedactor([...builtinRules(), ...user.value]));
}
