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
import { canonicalMemberText } from '../../canonical/canonical-member';
import { sha256Digest, type Sha256Hex } from './digest';

/** Drift, manifestHash and promptHash findings of one run, one event at a time. */
export class ManifestCheck {
  private readonly firstByScope = new Map<string, { hash: string; sequence: number }>();

  constructor(
    private readonly sha256Hex: Sha256Hex,
    private readonly runId: string | undefined,
  ) {}

  /**
   * Check the next event of the log, adding its findings to `findings`. `canonicalText`: the
   * payload's stored text when it is known to be canonical JSON, so a member's digest hashes
   * its text as it is (the same bytes `canonicalJson` would write).
   */
  add(event: EventEnvelope, findings: Diagnostic[], canonicalText?: string): void {
    const type = normalizeHarnessEventType(event.type);
    if (type !== 'harness.session.started' && type !== 'harness.model.called') return;
    const digestOf = (key: string): string | undefined => {
      const text = canonicalText === undefined ? undefined : canonicalMemberText(canonicalText, key);
      return text === undefined ? sha256Digest(field(event.payload, key), this.sha256Hex) : `sha256:${this.sha256Hex(text)}`;
    };
    if (type === 'harness.session.started') checkSession(event, digestOf, this.runId, this.firstByScope, findings);
    else checkPrompt(event, digestOf, this.runId, findings);
  }
}

/** The digest of a payload member (`sha256Digest` of its value). */
type MemberDigest = (key: string) => string | undefined;

function checkSession(
  event: EventEnvelope,
  digestOf: MemberDigest,
  runId: string | undefined,
  firstByScope: Map<string, { hash: string; sequence: number }>,
  findings: Diagnostic[],
): void {
  const payload = event.payload;
  const stored = stringField(payload, 'manifestHash');
  const manifest = field(payload, 'manifest');
  if (stored !== undefined) {
    const expected = hasField(payload, 'manifest') ? digestOf('manifest') : undefined;
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

function checkPrompt(event: EventEnvelope, digestOf: MemberDigest, runId: string | undefined, findings: Diagnostic[]): void {
  const stored = stringField(event.payload, 'promptHash');
  if (stored === undefined) return;
  const expected = hasField(event.payload, 'request') ? digestOf('request') : undefined;
  if (expected !== stored) {
    findings.push(diagnostic('prompt-hash-mismatch', `model call ${event.sequence}: promptHash does not match its request`, {
      runId, sequence: event.sequence, detail: { stored, expected: expected ?? null, callId: stringField(event.payload, 'callId') ?? null },
    }));
  }
}
