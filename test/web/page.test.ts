// The web page in a real browser: Debian's chromium (no browser download), driven by
// playwright-core, loading the page from `bredon serve` (which sends the cross-origin isolation
// headers, so the engine's threads share memory). It gets a best move for a 6x6 position, plays
// moves by clicking and typing, analyses and stops, and saves a screenshot that must not be blank.
// Without chromium the test is skipped with a message saying how to get it.

import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMove } from '../../src/core/makemove.js';
import { isLegalMove } from '../../src/core/movegen.js';
import { parseMove } from '../../src/notation/ptn-move.js';
import { parseTps } from '../../src/notation/tps.js';
import { Server } from '../serve/client.js';
import { REPO } from '../shared.js';
import { colourStats, decodePng } from './png.js';

// What the functions run inside the page see (this file compiles without the DOM's types).
declare const document: { querySelector(s: string): { textContent: string | null } | null; querySelectorAll(s: string): { length: number } };

const CHROMIUM = process.env['BREDON_CHROMIUM'] ?? '/usr/bin/chromium';
const HAVE_CHROMIUM = existsSync(CHROMIUM);
if (!HAVE_CHROMIUM) {
  console.warn(`skipping the browser test: no chromium at ${CHROMIUM} (apt-get install -y chromium, or set BREDON_CHROMIUM)`);
}

// A 6x6 opening position, White to move at move 4.
const TPS = 'x6/x6/x2,1,2,x2/x2,1,2,x2/x6/2,x5 1 4';
export const SCREENSHOT = join(REPO, 'dist', 'screenshots', 'page.png');

type Context = import('playwright-core').BrowserContext;
let server: Server;
let browser: Context;
let profile: string;

describe.skipIf(!HAVE_CHROMIUM)('the web page in chromium', () => {
  beforeAll(async () => {
    server = new Server(['--max-connections', '1']);
    await server.ready;
    const { chromium } = await import('playwright-core');
    profile = mkdtempSync(join(tmpdir(), 'bredon-chromium-'));
    // A fresh profile directory (playwright passes it as --user-data-dir).
    browser = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      viewport: { width: 1280, height: 860 },
      headless: true,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  });

  afterAll(async () => {
    await browser?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
    await server?.stop();
  });

  it('gets a best move, takes clicked and typed moves, analyses, and draws a board', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console: ${m.text()}`);
    });
    const t0 = performance.now();
    await page.goto(`${server.pageUrl}#tps=${encodeURIComponent(TPS)}&komi=4`);
    await page.waitForSelector('#engine-status[data-state="ready"]', { timeout: 20_000 });
    expect(await page.evaluate(() => (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated)).toBe(true);
    expect(await page.textContent('#tps')).toBe(TPS);

    // The engine's move: a best move for the position, played on the board.
    await page.click('#engine-move');
    await page.waitForSelector('#bestmove[data-count="1"]', { timeout: 20_000 });
    const firstMoveMs = performance.now() - t0;
    const best = (await page.textContent('#bestmove'))!.trim();
    const searchMs = Number(await page.getAttribute('#bestmove', 'data-ms'));
    const root = parseTps(TPS);
    expect(isLegalMove(root, parseMove(best, 6))).toBe(true);
    console.log(`page: first best move ${best} ${firstMoveMs.toFixed(0)} ms after navigation (search ${searchMs} ms at 1 s per move)`);
    await page.waitForFunction(() => document.querySelectorAll('#moves span').length === 1);
    makeMove(root, parseMove(best, 6));

    // A placement by clicking (Black is to move now: a flat on f1), then a typed move for White.
    await page.click('#board rect[data-square="f1"]');
    await page.waitForFunction(() => document.querySelectorAll('#moves span').length === 2);
    makeMove(root, parseMove('f1', 6));
    const typed = ['e1', 'e2', 'b6'].find((m) => isLegalMove(root, parseMove(m, 6)))!;
    await page.fill('#move-input', typed);
    await page.press('#move-input', 'Enter');
    await page.waitForFunction(() => document.querySelectorAll('#moves span').length === 3);
    makeMove(root, parseMove(typed, 6));
    // A bad typed move is refused with a reason, and nothing is played.
    await page.fill('#move-input', 'z9');
    await page.press('#move-input', 'Enter');
    await page.waitForSelector('#hint.bad');
    expect(await page.locator('#moves span').count()).toBe(3);

    // Analysis: lines come in live, and Stop ends the search.
    await page.click('#analyse');
    await page.waitForFunction(() => Number(document.querySelector('#depth')?.textContent) >= 3, undefined, { timeout: 20_000 });
    await page.click('#analyse');
    await page.waitForSelector('#bestmove[data-count="2"]', { timeout: 10_000 });
    const answer = (await page.textContent('#bestmove'))!.trim();
    expect(isLegalMove(root, parseMove(answer, 6))).toBe(true);
    // Black to move at move 5: the line is numbered from there.
    expect((await page.textContent('#pv'))!.split(' ').slice(0, 2)).toEqual(['5…', answer]);
    expect(Number((await page.getAttribute('#eval-white', 'style'))!.replace(/[^\d.]/g, ''))).toBeGreaterThan(0);

    // A pasted position, and a spread entered by clicks: pick up c3's two, drop one on c2, one on c1.
    await page.fill('#load-text', 'x6/x6/x2,1,2,x2/x2,21,2,x2/x6/2,x5 1 5');
    await page.click('#load');
    await page.waitForFunction(() => document.querySelector('#tps')?.textContent === 'x6/x6/x2,1,2,x2/x2,21,2,x2/x6/2,x5 1 5');
    for (const sq of ['c3', 'c2', 'c1']) await page.click(`#board rect[data-square="${sq}"]`);
    await page.waitForFunction(() => document.querySelector('#moves span')?.textContent === '2c3-11');
    expect(await page.textContent('#tps')).toBe('x6/x6/x2,1,2,x2/x3,2,x2/x2,2,x3/2,x,1,x3 2 5');

    // The screenshot: a real board, not a blank page.
    mkdirSync(join(REPO, 'dist', 'screenshots'), { recursive: true });
    const png = await page.screenshot({ fullPage: false });
    writeFileSync(SCREENSHOT, png);
    const stats = colourStats(decodePng(png));
    expect(stats.distinct).toBeGreaterThan(50);
    expect(stats.commonestShare).toBeLessThan(0.8);
    const board = decodePng(await page.locator('#board').screenshot());
    expect(colourStats(board).distinct).toBeGreaterThan(20);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('searches with one thread and stops it by ending it on a page without shared memory', async () => {
    // A plain static server: no cross-origin isolation headers, so no SharedArrayBuffer.
    const plain = createServer((req, res) => {
      const name = new URL(req.url ?? '/', 'http://x').pathname.replace(/^\/$/, '/index.html').slice(1);
      try {
        const body = readFileSync(join(REPO, 'dist', 'web', basename(name)));
        res.writeHead(200, { 'Content-Type': name.endsWith('.js') ? 'text/javascript' : name.endsWith('.css') ? 'text/css' : name.endsWith('.svg') ? 'image/svg+xml' : 'text/html' });
        res.end(body);
      } catch {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    try {
      await page.goto(`http://127.0.0.1:${(plain.address() as AddressInfo).port}/#tps=${encodeURIComponent(TPS)}`);
      await page.waitForSelector('#engine-status[data-state="ready"]', { timeout: 20_000 });
      expect(await page.evaluate(() => (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated)).toBe(false);
      expect(await page.isDisabled('#threads')).toBe(true);
      await page.click('#analyse');
      await page.waitForFunction(() => Number(document.querySelector('#depth')?.textContent) >= 3, undefined, { timeout: 20_000 });
      await page.click('#analyse');
      await page.waitForSelector('#bestmove[data-count="1"]', { timeout: 10_000 });
      const root = parseTps(TPS);
      expect(isLegalMove(root, parseMove((await page.textContent('#bestmove'))!.trim(), 6))).toBe(true);
      // The stopped thread was replaced: the next search works.
      await page.click('#engine-move');
      await page.waitForSelector('#bestmove[data-count="2"]', { timeout: 20_000 });
      expect(isLegalMove(root, parseMove((await page.textContent('#bestmove'))!.trim(), 6))).toBe(true);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
      plain.close();
    }
  });
});
