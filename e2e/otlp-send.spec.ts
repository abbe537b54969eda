/**
 * "Send to tracing backend…" in browser mode: the dialog sends a run to an OTLP receiver the
 * spec starts on loopback (decoded with OpenTelemetry's own definitions) and says how many spans
 * went; a refusing backend's status and answer are shown; a kept secret header is never put
 * back into the page. Screenshots: e2e/screenshots/otlp-send-*.png.
 */
import { createServer } from 'node:net';
import { join } from 'node:path';
import { expectNoSeriousA11yViolations } from './axe';
import { chooseRunMenu } from './run-menu';
import { expect, serve, test, type Served } from './serve-fixture';
import { startOtlpReceiver, type OtlpReceiver } from '../test/support/otlp-receiver';
import { exportFixture } from '../test/support/export-fixtures';

const shots = join(__dirname, 'screenshots');
const SECRET = 'Bearer e2e-secret-token-7f3a';
let receiver: OtlpReceiver;
let served: Served;

test.beforeAll(async () => {
  receiver = await startOtlpReceiver();
  served = await serve(join(__dirname, '..', 'examples'));
});
test.afterAll(async () => {
  await served.stop();
  await receiver.close();
});

test('sends a run to a test receiver, then shows a refusing backend\'s status and answer', async ({ page }) => {
  const run = exportFixture('completed');
  await page.goto(`${served.url}#/run/${run.runId}`);
  await chooseRunMenu(page, 'Send to tracing backend…');
  const dialog = page.getByRole('dialog', { name: 'Send to tracing backend' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(/Include message contents/)).not.toBeChecked();
  await dialog.getByLabel('Endpoint (OTLP/HTTP)').fill(receiver.url);
  await dialog.getByLabel('Protocol').selectOption('http/json');
  await dialog.getByRole('button', { name: 'Add header' }).click();
  await dialog.getByLabel('Header 1 name').fill('Authorization');
  await dialog.getByLabel('Header 1 value').fill(SECRET);
  await expect(dialog.getByLabel('Header 1 value')).toHaveAttribute('type', 'password');
  await dialog.getByRole('button', { name: 'Send run' }).click();

  const done = dialog.getByRole('status').filter({ hasText: /^Sent \d+ spans of 1 run/ });
  await expect(done).toBeVisible();
  // The same words as a toast, there once the dialog is closed.
  await expect(page.locator('.toast-success').first()).toContainText(/^Sent \d+ spans of 1 run to http:\/\/127\.0\.0\.1/);
  const spans = Number(/Sent (\d+) spans/.exec((await done.textContent()) ?? '')![1]);
  const received = receiver.spans().filter((s) => s.attributes['little.run.id'] === run.runId);
  expect(received.length).toBe(spans);
  expect(spans).toBeGreaterThan(1);
  expect(receiver.requests.at(-1)!.headers.authorization).toBe(SECRET);
  expect(receiver.requests.at(-1)!.contentType).toContain('json');
  await expectNoSeriousA11yViolations(page, 'otlp send dialog');
  await page.screenshot({ path: join(shots, 'otlp-send-done.png') });

  receiver.refuseWith(401, 'invalid credentials for this project');
  await dialog.getByRole('button', { name: 'Send run' }).click();
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('refused the export with HTTP 401');
  await expect(alert).toContainText('invalid credentials for this project');
  await page.screenshot({ path: join(shots, 'otlp-send-refused.png') });
  receiver.refuseWith(null);

  // Closed and opened again: the secret is kept by the server, never put back into the page.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await chooseRunMenu(page, 'Send to tracing backend…');
  await expect(dialog.getByLabel('Header 1 value')).toHaveValue('');
  await expect(dialog.getByLabel('Header 1 value')).toHaveAttribute('placeholder', /kept/);
  expect(await page.content()).not.toContain('e2e-secret-token');
  const before = receiver.requests.length;
  await dialog.getByRole('button', { name: 'Send run' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: /^Sent \d+ spans/ })).toBeVisible();
  expect(receiver.requests.slice(before).every((r) => r.headers.authorization === SECRET)).toBe(true);
});

test('sends after the latest GenAI conventions when chosen, keeps the choice, and shows an endpoint\'s userinfo only as ***', async ({ page }) => {
  const run = exportFixture('completed');
  await page.goto(`${served.url}#/run/${run.runId}`);
  await chooseRunMenu(page, 'Send to tracing backend…');
  const dialog = page.getByRole('dialog', { name: 'Send to tracing backend' });
  const conventions = dialog.getByLabel('GenAI conventions');
  await expect(conventions).toHaveValue('1.45');
  await conventions.selectOption('latest');
  // A header kept from another test would win over the URL's userinfo: take it away.
  const remove = dialog.getByRole('button', { name: 'Remove header 1' });
  if ((await remove.count()) > 0) await remove.click();
  await dialog.getByLabel('Endpoint (OTLP/HTTP)').fill(receiver.url.replace('http://', 'http://e2e-user:e2e-pass-91xq@'));
  const before = receiver.requests.length;
  await dialog.getByRole('button', { name: 'Send run' }).click();
  const done = dialog.getByRole('status').filter({ hasText: /^Sent \d+ spans of 1 run/ });
  await expect(done).toBeVisible();
  await expect(done).toContainText('http://***@127.0.0.1');
  const spans = receiver.requests.slice(before).flatMap((r) => r.spans);
  expect(spans.length).toBeGreaterThan(1);
  expect(spans.every((s) => typeof s.attributes['gen_ai.conversation.id'] === 'string')).toBe(true);
  expect(spans.some((s) => 'gen_ai.workflow.name' in s.attributes)).toBe(false);
  expect(receiver.requests.at(-1)!.headers.authorization).toBe(`Basic ${Buffer.from('e2e-user:e2e-pass-91xq').toString('base64')}`);
  await page.screenshot({ path: join(shots, 'otlp-send-latest.png') });

  // Opened again: the choice is kept, the password is not put back into the page.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await chooseRunMenu(page, 'Send to tracing backend…');
  await expect(dialog.getByLabel('GenAI conventions')).toHaveValue('latest');
  await expect(dialog.getByLabel('Endpoint (OTLP/HTTP)')).toHaveValue(/^http:\/\/\*\*\*@127\.0\.0\.1:/);
  expect(await page.content()).not.toContain('e2e-pass-91xq');
  await dialog.getByLabel('GenAI conventions').selectOption('1.45');
  await dialog.getByRole('button', { name: 'Close' }).click();
});

test('the run list sends the runs its filters let through', async ({ page }) => {
  await page.goto(served.url);
  const button = page.getByRole('button', { name: /^Send all to tracing backend…$/ });
  await expect(button).toBeVisible();
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Send to tracing backend' });
  await expect(dialog).toContainText('in the list');
  await dialog.getByLabel('Endpoint (OTLP/HTTP)').fill(receiver.url);
  const before = new Set(receiver.spans().map((s) => s.traceId));
  await dialog.getByRole('button', { name: /^Send \d+ runs$/ }).click();
  await expect(dialog.getByRole('status').filter({ hasText: /^Sent \d+ spans of \d+ runs/ })).toBeVisible({ timeout: 30_000 });
  expect(new Set(receiver.spans().map((s) => s.traceId)).size).toBeGreaterThan(before.size);
  await page.screenshot({ path: join(shots, 'otlp-send-library.png') });
});

test('shows progress while a send runs, and Cancel stops a send the backend no longer answers', async ({ page }) => {
  await page.goto(served.url);
  await page.getByRole('button', { name: /^Send all to tracing backend…$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Send to tracing backend' });
  await dialog.getByLabel('Endpoint (OTLP/HTTP)').fill(receiver.url);
  // One request per run here: three are accepted, then the backend goes silent.
  receiver.hold(3);
  try {
    await dialog.getByRole('button', { name: /^Send \d+ runs$/ }).click();
    const status = dialog.getByRole('status').filter({ hasText: /spans sent · run \d+ of \d+/ });
    await expect(status).toContainText(/^[1-9][\d,]* spans sent · run 3 of \d+ \(\d+ \/ \d+ spans\)$/);
    const bar = dialog.getByRole('progressbar', { name: 'Sending spans' });
    expect(Number(await bar.getAttribute('value'))).toBeGreaterThan(0);
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeDisabled();
    await page.screenshot({ path: join(shots, 'otlp-send-progress.png') });
    await dialog.getByRole('button', { name: 'Cancel sending' }).click();
    await expect(dialog.getByRole('alert')).toContainText(/Cancelled.*spans were accepted/);
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeEnabled();
  } finally {
    receiver.release();
  }
});

test('two runs picked in the run list are sent together', async ({ page }) => {
  const picks = [exportFixture('completed'), exportFixture('failed')];
  await page.goto(served.url);
  // Each fixture run sits in its own (collapsed) data dir: search for it, then pick it; picks outlive the filter.
  for (const run of picks) {
    await page.getByLabel('Search runs by id, label or tag').fill(run.runId);
    await page.getByRole('checkbox', { name: `Pick ${run.runId} to compare` }).check();
  }
  await page.getByRole('region', { name: 'Compare runs' }).getByRole('button', { name: 'Send both to tracing backend…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send to tracing backend' });
  await expect(dialog).toContainText('2 picked runs');
  await dialog.getByLabel('Endpoint (OTLP/HTTP)').fill(receiver.url);
  const before = receiver.requests.length;
  await dialog.getByRole('button', { name: 'Send 2 runs' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: /^Sent \d+ spans of 2 runs/ })).toBeVisible();
  const runIds = new Set(receiver.requests.slice(before).flatMap((r) => r.spans.map((s) => s.attributes['little.run.id'])));
  expect(runIds).toEqual(new Set(picks.map((r) => r.runId)));
});

/** A loopback port nothing listens on: bound by the system, then closed again. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as { port: number };
  await new Promise<void>((closed) => server.close(() => closed()));
  return port;
}

// Last in this file: the dialog keeps the endpoint it was given for the next send.
test('a dead tracing endpoint is named in the dialog within seconds, not after the exporter\'s retries', async ({ page }) => {
  const run = exportFixture('completed');
  await page.goto(`${served.url}#/run/${run.runId}`);
  await chooseRunMenu(page, 'Send to tracing backend…');
  const dialog = page.getByRole('dialog', { name: 'Send to tracing backend' });
  const dead = `http://127.0.0.1:${await deadPort()}/v1/traces`;
  await dialog.getByLabel('Endpoint (OTLP/HTTP)').fill(dead);
  await dialog.getByRole('button', { name: 'Send run' }).click();
  // Within seconds: the exporter alone retries a refused connection for its whole 10 s timeout.
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('could not be reached: ECONNREFUSED', { timeout: 5_000 });
  await expect(alert).toContainText(dead.replace('/v1/traces', ''));
  await expect(alert).toContainText('Is the collector running');
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeEnabled();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectNoSeriousA11yViolations(page, `otlp send dead endpoint (${scheme})`);
    await page.screenshot({ path: join(shots, `otlp-send-dead-endpoint-${scheme}.png`) });
  }
});
