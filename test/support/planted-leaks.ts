/**
 * Which planted fake secrets (scripts/fixtures/scenarios/planted-secrets.ts) an output still
 * holds, in any form an output could hold one: plain, JSON-escaped once and twice (a JSON text
 * inside a JSON string), HTML-escaped, and its first 16 characters (half a secret is a leak too).
 */
import { PLANTED_SECRETS, PLANTED_USER_SECRETS } from '../../scripts/fixtures/scenarios/planted-secrets';
import { escapeHtml } from '../../shared/report-export/escape-text';

/** Every value that must not leave the machine, with the rule that must take it out. */
export const ALL_PLANTED = [...PLANTED_SECRETS, ...PLANTED_USER_SECRETS].map((p) => ({ rule: p.rule, secret: p.secret })).concat([{ rule: 'secret-field', secret: 'FAKE-field-only-by-name' }]);

function formsOf(secret: string): string[] {
  const once = JSON.stringify(secret).slice(1, -1);
  return [secret, once, JSON.stringify(once).slice(1, -1), escapeHtml(secret), secret.slice(0, 16)];
}

/** The rules whose planted secret `output` still holds (empty: nothing leaked). */
export function plantedLeaks(output: string): string[] {
  return ALL_PLANTED.filter(({ secret }) => formsOf(secret).some((form) => output.includes(form))).map((p) => p.rule);
}

/** Count of `[redacted: <rule>]` markers in `text`, per rule. */
export function markersIn(text: string): Map<string, number> {
  const markers = new Map<string, number>();
  for (const m of text.matchAll(/\[redacted: ([a-z0-9._-]+)\]/g)) markers.set(m[1]!, (markers.get(m[1]!) ?? 0) + 1);
  return markers;
}
