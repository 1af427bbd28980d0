// Analyses whole games as PTN Ninja's Analyze Game does and marks each ply as it would, for one
// or more TEI engines on the same positions: each position before a ply is sent as `position tps`
// and searched with `go movetime`, and a ply's mark comes from the change of White's raw
// `score cp` between the positions before and after it (PTN Ninja 3.5.5, calculateEvalMark in
// src/bots/bot.js: `??` at -25 or worse for the mover, `?` at -10, `!` at +3, `!!` at +6; a
// proven result counts as ±10000; the first move's two plies are not marked). Prints, per
// engine, the share of plies marked `?`/`??` and the median change of White's score from one
// position to the next. With --check-ms, each mark of --check-marks (default `?,??`) the first
// engine caused is searched again by it at that time, before and after the ply, to see whether
// the deeper search agrees.
//
//   node --import tsx scripts/analysis-marks.ts --games FILE.ptn --pick 1,2,3 --movetime 500 \
//     --engine "node dist/bredon.js" [--engine "/path/to/tiltak-tei"] [--check-ms 5000 [--check-marks '??']] [--verbose]
//
// --pick takes 1-based game numbers of the file. Engines get `setoption name HalfKomi`, then
// `teinewgame <size>` once a game, as Racetrack sends them; one engine process per engine.

import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { median } from '../bench/report.js';
import { makeMove } from '../src/core/makemove.js';
import { boardResult, ONGOING } from '../src/core/result.js';
import { EngineProcess } from '../src/match/engine-process.js';
import { halfKomiFrom, parsePtnGames, startPosition, tagValue, type PtnGame } from '../src/notation/ptn-game.js';
import { parseMove } from '../src/notation/ptn-move.js';
import { formatTps } from '../src/notation/tps.js';

/** PTN Ninja 3.5.5's default thresholds (defaultEvalMarkThresholds). */
const THRESHOLDS = { brilliant: 6, good: 3, bad: -10, blunder: -25 };
const TERMINAL_CP = 10000;

interface Searched {
  /** White's raw score as PTN Ninja stores it (rawCp), ±TERMINAL_CP for a proven result. */
  white: number;
  depth: number;
  line: string;
}

interface Ply {
  game: number;
  ply: number;
  side: number;
  move: string;
  before: string;
  after: string;
}

export type Mark = '??' | '?' | '!' | '!!' | '';

/** PTN Ninja's mark for a ply from White's raw scores before and after it. */
export function ninjaMark(side: number, before: number, after: number): Mark {
  const gain = side === 0 ? after - before : before - after;
  if (gain <= THRESHOLDS.blunder) return '??';
  if (gain <= THRESHOLDS.bad) return '?';
  if (gain >= THRESHOLDS.brilliant) return '!!';
  if (gain >= THRESHOLDS.good) return '!';
  return '';
}

/** White's raw score from the last `info ... score ...` line (side: who is to move). */
export function rawWhiteScore(line: string, side: number): { white: number; depth: number } | undefined {
  const w = line.trim().split(/\s+/);
  const at = w.indexOf('score');
  if (at < 0) return undefined;
  const kind = w[at + 1];
  const value = Number(w[at + 2]);
  const sign = side === 0 ? 1 : -1;
  const depth = Number(w[w.indexOf('depth') + 1] ?? 0);
  if (kind === 'cp' && Number.isFinite(value)) return { white: sign * value, depth };
  if ((kind === 'win' || kind === 'mate') && Number.isFinite(value)) return { white: sign * (value >= 0 ? TERMINAL_CP : -TERMINAL_CP), depth };
  if (kind === 'loss') return { white: -sign * TERMINAL_CP, depth };
  return undefined;
}

class Engine {
  private readonly proc: EngineProcess;
  constructor(readonly command: string) {
    this.proc = new EngineProcess(command.split(/\s+/));
  }

  private async until(test: (line: string) => boolean, ms: number): Promise<string[]> {
    const lines: string[] = [];
    for (;;) {
      const r = await this.proc.read(ms);
      if (r.kind !== 'line') throw new Error(`${this.command}: ${r.kind === 'exit' ? r.description : r.kind} waiting for an answer`);
      lines.push(r.line);
      if (test(r.line)) return lines;
    }
  }

  async start(): Promise<string> {
    this.proc.send('tei');
    const lines = await this.until((l) => l.trim() === 'teiok', 30_000);
    return lines.find((l) => l.startsWith('id name'))?.slice(8) ?? this.command;
  }

  async newGame(size: number, halfKomi: number): Promise<void> {
    this.proc.send(`setoption name HalfKomi value ${halfKomi}`);
    this.proc.send(`teinewgame ${size}`);
    this.proc.send('isready');
    await this.until((l) => l.trim() === 'readyok', 30_000);
  }

  async search(tps: string, side: number, ms: number): Promise<Searched> {
    this.proc.send(`position tps ${tps}`);
    this.proc.send(`go movetime ${ms}`);
    const lines = await this.until((l) => l.startsWith('bestmove'), ms + 30_000);
    for (let i = lines.length - 1; i >= 0; i--) {
      const line = lines[i]!;
      if (!line.startsWith('info') || !/\bpv\b/.test(line)) continue;
      const s = rawWhiteScore(line, side);
      if (s !== undefined) return { ...s, line };
    }
    throw new Error(`${this.command}: no scored info line before bestmove for ${tps}`);
  }

  quit(): Promise<void> {
    return this.proc.quit();
  }
}

function gamePlies(game: PtnGame, index: number): { plies: Ply[]; size: number; halfKomi: number } {
  const pos = startPosition(game);
  const komi = tagValue(game, 'Komi');
  const halfKomi = komi === undefined ? 0 : halfKomiFrom(komi);
  const plies: Ply[] = [];
  for (const m of game.moves) {
    const before = formatTps(pos);
    const side = pos.side;
    const moveNumber = pos.moveNumber;
    makeMove(pos, parseMove(m.text, pos.size));
    // PTN Ninja marks no ply of move 1, and a finished position is not analysed.
    if (boardResult(pos, halfKomi) !== ONGOING) break;
    if (moveNumber > 1) plies.push({ game: index, ply: m.ply, side, move: m.text, before, after: formatTps(pos) });
  }
  return { plies, size: pos.size, halfKomi };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      games: { type: 'string' },
      pick: { type: 'string' },
      movetime: { type: 'string', default: '500' },
      engine: { type: 'string', multiple: true },
      'check-ms': { type: 'string' },
      'check-marks': { type: 'string', default: '?,??' },
      verbose: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.games === undefined || values.pick === undefined || (values.engine ?? []).length === 0) {
    process.stderr.write('usage: analysis-marks.ts --games FILE.ptn --pick 1,2,3 [--movetime MS] --engine CMD [--engine CMD] [--check-ms MS] [--verbose]\n');
    process.exit(2);
  }
  const ms = Number(values.movetime);
  const all = parsePtnGames(readFileSync(values.games, 'utf8'));
  const picks = values.pick.split(',').map(Number);
  const games = picks.map((n) => ({ n, ...gamePlies(all[n - 1]!, n) }));
  const report: string[] = [];
  const marksByEngine: Map<string, Mark[]>[] = [];
  for (const command of values.engine!) {
    const engine = new Engine(command);
    const name = await engine.start();
    const marks = new Map<string, Mark[]>();
    const deltas: number[] = [];
    const counts: Record<string, number> = { '??': 0, '?': 0, '!': 0, '!!': 0, '': 0 };
    let plies = 0;
    for (const g of games) {
      await engine.newGame(g.size, g.halfKomi);
      const scores = new Map<string, Searched>();
      const scoreOf = async (tps: string): Promise<Searched> => {
        let s = scores.get(tps);
        if (s === undefined) {
          s = await engine.search(tps, Number(tps.split(' ')[1]) - 1, ms);
          scores.set(tps, s);
        }
        return s;
      };
      const gameMarks: Mark[] = [];
      for (const p of g.plies) {
        const b = await scoreOf(p.before);
        const a = await scoreOf(p.after);
        const mark = ninjaMark(p.side, b.white, a.white);
        gameMarks.push(mark);
        counts[mark]!++;
        plies++;
        if (Math.abs(b.white) < TERMINAL_CP && Math.abs(a.white) < TERMINAL_CP) deltas.push(Math.abs(a.white - b.white));
        if (values.verbose) process.stderr.write(`${name} game ${g.n} ply ${p.ply} ${p.move}: ${b.white} -> ${a.white} (d${b.depth}/${a.depth}) ${mark}\n`);
      }
      marks.set(String(g.n), gameMarks);
    }
    await engine.quit();
    marksByEngine.push(marks);
    const bad = counts['?']! + counts['??']!;
    report.push(
      `${name}: ${plies} plies, ?? ${counts['??']}, ? ${counts['?']}, ! ${counts['!']}, !! ${counts['!!']}; ` +
        `marked ?/?? ${bad} (${((100 * bad) / plies).toFixed(1)}%); median |change of White's score| ${median(deltas).toFixed(1)}`,
    );
  }
  for (const line of report) process.stdout.write(`${line}\n`);

  if (values['check-ms'] !== undefined) {
    const checkMs = Number(values['check-ms']);
    const checked = new Set(values['check-marks']!.split(','));
    const engine = new Engine(values.engine![0]!);
    await engine.start();
    let agreed = 0;
    let count = 0;
    for (const g of games) {
      await engine.newGame(g.size, g.halfKomi);
      const gm = marksByEngine[0]!.get(String(g.n))!;
      for (let i = 0; i < g.plies.length; i++) {
        if (!checked.has(gm[i]!)) continue;
        const p = g.plies[i]!;
        const b = await engine.search(p.before, p.side, checkMs);
        const a = await engine.search(p.after, 1 - p.side, checkMs);
        const deep = ninjaMark(p.side, b.white, a.white);
        count++;
        if (deep === '?' || deep === '??') agreed++;
        process.stdout.write(`  game ${g.n} ply ${p.ply} ${p.move}: ${gm[i]} at ${ms} ms; at ${checkMs} ms ${b.white} -> ${a.white} (d${b.depth}/${a.depth}) ${deep || 'unmarked'}\n`);
      }
    }
    await engine.quit();
    process.stdout.write(`check at ${checkMs} ms: ${agreed} of ${count} marks (${[...checked].join(' ')}) of the first engine still ? or ??\n`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
