/**
 * Harness hash checks the workflow recorder enforces on append
 * (harness/event-recorder.ts, manifests.ts `checkHarnessManifestDrift`): a session's
 * `manifestHash` must be the digest of its manifest, a model call's `promptHash` the
 * digest of its request, and a later session of the same (manifest kind, scope) should
 * carry the first one's manifest hash. A log that breaks these was edited, or written by
 * a path that skips the drift check (default-harness delegation, ai.generate self-repair),
 * so drift is a warning while hash mismatches are errors.
 */
import { diagnostic, type Diagnostic } from '../../diagnostics';
import type { EventEnvelope } from '../../events/envelope';
import { normalizeHarnessEventType } from '../../events/event-names';
import { field, hasField, stringField } from '../payload-fields';
import { manifestScope, manifestScopeKey } from '../harness/manifest-scope';
import { sha256Digest, type Sha256Hex } from './digest';

/** Drift, manifestHash and promptHash findings of one run. */
export function manifestFindings(events: readonly EventEnvelope[], sha256Hex: Sha256Hex, runId: string | undefined): Diagnostic[] {
  const findings: Diagnostic[] = [];
  const firstByScope = new Map<string, { hash: string; sequence: number }>();
  for (const event of events) {
    const type = normalizeHarnessEventType(event.type);
    if (type === 'harness.session.started') checkSession(event, sha256Hex, runId, firstByScope, findings);
    else if (type === 'harness.model.called') checkPrompt(event, sha256Hex, runId, findings);
  }
  return findings;
}

function checkSession(
  event: EventEnvelope,
  sha256Hex: Sha256Hex,
  runId: string | undefined,
  firstByScope: Map<string, { hash: string; sequence: number }>,
  findings: Diagnostic[],
): void {
  const payload = event.payload;
  const stored = stringField(payload, 'manifestHash');
  const manifest = field(payload, 'manifest');
  if (stored !== undefined) {
    const expected = hasField(payload, 'manifest') ? sha256Digest(manifest, sha256Hex) : undefined;
    if (expected !== stored) {
      findings.push(diagnostic('manifest-hash-mismatch', `session start ${event.sequence}: manifestHash does not match its manifest`, {
        runId, sequence: event.sequence, detail: { stored, expected: expected ?? null },
      }));
    }
  }
  // The recorder compares with the FIRST session of the scope, and only when it has both fields.
  const scope = manifestScope(manifest);
  const key = manifestScopeKey(scope);
  const first = firstByScope.get(key);
  if (first === undefined) {
    if (stored !== undefined && manifest !== undefined) firstByScope.set(key, { hash: stored, sequence: event.sequence });
    return;
  }
  if (stored !== undefined && stored !== first.hash) {
    findings.push(diagnostic('manifest-drift', `session start ${event.sequence}: ${scope.kind} manifest for ${scope.scopeKey} differs from the first one (sequence ${first.sequence})`, {
      runId, sequence: event.sequence, severity: 'warning',
      detail: { kind: scope.kind, scope: scope.scopeKey, firstSequence: first.sequence, firstHash: first.hash, hash: stored },
    }));
  }
}

function checkPrompt(event: EventEnvelope, sha256Hex: Sha256Hex, runId: string | undefined, findings: Diagnostic[]): void {
  const stored = stringField(event.payload, 'promptHash');
  if (stored === undefined) return;
  const expected = hasField(event.payload, 'request') ? sha256Digest(field(event.payload, 'request'), sha256Hex) : undefined;
  if (expected !== stored) {
    findings.push(diagnostic('prompt-hash-mismatch', `model call ${event.sequence}: promptHash does not match its request`, {
      runId, sequence: event.sequence, detail: { stored, expected: expected ?? null, callId: stringField(event.payload, 'callId') ?? null },
    }));
  }
}
