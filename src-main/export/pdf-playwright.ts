/**
 * PDF from report HTML with Chromium through Playwright (the CLI and browser mode): an offline
 * context with JavaScript disabled and every request refused, printing the page as A4.
 */
import { existsSync } from 'node:fs';
import type { PdfRenderer } from './export-service';

/** The Chromium binary: `$CHROMIUM_PATH`, else Debian's. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

/** The offline flags of playwright.config.ts: no background traffic, no GPU, no sandbox (containers). */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** A renderer, or the one-sentence reason there is none on this machine. */
export type ChromiumPdf = { ok: true; render: PdfRenderer } | { ok: false; reason: string };

type PlaywrightModule = typeof import('playwright-core');

/** Find Chromium and Playwright; the renderer launches a fresh browser per PDF and closes it. */
export async function chromiumPdfRenderer(): Promise<ChromiumPdf> {
  const executablePath = chromiumPath();
  if (!existsSync(executablePath)) return { ok: false, reason: `PDF export needs Chromium, which was not found at ${executablePath} (set CHROMIUM_PATH, or export HTML and print it).` };
  let playwright: PlaywrightModule;
  try {
    // A variable specifier keeps the bundler from inlining Playwright into the CLI bundle.
    const name = 'playwright-core';
    playwright = (await import(name)) as PlaywrightModule;
  } catch {
    return { ok: false, reason: 'PDF export needs Playwright (playwright-core), which is not installed here; export HTML and print it instead.' };
  }
  return { ok: true, render: (html) => renderWith(playwright, executablePath, html) };
}

async function renderWith(playwright: PlaywrightModule, executablePath: string, html: string): Promise<Uint8Array> {
  const browser = await playwright.chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ javaScriptEnabled: false, offline: true });
    // setContent loads no URL; anything the page asked for (it asks for nothing) is refused.
    await context.route('**/*', (route) => route.abort());
    const page = await context.newPage();
    await page.setContent(html, { waitUntil: 'load' });
    await page.emulateMedia({ media: 'print' });
    const pdf = await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
    return new Uint8Array(pdf);
  } finally {
    await browser.close();
  }
}

/** A PdfRenderer for browser mode: Chromium through Playwright, or a thrown one-sentence reason. */
export async function playwrightPdf(html: string): Promise<Uint8Array> {
  const chromium = await chromiumPdfRenderer();
  if (!chromium.ok) throw new Error(chromium.reason);
  return chromium.render(html);
}
