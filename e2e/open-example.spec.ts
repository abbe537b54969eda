import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './serve-fixture';

const shots = join(__dirname, 'screenshots');

test('opens the bundled example and lists its runs with their statuses', async ({ page, demo }) => {
  await page.goto(demo.url);
  await expect(page.getByRole('heading', { name: 'Little Inspector' })).toBeVisible();
  const rows = page.locator('[role="row"][data-run-id]');
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeGreaterThanOrEqual(3);
  for (const status of ['completed', 'failed', 'crashed']) {
    await expect(page.locator(`.badge-${status}`).first()).toBeVisible();
  }
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: join(shots, `run-list-${scheme}.png`), fullPage: true });
  }
});

test('a path that does not exist gives a clear message and keeps the current library', async ({ page, demo }) => {
  await page.goto(demo.url);
  await expect(page.locator('[role="row"][data-run-id]').first()).toBeVisible();
  await page.getByLabel('Data directory path').fill('/definitely/not/here');
  await page.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByRole('alert')).toContainText('path-not-found');
  await expect(page.locator('[role="row"][data-run-id]').first()).toBeVisible();
  await page.screenshot({ path: join(shots, 'open-error.png') });
});

test('an empty folder is reported, not opened', async ({ page, demo }) => {
  const empty = mkdtempSync(join(tmpdir(), 'li-empty-'));
  try {
    await page.goto(demo.url);
    await page.getByLabel('Data directory path').fill(empty);
    await page.getByRole('button', { name: 'Open' }).click();
    await expect(page.getByRole('alert')).toContainText(/empty-dir|not-a-data-dir/);
  } finally {
    rmSync(empty, { recursive: true, force: true });
  }
});

test('browser mode refuses requests without the token and from foreign origins', async ({ playwright, demo }) => {
  const anonymous = await playwright.request.newContext();
  try {
    // The page itself is the public renderer build; every data request needs the token.
    expect((await anonymous.get(`${demo.origin}/`)).status()).toBe(200);
    expect((await anonymous.post(`${demo.origin}/api/call/library.current`, { data: {} })).status()).toBe(401);
    const foreign = await anonymous.post(`${demo.origin}/api/call/library.current?token=${demo.token}`, {
      data: {},
      headers: { Origin: 'http://evil.example' },
    });
    expect(foreign.status()).toBe(403);
    const ok = await anonymous.post(`${demo.origin}/api/call/library.current?token=${demo.token}`, { data: {} });
    expect(ok.status()).toBe(200);
    expect((await ok.json()).ok).toBe(true);
  } finally {
    await anonymous.dispose();
  }
});

test('a run opens from the list and by deep link', async ({ page, demo }) => {
  await page.goto(demo.url);
  const link = page.locator('[role="row"][data-run-id] a').first();
  const runId = (await link.textContent())!;
  await link.click();
  await expect(page.getByRole('heading', { name: runId })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Run views' })).toBeVisible();
  await page.goto(`${demo.origin}/#/run/${runId}/costs`);
  await expect(page.getByRole('link', { name: 'Costs' })).toHaveAttribute('aria-current', 'page');
  await page.goto(`${demo.origin}/#/run/run_missing`);
  await expect(page.getByRole('alert')).toContainText('No run');
});

test('the run list has no serious accessibility violations in light and dark', async ({ page, demo }) => {
  await page.goto(demo.url);
  await expect(page.locator('[role="row"][data-run-id]').first()).toBeVisible();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectNoSeriousA11yViolations(page, `run list (${scheme})`);
  }
});

test('the accessibility scan does catch a violation (an image without alt text)', async ({ page, demo }) => {
  await page.goto(demo.url);
  await page.evaluate(() => {
    const img = document.createElement('img');
    img.src = 'data:,';
    document.body.appendChild(img);
  });
  await expect(expectNoSeriousA11yViolations(page)).rejects.toThrow(/image-alt/);
});

test('the token stays home: not in the address after load, not in a cookie another local port receives', async ({ page, demo }) => {
  const seen: IncomingHttpHeaders[] = [];
  const foreign = createServer((req, res) => {
    seen.push({ ...req.headers, url: req.url });
    res.end('<!doctype html><title>foreign</title>');
  });
  await new Promise<void>((done) => foreign.listen(0, '127.0.0.1', done));
  try {
    await page.goto(demo.url);
    await expect(page.locator('[role="row"][data-run-id]').first()).toBeVisible();
    expect(page.url()).not.toContain(demo.token);
    // A reload and a pasted run link (same tab) still work without the token in the address.
    const runId = (await page.locator('[role="row"][data-run-id] a').first().textContent())!;
    await page.goto(`${demo.origin}/#/run/${runId}`);
    await expect(page.getByRole('heading', { name: runId })).toBeVisible();
    expect(page.url()).not.toContain(demo.token);
    expect((await page.context().cookies()).map((c) => c.value).join(' ')).not.toContain(demo.token);

    // Another server on the same host, other port: the browser sends it nothing of ours.
    const port = (foreign.address() as AddressInfo).port;
    await page.goto(`http://127.0.0.1:${port}/probe`);
    expect(seen.some((h) => h.url === '/probe')).toBe(true);
    expect(JSON.stringify(seen)).not.toContain(demo.token);
  } finally {
    await new Promise<void>((done) => foreign.close(() => done()));
  }
});
