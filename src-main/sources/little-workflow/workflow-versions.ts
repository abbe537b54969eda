/**
 * Reads locked workflow versions (`workflow-versions/<wfver_…>.json`): the only place
 * the LWIR step graph is stored outside event payloads, so the run view labels steps,
 * knows their kinds (`uses`) and their `maxVisits` from here.
 */
import { diagnostic, fail, ok, type Result } from '../../../shared/diagnostics';
import { WORKFLOW_VERSION_ID_PATTERN } from '../../../shared/events/envelope';
import { checkId, isRecord, listJsonIds, readContainedJson } from '../fs/safe-paths';

/** One LWIR step, flattened; nested steps (inside `parallel`) carry their parent's id. */
export type WorkflowStepInfo = {
  id: string;
  /** Display label: the step id (LWIR steps have no separate title). */
  label: string;
  /** Step kind: `ai.generate`, `tool.call`, `code.run`, `parallel`, `decision` (null if absent). */
  uses: string | null;
  /** null when absent; the runtime treats absent as 1 (no `.visit[n]` suffix). */
  maxVisits: number | null;
  needs: string[];
  parentId: string | null;
  depth: number;
};

/** What the inspector needs from a WorkflowVersion. */
export type WorkflowVersionInfo = {
  id: string;
  hash: string | null;
  name: string | null;
  version: string | null;
  /** Pre-order: each parallel step is followed by its nested steps. */
  steps: WorkflowStepInfo[];
  /** The whole parsed document, for views that show raw LWIR. */
  document: Record<string, unknown>;
};

/** Ids that appear in events but never name a stored version. */
const NOT_STORED = new Set(['orchestrated', 'uncompiled']);

/** Read workflow version `id` and extract its step table. */
export function readWorkflowVersion(dataDir: string, id: string): Result<WorkflowVersionInfo> {
  if (NOT_STORED.has(id)) {
    return fail(diagnostic('workflow-version-missing', `"${id}" is a marker little-workflow writes instead of a stored version; there is no LWIR to read`));
  }
  const checked = checkId(id, WORKFLOW_VERSION_ID_PATTERN, 'workflow version');
  if (!checked.ok) return checked;
  const file = readContainedJson(dataDir, ['workflow-versions', `${checked.value}.json`], (path) => diagnostic('workflow-version-missing', `Workflow version ${id} is not stored in this data dir`, { path }));
  if (!file.ok) return file;
  const { path, parsed } = file.value;
  if (!parsed.ok || !isRecord(parsed.value)) {
    return fail(diagnostic('workflow-version-corrupt', `${path} is not a JSON object${parsed.ok ? '' : `: ${parsed.message}`}`, { path }));
  }
  const doc = parsed.value;
  if (doc.id !== id) {
    return fail(diagnostic('workflow-version-corrupt', `${path} holds version ${JSON.stringify(doc.id)}, not ${id}`, { path }));
  }
  const lwir = doc.lwir;
  if (!isRecord(lwir) || !Array.isArray(lwir.steps)) {
    return fail(diagnostic('workflow-version-corrupt', `${path} has no lwir.steps array`, { path }));
  }
  const metadata = isRecord(lwir.metadata) ? lwir.metadata : {};
  return ok({
    id,
    hash: typeof doc.hash === 'string' ? doc.hash : null,
    name: typeof metadata.name === 'string' ? metadata.name : null,
    version: typeof metadata.version === 'string' ? metadata.version : null,
    steps: flattenSteps(lwir.steps, null, 0),
    document: doc,
  });
}

/** Ids of every stored workflow version (files that do not match the id pattern are skipped). */
export function listWorkflowVersionIds(dataDir: string): Result<string[]> {
  return listJsonIds(dataDir, 'workflow-versions', WORKFLOW_VERSION_ID_PATTERN);
}

function flattenSteps(steps: unknown[], parentId: string | null, depth: number): WorkflowStepInfo[] {
  const out: WorkflowStepInfo[] = [];
  for (const step of steps) {
    // A malformed entry is skipped rather than failing the whole version: labels for the
    // other steps are still useful.
    if (!isRecord(step) || typeof step.id !== 'string') continue;
    out.push({
      id: step.id,
      label: step.id,
      uses: typeof step.uses === 'string' ? step.uses : null,
      maxVisits: typeof step.maxVisits === 'number' && Number.isFinite(step.maxVisits) ? step.maxVisits : null,
      needs: Array.isArray(step.needs) ? step.needs.filter((need): need is string => typeof need === 'string') : [],
      parentId,
      depth,
    });
    if (Array.isArray(step.steps)) out.push(...flattenSteps(step.steps, step.id, depth + 1));
  }
  return out;
}
