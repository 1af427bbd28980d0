// The web page (web/index.html): a Tak board drawn as SVG, moves by clicking or typing, a TPS or
// a PTN game pasted in, and Bredon's lines updating live from the engine worker
// (bredon-worker.js, TEI over postMessage). The rules are the engine's own rules core, bundled
// into this script, so the page and the engine never disagree about a move.
//
// The engine is driven the way a GUI drives any TEI engine: `teinewgame`, `position`, `go`,
// `stop`. A `go` is only sent when no search runs (TEI refuses a second one): while one runs,
// the next request waits for its `bestmove`. Reports of a search for an earlier position are
// recognised by the position they were asked for, and ignored.
//
// The game mode ("Play Bredon") plays a game against Bredon at a level: the engine answers the
// player's moves, its thinking is hidden unless asked for, undo takes back a move and its reply,
// and a finished game gets the PlayTak bot's review (review-view.ts). Once the game is over the
// board is free again.

import { makeMove } from '../core/makemove.js';
import { isSpread, moveSquare, spreadDir } from '../core/move.js';
import { isLegalMove, legalMoves } from '../core/movegen.js';
import { reservePair, WHITE, type Position, type ReserveCount, type ReserveOptions } from '../core/position.js';
import { BLACK_ROAD, gameResult, ONGOING, REPETITION, resultText, resultWinner, WHITE_ROAD } from '../core/result.js';
import { DEFAULT_RESERVES, squareName } from '../core/sizes.js';
import { halfKomiFrom, illegalReason, parsePtnGames, startPosition, tagValue } from '../notation/ptn-game.js';
import { formatMove, parseMove } from '../notation/ptn-move.js';
import { formatTps, parseTps, startTps } from '../notation/tps.js';
import { MAX_LEVEL } from '../search/levels.js';
import { engineGo, gamePtn, komiText, resignResult, undoPlies, type GameSettings } from './game-mode.js';
import { ReviewPanel } from './review-view.js';

// ---- the game -------------------------------------------------------------------------------

interface Game {
  startTps: string;
  /** The players' reserves at the start: one count for both, or [White, Black]. */
  stones: ReserveCount;
  caps: ReserveCount;
  halfKomi: number;
  moves: number[];
}

let game: Game = { startTps: startTps(6), stones: DEFAULT_RESERVES[6]![0], caps: DEFAULT_RESERVES[6]![1], halfKomi: 4, moves: [] };
let pos: Position = rebuild();
/** A spread being entered by clicks: the stack picked up, how many carried, the drops so far. */
let spreadInput: { from: number; carry: number; dir: number; drops: number[]; at: number } | undefined;
let pieceType: 'F' | 'S' | 'C' = 'F';
/** Counts the games set up on the board, so that a report about an earlier one is never taken for this one's. */
let gameNo = 0;
/** The game against Bredon, from its start; `over` once it has ended (the board is free again). */
let versus: { settings: GameSettings; over: boolean } | undefined;

function reserves(): ReserveOptions {
  return { stones: game.stones, caps: game.caps };
}

function rebuild(): Position {
  const p = parseTps(game.startTps, reserves());
  for (const m of game.moves) makeMove(p, m);
  return p;
}

/** Identifies a position of a game, to match the engine's reports to what is on the board. */
function positionKey(): string {
  return `${gameNo}|${game.startTps}|${String(game.stones)}|${String(game.caps)}|${game.halfKomi}|${game.moves.join(',')}`;
}

function result(): number {
  return gameResult(pos, game.halfKomi);
}

function play(move: number): void {
  game.moves.push(move);
  makeMove(pos, move);
  spreadInput = undefined;
  positionChanged();
}

function undo(): void {
  if (game.moves.length === 0) return;
  game.moves.pop();
  pos = rebuild();
  spreadInput = undefined;
  positionChanged();
}

/** Plays a move given in PTN if it is legal here; otherwise says why not. */
function tryPlay(text: string): boolean {
  if (result() !== ONGOING) return hint('the game is over: undo, load or start a new one', true);
  let move: number;
  try {
    move = parseMove(text, pos.size);
  } catch (e) {
    return hint((e as Error).message, true);
  }
  if (!isLegalMove(pos, move)) return hint(`${text}: ${illegalReason(pos, move)}`, true);
  play(move);
  hint('');
  return true;
}

function newGame(size: number, halfKomi: number): void {
  gameNo++;
  game = { startTps: startTps(size), stones: DEFAULT_RESERVES[size]![0], caps: DEFAULT_RESERVES[size]![1], halfKomi, moves: [] };
  pos = rebuild();
  spreadInput = undefined;
  engineNewGame();
}

/** A TPS, or a PTN game (its tags for size, komi, reserves and start; its moves played). */
function load(text: string): void {
  const t = text.trim();
  if (t === '') throw new Error('paste a TPS or a PTN game first');
  const looksPtn = t.startsWith('[') || /^\d+\.\s/m.test(t);
  if (!looksPtn) {
    const p = parseTps(t.replace(/^position\s+tps\s+/, ''));
    game = { startTps: formatTps(p), ...p.reserveOptions, halfKomi: Number(komiSelect.value), moves: [] };
  } else {
    const g = parsePtnGames(t)[0];
    if (g === undefined) throw new Error('no game found in the PTN');
    const start = startPosition(g);
    const komi = tagValue(g, 'Komi');
    game = { startTps: formatTps(start), ...start.reserveOptions, halfKomi: komi !== undefined ? halfKomiFrom(komi) : 0, moves: [] };
    pos = rebuild();
    for (const m of g.moves) {
      if (result() !== ONGOING) break;
      const move = parseMove(m.text, pos.size);
      if (!isLegalMove(pos, move)) throw new Error(`move ${m.text} (ply ${m.ply}): ${illegalReason(pos, move)}`);
      game.moves.push(move);
      makeMove(pos, move);
    }
  }
  gameNo++;
  pos = rebuild();
  spreadInput = undefined;
  sizeSelect.value = String(pos.size);
  if ([...komiSelect.options].some((o) => o.value === String(game.halfKomi))) komiSelect.value = String(game.halfKomi);
  engineNewGame();
}

// ---- the engine -----------------------------------------------------------------------------

/** Analysis, the engine's move on the free board, or Bredon's reply in a game. */
type SearchKind = 'analyse' | 'move' | 'reply';
interface Running {
  kind: SearchKind;
  key: string;
  side: number;
  size: number;
  startedAt: number;
}

const engine = new Worker('bredon-worker.js', { name: 'bredon-tei' });
let engineReady = false;
let running: Running | undefined;
let analysing = false;
/** Things to send once no search runs (the page stops a search before it sends the next `go`). */
let whenIdle: (() => void)[] = [];
let lastInfo: { key: string; text: string } | undefined;
/** The `Level` the engine was last given. */
let engineLevel = MAX_LEVEL;
const pageStart = performance.now();

function send(line: string): void {
  engine.postMessage(line);
}

function idle(f: () => void): void {
  if (running === undefined) f();
  else whenIdle.push(f);
}

function engineNewGame(): void {
  if (running !== undefined) send('stop');
  idle(() => {
    send(`teinewgame size ${pos.size} halfkomi ${game.halfKomi}`);
    // Custom counts as PTN Ninja sends them: each player's own (they may differ).
    const [stones, caps] = DEFAULT_RESERVES[pos.size]!;
    const [flats1, flats2] = reservePair(game.stones);
    const [caps1, caps2] = reservePair(game.caps);
    if (flats1 !== stones || flats2 !== stones || caps1 !== caps || caps2 !== caps) {
      send(`setoption name Flats1 value ${flats1}`);
      send(`setoption name Flats2 value ${flats2}`);
      send(`setoption name Caps1 value ${caps1}`);
      send(`setoption name Caps2 value ${caps2}`);
    }
    send('isready');
  });
  positionChanged();
}

function startSearch(kind: SearchKind): void {
  if (!engineReady || result() !== ONGOING) return;
  if (kind === 'reply' && !engineToMove()) return;
  // Bredon's replies in a game at the game's level; analysis and the free board's moves at full strength.
  const level = kind === 'reply' ? versus!.settings.level : MAX_LEVEL;
  if (level !== engineLevel) {
    send(`setoption name Level value ${level}`);
    engineLevel = level;
  }
  const moves = game.moves.map((m) => formatMove(m, pos.size));
  send(`position tps ${game.startTps}${moves.length > 0 ? ` moves ${moves.join(' ')}` : ''}`);
  running = { kind, key: positionKey(), side: pos.side, size: pos.size, startedAt: performance.now() };
  const movetime = Number(movetimeSelect.value);
  send(kind === 'analyse' ? 'go infinite' : kind === 'reply' ? engineGo(level, movetime) : `go movetime ${movetime}`);
  renderEngineState();
}

/** Asks for a search of the position on the board, stopping one of another position first. */
function requestSearch(kind: SearchKind): void {
  if (running !== undefined) {
    if (running.key === positionKey() && running.kind === kind) return;
    send('stop');
    whenIdle = whenIdle.filter((f) => !(f as { search?: boolean }).search);
    const f = Object.assign(() => startSearch(kind), { search: true });
    whenIdle.push(f);
    return;
  }
  startSearch(kind);
}

function positionChanged(): void {
  // The engine's words were about another position: clear them until it speaks about this one.
  if (lastInfo !== undefined && lastInfo.key !== positionKey()) {
    lastInfo = undefined;
    bestMoveHint = undefined;
    for (const id of ['score', 'depth', 'nodes', 'nps', 'time', 'pv']) setText(id, '–');
    setText('score-note', analysing ? 'thinking…' : 'the engine has not looked at this position');
    (document.getElementById('eval-white') as HTMLElement).style.width = '50%';
  }
  render();
  if (playing() && result() !== ONGOING) endGame(undefined);
  else if (engineToMove()) return requestSearch('reply');
  else if (analysing && !playing() && result() === ONGOING) return requestSearch('analyse');
  if (running !== undefined && running.key !== positionKey()) send('stop');
}

engine.onmessage = (e: MessageEvent) => {
  const line = String(e.data);
  if (line === 'teiok') {
    const threads = Number(threadsSelect.value);
    if (threads > 1) send(`setoption name Threads value ${threads}`);
    send('setoption name ReportWin value true'); // proven results as "wins in N", not huge numbers
    engineNewGame();
  } else if (line === 'readyok') {
    if (!engineReady) {
      engineReady = true;
      status('ready', `engine ready · ${threadsSelect.value} thread${threadsSelect.value === '1' ? '' : 's'}`);
      renderEngineState();
      if (engineToMove()) requestSearch('reply'); // a game started before the engine was ready
    }
  } else if (line.startsWith('info ')) {
    onInfo(line);
  } else if (line.startsWith('bestmove')) {
    onBestMove(line.slice('bestmove '.length).trim());
  }
};
engine.onerror = (e: ErrorEvent) => {
  status('error', `the engine failed: ${e.message || 'could not load bredon-worker.js'}`);
};

function onInfo(line: string): void {
  const r = running;
  if (r === undefined || r.key !== positionKey()) return;
  const err = /^info string error: (.*)$/.exec(line);
  if (err) return void hint(`engine: ${err[1]}`, true);
  const words = line.split(/\s+/);
  const field = (name: string): string | undefined => {
    const i = words.indexOf(name);
    return i >= 0 ? words[i + 1] : undefined;
  };
  const pvAt = words.indexOf('pv');
  if (pvAt < 0) {
    // A progress line: the counters move on, the line stays.
    setText('nodes', formatCount(Number(field('nodes'))));
    setText('nps', `${formatCount(Number(field('nps')))}/s`);
    setText('time', `${(Number(field('time')) / 1000).toFixed(1)} s`);
    return;
  }
  const pv = words.slice(pvAt + 1);
  lastInfo = { key: r.key, text: line };
  setText('depth', field('depth') ?? '–');
  setText('nodes', formatCount(Number(field('nodes'))));
  setText('nps', `${formatCount(Number(field('nps')))}/s`);
  setText('time', `${(Number(field('time')) / 1000).toFixed(1)} s`);
  setText('pv', numberedLine(pv));
  const si = words.indexOf('score');
  const kind = words[si + 1];
  const value = Number(words[si + 2]);
  const whiteSign = r.side === WHITE ? 1 : -1;
  const mover = (good: boolean) => ((r.side === WHITE) === good ? 'White' : 'Black');
  if (kind === 'win' || kind === 'loss') {
    setText('score', kind === 'win' ? (r.side === WHITE ? '+R' : '−R') : r.side === WHITE ? '−R' : '+R');
    setText('score-note', `${mover(kind === 'win')} wins in ${value} ${value === 1 ? 'ply' : 'plies'}`);
  } else if (kind === 'cp') {
    const flats = (whiteSign * value) / 100;
    setText('score', `${flats > 0 ? '+' : flats < 0 ? '−' : ''}${Math.abs(flats).toFixed(2)}`);
    setText('score-note', Math.abs(flats) < 0.05 ? 'even' : `${flats > 0 ? 'White' : 'Black'} ahead by ${Math.abs(flats).toFixed(2)} flat${Math.abs(flats) === 1 ? '' : 's'}`);
  }
  const wi = words.indexOf('wdl');
  if (wi >= 0) {
    const [w, d, l] = [Number(words[wi + 1]), Number(words[wi + 2]), Number(words[wi + 3])];
    const white = r.side === WHITE ? w + d / 2 : l + d / 2;
    (document.getElementById('eval-white') as HTMLElement).style.width = `${(white / 10).toFixed(1)}%`;
  }
  bestMoveHint = pv[0];
  render();
}

function onBestMove(text: string): void {
  const r = running;
  running = undefined;
  const current = r !== undefined && r.key === positionKey();
  if (r !== undefined && current) {
    const ms = performance.now() - r.startedAt;
    const el = document.getElementById('bestmove')!;
    el.textContent = text;
    el.dataset['ms'] = ms.toFixed(0);
    el.dataset['sincePageLoad'] = (performance.now() - pageStart).toFixed(0);
    el.dataset['count'] = String(Number(el.dataset['count'] ?? '0') + 1);
  }
  const queued = whenIdle;
  whenIdle = [];
  if (r !== undefined && current && text !== '(none)') {
    if (r.kind === 'reply' ? engineToMove() : r.kind === 'move' && queued.length === 0) tryPlay(text);
  }
  for (const f of queued) {
    if (running !== undefined) whenIdle.push(f);
    else f();
  }
  if (running === undefined && analysing && result() === ONGOING && positionKey() !== r?.key) startSearch('analyse');
  renderEngineState();
}

function formatCount(n: number): string {
  if (!Number.isFinite(n)) return '–';
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)}M`;
  if (n >= 1e3) return `${(n / 1e3).toFixed(1)}k`;
  return String(n);
}

/** A line of moves with move numbers, from the position on the board. */
function numberedLine(moves: string[]): string {
  let number = pos.moveNumber;
  let side = pos.side;
  const parts: string[] = [];
  moves.forEach((m, i) => {
    if (side === WHITE) parts.push(`${number}.`);
    else if (i === 0) parts.push(`${number}…`);
    parts.push(m);
    if (side !== WHITE) number++;
    side ^= 1;
  });
  return parts.join(' ');
}

// ---- the game against Bredon ---------------------------------------------------------------

const reviewPanel = new ReviewPanel();

function playing(): boolean {
  return versus !== undefined && !versus.over;
}

/** Whether Bredon is to move in a game under way. */
function engineToMove(): boolean {
  return playing() && result() === ONGOING && pos.side !== versus!.settings.player;
}

/** Whether the player may move now; if not, says why. */
function playerMayMove(): boolean {
  if (!engineToMove()) return true;
  return hint('Bredon is thinking: wait for its move, or undo yours', true);
}

function startPlay(): void {
  const settings: GameSettings = {
    size: Number(byId<HTMLSelectElement>('play-size').value),
    halfKomi: Number(byId<HTMLSelectElement>('play-komi').value),
    player: Number(byId<HTMLSelectElement>('play-colour').value),
    level: Number(byId<HTMLSelectElement>('play-level').value),
  };
  analysing = false; // the engine is the opponent now
  versus = { settings, over: false };
  reviewPanel.clear();
  sizeSelect.value = String(settings.size);
  komiSelect.value = String(settings.halfKomi);
  hint('');
  newGame(settings.size, settings.halfKomi);
}

/** In a game: the player's last move and Bredon's reply (see undoPlies); else the last move. */
function undoRequested(): void {
  if (!playing()) return undo();
  const n = undoPlies(game.moves.length, versus!.settings.player);
  if (n === 0) return;
  game.moves.splice(game.moves.length - n, n);
  pos = rebuild();
  spreadInput = undefined;
  positionChanged();
}

function resign(): void {
  if (playing()) endGame(resignResult(versus!.settings.player));
}

/** Ends the game (on the board, or by the player's resignation) and reviews it. */
function endGame(resignation: string | undefined): void {
  const v = versus!;
  v.over = true;
  if (running !== undefined) send('stop'); // a resignation while Bredon thinks: its move is not played
  const r = result();
  const ptnResult = resignation ?? resultText(r);
  const winner = resignation !== undefined ? v.settings.player ^ 1 : resultWinner(r);
  const how =
    resignation !== undefined ? ': you resigned'
    : r === WHITE_ROAD || r === BLACK_ROAD ? ' by a road'
    : r === REPETITION ? ' by repetition'
    : ' on flats';
  const text = winner < 0 ? `A draw${how} (${ptnResult})` : `${winner === v.settings.player ? 'You win' : 'Bredon wins'}${how} (${ptnResult})`;
  const moves = game.moves.map((m) => formatMove(m, pos.size));
  reviewPanel.show(text, moves.length > 0 ? { ptn: gamePtn(v.settings, moves, ptnResult), side: v.settings.player } : undefined);
  render();
}

/** Whether the engine's lines are shown: always, except in a game unless asked for. */
function thinkingShown(): boolean {
  return !playing() || showThinking.checked;
}

function renderPlay(): void {
  const on = playing();
  document.body.classList.toggle('thinking-hidden', !thinkingShown());
  showThinking.disabled = !on;
  const undoable = on && undoPlies(game.moves.length, versus!.settings.player) > 0;
  byId<HTMLButtonElement>('play-undo').disabled = !undoable;
  byId<HTMLButtonElement>('resign').disabled = !on;
  const card = byId('play-card');
  const turn = versus === undefined ? 'none' : !on ? 'over' : engineToMove() ? 'engine' : 'player';
  card.dataset['turn'] = turn;
  setText('play-status', { none: 'choose and start', over: 'game over', engine: 'Bredon is thinking…', player: 'your move' }[turn]);
  const s = versus?.settings;
  const line = byId('play-game');
  line.hidden = s === undefined;
  if (s !== undefined) line.textContent = `Bredon at level ${s.level} · you ${on ? 'play' : 'played'} ${s.player === WHITE ? 'White' : 'Black'} · ${s.size}x${s.size}, komi ${komiText(s.halfKomi)}`;
}

// ---- drawing --------------------------------------------------------------------------------

const SVG = 'http://www.w3.org/2000/svg';
const CELL = 100;
const MARGIN = 28;
let bestMoveHint: string | undefined;

function el(name: string, attrs: Record<string, string | number>, parent?: Element): SVGElement {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  parent?.appendChild(e);
  return e;
}

function squareXY(sq: number): [number, number] {
  const size = pos.size;
  return [(sq % size) * CELL, (size - 1 - Math.floor(sq / size)) * CELL];
}

function pieceColours(colour: number): { fill: string; stroke: string } {
  return colour === WHITE ? { fill: 'var(--white-piece)', stroke: 'var(--white-edge)' } : { fill: 'var(--black-piece)', stroke: 'var(--black-edge)' };
}

function drawStack(g: Element, sq: number): void {
  const h = pos.height[sq]!;
  if (h === 0) return;
  const [x, y] = squareXY(sq);
  const stack = el('g', { class: 'stack' }, g);
  // Buried pieces: slabs along the bottom of the square, the nearest to the top drawn last.
  const shown = Math.min(h - 1, 9);
  for (let i = 0; i < shown; i++) {
    const level = h - 1 - shown + i;
    const c = pieceColours(pos.colourAt(sq, level));
    el('rect', { x: x + 16, y: y + 86 - i * 7, width: 68, height: 8, rx: 2, fill: c.fill, stroke: c.stroke, 'stroke-width': 1.5 }, stack);
  }
  const top = pos.top[sq]!;
  const c = pieceColours(top & 1);
  const cy = y + 46 - Math.min(shown, 9) * 3;
  if (top >= 6) {
    el('circle', { cx: x + 50, cy, r: 24, fill: c.fill, stroke: c.stroke, 'stroke-width': 3 }, stack);
    el('circle', { cx: x + 50, cy, r: 13, fill: 'none', stroke: c.stroke, 'stroke-width': 1.5, opacity: 0.5 }, stack);
  } else if (top >= 4) {
    el('rect', { x: x + 41, y: cy - 30, width: 18, height: 60, rx: 3, fill: c.fill, stroke: c.stroke, 'stroke-width': 3, transform: `rotate(45 ${x + 50} ${cy})` }, stack);
  } else {
    const s = h === 1 ? 58 : 50;
    el('rect', { x: x + 50 - s / 2, y: cy - s / 2, width: s, height: s, rx: 7, fill: c.fill, stroke: c.stroke, 'stroke-width': 3 }, stack);
  }
  if (h > 1) {
    el('circle', { cx: x + 84, cy: y + 16, r: 12, class: 'height-bg' }, stack);
    const t = el('text', { x: x + 84, y: y + 21, 'text-anchor': 'middle', class: 'height' }, stack);
    t.textContent = String(h);
  }
}

function highlight(g: Element, sq: number, colour: string, dashed = false): void {
  const [x, y] = squareXY(sq);
  el('rect', { x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, rx: 6, fill: 'none', stroke: colour, 'stroke-width': 5, 'stroke-dasharray': dashed ? '10 7' : 'none' }, g);
}

/** The squares a move touches: its square, and for a spread every square it drops on. */
function moveSquares(move: number): number[] {
  const sq = moveSquare(move);
  if (!isSpread(move)) return [sq];
  const step = pos.info.delta[spreadDir(move)]!;
  const n = formatMove(move, pos.size).replace(/^.*[<>+-]/, '').length || 1;
  return Array.from({ length: n + 1 }, (_, i) => sq + i * step);
}

function renderBoard(): void {
  const size = pos.size;
  const board = document.getElementById('board')!;
  board.replaceChildren();
  board.setAttribute('viewBox', `${-MARGIN} 0 ${size * CELL + MARGIN} ${size * CELL + MARGIN}`);
  const squares = el('g', {}, board);
  for (let sq = 0; sq < size * size; sq++) {
    const [x, y] = squareXY(sq);
    const dark = (Math.floor(sq / size) + (sq % size)) % 2 === 0;
    const r = el('rect', { x, y, width: CELL, height: CELL, class: 'square', fill: dark ? 'var(--dark-square)' : 'var(--light-square)', 'data-square': squareName(sq, size) }, squares);
    r.addEventListener('click', () => onSquare(sq));
  }
  const marks = el('g', { 'pointer-events': 'none' }, board);
  const last = game.moves.at(-1);
  if (last !== undefined) {
    const prev = parseTps(game.startTps, reserves());
    for (const m of game.moves.slice(0, -1)) makeMove(prev, m);
    const saved = pos;
    pos = prev; // the squares of the last move, measured before it
    const sqs = moveSquares(last);
    pos = saved;
    for (const sq of sqs) {
      const [x, y] = squareXY(sq);
      el('rect', { x, y, width: CELL, height: CELL, fill: '#f0b35a', opacity: 0.28 }, marks);
    }
  }
  const stacks = el('g', { 'pointer-events': 'none' }, board);
  for (let sq = 0; sq < size * size; sq++) drawStack(stacks, sq);
  const over = el('g', { 'pointer-events': 'none' }, board);
  if (bestMoveHint !== undefined && spreadInput === undefined && result() === ONGOING && thinkingShown()) {
    try {
      const m = parseMove(bestMoveHint, size);
      if (isLegalMove(pos, m)) for (const sq of moveSquares(m)) highlight(over, sq, '#6fc3a8', true);
    } catch {
      // a line from another position: nothing to show
    }
  }
  if (spreadInput !== undefined) {
    highlight(over, spreadInput.from, '#f0b35a');
    const step = spreadInput.dir >= 0 ? pos.info.delta[spreadInput.dir]! : 0;
    spreadInput.drops.forEach((n, i) => {
      const sq = spreadInput!.from + (i + 1) * step;
      highlight(over, sq, '#f0b35a', true);
      const [x, y] = squareXY(sq);
      const t = el('text', { x: x + 50, y: y + 58, 'text-anchor': 'middle', 'font-size': 30, 'font-weight': 700, fill: '#f0b35a' }, over);
      t.textContent = `+${n}`;
    });
  }
  const coords = el('g', {}, board);
  for (let i = 0; i < size; i++) {
    const f = el('text', { x: i * CELL + 50, y: size * CELL + 21, 'text-anchor': 'middle', class: 'coord' }, coords);
    f.textContent = String.fromCharCode(97 + i);
    const r = el('text', { x: -14, y: (size - 1 - i) * CELL + 55, 'text-anchor': 'middle', class: 'coord' }, coords);
    r.textContent = String(i + 1);
  }
}

function renderMoves(): void {
  const list = document.getElementById('moves')!;
  list.replaceChildren();
  const start = parseTps(game.startTps, reserves());
  let number = start.moveNumber;
  let side = start.side;
  let li: HTMLElement | undefined;
  list.setAttribute('start', String(number));
  for (const m of game.moves) {
    if (li === undefined || side === WHITE) {
      li = document.createElement('li');
      list.appendChild(li);
      if (side !== WHITE) li.appendChild(document.createElement('span')).textContent = '…';
    }
    li.appendChild(document.createElement('span')).textContent = formatMove(m, start.size);
    if (side !== WHITE) number++;
    side ^= 1;
  }
  list.scrollTop = list.scrollHeight;
}

function render(): void {
  renderBoard();
  renderMoves();
  setText('tps', formatTps(pos));
  setText('count-F', String(pos.stones[pos.side]));
  setText('count-C', String(pos.caps[pos.side]));
  const r = result();
  const box = document.getElementById('result')!;
  box.hidden = r === ONGOING;
  if (r !== ONGOING) {
    const w = resultWinner(r);
    box.textContent = `${resultText(r)}: ${w < 0 ? 'a draw' : `${w === WHITE ? 'White' : 'Black'} wins`}`;
  }
  renderPlay();
  renderEngineState();
}

function renderEngineState(): void {
  const analyseButton = document.getElementById('analyse') as HTMLButtonElement;
  analyseButton.textContent = analysing ? 'Stop' : 'Analyse';
  analyseButton.classList.toggle('running', analysing);
  // In a game the engine is the opponent: no analysis, no moves for the player, no other board.
  const inGame = playing();
  analyseButton.disabled = inGame;
  byId<HTMLButtonElement>('engine-move').disabled = !engineReady || result() !== ONGOING || analysing || inGame;
  byId<HTMLButtonElement>('new-game').disabled = inGame;
  byId<HTMLButtonElement>('load').disabled = inGame;
  byId<HTMLButtonElement>('undo').disabled = inGame ? undoPlies(game.moves.length, versus!.settings.player) === 0 : game.moves.length === 0;
  if (engineReady) {
    if (running !== undefined) status('thinking', running.kind === 'analyse' ? 'analysing…' : running.kind === 'reply' ? 'Bredon is thinking…' : 'thinking…');
    else status('ready', `engine ready · ${threadsSelect.value} thread${threadsSelect.value === '1' ? '' : 's'}`);
  }
}

function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  return document.getElementById(id) as T;
}

function setText(id: string, text: string): void {
  const e = document.getElementById(id);
  if (e) e.textContent = text;
}

function status(state: string, text: string): void {
  const chip = document.getElementById('engine-status')!;
  chip.dataset['state'] = state;
  chip.textContent = text;
}

function hint(text: string, bad = false): false {
  const h = document.getElementById('hint')!;
  if (text === '') {
    h.textContent = defaultHint;
    h.classList.remove('bad');
  } else {
    h.textContent = text;
    h.classList.toggle('bad', bad);
  }
  return false;
}

// ---- input ----------------------------------------------------------------------------------

const DIRS = '+>-<'; // north, east, south, west: the order of the move encoding

function onSquare(sq: number): void {
  if (result() !== ONGOING) return void hint('the game is over: undo, load or start a new one', true);
  if (!playerMayMove()) return;
  const size = pos.size;
  const s = spreadInput;
  if (s === undefined) {
    if (pos.height[sq] === 0) {
      tryPlay(`${pieceType === 'F' ? '' : pieceType}${squareName(sq, size)}`);
      return;
    }
    if (pos.inOpening) return void hint('the first move of each side places a flat on an empty square', true);
    if ((pos.top[sq]! & 1) !== pos.side) return void hint(`that stack is ${pos.side === WHITE ? "Black's" : "White's"}: ${pos.side === WHITE ? 'White' : 'Black'} is to move`, true);
    spreadInput = { from: sq, carry: Math.min(pos.height[sq]!, size), dir: -1, drops: [], at: sq };
    hint(`carrying ${spreadInput.carry}: click the stack again to carry fewer, or a neighbouring square to drop`);
    return render();
  }
  if (s.drops.length === 0) {
    if (sq === s.from) {
      s.carry--;
      if (s.carry === 0) {
        spreadInput = undefined;
        hint('');
      } else {
        hint(`carrying ${s.carry}`);
      }
      return render();
    }
    const dir = [0, 1, 2, 3].find((d) => s.from + pos.info.delta[d]! === sq && sameLine(s.from, sq));
    if (dir === undefined) return void hint('drop on a square next to the stack, in a straight line', true);
    s.dir = dir;
    s.drops.push(1);
    s.at = sq;
  } else if (sq === s.at) {
    s.drops[s.drops.length - 1]!++;
  } else if (sq === s.at + pos.info.delta[s.dir]! && sameLine(s.at, sq)) {
    s.drops.push(1);
    s.at = sq;
  } else {
    return void hint('drop on the same square again, or on the next one along the line', true);
  }
  const dropped = s.drops.reduce((a, b) => a + b, 0);
  if (dropped < s.carry) {
    hint(`${s.carry - dropped} left in hand`);
    return render();
  }
  const text = `${s.carry}${squareName(s.from, size)}${DIRS[s.dir]}${s.drops.join('')}`;
  spreadInput = undefined;
  if (!tryPlay(text)) render();
}

/** Whether two neighbouring squares are on one rank or file (not across the board's edge). */
function sameLine(a: number, b: number): boolean {
  const size = pos.size;
  return Math.floor(a / size) === Math.floor(b / size) || a % size === b % size;
}

const sizeSelect = document.getElementById('size') as HTMLSelectElement;
const komiSelect = document.getElementById('komi') as HTMLSelectElement;
const movetimeSelect = document.getElementById('movetime') as HTMLSelectElement;
const threadsSelect = document.getElementById('threads') as HTMLSelectElement;
const showThinking = document.getElementById('show-thinking') as HTMLInputElement;
const defaultHint = document.getElementById('hint')!.textContent ?? '';

function setupThreads(): void {
  // Threads share memory only on a cross-origin isolated page (bredon serve sends the headers).
  const isolated = (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated === true;
  const cores = Math.max(1, navigator.hardwareConcurrency || 1);
  const max = isolated ? Math.min(cores, 8) : 1;
  for (let n = 1; n <= max; n++) threadsSelect.add(new Option(String(n), String(n)));
  threadsSelect.value = String(Math.max(1, Math.min(max, cores - 1, 4)));
  threadsSelect.disabled = max === 1;
  threadsSelect.title = isolated ? 'search threads' : 'one thread: the page is not cross-origin isolated';
  threadsSelect.addEventListener('change', () =>
    idle(() => {
      send(`setoption name Threads value ${threadsSelect.value}`);
      renderEngineState();
    }),
  );
}

function selectPiece(p: 'F' | 'S' | 'C'): void {
  pieceType = p;
  for (const b of document.querySelectorAll<HTMLButtonElement>('.piece')) b.classList.toggle('on', b.dataset['piece'] === p);
}

function wire(): void {
  for (const b of document.querySelectorAll<HTMLButtonElement>('.piece')) b.addEventListener('click', () => selectPiece(b.dataset['piece'] as 'F' | 'S' | 'C'));
  document.getElementById('move-form')!.addEventListener('submit', (e) => {
    e.preventDefault();
    const input = document.getElementById('move-input') as HTMLInputElement;
    if (playerMayMove() && tryPlay(input.value)) input.value = '';
  });
  document.getElementById('undo')!.addEventListener('click', undoRequested);
  byId('play-undo').addEventListener('click', undoRequested);
  byId('play-start').addEventListener('click', startPlay);
  byId('resign').addEventListener('click', resign);
  showThinking.addEventListener('change', render);
  document.getElementById('new-game')!.addEventListener('click', () => newGame(Number(sizeSelect.value), Number(komiSelect.value)));
  document.getElementById('analyse')!.addEventListener('click', toggleAnalysis);
  document.getElementById('engine-move')!.addEventListener('click', () => requestSearch('move'));
  document.getElementById('load')!.addEventListener('click', () => {
    const error = document.getElementById('load-error')!;
    try {
      load((document.getElementById('load-text') as HTMLTextAreaElement).value);
      error.textContent = '';
    } catch (e) {
      error.textContent = (e as Error).message;
    }
  });
  document.addEventListener('keydown', (e) => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement || e.target instanceof HTMLSelectElement) return;
    const k = e.key.toLowerCase();
    if (k === 'escape') {
      spreadInput = undefined;
      hint('');
      render();
    } else if (k === 'f' || k === 's' || k === 'c') selectPiece(k.toUpperCase() as 'F' | 'S' | 'C');
    else if (k === 'backspace') undoRequested();
    else if (k === 'a' && !playing()) toggleAnalysis();
    else if (k === 'e' && !analysing && !playing()) requestSearch('move');
    else return;
    e.preventDefault();
  });
}

function toggleAnalysis(): void {
  analysing = !analysing;
  if (analysing) requestSearch('analyse');
  else if (running !== undefined) send('stop');
  renderEngineState();
}

/** `#tps=<TPS>` (and `&komi=<half-komi>`) in the address opens that position. */
function fromAddress(): void {
  const params = new URLSearchParams(location.hash.slice(1));
  const tps = params.get('tps');
  const komi = params.get('komi');
  if (komi !== null && [...komiSelect.options].some((o) => o.value === komi)) komiSelect.value = komi;
  game.halfKomi = Number(komiSelect.value);
  if (tps !== null) {
    try {
      const p = parseTps(tps);
      game = { startTps: formatTps(p), ...p.reserveOptions, halfKomi: game.halfKomi, moves: [] };
      pos = rebuild();
      sizeSelect.value = String(p.size);
    } catch (e) {
      document.getElementById('load-error')!.textContent = `address: ${(e as Error).message}`;
    }
  }
}

setupThreads();
wire();
fromAddress();
render();
send('tei');
// For a quick look from a script (and the tests): the legal moves here, in PTN.
(globalThis as { bredonLegalMoves?: () => string[] }).bredonLegalMoves = () => legalMoves(pos).map((m) => formatMove(m, pos.size));
