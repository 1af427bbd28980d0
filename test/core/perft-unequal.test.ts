// Perft with unequal reserves (each player their own stones and capstones, as PTN Ninja's
// Flats1/Flats2/Caps1/Caps2 set them), checked against a brute force written here from
// docs/rules.md alone: plain objects, every move made on a copy, no code of the engine's.

import { describe, expect, it } from 'vitest';
import { Perft } from '../../src/core/perft.js';
import { swapColours } from '../../src/core/symmetry.js';
import { parseTps } from '../../src/notation/tps.js';

type Kind = 'F' | 'S' | 'C';
interface Piece {
  colour: number;
  kind: Kind;
}
interface State {
  n: number;
  /** board[rank * n + file]: the stack bottom to top. */
  board: Piece[][];
  stones: number[];
  caps: number[];
  side: number;
  ply: number;
}

/** A TPS read the plain way, reserves given per player minus the pieces on the board. */
function readTps(tps: string, stones: number[], caps: number[]): State {
  const [rows, side, moveNumber] = tps.split(' ');
  const ranks = rows!.split('/');
  const n = ranks.length;
  const board: Piece[][] = Array.from({ length: n * n }, () => []);
  const left = { stones: stones.slice(), caps: caps.slice() };
  ranks.forEach((row, i) => {
    const rank = n - 1 - i;
    let file = 0;
    for (const token of row.split(',')) {
      const run = /^x(\d*)$/.exec(token);
      if (run) {
        file += run[1] === '' ? 1 : Number(run[1]);
        continue;
      }
      const kind: Kind = token.endsWith('S') ? 'S' : token.endsWith('C') ? 'C' : 'F';
      const colours = token.replace(/[SC]$/, '').split('').map((c) => Number(c) - 1);
      board[rank * n + file] = colours.map((colour, l) => ({ colour, kind: l === colours.length - 1 ? kind : 'F' }));
      for (const [l, colour] of colours.entries()) {
        if (l === colours.length - 1 && kind === 'C') left.caps[colour]!--;
        else left.stones[colour]!--;
      }
      file++;
    }
  });
  const s = Number(side) - 1;
  return { n, board, stones: left.stones, caps: left.caps, side: s, ply: 2 * (Number(moveNumber) - 1) + s };
}

const topOf = (st: State, sq: number): Piece | undefined => st.board[sq]!.at(-1);

function hasRoad(st: State, colour: number): boolean {
  const { n } = st;
  const road = (sq: number) => {
    const t = topOf(st, sq);
    return t !== undefined && t.colour === colour && t.kind !== 'S';
  };
  for (const vertical of [false, true]) {
    const seen = new Set<number>();
    const queue: number[] = [];
    for (let i = 0; i < n; i++) {
      const sq = vertical ? i : i * n; // rank 1, or file a
      if (road(sq)) {
        seen.add(sq);
        queue.push(sq);
      }
    }
    while (queue.length > 0) {
      const sq = queue.pop()!;
      const rank = Math.floor(sq / n);
      const file = sq % n;
      if (vertical ? rank === n - 1 : file === n - 1) return true;
      const next = [rank > 0 ? sq - n : -1, rank < n - 1 ? sq + n : -1, file > 0 ? sq - 1 : -1, file < n - 1 ? sq + 1 : -1];
      for (const q of next) {
        if (q >= 0 && !seen.has(q) && road(q)) {
          seen.add(q);
          queue.push(q);
        }
      }
    }
  }
  return false;
}

/** A road for either player, a full board, or either player's reserve empty. */
function isOver(st: State): boolean {
  if (hasRoad(st, 0) || hasRoad(st, 1)) return true;
  if (st.board.every((stack) => stack.length > 0)) return true;
  return st.stones[0]! + st.caps[0]! === 0 || st.stones[1]! + st.caps[1]! === 0;
}

function copy(st: State): State {
  return { ...st, board: st.board.map((s) => s.map((p) => ({ ...p }))), stones: st.stones.slice(), caps: st.caps.slice(), side: st.side ^ 1, ply: st.ply + 1 };
}

/** Every way to split `count` pieces into at most `max` drops of one or more. */
function splits(count: number, max: number): number[][] {
  if (count === 0) return [[]];
  if (max === 0) return [];
  const out: number[][] = [];
  for (let first = 1; first <= count; first++) for (const rest of splits(count - first, max - 1)) out.push([first, ...rest]);
  return out;
}

function children(st: State): State[] {
  const out: State[] = [];
  const { n } = st;
  for (let sq = 0; sq < n * n; sq++) {
    if (st.board[sq]!.length === 0) {
      if (st.ply < 2) {
        // The opening swap: a flat of the opponent's colour, from the opponent's reserve.
        const owner = st.side ^ 1;
        if (st.stones[owner]! > 0) {
          const c = copy(st);
          c.board[sq]!.push({ colour: owner, kind: 'F' });
          c.stones[owner]!--;
          out.push(c);
        }
        continue;
      }
      const kinds: Kind[] = [];
      if (st.stones[st.side]! > 0) kinds.push('F', 'S');
      if (st.caps[st.side]! > 0) kinds.push('C');
      for (const kind of kinds) {
        const c = copy(st);
        c.board[sq]!.push({ colour: st.side, kind });
        if (kind === 'C') c.caps[st.side]!--;
        else c.stones[st.side]!--;
        out.push(c);
      }
      continue;
    }
    if (st.ply < 2 || topOf(st, sq)!.colour !== st.side) continue;
    const height = st.board[sq]!.length;
    const rank = Math.floor(sq / n);
    const file = sq % n;
    for (const [dr, df] of [[1, 0], [-1, 0], [0, 1], [0, -1]] as const) {
      let room = 0;
      while (true) {
        const r = rank + dr * (room + 1);
        const f = file + df * (room + 1);
        if (r < 0 || r >= n || f < 0 || f >= n) break;
        room++;
      }
      for (let carry = 1; carry <= Math.min(height, n); carry++) {
        for (const drops of splits(carry, room)) {
          const c = copy(st);
          const hand = c.board[sq]!.splice(height - carry, carry);
          let ok = true;
          drops.forEach((d, i) => {
            if (!ok) return;
            const target = c.board[(rank + dr * (i + 1)) * n + file + df * (i + 1)]!;
            const t = target.at(-1);
            const dropped = hand.splice(0, d);
            if (t !== undefined && t.kind === 'C') ok = false;
            else if (t !== undefined && t.kind === 'S') {
              // Only a capstone alone, as the last drop, flattens a wall.
              if (i === drops.length - 1 && d === 1 && dropped[0]!.kind === 'C') t.kind = 'F';
              else ok = false;
            }
            target.push(...dropped);
          });
          if (ok) out.push(c);
        }
      }
    }
  }
  return out;
}

function brutePerft(st: State, depth: number): number {
  if (depth === 0) return 1;
  if (isOver(st)) return 0;
  let total = 0;
  for (const c of children(st)) total += brutePerft(c, depth - 1);
  return total;
}

const CASES: { name: string; tps: string; stones: [number, number]; caps: [number, number]; depth: number }[] = [
  { name: '3x3, White 10 stones, Black 2: Black can run out at ply 4', tps: 'x3/x3/x3 1 1', stones: [10, 2], caps: [0, 0], depth: 5 },
  { name: '3x3 mid-game, White 3 stones left, Black 6 and a capstone', tps: '1,2,x/x,21,x/1,x2 1 4', stones: [6, 8], caps: [0, 1], depth: 4 },
  { name: '4x4, White with a capstone and Black without, Black to move', tps: 'x2,2,x/x,1C,12,x/x,2S,1,x/1,x3 2 5', stones: [8, 12], caps: [1, 0], depth: 3 },
  { name: '5x5 start, 30 against 29 flats (the recorded PTN Ninja game)', tps: 'x5/x5/x5/x5/x5 1 1', stones: [30, 29], caps: [1, 1], depth: 3 },
  { name: '3x3 start, Black has no stone: White cannot make the opening swap', tps: 'x3/x3/x3 1 1', stones: [5, 0], caps: [0, 1], depth: 2 },
];

describe('perft with unequal reserves', () => {
  const perft = new Perft();
  for (const c of CASES) {
    it(`${c.name}: depths 1..${c.depth} as the brute force counts`, () => {
      const pos = parseTps(c.tps, { stones: c.stones, caps: c.caps });
      const st = readTps(c.tps, c.stones, c.caps);
      expect([pos.stones[0], pos.stones[1], pos.caps[0], pos.caps[1]]).toEqual([st.stones[0], st.stones[1], st.caps[0], st.caps[1]]);
      for (let d = 1; d <= c.depth; d++) expect(perft.count(pos, d), `depth ${d}`).toBe(brutePerft(st, d));
    });
  }

  it('counts the same with colours and reserves swapped (past the opening)', () => {
    const c = CASES[2]!;
    const pos = parseTps(c.tps, { stones: c.stones, caps: c.caps });
    const swapped = swapColours(pos);
    expect([swapped.startStonesOf, swapped.startCapsOf]).toEqual([[12, 8], [0, 1]]);
    for (let d = 1; d <= 3; d++) expect(perft.count(swapped, d)).toBe(perft.count(pos, d));
  });

  it('refuses a TPS with more pieces than that player\'s own reserve', () => {
    expect(() => parseTps('1,1,1/x3/2,x2 2 3', { stones: [2, 10], caps: [0, 0] })).toThrow(/3 White stones, more than the 2 in White's reserve/);
    expect(parseTps('1,1,x/x3/2,2,2 1 4', { stones: [2, 3], caps: [0, 0] }).stones).toEqual(Int32Array.of(0, 0));
  });
});
