// The web page in a real browser: Debian's chromium (no browser download), driven by
// playwright-core, loading the page from `bredon serve` (which sends the cross-origin isolation
// headers, so the engine's threads share memory). It gets a best move for a 6x6 position, plays
// moves by clicking and typing, analyses and stops (the score a win chance, proven results in
// moves), and saves a screenshot that must not be blank; it plays the game mode against Bredon
// (replies, hidden thinking, undo, resignation, a game Bredon wins, and the reviews with their
// win-chance curves) and saves its screenshots. All along, what the engine card shows is recorded
// and checked to be of one search of the position on the board. Without chromium the test is
// skipped with a message saying how to get it.

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Annotator } from '../../src/annotate/analysis.js';
import { curvePoints } from '../../src/annotate/curve.js';
import { moveLabel, REVIEW_BUDGET } from '../../src/annotate/review.js';
import { makeMove } from '../../src/core/makemove.js';
import { isLegalMove } from '../../src/core/movegen.js';
import { parseMove } from '../../src/notation/ptn-move.js';
import { parsePtnGames } from '../../src/notation/ptn-game.js';
import { ptnFromLink } from '../../src/notation/ptn-ninja.js';
import { parseTps, startTps } from '../../src/notation/tps.js';
import { gamePtn } from '../../src/web/game-mode.js';
import { Server } from '../serve/client.js';
import { REPO } from '../repo.js';
import { colourStats, decodePng } from './png.js';
import { CHROMIUM, HAVE_CHROMIUM, servePage, type Context } from './chromium.js';

// What the functions run inside the page see (this file compiles without the DOM's types).
declare const document: { querySelector(s: string): { textContent: string | null } | null; querySelectorAll(s: string): { length: number } };
declare const bredonLegalMoves: () => string[];

if (!HAVE_CHROMIUM) {
  console.warn(`skipping the browser test: no chromium at ${CHROMIUM} (apt-get install -y chromium, or set BREDON_CHROMIUM)`);
}

// A 6x6 opening position, White to move at move 4.
const TPS = 'x6/x6/x2,1,2,x2/x2,1,2,x2/x6/2,x5 1 4';
export const SCREENSHOT = join(REPO, 'dist', 'screenshots', 'page.png');
const SCREENSHOTS = join(REPO, 'dist', 'screenshots');

type Page = import('playwright-core').Page;

/** The moves on the page's move list, in PTN. */
async function moveList(page: Page): Promise<string[]> {
  return (await page.locator('#moves span').allTextContents()).filter((m) => m !== '…');
}

/** The position after `moves` from the empty board. */
function positionAfter(size: number, moves: readonly string[]) {
  const p = parseTps(startTps(size));
  for (const m of moves) makeMove(p, parseMove(m, size));
  return p;
}

/** A move's text without the marks a review adds (`'`, `?`, `!`). */
function bare(move: string): string {
  return move.replace(/[?'!]+$/, '');
}

/** What the engine card shows, with the position on the board, after every change of the page. */
interface Shot {
  tps: string;
  score: string;
  note: string;
  pv: string;
  best: string;
  state: string;
}

// Records a Shot after each batch of changes (a MutationObserver: what one task left, as drawn).
const RECORD_THINKING = `(() => {
  const text = (s) => document.querySelector(s)?.textContent ?? '';
  const shots = [];
  globalThis.bredonShots = shots;
  const take = () => {
    const shot = { tps: text('#tps'), score: text('#score'), note: text('#score-note'), pv: text('#pv'), best: text('#bestmove'), state: document.querySelector('.engine-card')?.dataset.thinking ?? 'none' };
    const last = shots.at(-1);
    if (last === undefined || Object.keys(shot).some((k) => shot[k] !== last[k])) shots.push(shot);
  };
  new MutationObserver(take).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  take();
})()`;

const NOT_LOOKED = 'the engine has not looked at this position';

/**
 * Checks every recorded Shot: score, line and best move are one search's, of the position on
 * the board (its line numbered from there, its moves legal there) or of an earlier one and said
 * to be ("the position before 5… d2"); none is shown beside "not looked at"; a new search shows
 * no best move of an earlier one.
 */
async function checkThinking(page: Page): Promise<Shot[]> {
  const shots = (await page.evaluate('globalThis.bredonShots')) as Shot[];
  expect(shots.length).toBeGreaterThan(1);
  for (const s of shots) {
    const where = JSON.stringify(s);
    if (s.state === 'none' || s.note === NOT_LOOKED) expect([s.score, s.pv, s.best], where).toEqual(['–', '–', '–']);
    if (s.state === 'thinking') expect([s.pv, s.best], where).toEqual(['–', '–']);
    if (s.state === 'stale') expect(s.note, where).toMatch(/^the position before \d+(\.|…) \S+$/);
    if (s.state !== 'fresh') continue;
    expect(s.note, where).not.toBe(NOT_LOOKED);
    const pos = parseTps(s.tps);
    if (s.pv !== '–') {
      const [number, first] = s.pv.split(' ');
      expect(number, where).toBe(`${pos.moveNumber}${pos.side === 0 ? '.' : '…'}`);
      expect(isLegalMove(pos, parseMove(first!, pos.size)), where).toBe(true);
    }
    if (s.best !== '–') expect(isLegalMove(pos, parseMove(s.best, pos.size)), where).toBe(true);
  }
  return shots;
}

/** The win-chance curve of the review on the page: its path's points and its dots. */
async function reviewCurve(page: Page): Promise<{ plies: number; vertices: string[]; dots: { mark: string; at: string; title: string }[] }> {
  const svg = page.locator('#review-curve svg');
  const d = (await svg.locator('path.curve').getAttribute('d'))!;
  const vertices = [...d.matchAll(/[ML]([\d.]+,[\d.]+)/g)].map((m) => m[1]!);
  const dots = (await page.evaluate(
    `[...document.querySelectorAll('#review-curve svg circle.mark')].map((c) => ({ mark: c.getAttribute('data-mark'), at: c.getAttribute('cx') + ',' + c.getAttribute('cy'), title: c.textContent }))`,
  )) as { mark: string; at: string; title: string }[];
  return { plies: Number(await svg.getAttribute('data-plies')), vertices, dots };
}

let server: Server;
let browser: Context;
let close: (() => Promise<void>) | undefined;

describe.skipIf(!HAVE_CHROMIUM)('the web page in chromium', () => {
  beforeAll(async () => {
    ({ server, browser, close } = await servePage());
  });
  afterAll(async () => close?.());

  it('gets a best move, takes clicked and typed moves, analyses, and draws a board', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console: ${m.text()}`);
    });
    const t0 = performance.now();
    await page.goto(`${server.pageUrl}#tps=${encodeURIComponent(TPS)}&komi=4`);
    await page.evaluate(RECORD_THINKING);
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
    // The move played, what the engine said stays, marked as said of the position before it.
    expect(await page.getAttribute('.engine-card', 'data-thinking')).toBe('stale');
    expect(await page.textContent('#score-note')).toBe(`the position before 4. ${best}`);
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
    expect(await page.textContent('#hint')).not.toBe('');
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
    // The score: the leader's win chance, both sides' in words, and the bar at White's.
    const score = /^(White|Black) (\d+)%$/.exec((await page.textContent('#score'))!);
    const note = /^win chance: White (\d+)%, Black (\d+)%$/.exec((await page.textContent('#score-note'))!);
    expect(score, 'the score as a win chance').not.toBeNull();
    expect(note, 'the score in words').not.toBeNull();
    const [white, black] = [Number(note![1]), Number(note![2])];
    expect(white + black).toBe(100);
    expect(Number(score![2])).toBe(score![1] === 'White' ? white : black);
    expect(Number(score![2])).toBeGreaterThanOrEqual(50);
    const bar = Number((await page.getAttribute('#eval-white', 'style'))!.replace(/[^\d.]/g, ''));
    expect(Math.abs(bar - white)).toBeLessThanOrEqual(1);
    expect(await page.getAttribute('.engine-card', 'data-thinking')).toBe('fresh');

    // A pasted position, and a spread entered by clicks: pick up c3's two, drop one on c2, one on c1.
    await page.fill('#load-text', 'x6/x6/x2,1,2,x2/x2,21,2,x2/x6/2,x5 1 5');
    await page.click('#load');
    await page.waitForFunction(() => document.querySelector('#tps')?.textContent === 'x6/x6/x2,1,2,x2/x2,21,2,x2/x6/2,x5 1 5');
    // Another position: the refusal under the board and the engine's words about the last one go.
    expect(await page.getAttribute('#hint', 'class')).toBe('hint');
    expect(await page.textContent('#score-note')).toBe(NOT_LOOKED);
    expect(await page.textContent('#bestmove')).toBe('–');
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
    await checkThinking(page);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('says a proven result in moves, for the side to move and for the side against it', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    // White has two roads in one (a1, b2): White to move wins in 1; Black to move cannot stop both.
    const roads = 'x6/2,x,2,x,2,x/x,2,x,2,x2/x6/1,x5/x,1,1,1,1,1';
    await page.goto(`${server.pageUrl}#tps=${encodeURIComponent(`${roads} 1 7`)}&komi=4`);
    await page.evaluate(RECORD_THINKING);
    await page.waitForSelector('#engine-status[data-state="ready"]', { timeout: 20_000 });
    await page.click('#analyse');
    await page.waitForFunction(() => document.querySelector('#pv')?.textContent?.startsWith('7. ') && document.querySelector('#score-note')?.textContent === 'White wins in 1 move', undefined, { timeout: 20_000 });
    expect(await page.textContent('#score')).toBe('White wins');
    expect(await page.getAttribute('#eval-white', 'style')).toContain('width: 100');
    // The analysis follows a position loaded: Black to move loses in 2 plies, White's 1 move.
    await page.fill('#load-text', `${roads} 2 7`);
    await page.click('#load');
    await page.waitForFunction(() => document.querySelector('#pv')?.textContent?.startsWith('7… ') && document.querySelector('#score-note')?.textContent === 'White wins in 1 move', undefined, { timeout: 20_000 });
    expect(await page.textContent('#score')).toBe('White wins');
    await page.click('#analyse');
    await page.waitForSelector('#engine-status[data-state="ready"]', { timeout: 10_000 });
    await checkThinking(page);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('plays a game against Bredon: replies at a level, thinking on request, undo, resignation, a lost game and their reviews', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console: ${m.text()}`);
    });
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.goto(server.pageUrl);
    await page.evaluate(RECORD_THINKING);
    await page.waitForSelector('#engine-status[data-state="ready"]', { timeout: 20_000 });

    // 4x4, komi 0, the player White, Bredon at level 2 (a nominal clock: each reply held 2 s).
    await page.selectOption('#play-size', '4');
    await page.selectOption('#play-komi', '0');
    await page.selectOption('#play-colour', '0');
    await page.selectOption('#play-level', '2');
    await page.click('#play-start');
    await page.waitForSelector('#play-card[data-turn="player"]');
    // Bredon's thinking is hidden until asked for, and the engine is nobody else's meanwhile.
    expect(await page.isChecked('#show-thinking')).toBe(false);
    expect(await page.isVisible('#score')).toBe(false);
    expect(await page.isVisible('#eval-bar')).toBe(false);
    expect(await page.isVisible('.thinking-note')).toBe(true);
    expect(await page.isDisabled('#analyse')).toBe(true);
    expect(await page.isDisabled('#play-undo')).toBe(true);

    const played: string[] = [];
    /** Waits for Bredon's reply to the player's move `mine` and checks that both are on the list, the reply legal. */
    const reply = async (mine: string): Promise<string> => {
      await page.waitForSelector('#play-card[data-turn="player"]', { timeout: 30_000 });
      const moves = await moveList(page);
      expect(moves.slice(0, -1)).toEqual([...played, mine]);
      const answer = moves.at(-1)!;
      expect(isLegalMove(positionAfter(4, [...played, mine]), parseMove(answer, 4))).toBe(true);
      played.push(mine, answer);
      return answer;
    };
    /** A placement that is legal after the moves played so far. */
    const legalPlacement = () => ['d4', 'd1', 'a4', 'b2', 'c3', 'b3', 'c2'].find((m) => isLegalMove(positionAfter(4, played), parseMove(m, 4)))!;

    // A click (the first ply places Bredon's flat), then a typed move.
    await page.click('#board rect[data-square="a1"]');
    await reply('a1');
    const afterOne = await page.textContent('#tps');
    // A typed move refused says why under the board; the next move played clears it.
    await page.fill('#move-input', 'a1');
    await page.press('#move-input', 'Enter');
    expect(await page.textContent('#hint.bad')).toBe('a1: a1 is not empty');
    const typed = legalPlacement();
    await page.fill('#move-input', typed);
    await page.press('#move-input', 'Enter');
    await reply(typed);
    expect(await page.getAttribute('#hint', 'class')).toBe('hint');
    const afterTwo = await page.textContent('#tps');
    await page.screenshot({ path: join(SCREENSHOTS, 'game.png') });

    // Undo while Bredon thinks takes back the player's move and stops the search: its answer is
    // never played. (Had the reply come first, undo would take back both: the same position.)
    await page.fill('#move-input', legalPlacement());
    await page.press('#move-input', 'Enter');
    await page.waitForSelector('#play-card[data-turn="engine"]');
    await page.click('#play-undo');
    await page.waitForSelector('#engine-status[data-state="ready"]', { timeout: 20_000 });
    await page.waitForSelector('#play-card[data-turn="player"]');
    expect(await moveList(page)).toEqual(played);
    expect(await page.textContent('#tps')).toBe(afterTwo);
    // On the player's turn undo takes back the player's last move and Bredon's reply.
    await page.click('#play-undo');
    expect(await moveList(page)).toEqual(played.slice(0, 2));
    expect(await page.textContent('#tps')).toBe(afterOne);
    played.splice(2);

    // Show thinking: the lines and the bar are shown, and the best move is Bredon's reply.
    await page.check('#show-thinking');
    expect(await page.isVisible('#score')).toBe(true);
    expect(await page.isVisible('#eval-bar')).toBe(true);
    const mine = legalPlacement();
    await page.fill('#move-input', mine);
    await page.press('#move-input', 'Enter');
    await page.waitForSelector('#play-card[data-turn="engine"]');
    await page.screenshot({ path: join(SCREENSHOTS, 'game-thinking.png') });
    const answer = await reply(mine);
    // Bredon's search stays after its reply, said of the position it searched.
    expect((await page.textContent('#bestmove'))!.trim()).toBe(answer);
    expect(await page.textContent('#score-note')).toBe(`the position before 2… ${answer}`);
    expect(await page.getAttribute('.engine-card', 'data-thinking')).toBe('stale');
    expect((await page.textContent('#pv'))!.startsWith('2… ')).toBe(true);

    // Resigning ends the game: the result, then the review of the player's moves with the whole
    // game on PTN Ninja and its curve; a refusal under the board does not stay into the review.
    await page.fill('#move-input', 'a1');
    await page.press('#move-input', 'Enter');
    await page.waitForSelector('#hint.bad');
    await page.click('#resign');
    expect(await page.textContent('#review-result')).toBe('Bredon wins: you resigned (0-1)');
    expect(await page.getAttribute('#hint', 'class')).toBe('hint');
    expect(await page.textContent('#hint')).toMatch(/^Click an empty square/);
    await page.waitForSelector('#review[data-state="done"]', { timeout: 60_000 });
    expect(await page.getAttribute('#review-bar', 'style')).toContain('width: 100');
    const resignedCurve = await reviewCurve(page);
    expect(resignedCurve.plies).toBe(played.length);
    expect(resignedCurve.vertices).toHaveLength(played.length + 1);
    for (const d of resignedCurve.dots) expect(resignedCurve.vertices, d.title).toContain(d.at);
    const resigned = ptnFromLink((await page.getAttribute('#review-link', 'href'))!);
    expect(resigned, 'the review links the game on PTN Ninja').toBeDefined();
    expect(parsePtnGames(resigned!)[0]!.moves.map((m) => bare(m.text))).toEqual(played);
    expect(parsePtnGames(resigned!)[0]!.result).toBe('0-1');
    // The board is free again.
    expect(await page.isDisabled('#analyse')).toBe(false);
    expect(await page.isVisible('#score')).toBe(true);

    // A 3x3 game as Black against full strength (0.5 s a move), placing only walls where it
    // can: Bredon moves first and wins, by a road or on flats, and the game is reviewed.
    await page.selectOption('#movetime', '500');
    await page.selectOption('#play-size', '3');
    await page.selectOption('#play-colour', '1');
    await page.selectOption('#play-level', '10');
    await page.fill('#move-input', 'a1');
    await page.press('#move-input', 'Enter');
    await page.waitForSelector('#hint.bad');
    await page.click('#play-start');
    expect(await page.isHidden('#review')).toBe(true);
    expect(await page.getAttribute('#hint', 'class')).toBe('hint'); // a new game: the refusal goes
    for (let i = 0; i < 12; i++) {
      await page.waitForSelector('#play-card[data-turn="player"], #play-card[data-turn="over"]', { timeout: 30_000 });
      if ((await page.getAttribute('#play-card', 'data-turn')) === 'over') break;
      const legal = await page.evaluate(() => bredonLegalMoves());
      await page.fill('#move-input', legal.find((m) => m.startsWith('S')) ?? legal[0]!);
      await page.press('#move-input', 'Enter');
      await page.waitForFunction((n) => document.querySelectorAll('#moves span').length > n, 2 * i + 1);
    }
    expect(await page.getAttribute('#play-card', 'data-turn')).toBe('over');
    expect(await page.textContent('#review-result')).toMatch(/^Bredon wins (by a road|on flats) \((R-0|F-0)\)$/);
    await page.waitForSelector('#review[data-state="done"]', { timeout: 60_000 });
    expect(await page.textContent('#review-head')).toMatch(/at my full strength/);
    const lost = parsePtnGames(ptnFromLink((await page.getAttribute('#review-link', 'href'))!)!)[0]!;
    const lostMoves = await moveList(page);
    expect(lost.moves.map((m) => bare(m.text))).toEqual(lostMoves);
    await page.screenshot({ path: join(SCREENSHOTS, 'review.png') });

    // The curve: a point a ply and the start, a dot on each move the analysis marked. The review
    // searches at fixed nodes, so the same analysis here names the same moves.
    const curve = await reviewCurve(page);
    expect(curve.plies).toBe(lostMoves.length);
    expect(curve.vertices).toHaveLength(lostMoves.length + 1);
    const { nodes, tinueNodes, tinuePlies, hashMb } = REVIEW_BUDGET;
    const ptn = gamePtn({ size: 3, halfKomi: 0, player: 1, level: 10 }, lostMoves, lost.result!);
    const analysis = await new Annotator({ limits: { nodes }, tinueNodes, tinuePlies, hashMb }).analyse(parsePtnGames(ptn)[0]!, undefined, [1]);
    const marked = curvePoints(analysis).filter((p) => p.move !== undefined && p.move.mark !== '');
    expect(curve.dots.map((d) => [d.mark, d.title.replace(/: .*/, '')])).toEqual(marked.map((p) => [p.move!.mark, moveLabel(p.move!)]));
    for (const d of curve.dots) expect(curve.vertices, d.title).toContain(d.at);
    await page.locator('#review').screenshot({ path: join(SCREENSHOTS, 'review-curve.png') });
    const picture = colourStats(decodePng(await page.locator('#review-curve svg').screenshot()));
    expect(picture.distinct).toBeGreaterThan(10);
    expect(picture.commonestShare).toBeLessThan(0.9);
    await checkThinking(page);
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
