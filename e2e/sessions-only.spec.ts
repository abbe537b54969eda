/**
 * A folder holding only little-harness sessions (examples/fixtures/sessions): the sessions are
 * rows of the run list, a row opens its session, a trace item links to its events.db event in
 * the session's own Local World and that event links back; and a session being written shows
 * its new lines without a reload, a half-written last line only once it is completed.
 */
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, serve, test, type Served } from './serve-fixture';

const shots = join(__dirname, 'screenshots');
const SESSIONS = join(__dirname, '..', 'examples', 'fixtures', 'sessions');
/** Serve a temp folder that `fill` wrote; once `use` is done, stop the server and remove the folder. */
async function servedTempTree(prefix: string, fill: (root: string) => void, use: (served: Served, root: string) => Promise<void>): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), prefix));
  try {
    fill(root);
    const served = await serve(root);
    try {
      await use(served, root);
    } finally {
      await served.stop();
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const WORLD = '.little-harness/sessions/sess_workflow/workflows';

test('a sessions-only folder lists its sessions as runs; a trace item links to its events.db event and back', async ({ page }) => {
  const served = await serve(SESSIONS);
  try {
    await page.goto(served.url);
    await expect(page.locator('.lib-dir[data-dir-label=".little-harness"]')).toContainText('little-harness sessions · 4 sessions');
    const row = (id: string) => page.locator(`.lib-run[data-run-id="${id}"]`);
    await expect(row('sess_failing')).toContainText('2 model · 1 tool calls · 6 failed');
    await expect(row('sess_failing')).toHaveAttribute('data-status', 'failed');
    await expect(row('sess_refactor')).toHaveAttribute('data-status', 'completed');
    await expect(row('sess_crashed')).toHaveAttribute('data-status', 'running');
    await expect(row('run_summarize_call_wf1')).toHaveAttribute('data-status', 'completed');
    await page.screenshot({ path: join(shots, 'sessions-only-library.png'), fullPage: true });

    await row('sess_workflow').getByRole('link', { name: 'sess_workflow' }).click();
    const view = page.getByRole('region', { name: 'Session sess_workflow' });
    await expect(view.getByRole('heading', { level: 2 })).toHaveText('sess_workflow');
    const workflowTool = view.locator('.session-item.kind-tool-call').filter({ hasText: 'workflow_summarize' });
    await expect(workflowTool.getByRole('link', { name: 'workflow run run_summarize_call_wf1' })).toBeVisible();
    const modelCall = view.locator('.session-item.kind-model-call').nth(1);
    await expect(modelCall.getByRole('link')).toHaveText(['run_summarize_call_wf1 #18 harness.model.called', 'run_summarize_call_wf1 #19 harness.model.responded']);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: join(shots, 'session-workflow-links.png'), fullPage: true });

    // Forward: the trace item to its events.db event.
    await modelCall.getByRole('link', { name: 'run_summarize_call_wf1 #18 harness.model.called' }).click();
    await expect(page).toHaveURL(new RegExp(`#/run/run_summarize_call_wf1/event/18\\?dir=${encodeURIComponent(WORLD).replaceAll('.', '\\.')}`));
    await expect(page.locator('#event-row-18')).toHaveAttribute('aria-selected', 'true');
    const detail = page.getByRole('complementary', { name: 'Selected event' });
    await expect(detail.getByRole('heading')).toContainText('harness.model.called');
    await page.screenshot({ path: join(shots, 'session-link-event.png'), fullPage: true });

    // Back: the event to its occurrence in the session trace.
    await detail.getByRole('link', { name: /This occurrence in the session trace \(sess_workflow\)/ }).click();
    const back = page.getByRole('region', { name: 'Session sess_workflow' });
    const picked = back.locator('.session-item.picked');
    await expect(picked).toHaveCount(1);
    await expect(picked).toHaveAttribute('aria-current', 'true');
    await expect(picked).toContainText('model call openai/gpt-4o-mini');
    await expect(picked.getByRole('link', { name: 'run_summarize_call_wf1 #18 harness.model.called' })).toBeVisible();
    await page.screenshot({ path: join(shots, 'session-link-back.png'), fullPage: true });
  } finally {
    await served.stop();
  }
});

test('a session being written updates in its view and its row; a torn last line shows once completed', async ({ page }) => {
  await servedTempTree('li-e2e-sessions-', (root) => {
    cpSync(SESSIONS, root, { recursive: true });
  }, async (live, root) => {
    const dir = join(root, '.little-harness', 'sessions', 'sess_crashed');
    const trace = join(dir, 'trace.ndjson');
    await page.goto(`${live.url}#/session/sess_crashed?dir=.little-harness`);
    const view = page.getByRole('region', { name: 'Session sess_crashed' });
    await expect(view).toHaveAttribute('data-events', '5');
    await expect(view.getByRole('note')).toContainText('half-written line (line 6');
    // The writer finishes the torn line, then appends one more line and half of another.
    const line = (sequence: number, type: string, metadata: Record<string, unknown>) =>
      JSON.stringify({ schemaVersion: 'lh.trace.v2', eventId: `evt_mwqe2e00_${String(sequence).padStart(12, '0')}`, sequence, type, sessionId: 'sess_crashed', turnId: 'turn_mq1c0000_aaaabbbbcccc', timestamp: `2026-11-21T12:10:0${sequence - 5}.000Z`, metadata });
    const torn = readFileSync(trace, 'utf8');
    const cut = torn.lastIndexOf('\n') + 1;
    writeFileSync(trace, `${torn.slice(0, cut)}${line(6, 'harness.runtime.command.succeeded', { command: 'ls -la logs/', exitCode: 0, durationMs: 12, stdout: { captured: true, preview: 'a.log' }, stderr: { captured: true, preview: '' } })}\n`);
    await expect(view).toHaveAttribute('data-events', '6');
    await expect(view.getByRole('note')).toHaveCount(0);
    const next = line(7, 'harness.tool_call.succeeded', { toolName: 'bash', toolCallId: 'call_ls', caller: 'model', command: 'ls -la logs/' });
    appendFileSync(trace, next.slice(0, 40));
    await expect(view).toHaveAttribute('data-events', '6');
    appendFileSync(trace, `${next.slice(40)}\n`);
    await expect(view).toHaveAttribute('data-events', '7');
    await expect(view.locator('.session-item.kind-tool-call').filter({ hasText: 'call_ls' })).toContainText('succeeded');
    await page.screenshot({ path: join(shots, 'session-live.png'), fullPage: true });
    await page.goto(`${live.url.split('#')[0]}#/`);
    await expect(page.locator('.lib-run[data-run-id="sess_crashed"]')).toContainText('harness.tool_call.succeeded');
  });
});

test('a session whose status file is gone still opens, saying so; a trace of rejected lines only shows each reason', async ({ page }) => {
  await servedTempTree('li-e2e-bad-sessions-', (root) => {
    cpSync(SESSIONS, root, { recursive: true });
    const sessions = join(root, '.little-harness', 'sessions');
    unlinkSync(join(sessions, 'sess_failing', 'status.json'));
    mkdirSync(join(sessions, 'sess_allbad'));
    writeFileSync(join(sessions, 'sess_allbad', 'status.json'), JSON.stringify({ id: 'sess_allbad', state: 'idle', pathKey: 'sess_allbad' }));
    writeFileSync(join(sessions, 'sess_allbad', 'trace.ndjson'), `not json\n${JSON.stringify({ schemaVersion: 'lh.trace.v1', eventId: 'evt_1', sequence: 1 })}\n`);
  }, async (served) => {
    await page.goto(served.url);
    const panel = page.getByRole('region', { name: 'little-harness sessions' });
    await expect(panel.getByRole('row').filter({ hasText: 'sess_failing' })).toContainText('status file unreadable');
    await panel.getByRole('link', { name: 'sess_failing' }).click();
    const view = page.getByRole('region', { name: 'Session sess_failing' });
    await expect(view.getByRole('note')).toContainText('has no status.json. little-harness itself reports this session as not found');
    await expect(view).toHaveAttribute('data-events', '15');
    await page.screenshot({ path: join(shots, 'session-no-status.png'), fullPage: true });
    await page.goto(`${served.url.split('#')[0]}#/session/sess_allbad?dir=.little-harness`);
    const bad = page.getByRole('region', { name: 'Session sess_allbad' });
    await expect(bad.getByRole('note')).toContainText("None of the trace's 2 lines is an event little-harness accepts");
    await expect(bad.locator('.session-item.kind-invalid')).toHaveText([/line 1 rejected: not JSON/, /line 2 rejected: schemaVersion/]);
    await page.screenshot({ path: join(shots, 'session-all-rejected.png'), fullPage: true });
  });
});

test('a long session draws 500 lines at a time and the calls and failures on its strip; a mark past them opens its item', async ({ page }) => {
  await servedTempTree('li-e2e-long-session-', (root) => {
    const dir = join(root, '.little-harness', 'sessions', 'sess_long');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'status.json'), JSON.stringify({ id: 'sess_long', state: 'idle', pathKey: 'sess_long' }));
    const at = (n: number) => new Date(Date.UTC(2026, 10, 21, 9, 0, 0) + n * 100).toISOString();
    const event = (sequence: number, type: string, metadata: Record<string, unknown>) => JSON.stringify({ schemaVersion: 'lh.trace.v2', eventId: `evt_${sequence}`, sequence, type, sessionId: 'sess_long', timestamp: at(sequence), metadata });
    const lines = Array.from({ length: 2500 }, (_, i) => event(i + 1, 'harness.runtime.command.started', { command: `echo ${i + 1}` }));
    const tool = { toolName: 'bash', toolCallId: 'call_last', caller: 'model' };
    lines.push(event(2501, 'harness.tool_call.started', tool), event(2502, 'harness.tool_call.succeeded', tool));
    writeFileSync(join(dir, 'trace.ndjson'), `${lines.join('\n')}\n`);
  }, async (served) => {
    await page.goto(`${served.url}#/session/sess_long?dir=.little-harness`);
    const view = page.getByRole('region', { name: 'Session sess_long' });
    await expect(view.locator('.session-item')).toHaveCount(500);
    await expect(view.locator('.session-timeline figcaption')).toHaveText('2,500 other events are not drawn (calls and failures are); all are listed below.');
    await view.getByRole('button', { name: 'Show 500 more of 2,001 further lines' }).click();
    await expect(view.locator('.session-item')).toHaveCount(1000);
    // The tool call is the last line: a click on its mark draws every line up to it and focuses it.
    await view.getByRole('button', { name: 'tool bash call_last · succeeded' }).click();
    await expect(view.locator('.session-item.kind-tool-call')).toBeFocused();
    await expect(view.locator('.session-item')).toHaveCount(2501);
    await expect(view.getByRole('button', { name: /^Show .* more/ })).toHaveCount(0);
  });
});
