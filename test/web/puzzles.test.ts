// The page's puzzle mode in a real browser (Debian's chromium driven by playwright-core, from
// `bredon serve`, as test/web/page.test.ts): a puzzle of data/puzzles/6x6.jsonl is shown with its
// task and rating, a wrong move is refused, the solution's moves typed as a player types them are
// taken with Bredon's defences played back, and the solved puzzle raises the rating. Screenshot:
// dist/screenshots/puzzle.png (the page mid-puzzle), copied to docs/puzzle-mode.png when
// BREDON_DOCS_SCREENSHOT is set. No timing is asserted.

import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalMoves } from '../../src/core/movegen.js';
import { formatMove } from '../../src/notation/ptn-move.js';
import { parseTps } from '../../src/notation/tps.js';
import { parsePuzzleFile } from '../../src/puzzles/format.js';
import { Server } from '../serve/client.js';
import { readRepo, REPO } from '../repo.js';
import { HAVE_CHROMIUM, servePage, type Context } from './chromium.js';

const SCREENSHOTS = join(REPO, 'dist', 'screenshots');

let server: Server;
let browser: Context;
let close: (() => Promise<void>) | undefined;

describe.skipIf(!HAVE_CHROMIUM)('the puzzle mode in chromium', () => {
  beforeAll(async () => {
    ({ server, browser, close } = await servePage());
  });
  afterAll(async () => close?.());

  it('shows a puzzle, refuses a wrong move, plays the defences and counts the solve', async () => {
    const puzzles = new Map(parsePuzzleFile(readRepo('data/puzzles/6x6.jsonl')).map((p) => [p.id, p]));
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    try {
      await page.goto(server.pageUrl);
      await page.waitForSelector('#puzzle-rating:has-text("your rating 1200")', { timeout: 30_000 });
      await page.click('#puzzle-next');
      await page.waitForSelector('#puzzle-card:not([data-puzzle=""])', { timeout: 30_000 });
      const id = (await page.getAttribute('#puzzle-card', 'data-puzzle'))!;
      const p = puzzles.get(id)!;
      expect(p).toBeDefined();
      expect(await page.textContent('#puzzle-task')).toContain(p.side === 'white' ? 'White to play' : 'Black to play');
      expect(await page.textContent('#tps')).toBe(p.tps);

      const line = p.solution[0]!.split(' ');
      const wrong = legalMoves(parseTps(p.tps)).map((m) => formatMove(m, 6)).find((m) => m !== line[0])!;
      await page.fill('#move-input', wrong);
      await page.press('#move-input', 'Enter');
      await page.waitForSelector('#puzzle-status:has-text("Not the move")');
      expect(await page.textContent('#tps')).toBe(p.tps);
      // A wrong first try counts as a loss: the rating falls, once.
      const after = Number((await page.textContent('#puzzle-rating'))!.match(/rating (\d+)/)![1]);
      expect(after).toBeLessThan(1200);

      for (let i = 0; i < line.length; i += 2) {
        await page.fill('#move-input', line[i]!);
        await page.press('#move-input', 'Enter');
        if (i + 1 < line.length) {
          await page.waitForSelector(`#moves span:has-text("${line[i + 1]}")`, { timeout: 10_000 });
          if (i === 0) {
            mkdirSync(SCREENSHOTS, { recursive: true });
            await page.screenshot({ path: join(SCREENSHOTS, 'puzzle.png') });
          }
        }
      }
      await page.waitForSelector('#puzzle-status:has-text("Solved")', { timeout: 10_000 });
      const moves = (await page.locator('#moves span').allTextContents()).filter((m) => m !== '…');
      expect(moves.map((m) => m.replace(/[?'!]+$/, ''))).toEqual(line);
      // The second attempt of a puzzle tried already does not count again.
      expect(Number((await page.textContent('#puzzle-rating'))!.match(/rating (\d+)/)![1])).toBe(after);
      expect(problems).toEqual([]);
      if (process.env['BREDON_DOCS_SCREENSHOT']) copyFileSync(join(SCREENSHOTS, 'puzzle.png'), join(REPO, 'docs', 'puzzle-mode.png'));
    } finally {
      await page.close();
    }
  });
});
