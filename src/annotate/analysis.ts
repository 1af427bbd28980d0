// Analysing a game for `bredon annotate` and the PlayTak bot's review: replay it, search every
// position, and judge each move by what the search thought of the position before it (the best
// the mover could get) and of the position after it (what the mover got). The difference is the
// move's loss; the marks and the summary are read off it. On request, the tinue prover also looks
// for a forced road before each move of the sides asked for, so that a tinue the mover had and
// let go can be named. Plain data out; writing it as PTN and summing it up are other files.
//
// Scores are centiflats from the mover's view, or WIN_SCORE - plies for a proven result (search
// types.ts); the marks read the drop of the mover's win chance (marks.ts), in which a win in 5
// instead of 3 loses nothing and a thrown-away win all that was left.

import { makeMove } from '../core/makemove.js';
import type { Position } from '../core/position.js';
import { boardResult, DRAW, ONGOING, REPETITION, resultWinner, type ResultCode } from '../core/result.js';
import { scanRoads } from '../core/roads.js';
import { parseMove } from '../notation/ptn-move.js';
import { replayGame, startPosition, tagValue, type PtnGame, type PtnMove } from '../notation/ptn-game.js';
import { steadyScore } from '../search/expected-score.js';
import { Searcher } from '../search/search.js';
import { TranspositionTable } from '../search/tt.js';
import { WIN_SCORE, WIN_THRESHOLD, type SearchLimits } from '../search/types.js';
import { TinueInputError, TinueSolver } from '../tinue/dfpn.js';
import { roadInOne } from '../tinue/threats.js';
import { BETTER_DROP, chancePoints, dropOf, markFor, type Mark } from './marks.js';

/** One line of the engine: moves from the position it was searched in, and its score there. */
export interface EngineLine {
  moves: number[];
  /** Mover's view at that position. */
  score: number;
}

export interface AnnotatedMove {
  ptn: PtnMove;
  move: number;
  /** 0 White, 1 Black. */
  side: number;
  /** Whether the move flattened a wall (PTN `*`). */
  smash: boolean;
  /** The best the mover could get before the move, mover's view (the search's score). */
  before: number;
  /** What the mover got: the position after the move, mover's view, counted from before it. */
  after: number;
  /** before - after in centiflats, never below 0 (a deeper look after the move can find more than before). */
  loss: number;
  /** The mover's win chance before and after the move (points, 0-100: marks.ts). */
  chanceBefore: number;
  chanceAfter: number;
  /** chanceBefore - chanceAfter, never below 0, or 100 for a proof let go (marks.ts dropOf): what the marks are read off. */
  drop: number;
  /** The position after the move from White's view, counted from after it (for the comment). */
  whiteAfter: number;
  /** Depth of the search behind whiteAfter (0 when the game ended with the move). */
  depth: number;
  /** The game ended with this move: its result, else ONGOING. */
  ended: ResultCode;
  /** The move leaves the mover a road in one (tak, PTN `'`). */
  tak: boolean;
  /** Plies to the mover's road after the move when the solver proves a tinue (PTN `''`), else 0. */
  tinue: number;
  /**
   * Plies of a tinue the mover had before the move (the solver's proof, for the sides analyse()
   * was asked to check) and no longer has after it, else 0; `tinueLine` is its line, the attack
   * first.
   */
  missedTinue: number;
  tinueLine: number[];
  mark: Mark;
  /** Whether the move is the search's best move. */
  playedBest: boolean;
  /**
   * The engine's lines before the move, best first, when it preferred another move by at least
   * BETTER_DROP points of win chance. One today; several once the search reports more than one (multi-PV).
   */
  better: EngineLine[];
}

export interface GameAnalysis {
  game: PtnGame;
  halfKomi: number;
  size: number;
  resultText: string;
  moves: AnnotatedMove[];
}

export interface AnnotateOptions {
  limits: SearchLimits;
  /** Overrides the Size tag. */
  size?: number;
  /** Overrides the Komi tag (flats). */
  komi?: number;
  /** The tinue solver's budget per tak move: nodes (not time, so that --depth runs repeat exactly). */
  tinueNodes: number;
  tinuePlies: number;
  hashMb: number;
}

/** A score of the position after a move, seen from before it: the mover's view, one ply further. */
export function fromBefore(scoreAfter: number): number {
  const v = -scoreAfter;
  if (Math.abs(v) >= WIN_THRESHOLD) return Math.sign(v) * (Math.abs(v) - 1);
  return v;
}

/** The score of a decided position for `side`, as the search would give it one ply before. */
export function decidedScore(result: ResultCode, side: number): number {
  if (result === DRAW || result === REPETITION) return 0;
  return resultWinner(result) === side ? WIN_SCORE - 1 : -(WIN_SCORE - 1);
}

export class Annotator {
  private readonly table: TranspositionTable;
  private readonly searcher: Searcher;
  private readonly solver = new TinueSolver(16);

  constructor(private readonly options: AnnotateOptions) {
    this.table = TranspositionTable.create(options.hashMb, false);
    this.searcher = new Searcher({ table: this.table, stop: new Int32Array(1) });
  }

  /**
   * Checks a whole game first (a PtnError names the bad move), then analyses it, awaiting
   * `onPosition` after each position searched (a progress bar redraws from a timer, so the
   * caller yields to the event loop there; the bot's review thread waits there while the bot
   * thinks). `missedTinues`: the sides (0 White, 1 Black) whose positions get a tinue check
   * before each of their moves.
   */
  async analyse(game: PtnGame, onPosition?: () => void | Promise<void>, missedTinues: readonly number[] = []): Promise<GameAnalysis> {
    const { size, komi } = this.options;
    const replay = replayGame(game, { size, komi });
    const halfKomi = replay.halfKomi;
    const pos = startPosition(game, size);
    this.table.clear();
    this.searcher.newGame();
    // The solver's table holds exact subproblems, good for the whole game; komi may change with the next.
    this.solver.clear();

    // Pass 1: the search's view of every position, before each move and after the last.
    const scores: number[] = [];
    const depths: number[] = [];
    const lines: EngineLine[] = [];
    const results: ResultCode[] = [];
    const moves: number[] = [];
    /** The tinue the side to move has before each move, where it was looked for and proven. */
    const tinues: ({ plies: number; line: number[] } | undefined)[] = [];
    for (let i = 0; i <= game.moves.length; i++) {
      const result = boardResult(pos, halfKomi);
      results.push(result);
      tinues.push(undefined);
      if (result === ONGOING) {
        // The score as TEI shows it: steadied by the previous depth's (expected-score.ts).
        const byDepth: number[] = [];
        const r = this.searcher.search(pos, halfKomi, this.options.limits, (info) => {
          if (info.bound === 'exact') byDepth[info.depth] = info.score;
        });
        scores.push(steadyScore(r.score, byDepth[r.depth - 1]));
        depths.push(r.depth);
        lines.push({ moves: r.pv.length > 0 ? r.pv : [r.best], score: scores.at(-1)! });
        if (i < game.moves.length && missedTinues.includes(pos.side)) tinues[i] = this.tinueBefore(pos, halfKomi);
      } else {
        scores.push(0);
        depths.push(0);
        lines.push({ moves: [], score: 0 });
      }
      await onPosition?.();
      if (i === game.moves.length) break;
      const m = parseMove(game.moves[i]!.text, pos.size);
      moves.push(m);
      makeMove(pos, m);
    }

    // Pass 2: the tak and tinue marks, replaying once more.
    const replayPos = startPosition(game, size);
    const sides: number[] = [];
    const smashes: boolean[] = [];
    const taks: boolean[] = [];
    const tinuesAfter: number[] = [];
    for (let i = 0; i < moves.length; i++) {
      sides.push(replayPos.side);
      makeMove(replayPos, moves[i]!);
      smashes.push(replayPos.undoSmash[replayPos.depth - 1] !== 0);
      let tak = false;
      let tinue = 0;
      if (results[i + 1] === ONGOING) {
        scanRoads(replayPos);
        tak = roadInOne(replayPos, sides[i]!) !== 0;
        if (tak) tinue = this.tinueAfter(replayPos, halfKomi);
      }
      taks.push(tak);
      tinuesAfter.push(tinue);
    }
    // A reply proven to be a tinue proves the position before it won for the replier: the move
    // before the reply walked into it, whatever a shorter search thought.
    for (let i = 1; i < moves.length; i++) {
      if (tinuesAfter[i]! > 0 && scores[i]! < WIN_THRESHOLD) scores[i] = WIN_SCORE - (tinuesAfter[i]! + 1);
    }

    // Pass 3: judge each move.
    const out: AnnotatedMove[] = [];
    for (let i = 0; i < moves.length; i++) {
      const m = moves[i]!;
      const side = sides[i]!;
      const ended = results[i + 1]!;
      const before = scores[i]!;
      const after = ended === ONGOING ? fromBefore(scores[i + 1]!) : decidedScore(ended, side);
      const loss = Math.max(0, before - after);
      const chanceBefore = chancePoints(before, pos.size);
      const chanceAfter = chancePoints(after, pos.size);
      const drop = dropOf(before, after, pos.size);
      const best = lines[i]!.moves[0] ?? 0;
      const playedBest = best === m;
      let whiteAfter: number;
      if (ended !== ONGOING) whiteAfter = ended === DRAW || ended === REPETITION ? 0 : resultWinner(ended) === 0 ? WIN_SCORE : -WIN_SCORE;
      else whiteAfter = side === 1 ? scores[i + 1]! : -scores[i + 1]!;
      // A tinue let go: the mover neither won nor kept a proven win (its tinue, or the search's).
      const had = tinues[i];
      const won = ended !== ONGOING && resultWinner(ended) === side;
      const tinue = tinuesAfter[i]!;
      const missed = had !== undefined && !won && tinue === 0 && after < WIN_THRESHOLD;
      out.push({
        ptn: game.moves[i]!,
        move: m,
        side,
        smash: smashes[i]!,
        before,
        after,
        loss,
        chanceBefore,
        chanceAfter,
        drop,
        whiteAfter,
        depth: depths[i + 1]!,
        ended,
        tak: taks[i]!,
        tinue,
        missedTinue: missed ? had.plies : 0,
        tinueLine: missed ? had.line : [],
        mark: markFor(drop, playedBest),
        playedBest,
        better: !playedBest && drop >= BETTER_DROP && best !== 0 ? [lines[i]!] : [],
      });
    }
    return { game, halfKomi, size: pos.size, resultText: replay.resultText, moves: out };
  }

  /** The side to move's tinue, when the solver proves one within its budget. */
  private tinueBefore(pos: Position, halfKomi: number): { plies: number; line: number[] } | undefined {
    try {
      const o = this.solver.solve(pos, halfKomi, { maxPlies: this.options.tinuePlies, nodes: this.options.tinueNodes });
      return o.kind === 'tinue' ? { plies: o.plies, line: o.line } : undefined;
    } catch (e) {
      // The opening swap: no tinue to look for.
      if (e instanceof TinueInputError) return undefined;
      throw e;
    }
  }

  /** Plies to the road when the side that just moved has a tinue (within the solver's budget), else 0. */
  private tinueAfter(pos: Position, halfKomi: number): number {
    const o = this.solver.solveAfterMove(pos, halfKomi, { maxPlies: this.options.tinuePlies, nodes: this.options.tinueNodes });
    return o.kind === 'tinue' ? o.plies : 0;
  }
}

/** The players' names from the tags, for the summary. */
export function playerNames(game: PtnGame): [string, string] {
  return [tagValue(game, 'Player1') ?? 'White', tagValue(game, 'Player2') ?? 'Black'];
}
