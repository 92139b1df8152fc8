// Opens the HTML report in real headless Chromium: it must render (non-trivial screenshot), show a student's
// <script> as text, and run no script at all. Skips only when /usr/bin/chromium is missing.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { renderHtml, renderHtmlIndex } from '../harness/report/html.js';
import { HOSTILE, hangmanReport, hostileReport } from './fixtures-report/sample-reports.js';

const CHROMIUM = '/usr/bin/chromium';
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium) console.warn(`report-html-browser: skipped, ${CHROMIUM} not found (install it with: apt-get install -y chromium)`);

describe.skipIf(!haveChromium)('HTML report in headless Chromium', () => {
  let browser: Browser;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'gradekit-html-'));
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
  });
  afterAll(async () => {
    await browser?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function open(name: string, html: string) {
    const file = join(dir, name);
    writeFileSync(file, html);
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    const requests: string[] = [];
    const dialogs: string[] = [];
    page.on('request', (r) => { if (!r.url().startsWith('file:')) requests.push(r.url()); });
    page.on('dialog', (d) => { dialogs.push(d.message()); void d.dismiss(); });
    await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
    return { page, requests, dialogs };
  }

  it('shows a printed <script> as text and runs no script', async () => {
    const { page, requests, dialogs } = await open('hostile.html', renderHtml(hostileReport()));
    const state = await page.evaluate(() => {
      const g = globalThis as unknown as { __pwned?: number; document: { querySelectorAll(s: string): { length: number }; body: { innerText: string } } };
      return { pwned: g.__pwned ?? null, scripts: g.document.querySelectorAll('script').length, imgs: g.document.querySelectorAll('img').length, text: g.document.body.innerText };
    });
    expect(state.pwned).toBeNull();
    expect(state.scripts).toBe(0);
    expect(state.imgs).toBe(0);
    expect(dialogs).toEqual([]);
    expect(requests).toEqual([]);
    expect(state.text).toContain(HOSTILE);
    expect(state.text).toContain('game with <b>markup</b> & "quotes"');
    await page.close();
  });

  it('control: the same check does see a script that runs (so the test above can fail)', async () => {
    const { page } = await open('control.html', `<!doctype html><body><script>window.__pwned = 1</script></body>`);
    expect(await page.evaluate(() => (globalThis as unknown as { __pwned?: number }).__pwned ?? null)).toBe(1);
    await page.close();
  });

  it('renders a non-trivial page and takes a screenshot', async () => {
    const { page, requests } = await open('hangman.html', renderHtml(hangmanReport()));
    const png = join(dir, 'hangman.png');
    await page.screenshot({ path: png, fullPage: true });
    const bytes = readFileSync(png);
    expect(bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
    const width = bytes.readUInt32BE(16);
    const height = bytes.readUInt32BE(20);
    expect(width).toBe(1200);
    expect(height).toBeGreaterThan(900); // full page: the report is longer than one screen
    expect(bytes.length).toBeGreaterThan(20_000);
    // Styles applied (inline CSS works offline): a failing test is open, a passing one collapsed.
    const layout = await page.evaluate(() => {
      const d = (globalThis as any).document;
      return {
        failedOpen: d.querySelector('details.test.failed').open,
        passedOpen: d.querySelector('details.test.passed').open,
        sbsRows: d.querySelectorAll('table.sbs tr.changed').length,
        font: (globalThis as any).getComputedStyle(d.body).fontFamily,
      };
    });
    expect(layout).toMatchObject({ failedOpen: true, passedOpen: false, sbsRows: 2 });
    expect(layout.font).toContain('system-ui');
    expect(requests).toEqual([]);
    await page.close();
  });

  it('renders the batch index with working relative links', async () => {
    const { page } = await open('index.html', renderHtmlIndex([hangmanReport(), hostileReport()]));
    const links = await page.evaluate(() => [...(globalThis as any).document.querySelectorAll('a')].map((a: any) => a.getAttribute('href')));
    expect(links).toEqual(['submissions/submissions_alice_hangman.py.html', 'submissions/HYPERLINK_http_evil.example_click_.html']);
    await page.close();
  });
});
