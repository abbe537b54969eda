/**
 * A data dir whose one run carries every planted secret (shared/redact's built-in and user rules)
 * in the places a bundle embeds: the run input, tool arguments and results, step outputs, a
 * step output large enough to live in an artifact, and the run's output.
 */
import { fillerText } from '../../scripts/fixtures/scenarios/large-output';
import { PLANTED_SECRETS, PLANTED_USER_SECRETS } from '../../scripts/fixtures/scenarios/planted-secrets';
import { completeRun, lwir, planWorkerStep, seededRunId, startRun, withWorld, writeWorkerStep, writeWorkflowVersion } from '../../scripts/fixtures/writer';

/** Every carrier text, built-in and user rules. */
export const ALL_CARRIERS = [...PLANTED_SECRETS, ...PLANTED_USER_SECRETS].map((p) => p.carrier);

/** Write the run into `dataDir`; returns its id. */
export function writeSecretsRun(dataDir: string): string {
  return withWorld(dataDir, (w) => {
    const lookup = { id: 'lookup', uses: 'tool.call' as const, with: { tool: 'crm.lookup' }, output: { mode: 'text' as const } };
    const dump = { id: 'dump', uses: 'tool.call' as const, with: { tool: 'env.dump' }, output: { mode: 'text' as const, name: 'Environment dump' } };
    const version = writeWorkflowVersion(w.dataDir, lwir('secrets', 'A run that leaks', [lookup, dump], { tools: ['crm.lookup', 'env.dump'] }), { token: ALL_CARRIERS[0] }, 'secrets');
    const run = w.run(seededRunId('bundle/secrets'));
    startRun(run, version, { input: { notes: ALL_CARRIERS } });
    const first = planWorkerStep(run, { version, step: lookup, stepPath: 'lookup', tool: { name: 'crm.lookup', args: { query: ALL_CARRIERS }, result: { found: ALL_CARRIERS.join('\n') } }, output: ALL_CARRIERS.join(' | ') });
    writeWorkerStep(run, first);
    // Over the 256,000-character inline limit: the output lives only in an artifact.
    const big = `${fillerText(270_000)}\n${ALL_CARRIERS.join('\n')}`;
    const second = planWorkerStep(run, { version, step: dump, stepPath: 'dump', tool: { name: 'env.dump', args: { env: 'prod' }, result: { chars: big.length } }, output: big });
    writeWorkerStep(run, second);
    const ref = (run.written.findLast((e) => e.type === 'StepCompleted')?.payload as { outputRef: string }).outputRef;
    completeRun(run, version.workflowVersionId, big, ref, 'dump');
    return run.runId;
  });
}
