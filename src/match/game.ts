// One game between two TEI engines, refereed by the rules core: the runner keeps the position
// and both clocks, sends the whole history every ply (as Racetrack does), and ends the game on a
// road, a flat win or draw (boardResult with komi), the third repetition, 1000 plies, a time loss,
// or a forfeit (illegal or malformed move, crash, engine not ready).

import { makeMove } from '../core/makemove.js';
import { isLegalMove, MAX_MOVES } from '../core/movegen.js';
import type { Position } from '../core/position.js';
import { gameResult, ONGOING, REPETITION, resultText, resultWinner, WHITE_FLATS, BLACK_FLATS, DRAW } from '../core/result.js';
import { NotationError } from '../notation/errors.js';
import { formatMove, parseMove } from '../notation/ptn-move.js';
import { GameClock, type TimeControl } from './clock.js';
import { openingStart, type Opening } from './openings.js';
import { EngineFailure, type TeiEngine } from './tei-engine.js';

export type Termination =
  | 'road'
  | 'flats'
  | 'draw'
  | 'repetition'
  | 'adjudication'
  | 'time'
  | 'illegal'
  | 'malformed'
  | 'crash'
  | 'not ready';

/** Terminations where a player lost by misbehaving rather than on the board. */
export const FORFEITS: readonly Termination[] = ['illegal', 'malformed', 'crash', 'not ready'];

export interface PlayedMove {
  /** Canonical PTN. */
  text: string;
  /** A move from the opening book, not chosen by an engine. */
  book: boolean;
  /** The mover's last reported `score cp` before `bestmove`, from the mover's point of view. */
  scoreCp?: number;
  depth?: number;
  /** Thinking time measured by the runner. */
  ms?: number;
}

export interface GameSetup {
  /** 1-based game number in the match. */
  round: number;
  /** 0-based opening pair: games 2p and 2p + 1 play the same opening with colours swapped. */
  pair: number;
  opening: Opening;
  /** Which engine (0 first, 1 second) plays White. */
  white: number;
  size: number;
  halfKomi: number;
  /** The time control of each engine, by engine index (the same twice but for time odds). */
  tcs: readonly [TimeControl, TimeControl];
  maxPlies: number;
  /** Display names of the two engines, by engine index. */
  names: readonly [string, string];
}

export interface GameRecord {
  setup: GameSetup;
  startedAt: Date;
  moves: PlayedMove[];
  /** PTN result: R-0, 0-R, F-0, 0-F, 1-0, 0-1, 1/2-1/2. */
  result: string;
  /** Winning colour, 0 White, 1 Black, -1 none. */
  winner: number;
  termination: Termination;
  /** One sentence on how the game ended. */
  detail: string;
  /** The position at the end of the game. */
  final: Position;
}

const COLOUR = ['White', 'Black'];

/**
 * Plays one game. `engines` are indexed by engine (0 first, 1 second); setup.white says which
 * plays White. Returns null when `signal` aborts the game (it then does not count).
 */
export async function playGame(
  setup: GameSetup,
  engines: readonly [TeiEngine, TeiEngine],
  signal: AbortSignal,
  log: (engine: number, message: string) => void,
): Promise<GameRecord | null> {
  const { size, halfKomi, opening } = setup;
  const byColour = [engines[setup.white]!, engines[1 - setup.white]!];
  const engineOf = (colour: number) => (colour === 0 ? setup.white : 1 - setup.white);
  const who = (colour: number) => `${COLOUR[colour]} (${setup.names[engineOf(colour)]})`;
  const startedAt = new Date();
  const pos = openingStart(opening, size);
  const moves: PlayedMove[] = [];
  for (const text of opening.moves) {
    makeMove(pos, parseMove(text, size));
    moves.push({ text, book: true });
  }
  const record = (result: string, winner: number, termination: Termination, detail: string): GameRecord => ({
    setup,
    startedAt,
    moves,
    result,
    winner,
    termination,
    detail,
    final: pos,
  });
  const forfeit = (colour: number, termination: Termination, detail: string): GameRecord =>
    record(colour === 0 ? '0-1' : '1-0', 1 - colour, termination, detail);

  // Both engines get ready at once; one that cannot forfeits.
  const ready = await Promise.all(
    byColour.map(async (engine, colour) => {
      try {
        await engine.newGame(size, signal);
        return null;
      } catch (e) {
        if (!(e instanceof EngineFailure)) throw e;
        log(engineOf(colour), e.message);
        return e.message;
      }
    }),
  );
  if (signal.aborted) return null;
  if (ready[0] !== null && ready[1] !== null) {
    return record('1/2-1/2', -1, 'not ready', `neither engine got ready: White ${ready[0]}; Black ${ready[1]}`);
  }
  for (const colour of [0, 1]) {
    if (ready[colour] !== null) return forfeit(colour, 'not ready', `${who(colour)} forfeits: it ${ready[colour]}`);
  }

  const start = opening.tps === null && halfKomi === 0 ? 'position startpos' : `position tps ${opening.tps ?? uncompressedStart(size)}`;
  const clock = new GameClock(setup.tcs[setup.white]!, setup.tcs[1 - setup.white]!);
  const scratch = new Int32Array(MAX_MOVES);
  for (;;) {
    const result = gameResult(pos, halfKomi);
    if (result !== ONGOING) {
      const termination: Termination =
        result === REPETITION ? 'repetition' : result === DRAW ? 'draw' : result === WHITE_FLATS || result === BLACK_FLATS ? 'flats' : 'road';
      const detail =
        termination === 'repetition'
          ? 'drawn by the third repetition of the position'
          : termination === 'draw'
            ? 'drawn on flats'
            : `${COLOUR[resultWinner(result)]} wins by ${termination === 'road' ? 'road' : 'flats'}`;
      return record(resultText(result), resultWinner(result), termination, detail);
    }
    if (moves.length >= setup.maxPlies) {
      return record('1/2-1/2', -1, 'adjudication', `drawn by adjudication after ${setup.maxPlies} plies`);
    }
    const side = pos.side;
    const engine = byColour[side]!;
    // Racetrack's form: "moves" and a space after every move, also with no moves.
    const positionLine = `${start} moves ${moves.map((m) => m.text + ' ').join('')}`;
    const outcome = await engine.search(positionLine, clock.goLine(side), clock.limit(side), signal);
    if (outcome.kind === 'aborted') return null;
    if (outcome.kind === 'crash') {
      log(engineOf(side), `crashed: it ${outcome.description}`);
      return forfeit(side, 'crash', `${who(side)} forfeits: it ${outcome.description}`);
    }
    if (outcome.kind === 'timeout') {
      const killed = await engine.settleAfterTimeout();
      if (killed) log(engineOf(side), "hung: no bestmove when its clock ran out nor after 'stop'; killed");
      return forfeit(side, 'time', `${who(side)} loses on time${killed ? ' (no reply at all: hung, killed and restarted)' : ''}`);
    }
    if (!clock.charge(side, outcome.elapsedMs)) {
      return forfeit(side, 'time', `${who(side)} loses on time (bestmove after ${(outcome.elapsedMs / 1000).toFixed(3)} s)`);
    }
    // An engine's junk can be long: messages quote at most 40 characters of it.
    const shown = outcome.text.length > 40 ? `${outcome.text.slice(0, 40)}...` : outcome.text;
    let move: number;
    try {
      move = parseMove(outcome.text, size);
    } catch (e) {
      if (!(e instanceof NotationError)) throw e;
      await engine.kill();
      log(engineOf(side), `malformed bestmove '${shown}'`);
      return forfeit(side, 'malformed', `${who(side)} forfeits: malformed bestmove '${shown}'${outcome.text === '' ? '' : ` (${e.message.slice(0, 80)})`}`);
    }
    const canonical = formatMove(move, size);
    if (canonical !== outcome.text) {
      await engine.kill();
      log(engineOf(side), `bestmove '${shown}' is not in short canonical PTN`);
      return forfeit(side, 'malformed', `${who(side)} forfeits: bestmove '${shown}' is not in short canonical PTN (that is '${canonical}')`);
    }
    if (!isLegalMove(pos, move, scratch)) {
      await engine.kill();
      log(engineOf(side), `illegal move '${canonical}'`);
      return forfeit(side, 'illegal', `${who(side)} forfeits: illegal move '${canonical}' at ply ${pos.ply + 1}`);
    }
    makeMove(pos, move);
    moves.push({ text: canonical, book: false, scoreCp: outcome.scoreCp, depth: outcome.depth, ms: outcome.elapsedMs });
  }
}

function uncompressedStart(size: number): string {
  return `${Array(size).fill(Array(size).fill('x').join(',')).join('/')} 1 1`;
}
