// The web page (web/index.html): a Tak board drawn as SVG, moves by clicking or typing, a TPS or
// a PTN game pasted in, and Bredon's lines updating live from the engine worker
// (bredon-worker.js, TEI over postMessage). The rules are the engine's own rules core, bundled
// into this script, so the page and the engine never disagree about a move.
//
// This file wires the parts together, each of which knows nothing of it: the board's game
// (board-state.ts), its drawing (board-view.ts) and click input (board-input.ts), the engine
// (engine.ts) and what it says (thinking-view.ts), and the game against Bredon (play-card.ts,
// whose finished game gets the PlayTak bot's review, review-view.ts). Every change of the
// position goes through positionChanged(): the display follows it, stale hints go, and the
// engine is asked for what the position needs (Bredon's reply, or the analysis).

import { isLegalMove, legalMoves } from '../core/movegen.js';
import { ONGOING, resultText, resultWinner } from '../core/result.js';
import { WHITE } from '../core/position.js';
import { illegalReason } from '../notation/ptn-game.js';
import { formatMove, parseMove } from '../notation/ptn-move.js';
import { formatTps } from '../notation/tps.js';
import { MAX_LEVEL } from '../search/levels.js';
import { BoardInput, type Piece } from './board-input.js';
import { Board, emptyGame, gameFromText } from './board-state.js';
import { renderBoard, renderMoves } from './board-view.js';
import { byId, setText } from './dom.js';
import { Engine, type SearchKind, type SearchOrder } from './engine.js';
import { engineGo, resignResult } from './game-mode.js';
import { PlayCard } from './play-card.js';
import { PuzzleCard } from './puzzle-card.js';
import { ThinkingView } from './thinking-view.js';

const sizeSelect = byId<HTMLSelectElement>('size');
const komiSelect = byId<HTMLSelectElement>('komi');
const movetimeSelect = byId<HTMLSelectElement>('movetime');
const threadsSelect = byId<HTMLSelectElement>('threads');
const defaultHint = byId('hint').textContent ?? '';
const pageStart = performance.now();

const board = new Board(emptyGame(6, 4));
const thinking = new ThinkingView();
const play = new PlayCard(board);
const input = new BoardInput(board, { tryPlay, hint, mayMove: playerMayMove, render });
const puzzles = new PuzzleCard({
  busy: () => (play.playing() ? 'finish or resign the game against Bredon first' : undefined),
  show: (p) => {
    analysing = false;
    board.setUp(gameFromText(p.tps, Math.round(p.komi * 2)));
    sizeSelect.value = String(board.size);
    engineNewGame();
  },
  play: (move) => {
    board.play(move);
    positionChanged();
  },
});
/** Whether Analyse is on: the engine follows the free board. */
let analysing = false;

// ---- the game on the board ------------------------------------------------------------------

/** Plays a move given in PTN if it is legal here; otherwise says why not. */
function tryPlay(text: string): boolean {
  if (board.result() !== ONGOING) return hint('the game is over: undo, load or start a new one', true);
  let move: number;
  try {
    move = parseMove(text, board.size);
  } catch (e) {
    return hint((e as Error).message, true);
  }
  if (!isLegalMove(board.pos, move)) return hint(`${text}: ${illegalReason(board.pos, move)}`, true);
  if (puzzles.active()) return puzzles.tryMove(move);
  board.play(move);
  positionChanged();
  return true;
}

function undo(): void {
  if (board.game.moves.length === 0) return;
  if (puzzles.active()) return void hint('a puzzle is on the board: a wrong move is taken back by itself', true);
  board.takeBack(1);
  positionChanged();
}

function newGame(size: number, halfKomi: number): void {
  puzzles.leave();
  board.setUp(emptyGame(size, halfKomi));
  engineNewGame();
}

/** A TPS, or a PTN game (its tags for size, komi, reserves and start; its moves played). */
function load(text: string): void {
  puzzles.leave();
  board.setUp(gameFromText(text, Number(komiSelect.value)));
  sizeSelect.value = String(board.size);
  if ([...komiSelect.options].some((o) => o.value === String(board.game.halfKomi))) komiSelect.value = String(board.game.halfKomi);
  engineNewGame();
}

function engineNewGame(): void {
  const g = board.game;
  engine.newGame(board.size, g.halfKomi, g.stones, g.caps);
  positionChanged();
}

/** After every change of the position (a move, undo, a new or loaded game). */
function positionChanged(): void {
  input.cancel();
  hint(''); // a hint was about the position before
  thinking.follow(board.here());
  render();
  if (play.playing() && board.result() !== ONGOING) endGame(undefined);
  else if (play.engineToMove()) return requestSearch('reply');
  else if (analysing && !play.playing() && board.result() === ONGOING) return requestSearch('analyse');
  const r = engine.running;
  if (r !== undefined && r.at.key !== board.here().key) engine.stop();
}

// ---- the engine -----------------------------------------------------------------------------

const engine = new Engine({
  teiOk() {
    const threads = Number(threadsSelect.value);
    if (threads > 1) engine.send(`setoption name Threads value ${threads}`);
    engine.send('setoption name ReportWin value true'); // proven results as "wins in N", not huge numbers
    engineNewGame();
  },
  ready() {
    renderEngineState();
    // A game, or an analysis, asked for before the engine was ready.
    if (play.engineToMove()) requestSearch('reply');
    else if (analysing && !play.playing()) requestSearch('analyse');
  },
  started(r) {
    thinking.begin(r.at);
  },
  info(r, line) {
    const err = /^info string error: (.*)$/.exec(line);
    if (err) return void hint(`engine: ${err[1]}`, true);
    if (line.startsWith('info string') || r === undefined || r.at.key !== board.here().key) return;
    const before = thinking.bestLineMove();
    thinking.info(r.at, line);
    if (thinking.bestLineMove() !== before) drawBoard();
  },
  bestMove(r, move, waiting) {
    if (r.at.key !== board.here().key) return;
    const now = performance.now();
    thinking.bestMove(r.at, move, now - r.startedAt, now - pageStart);
    if (move === '(none)') return;
    if (r.kind === 'reply' ? play.engineToMove() : r.kind === 'move' && !waiting) tryPlay(move);
  },
  idle(r) {
    if (engine.running === undefined && analysing && !play.playing() && board.result() === ONGOING && board.here().key !== r.at.key) requestSearch('analyse');
  },
  changed: renderEngineState,
  failed(message) {
    status('error', `the engine failed: ${message}`);
  },
});

/** The search of `kind` of the position on the board, when it can start; undefined if there is nothing to search. */
function searchOrder(kind: SearchKind): SearchOrder | undefined {
  if (board.result() !== ONGOING) return undefined;
  if (kind === 'reply' && !play.engineToMove()) return undefined;
  // Bredon's replies in a game at the game's level; analysis and the free board's moves at full strength.
  const level = kind === 'reply' ? play.versus!.settings.level : MAX_LEVEL;
  const movetime = Number(movetimeSelect.value);
  const go = kind === 'analyse' ? 'go infinite' : kind === 'reply' ? engineGo(level, movetime) : `go movetime ${movetime}`;
  return { kind, at: board.here(), position: board.positionCommand(), go, level };
}

/** Asks for a search of the position on the board, stopping one of another position first. */
function requestSearch(kind: SearchKind): void {
  if (puzzles.active()) return;
  engine.request(kind, board.here().key, () => searchOrder(kind));
}

function toggleAnalysis(): void {
  if (puzzles.active()) return void hint('a puzzle is on the board: solve it, or ask for the solution', true);
  analysing = !analysing;
  if (analysing) requestSearch('analyse');
  else engine.stop();
  renderEngineState();
}

// ---- the game against Bredon ---------------------------------------------------------------

/** Whether the player may move now; if not, says why. */
function playerMayMove(): boolean {
  if (!play.engineToMove()) return true;
  return hint('Bredon is thinking: wait for its move, or undo yours', true);
}

function startPlay(): void {
  puzzles.leave();
  const s = play.begin();
  analysing = false; // the engine is the opponent now
  sizeSelect.value = String(s.size);
  komiSelect.value = String(s.halfKomi);
  newGame(s.size, s.halfKomi);
}

/** In a game: the player's last move and Bredon's reply (see undoPlies); else the last move. */
function undoRequested(): void {
  if (!play.playing()) return undo();
  const n = play.undoPlies();
  if (n === 0) return;
  board.takeBack(n);
  positionChanged();
}

function resign(): void {
  if (play.playing()) endGame(resignResult(play.versus!.settings.player));
}

/** Ends the game (on the board, or by the player's resignation) and reviews it. */
function endGame(resignation: string | undefined): void {
  engine.stop(); // a resignation while Bredon thinks: its move is not played
  play.end(resignation);
  hint('');
  render();
}

// ---- drawing --------------------------------------------------------------------------------

function drawBoard(): void {
  const best = play.thinkingShown() && board.result() === ONGOING ? thinking.bestLineMove() : undefined;
  renderBoard(byId('board'), board, { ...(best !== undefined ? { best } : {}), ...(input.spread !== undefined ? { spread: input.spread } : {}) }, (sq) => input.onSquare(sq));
}

function render(): void {
  drawBoard();
  renderMoves(byId('moves'), board);
  const pos = board.pos;
  setText('tps', formatTps(pos));
  setText('count-F', String(pos.stones[pos.side]));
  setText('count-C', String(pos.caps[pos.side]));
  const r = board.result();
  const box = byId('result');
  box.hidden = r === ONGOING;
  if (r !== ONGOING) {
    const w = resultWinner(r);
    box.textContent = `${resultText(r)}: ${w < 0 ? 'a draw' : `${w === WHITE ? 'White' : 'Black'} wins`}`;
  }
  play.render();
  renderEngineState();
}

function renderEngineState(): void {
  const analyseButton = byId<HTMLButtonElement>('analyse');
  analyseButton.textContent = analysing ? 'Stop' : 'Analyse';
  analyseButton.classList.toggle('running', analysing);
  // In a game the engine is the opponent: no analysis, no moves for the player, no other board.
  const inGame = play.playing();
  analyseButton.disabled = inGame || puzzles.active();
  // A puzzle on the board is the player's to solve: the engine gives no answers then.
  byId<HTMLButtonElement>('engine-move').disabled = !engine.ready || board.result() !== ONGOING || analysing || inGame || puzzles.active();
  byId<HTMLButtonElement>('new-game').disabled = inGame;
  byId<HTMLButtonElement>('load').disabled = inGame;
  byId<HTMLButtonElement>('undo').disabled = inGame ? play.undoPlies() === 0 : board.game.moves.length === 0;
  const r = engine.running;
  if (!engine.ready) return;
  if (r !== undefined) status('thinking', r.kind === 'analyse' ? 'analysing…' : r.kind === 'reply' ? 'Bredon is thinking…' : 'thinking…');
  else status('ready', `engine ready · ${threadsSelect.value} thread${threadsSelect.value === '1' ? '' : 's'}`);
}

function status(state: string, text: string): void {
  const chip = byId('engine-status');
  chip.dataset['state'] = state;
  chip.textContent = text;
}

/** Says something under the board ('' the default words); returns false, for `return hint(...)`. */
function hint(text: string, bad = false): false {
  const h = byId('hint');
  h.textContent = text === '' ? defaultHint : text;
  h.classList.toggle('bad', text !== '' && bad);
  return false;
}

// ---- wiring ---------------------------------------------------------------------------------

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
    engine.idle(() => {
      engine.send(`setoption name Threads value ${threadsSelect.value}`);
      renderEngineState();
    }),
  );
}

function selectPiece(p: Piece): void {
  input.piece = p;
  for (const b of document.querySelectorAll<HTMLButtonElement>('.piece')) b.classList.toggle('on', b.dataset['piece'] === p);
}

function wire(): void {
  for (const b of document.querySelectorAll<HTMLButtonElement>('.piece')) b.addEventListener('click', () => selectPiece(b.dataset['piece'] as Piece));
  byId('move-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const field = byId<HTMLInputElement>('move-input');
    if (playerMayMove() && tryPlay(field.value)) field.value = '';
  });
  byId('undo').addEventListener('click', undoRequested);
  byId('play-undo').addEventListener('click', undoRequested);
  byId('play-start').addEventListener('click', startPlay);
  byId('resign').addEventListener('click', resign);
  byId('show-thinking').addEventListener('change', render);
  byId('new-game').addEventListener('click', () => newGame(Number(sizeSelect.value), Number(komiSelect.value)));
  byId('analyse').addEventListener('click', toggleAnalysis);
  byId('engine-move').addEventListener('click', () => requestSearch('move'));
  byId('load').addEventListener('click', () => {
    const error = byId('load-error');
    try {
      load(byId<HTMLTextAreaElement>('load-text').value);
      error.textContent = '';
    } catch (e) {
      error.textContent = (e as Error).message;
    }
  });
  document.addEventListener('keydown', (e) => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement || e.target instanceof HTMLSelectElement) return;
    const k = e.key.toLowerCase();
    if (k === 'escape') {
      input.cancel();
      hint('');
      render();
    } else if (k === 'f' || k === 's' || k === 'c') selectPiece(k.toUpperCase() as Piece);
    else if (k === 'backspace') undoRequested();
    else if (k === 'a' && !play.playing()) toggleAnalysis();
    else if (k === 'e' && !analysing && !play.playing()) requestSearch('move');
    else return;
    e.preventDefault();
  });
}

/** `#tps=<TPS>` (and `&komi=<half-komi>`) in the address opens that position. */
function fromAddress(): void {
  const params = new URLSearchParams(location.hash.slice(1));
  const tps = params.get('tps');
  const komi = params.get('komi');
  if (komi !== null && [...komiSelect.options].some((o) => o.value === komi)) komiSelect.value = komi;
  const halfKomi = Number(komiSelect.value);
  board.setUp(emptyGame(6, halfKomi));
  if (tps === null) return;
  try {
    board.setUp(gameFromText(`position tps ${tps}`, halfKomi));
    sizeSelect.value = String(board.size);
  } catch (e) {
    byId('load-error').textContent = `address: ${(e as Error).message}`;
  }
}

setupThreads();
wire();
fromAddress();
render();
engine.send('tei');
// For a quick look from a script (and the tests): the legal moves here, in PTN.
(globalThis as { bredonLegalMoves?: () => string[] }).bredonLegalMoves = () => legalMoves(board.pos).map((m) => formatMove(m, board.size));
