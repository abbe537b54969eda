/**
 * The redactor a bundle asks for: the built-in rules, plus the user's rules file when one is
 * given. Redaction itself is shared/redact's (issue 18); this is the one place the bundle makes one.
 */
import { diagnostic, fail, type Result } from '../../../shared/diagnostics';
import type { BundleRedactor } from './build-bundle';

/** A fresh redaction pass: built-in rules plus `userRules` (a rules file's text) when given. */
export function bundleRedactor(_userRules: string | null): Result<BundleRedactor> {
  return fail(diagnostic('unsupported', 'Redaction is not available in this build (shared/redact is not merged yet).'));
}
