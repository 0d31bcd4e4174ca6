/**
 * Lighthouse (mobile, its default simulated throttling) on the sign-in page and on a signed-in
 * plant overview: starts the built server as `npm start` does (embedded demo, free ports, a
 * temporary data folder; `npm run build` first), signs the owner in through the form in
 * Debian's chromium driven by Playwright, and lets Lighthouse audit pages in that same browser
 * over its debugging port with the stored session kept (the once-a-version release notes already
 * acknowledged). Prints performance, accessibility and
 * best-practices scores and LCP, TBT and CLS per page; asserts nothing. Scores move with the
 * machine's load: read them beside the load average it prints. BENCH_LIGHTHOUSE_RUNS runs each
 * page that many times and keeps the median performance run (default 1). BENCH_LIGHTHOUSE_JSON
 * names a folder to write each page's full Lighthouse report into, to see what costs the time.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import lighthouse from 'lighthouse';
import { acknowledgeVersionDialog } from '../e2e/src/browser.js';
import { freePort } from '../e2e/src/free-port.js';
import { startServer } from '../e2e/src/server.js';
import { printTable, runBench } from './harness/report.js';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1);
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const REPORT_DIR = process.env.BENCH_LIGHTHOUSE_JSON;
const OWNER = { email: 'owner@example.com', password: 'Solar2026' };

interface Figures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

async function signIn(page: Page, baseUrl: string): Promise<string> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('E-mail').fill(OWNER.email);
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForSelector('.shell-content', { timeout: 60_000 });
  // The release notes open once per version; the page of every day is the one after.
  await acknowledgeVersionDialog(page);
  // The owner's own plant: its overview is the page owners look at every day.
  await page.goto(`${baseUrl}/plants`);
  const link = page.locator('.shell-content a[href^="/plants/overview/"]').first();
  await link.waitFor({ timeout: 60_000 });
  const href = await link.getAttribute('href');
  if (!href) throw new Error('the owner sees no plant overview');
  return `${baseUrl}${href}`;
}

async function audit(url: string, port: number, name: string): Promise<Figures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    // Keeps the signed-in session that Playwright stored in this browser profile.
    disableStorageReset: true,
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  if (REPORT_DIR) {
    await mkdir(REPORT_DIR, { recursive: true });
    await writeFile(
      path.join(REPORT_DIR, `${name}-${Date.now()}.json`),
      JSON.stringify(result.lhr),
    );
  }
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
  };
}

async function medianRun(url: string, port: number, name: string): Promise<Figures> {
  const runs: Figures[] = [];
  for (let run = 0; run < RUNS; run += 1) runs.push(await audit(url, port, name));
  runs.sort((a, b) => a.performance - b.performance);
  return runs[Math.floor(runs.length / 2)]!;
}

async function main(): Promise<void> {
  const server = await startServer();
  const profile = await mkdtemp(path.join(os.tmpdir(), 'bench-lighthouse-'));
  const port = await freePort();
  let context: BrowserContext | null = null;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: [`--remote-debugging-port=${port}`, '--no-sandbox', '--disable-gpu'],
    });
    const page = context.pages()[0] ?? (await context.newPage());
    const overview = await signIn(page, server.baseUrl);
    const overviewFigures = await medianRun(overview, port, 'overview');
    // Signed out (a fresh page in the same browser would be redirected into the shell).
    await page.evaluate(() => localStorage.clear());
    const signInFigures = await medianRun(`${server.baseUrl}/login`, port, 'sign-in');
    const rows = [
      ['sign-in page', signInFigures],
      ['plant overview (owner)', overviewFigures],
    ] as const;
    printTable(
      `Lighthouse, mobile (median of ${RUNS} run(s)); load average ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores`,
      ['page', 'performance', 'accessibility', 'best practices', 'LCP ms', 'TBT ms', 'CLS'],
      rows.map(([name, f]) => [
        name,
        String(f.performance),
        String(f.accessibility),
        String(f.bestPractices),
        f.lcpMs.toFixed(0),
        f.tbtMs.toFixed(0),
        f.cls.toFixed(3),
      ]),
    );
  } finally {
    await context?.close();
    await rm(profile, { recursive: true, force: true });
    await server.stop();
  }
}

runBench(main);
