// The fuzzers' properties, by name: what must hold for every input of every parser, round trips
// where they hold, and whole TEI sessions. CI runs each with a fixed seed and a small count
// (test/fuzz/*.test.ts); `npm run fuzz` runs them long (scripts/fuzz.ts), replayable by seed and path.

import fc from 'fast-check';
import { generateMoves, isValidMove, MAX_MOVES } from '../../src/core/movegen.js';
import type { Position } from '../../src/core/position.js';
import { parseTimeControl } from '../../src/match/clock.js';
import { formatGamePtn } from '../../src/match/ptn-writer.js';
import { NotationError } from '../../src/notation/errors.js';
import { parsePtnFile, parsePtnGames, replayGame } from '../../src/notation/ptn-game.js';
import { formatMove, parseMove } from '../../src/notation/ptn-move.js';
import { formatTps, parseTps } from '../../src/notation/tps.js';
import { parseLine } from '../../src/tei/parse.js';
import { OPTIONS } from '../../src/tei/options.js';
import { Session, type SearchBackend } from '../../src/tei/session.js';
import { MAX_LEVEL } from '../../src/search/levels.js';
import {
  anyMove,
  anyPtn,
  anyText,
  anyTps,
  goodMove,
  goodPtn,
  goodTps,
  optionValue,
  randomGame,
  replay,
  sessionSteps,
  setOptionLine,
  teiLine,
} from './arbitraries.js';
import { runPoolSession, runProgramSession, runScriptedSession, type Behaviour, type Step } from './session-harness.js';

export interface FuzzProperty {
  name: string;
  /** What it checks, for the campaign's report. */
  about: string;
  /** Runs in CI (fixed seed): small enough for the whole set to take seconds. */
  ciRuns: number;
  /** Share of a campaign's inputs (the counts are scaled to the campaign's total). */
  weight: number;
  property: () => fc.IRawProperty<unknown>;
}

const scratch = new Int32Array(MAX_MOVES);

class PropertyFailure extends Error {
  override name = 'PropertyFailure';
}

function must(cond: boolean, message: string): asserts cond {
  if (!cond) throw new PropertyFailure(message);
}

/** A parser may refuse input only with its own error type, a one-line message naming why. */
function refusal(e: unknown, what: string, input: string): void {
  if (!(e instanceof NotationError)) throw new PropertyFailure(`${what} threw ${String(e)} on ${JSON.stringify(input)}`);
  must(e.message.length > 0 && !/[\r\n]/.test(e.message), `${what}: error message not one line: ${JSON.stringify(e.message)}`);
}

function samePosition(a: Position, b: Position): boolean {
  return a.samePosition(b) && a.keyLo === b.keyLo && a.keyHi === b.keyHi;
}

const size = fc.integer({ min: 3, max: 8 });

const behaviour: fc.Arbitrary<Behaviour> = fc.record({
  kind: fc.constantFrom('answer', 'answer', 'answer', 'illegal', 'zero', 'error', 'stuck', 'throw'),
  delayMs: fc.oneof(fc.nat({ max: 3000 }), fc.constant(Infinity)),
  pick: fc.nat(),
  info: fc.constantFrom('none', 'legal', 'illegal'),
  progress: fc.constantFrom('none', 'legal', 'illegal', 'zero'),
});

/** A backend that records option calls (for the option-value property). */
class RecordingBackend implements SearchBackend {
  calls: string[] = [];
  whenReady(f: () => void): void {
    f();
  }
  setHash(mb: number): void {
    this.calls.push(`hash ${mb}`);
  }
  setThreads(n: number): void {
    this.calls.push(`threads ${n}`);
  }
  newGame(): void {
    this.calls.push('newgame');
  }
  start(): void {
    throw new Error('no search here');
  }
  stop(): void {}
  abandon(): void {}
  close(): void {}
}

/**
 * The built program takes the Hash and Threads it is given: a table of gigabytes (cleared by
 * every new game) or dozens of threads would measure the machine, not the session. Values past
 * 64 MB and 12 threads are brought down (12 is past Node's ten-listener warning, see worker.ts).
 */
function modestResources(steps: Step[]): Step[] {
  return steps.map((step) => {
    if (step.kind !== 'line') return step;
    const cmd = parseLine(step.text);
    if (cmd.kind !== 'setoption' || cmd.value === undefined || !/^[+-]?[0-9]+$/.test(cmd.value)) return step;
    const name = cmd.name.toLowerCase();
    const limit = name === 'hash' ? 64 : name === 'threads' ? 12 : Infinity;
    return Number(cmd.value) > limit ? { kind: 'line', text: `setoption name ${cmd.name} value ${limit}` } : step;
  });
}

export const PROPERTIES: readonly FuzzProperty[] = [
  {
    name: 'tps-parse',
    about: 'any text as TPS: a position whose TPS reads back the same, or a NotationError',
    ciRuns: 3000,
    weight: 150,
    property: () =>
      fc.property(anyTps, (text) => {
        let pos: Position;
        try {
          pos = parseTps(text);
        } catch (e) {
          return refusal(e, 'parseTps', text);
        }
        const tps = formatTps(pos);
        const again = parseTps(tps);
        must(formatTps(again) === tps, `TPS ${JSON.stringify(text)} → ${tps} → ${formatTps(again)}`);
        must(samePosition(pos, again), `TPS ${JSON.stringify(text)} does not read back as the same position`);
      }),
  },
  {
    name: 'tps-roundtrip',
    about: 'random legal positions of every size: position → TPS → position, compressed or not',
    ciRuns: 400,
    weight: 60,
    property: () =>
      fc.property(goodTps, ({ text, game }) => {
        const pos = replay(game);
        const read = parseTps(text, game.reserves);
        must(samePosition(pos, read), `${text} reads as another position`);
        must(formatTps(read) === formatTps(pos), `${text} → ${formatTps(read)}`);
        must(formatTps(parseTps(formatTps(pos, false), game.reserves)) === formatTps(pos), `uncompressed ${formatTps(pos, false)}`);
      }),
  },
  {
    name: 'move-parse',
    about: 'any text as a PTN move on every size: a move whose PTN reads back the same, or a NotationError',
    ciRuns: 3000,
    weight: 200,
    property: () =>
      fc.property(anyMove, size, (text, n) => {
        let m: number;
        try {
          m = parseMove(text, n);
        } catch (e) {
          return refusal(e, 'parseMove', text);
        }
        must((m & 63) < n * n && m > 0, `${JSON.stringify(text)} → move ${m} off the ${n}x${n} board`);
        const ptn = formatMove(m, n);
        must(parseMove(ptn, n) === m, `${JSON.stringify(text)} → ${ptn} → another move`);
      }),
  },
  {
    name: 'move-roundtrip',
    about: 'legal moves of random positions: move → PTN → move, and every way clients write it',
    ciRuns: 400,
    weight: 60,
    property: () =>
      fc.property(goodMove, ({ size: n, move, text }) => {
        must(parseMove(text, n) === move, `${JSON.stringify(text)} is not read as ${formatMove(move, n)}`);
        must(parseMove(formatMove(move, n), n) === move, `${formatMove(move, n)} does not read back`);
      }),
  },
  {
    name: 'legal-moves',
    about: 'random positions: every generated move has PTN that reads back, and isValidMove agrees with the move list on any number',
    ciRuns: 150,
    weight: 20,
    property: () =>
      fc.property(randomGame(80), fc.array(fc.integer({ min: 0, max: (1 << 18) - 1 }), { maxLength: 40 }), (game, randoms) => {
        const pos = replay(game);
        const end = generateMoves(pos, scratch, 0);
        const legal = new Set<number>();
        for (let i = 0; i < end; i++) {
          const m = scratch[i]!;
          legal.add(m);
          must(isValidMove(pos, m), `${formatTps(pos)}: generated ${formatMove(m, pos.size)} is not valid`);
          must(parseMove(formatMove(m, pos.size), pos.size) === m, `${formatMove(m, pos.size)} does not read back`);
        }
        must(legal.size === end, `${formatTps(pos)}: a move is generated twice`);
        // Any number, and legal moves with a bit flipped (near misses: one more piece carried,
        // another drop, a neighbouring square or direction, a wall instead of a flat).
        const list = [...legal];
        const near = list.length === 0 ? [] : randoms.map((r) => list[r % list.length]! ^ (1 << (r % 17)));
        for (const r of [...randoms, ...near]) {
          must(isValidMove(pos, r) === legal.has(r), `${formatTps(pos)}: isValidMove(${r}) is ${isValidMove(pos, r)}, the list says ${legal.has(r)}`);
        }
      }),
  },
  {
    name: 'ptn-parse',
    about: 'any text as a PTN file: games or errors naming the game, never a crash; replays fail only with PtnError',
    ciRuns: 1000,
    weight: 40,
    property: () =>
      fc.property(anyPtn, (text) => {
        const games = parsePtnFile(text);
        for (const g of games) {
          if ('error' in g) {
            refusal(g.error, 'parsePtnFile', text);
            continue;
          }
          try {
            replayGame(g.game);
          } catch (e) {
            refusal(e, 'replayGame', text);
          }
        }
      }),
  },
  {
    name: 'ptn-roundtrip',
    about: 'random legal games written as PTN (TPS tags, comments, CRLF, suffixes, implicit numbers) replay to the same position',
    ciRuns: 250,
    weight: 20,
    property: () =>
      fc.property(goodPtn, ({ game, text, start }) => {
        const games = parsePtnGames(text);
        must(games.length === 1, `${games.length} games read from one`);
        const r = replayGame(games[0]!);
        must(r.plies === game.moves.length - start, `${r.plies} plies replayed of ${game.moves.length - start}`);
        must(samePosition(r.pos, replay(game)), `the replay ends elsewhere: ${formatTps(r.pos)}`);
      }),
  },
  {
    name: 'ptn-writer',
    about: "the match runner's PTN writer: random games read back move for move",
    ciRuns: 150,
    weight: 10,
    property: () =>
      fc.property(randomGame(60, fc.integer({ min: 3, max: 8 })), fc.nat({ max: 6 }), fc.integer({ min: -8, max: 8 }), (game, at, halfKomi) => {
        if (Object.keys(game.reserves).length > 0) return; // the runner plays default reserves
        const start = Math.min(at, game.moves.length);
        const setup = replay(game, start);
        const final = replay(game);
        const moves = game.moves.slice(start).map((m, i) => ({ text: formatMove(m, game.size), book: i < 1, scoreCp: i * 7 - 20, depth: i, ms: i * 13 }));
        const text = formatGamePtn({
          setup: {
            round: 1,
            pair: 0,
            opening: { line: 1, tps: start > 0 ? formatTps(setup) : null, moves: [] },
            white: 0,
            size: game.size,
            halfKomi,
            tcs: [parseTimeControl('10+0.1'), parseTimeControl('10+0.1')],
            maxPlies: 1000,
            names: ['one "1"', 'two {2}'],
          },
          startedAt: new Date(0),
          moves,
          result: '0-0',
          winner: -1,
          termination: 'adjudication',
          detail: 'a {fuzzed} game',
          final,
        });
        const games = parsePtnGames(text);
        must(games.length === 1, `${games.length} games read from one:\n${text}`);
        const r = replayGame(games[0]!);
        must(samePosition(r.pos, final), `the replay ends elsewhere:\n${text}`);
        must(r.halfKomi === halfKomi, `komi ${r.halfKomi} read back as ${halfKomi}`);
      }),
  },
  {
    name: 'tei-line',
    about: 'any line: a command, or an error command with a one-line message; never a throw',
    ciRuns: 3000,
    weight: 250,
    property: () =>
      fc.property(fc.oneof(teiLine, anyText, setOptionLine), (line) => {
        const cmd = parseLine(line);
        if (cmd.kind === 'error') must(cmd.message.length > 0 && !/[\r\n]/.test(cmd.message), `message not one line: ${JSON.stringify(cmd.message)}`);
        if (cmd.kind === 'go') {
          for (const k of ['wtime', 'btime', 'winc', 'binc', 'movetime', 'movestogo', 'depth', 'nodes', 'mate'] as const) {
            const v = cmd.go[k];
            must(v === undefined || Number.isSafeInteger(v), `go ${k} ${v}`);
          }
        }
      }),
  },
  {
    name: 'tei-options',
    about: 'setoption with any value: accepted exactly when valid (then applied), else one error line',
    ciRuns: 1500,
    weight: 60,
    property: () =>
      fc.property(fc.array(fc.tuple(fc.constantFrom(...OPTIONS.map((o) => o.name), 'hash', 'THREADS', 'Nope'), optionValue, fc.boolean()), { maxLength: 8 }), (sets) => {
        const backend = new RecordingBackend();
        const out: string[] = [];
        const session = new Session({ out: (l) => out.push(l), backend, version: '0', onQuit: () => {} });
        let hash = 64;
        let threads = 1;
        let level = MAX_LEVEL;
        for (const [name, value, withValue] of sets) {
          out.length = 0;
          backend.calls = [];
          const line = withValue ? `setoption name ${name} value ${value}` : `setoption name ${name}`;
          session.handle(line);
          const spec = OPTIONS.find((o) => o.name.toLowerCase() === name.toLowerCase());
          const words = parseLine(line);
          const v = words.kind === 'setoption' ? words.value : undefined;
          let valid: boolean;
          if (spec === undefined) valid = false;
          else if (spec.type === 'button') valid = true;
          else if (v === undefined || v === '') valid = false;
          else if (spec.type === 'check') valid = /^(true|false)$/i.test(v);
          else valid = /^[+-]?[0-9]+$/.test(v) && Number(v) >= spec.min && Number(v) <= spec.max;
          if (!valid) {
            must(out.length === 1 && out[0]!.startsWith('info string error: ') && !/[\r\n]/.test(out[0]!), `'${line}' → ${JSON.stringify(out)}`);
            must(backend.calls.length === 0, `'${line}' refused but applied: ${backend.calls.join(', ')}`);
            continue;
          }
          must(out.length === 0, `'${line}' → ${JSON.stringify(out)}`);
          const n = Number(v);
          const expected: string[] = [];
          if (spec!.name === 'Threads' && n !== threads) expected.push(`threads ${(threads = n)}`);
          if (spec!.name === 'Hash' && n !== hash) expected.push(`hash ${(hash = n)}`);
          // A new level clears the table (it holds scores judged at the old level's noise).
          if (spec!.name === 'Level' && n !== level) expected.push('newgame');
          if (spec!.name === 'Level') level = n;
          if (spec!.type === 'button') expected.push('newgame');
          must(backend.calls.join(', ') === expected.join(', '), `'${line}' → ${backend.calls.join(', ')}, expected ${expected.join(', ')}`);
        }
      }),
  },
  {
    name: 'session-scripted',
    about: 'whole TEI sessions against a scripted search on a fake clock (answers, failures, hangs, illegal moves)',
    ciRuns: 400,
    weight: 20,
    property: () =>
      fc.property(sessionSteps(4000, 30), fc.array(behaviour, { minLength: 1, maxLength: 6 }), fc.constantFrom(0, 0, 50, 5000), fc.boolean(), (steps, behaviours, readyDelay, eof) => {
        // At the end of input the session lets a finite search finish (only `go infinite` is
        // stopped): a search that never ends by itself, hung or endless, would keep it waiting as
        // a real one would. Those are for the watchdog and for `stop`, before the end of input.
        const finite = (b: Behaviour): Behaviour => (b.kind === 'stuck' ? { ...b, kind: 'answer', delayMs: 100 } : b.delayMs === Infinity ? { ...b, delayMs: 1000 } : b);
        const script = eof ? behaviours.map(finite) : behaviours;
        runScriptedSession(steps, script, readyDelay, eof);
      }),
  },
  {
    name: 'session-threads',
    about: 'whole TEI sessions with the real search threads (in-process)',
    ciRuns: 6,
    weight: 0.02,
    property: () => fc.asyncProperty(sessionSteps(120, 16), fc.boolean(), (steps, eof) => runPoolSession(steps, eof)),
  },
  {
    name: 'session-program',
    about: 'whole TEI sessions with the built program (a process per session)',
    ciRuns: 3,
    weight: 0.005,
    property: () => fc.asyncProperty(sessionSteps(80, 12).map(modestResources), fc.boolean(), (steps, eof) => runProgramSession(steps, eof)),
  },
];
