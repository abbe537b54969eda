/**
 * Where a step path sits in the step tree (format §3b): visits under a `visits` group,
 * parallel branches `step[key]` under their step (retries `step@attempt_n[key]` under the
 * step's attempt group), steps inside a branch `step[key].child` under the branch.
 */

/** What a path is, and the id of its parent node (null at the top). */
export type PathPlace =
  | { kind: 'visit'; parent: string; label: string }
  | { kind: 'branch'; step: string; attempt: number; parent: string; label: string }
  | { kind: 'child'; parent: string; label: string }
  | { kind: 'top'; parent: null; label: string };

const VISIT = /^(.*)\.(visit\[\d+\])$/;
const BRANCH = /^(.*?)(?:@attempt_(\d+))?\[([^\]]*)\]$/;

/** Id of the attempt-group row of parallel step `step` for attempt `n`. */
export function attemptGroupId(step: string, n: number): string {
  return `${step}@attempt_${n}`;
}

/** The branch key as written by the user (`v1%2E2` → `v1.2`). */
export function decodeKey(key: string): string {
  try {
    return decodeURIComponent(key);
  } catch {
    return key;
  }
}

/**
 * Place `path` in the tree. `retried` holds parallel steps with branches of a later attempt:
 * their branches hang under per-attempt groups (attempt 1 too), others directly under the step.
 */
export function placePath(path: string, retried: ReadonlySet<string>): PathPlace {
  const visit = VISIT.exec(path);
  if (visit) return { kind: 'visit', parent: visit[1], label: visit[2] };
  const branch = BRANCH.exec(path);
  if (branch && branch[1] !== '' && !branch[1].endsWith('.')) {
    const step = branch[1];
    const attempt = branch[2] ? Number(branch[2]) : 1;
    const parent = retried.has(step) ? attemptGroupId(step, attempt) : step;
    return { kind: 'branch', step, attempt, parent, label: `[${decodeKey(branch[3])}]` };
  }
  const dot = path.lastIndexOf('.');
  if (dot > 0) return { kind: 'child', parent: path.slice(0, dot), label: path.slice(dot + 1) };
  return { kind: 'top', parent: null, label: path };
}

/** Parallel steps that have branches of attempt 2 or later somewhere in `paths`. */
export function retriedParallelSteps(paths: Iterable<string>): Set<string> {
  const retried = new Set<string>();
  for (const path of paths) {
    const at = path.indexOf('@attempt_');
    if (at <= 0) continue;
    const match = /^@attempt_(\d+)\[/.exec(path.slice(at));
    if (match && Number(match[1]) >= 2) retried.add(path.slice(0, at));
  }
  return retried;
}
