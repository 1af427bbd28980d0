// What one search has reported and what it is still owed to say: the exact reports printed (with
// their scores steadied, expected-score.ts), the progress lines between them, and the final
// report(s) to end on just before `bestmove`. The session (session.ts) decides when a search
// answers; this object decides which `info` lines go out. Every line it returns is printed.

import { isLegalMove, legalMoves, MAX_MOVES } from '../core/movegen.js';
import type { Position } from '../core/position.js';
import { steadyScore } from '../search/expected-score.js';
import { legalPrefix } from '../search/pv.js';
import { WIN_SCORE, WIN_THRESHOLD, type SearchInfo, type SearchProgress, type SearchResult } from '../search/types.js';
import { formatInfo, formatProgress, type InfoFormat } from './format.js';

const scratch = new Int32Array(MAX_MOVES);

/** How the session's options say a line: its size, time and options (ReportWin, Centiflats, the note). */
export type FormatFor = (nodes: number, elapsedMs?: number) => InfoFormat;

export class SearchReport {
  private lastInfo: SearchInfo | undefined;
  /** The last exact report printed (the deepest completed iteration so far; its line 1 in Multi-PV). */
  private lastExact: SearchInfo | undefined;
  /** The search's own score of each line (index multipv - 1) of each completed depth, for steadyScore. */
  private readonly rawScores: number[][] = [];
  /**
   * The reports to end on, just before `bestmove`: the last exact one, then the result's own
   * (with the line continued to the end of the search); in Multi-PV, the last depth's lines
   * (the result is their line 1). `finalShown` while they are the last `info` printed, so that
   * they are not repeated.
   */
  private final: { infos: SearchInfo[]; nodes: number; elapsedMs: number } | undefined;
  private finalShown = false;
  /** Nodes of the latest report of any kind (a reprinted report shows them, with the time now). */
  private latestNodes = 0;

  /** `steady`: scores shown as steadyScore says (false: each depth's own, the option Centiflats). */
  constructor(
    private readonly root: Position,
    private readonly multiPV: number,
    private readonly formatFor: FormatFor,
    private readonly steady: () => boolean,
  ) {}

  /** Whether a depth has completed (the watchdog waits for one). */
  get hasDepth(): boolean {
    return this.final !== undefined;
  }

  /**
   * A report of the search: the line to print, or undefined. Only exact reports are printed: an
   * aspiration fail-high/low is a bound at a depth that may never complete, and the last line
   * before `bestmove` must be the exact result at the deepest depth shown (a GUI keeps the last
   * line as the engine's verdict). In Multi-PV the search sends a depth's lines together, line 1
   * first: line 1 starts the depth's set of final lines.
   */
  report(reported: SearchInfo, nodes: number): string | undefined {
    // The line as far as it is legal: what the client is shown is checked like `bestmove`.
    const legal = { ...reported, pv: legalPrefix(this.root, reported.pv) };
    const first = legal.multipv === undefined || legal.multipv === 1;
    if (first) this.lastInfo = legal;
    this.latestNodes = Math.max(this.latestNodes, nodes);
    if (legal.bound !== 'exact') return undefined;
    const info = this.shown(legal);
    const format = this.formatFor(nodes);
    const line = formatInfo(info, format);
    if (line === undefined) return undefined;
    if (first) {
      this.lastExact = info;
      this.final = { infos: [info], nodes, elapsedMs: format.elapsedMs };
    } else if (this.final !== undefined && this.final.infos[0]!.depth === info.depth) {
      this.final.infos.push(info);
    }
    this.finalShown = true;
    return line;
  }

  /** A progress line: the deepest completed depth's score, the root move being searched. */
  progress(progress: SearchProgress, nodes: number): string {
    this.latestNodes = Math.max(this.latestNodes, nodes);
    const p = progress.currMove !== 0 && isLegalMove(this.root, progress.currMove, scratch) ? progress : { ...progress, currMove: 0 };
    this.finalShown = false;
    return formatProgress(p, this.lastExact, this.formatFor(nodes));
  }

  /**
   * The search's result, played as `move`: in Multi-PV the lines of the result's depth, already
   * printed, are the final ones (its line 1 alone again would be a depth with one line more);
   * else the result's own report becomes the final one.
   */
  result(result: SearchResult, nodes: number, elapsedMs: number, move: number): void {
    const shown = this.final?.infos;
    const linesFinal = this.multiPV > 1 && shown !== undefined && shown[0]!.depth === result.depth && shown[0]!.pv[0] === move;
    if (linesFinal) {
      this.latestNodes = Math.max(this.latestNodes, nodes); // if printed again: the search's whole count
      return;
    }
    const info = this.finalInfo(result);
    if (info !== undefined) {
      this.final = { infos: [info], nodes, elapsedMs };
      this.finalShown = false;
    }
  }

  /** The first move of the last reported line if it is legal, else the first legal move. */
  fallbackMove(): number {
    // The line of the last exact report, so that it can end the output as the final report.
    const m = this.final?.infos[0]!.pv[0] ?? this.lastInfo?.pv[0];
    if (m !== undefined && m !== 0 && isLegalMove(this.root, m, scratch)) return m;
    return legalMoves(this.root)[0] ?? 0;
  }

  /**
   * The lines to print before `bestmove move`: the final report(s), unless they are the last
   * printed already; also when the search failed or overran and the move is the last report's,
   * so that its line, not a progress report, is the last word before `bestmove`.
   */
  closingLines(move: number): string[] {
    if (this.final === undefined || this.finalShown || move === 0 || this.final.infos[0]!.pv[0] !== move) return [];
    // The result's report is timed when the search answered (an infinite search may wait long
    // for its `stop`); an earlier report printed again (or a depth's lines) has the latest
    // count and the time now.
    const { infos, nodes, elapsedMs } = this.final;
    const fromResult = infos[0] !== this.lastExact;
    const format = fromResult ? this.formatFor(nodes, elapsedMs) : this.formatFor(Math.max(nodes, this.latestNodes));
    const lines: string[] = [];
    for (const info of infos) {
      const line = formatInfo(info, format);
      if (line !== undefined) lines.push(line);
    }
    return lines;
  }

  /** An exact report as shown: its score steadied by the previous depth's (expected-score.ts steadyScore). */
  private shown(info: SearchInfo): SearchInfo {
    const k = (info.multipv ?? 1) - 1;
    (this.rawScores[info.depth] ??= [])[k] = info.score;
    if (!this.steady()) return info; // the search's own scores, as they always were
    return { ...info, score: steadyScore(info.score, this.rawScores[info.depth - 1]?.[k]) };
  }

  /**
   * The result as the final report: exact, at the depth of the iteration that chose the move
   * (never shallower than a depth already shown: the pool answers with the deepest thread), its
   * line starting with the move played. None when no iteration completed.
   */
  private finalInfo(result: SearchResult): SearchInfo | undefined {
    if (result.depth < 1) return undefined;
    const last = this.lastExact;
    if (last !== undefined && last.depth > result.depth) return undefined; // cannot happen: never go back
    const abs = Math.abs(result.score);
    const mateIn = abs >= WIN_THRESHOLD ? Math.sign(result.score) * (WIN_SCORE - abs) : 0;
    const pv = result.pv[0] === result.best ? legalPrefix(this.root, result.pv) : [result.best];
    const info: SearchInfo = {
      depth: result.depth,
      seldepth: Math.max(result.seldepth ?? 0, last?.seldepth ?? 0),
      score: result.score,
      mateIn,
      bound: 'exact',
      nodes: result.nodes,
      timeMs: 0,
      hashfull: result.hashfull ?? last?.hashfull ?? 0,
      pv,
    };
    if (this.multiPV > 1) info.multipv = 1;
    return this.shown(info);
  }
}
