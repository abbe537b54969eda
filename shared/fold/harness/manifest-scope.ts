/**
 * Which "scope" a harness session belongs to, as little-workflow's manifest drift check
 * sees it (manifests.ts `harnessManifestScope`, @2884677).
 *
 * The kind comes from the manifest's shape, not from `role`: a fixer manifest is a worker
 * manifest plus fixer fields, so the fixer test must come first. Planner and orchestrator
 * sessions share one global scope per kind; worker and fixer sessions are scoped by the
 * manifest's `stepPath`. Both "resumed here" markers and drift findings key on this.
 */
import { isObject, stringField } from '../payload-fields';

/** The manifest kinds little-workflow distinguishes. */
export type ManifestKind = 'planner' | 'orchestrator' | 'worker' | 'fixer' | 'unknown';

/** Scope key used for global (planner/orchestrator) sessions. */
export const GLOBAL_SCOPE = '__global__';

/** Kind plus scope key of one session manifest. */
export type ManifestScope = { kind: ManifestKind; scopeKey: string };

/** Classify a manifest by the fields that only that kind carries. */
export function manifestKind(manifest: unknown): ManifestKind {
  if (!isObject(manifest)) return 'unknown';
  if (typeof manifest.fixerModelSlotId === 'string') return 'fixer';
  if (typeof manifest.plannerModelSlotId === 'string') return 'planner';
  if (typeof manifest.orchestratorModelSlotId === 'string') return 'orchestrator';
  if (typeof manifest.workflowVersionId === 'string' && typeof manifest.stepPath === 'string') return 'worker';
  return 'unknown';
}

/** The (kind, scope) a session manifest is compared within. */
export function manifestScope(manifest: unknown): ManifestScope {
  const kind = manifestKind(manifest);
  if (kind === 'worker' || kind === 'fixer') {
    return { kind, scopeKey: stringField(manifest, 'stepPath') ?? GLOBAL_SCOPE };
  }
  return { kind, scopeKey: GLOBAL_SCOPE };
}

/** One string key for a (kind, scope) pair, for maps. */
export function manifestScopeKey(scope: ManifestScope): string {
  return `${scope.kind}\u0000${scope.scopeKey}`;
}
