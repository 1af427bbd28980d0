// How each engine of a `bredon match --ptn` file spent its clock: per player, the clock left at
// the end of its games (median, and its lowest), the median thinking time and depth by own move
// number, and the same clock left in the games it lost. Reads the comments the match runner
// writes after every engine move (`{+0.35/12 0.41s}`: score, depth, measured time) and the Clock
// tag; book moves (`{book}`) cost nothing and earn no increment, as in the runner.
//
//   node --import tsx scripts/time-use.ts games.ptn [more.ptn ...]
//
// For reading a long-clock match (docs/strength.md, "The long clock"): an engine that ends its
// games with much of its clock left could have searched deeper on the way.

import { readFileSync } from 'node:fs';
import { median } from '../bench/report.js';
import { parsePtnGames, resultScore, tagValue } from '../src/notation/ptn-game.js';

/** Own-move ranges the table reports, 1-based and inclusive. */
const BRACKETS: readonly [number, number][] = [[1, 5], [6, 10], [11, 15], [16, 20], [21, 30], [31, 999]];
const COMMENT_RE = /^[+-]?\d+(?:\.\d+)?(?:\/(\d+))?\s+(\d+(?:\.\d+)?)s$/;
const CLOCK_RE = /^(\d+):(\d+(?:\.\d+)?)\s*\+(\d+(?:\.\d+)?)$/;

interface PlayerTimes {
  games: number;
  left: number[];
  lostLeft: number[];
  thinkByBracket: number[][];
  depthByBracket: number[][];
}

function bracketOf(ownMove: number): number {
  return BRACKETS.findIndex(([lo, hi]) => ownMove >= lo && ownMove <= hi);
}

function playerTimes(map: Map<string, PlayerTimes>, name: string): PlayerTimes {
  let p = map.get(name);
  if (p === undefined) {
    p = { games: 0, left: [], lostLeft: [], thinkByBracket: BRACKETS.map(() => []), depthByBracket: BRACKETS.map(() => []) };
    map.set(name, p);
  }
  return p;
}

const files = process.argv.slice(2);
if (files.length === 0) {
  process.stderr.write('usage: node --import tsx scripts/time-use.ts games.ptn [more.ptn ...]\n');
  process.exit(2);
}

const players = new Map<string, PlayerTimes>();
for (const file of files) {
  for (const game of parsePtnGames(readFileSync(file, 'utf8'))) {
    const clock = CLOCK_RE.exec(tagValue(game, 'Clock') ?? '');
    if (clock === null) continue; // node-budget or time-odds games: no one clock to read
    const baseMs = (Number(clock[1]) * 60 + Number(clock[2])) * 1000;
    const incMs = Number(clock[3]) * 1000;
    const names = [tagValue(game, 'Player1') ?? 'White', tagValue(game, 'Player2') ?? 'Black'];
    const left = [baseMs, baseMs];
    const ownMoves = [0, 0];
    for (const move of game.moves) {
      const m = COMMENT_RE.exec(move.comment ?? '');
      if (m === null) continue;
      const side = move.side;
      const ms = Number(m[2]) * 1000;
      left[side] = left[side]! - ms + incMs;
      ownMoves[side]! += 1;
      const b = bracketOf(ownMoves[side]!);
      const p = playerTimes(players, names[side]!);
      p.thinkByBracket[b]!.push(ms);
      if (m[1] !== undefined) p.depthByBracket[b]!.push(Number(m[1]));
    }
    const score = resultScore(game.result ?? tagValue(game, 'Result'));
    for (const side of [0, 1]) {
      const p = playerTimes(players, names[side]!);
      p.games += 1;
      p.left.push(left[side]!);
      const own = score === undefined ? undefined : side === 0 ? score : 1 - score;
      if (own === 0) p.lostLeft.push(left[side]!);
    }
  }
}

const sec = (ms: number): string => (Number.isNaN(ms) ? '-' : (ms / 1000).toFixed(1));
for (const [name, p] of players) {
  console.log(`${name}: ${p.games} games; clock left at the end: median ${sec(median(p.left))} s, lowest ${sec(Math.min(...p.left))} s; in its ${p.lostLeft.length} lost games median ${sec(median(p.lostLeft))} s`);
  console.log('  own moves | moves | median think (s) | median depth');
  BRACKETS.forEach(([lo, hi], i) => {
    const think = p.thinkByBracket[i]!;
    if (think.length === 0) return;
    const range = hi >= 999 ? `${lo}+` : `${lo}-${hi}`;
    console.log(`  ${range.padEnd(9)} | ${String(think.length).padEnd(5)} | ${sec(median(think)).padEnd(16)} | ${median(p.depthByBracket[i]!)}`);
  });
}
