// Make/unmake and the incremental Zobrist key, on random games of every size: after each move
// the key equals the from-scratch key, and unmaking every legal move restores the position
// bit for bit (board, stacks, reserves, side, key).
import { describe, expect, it } from 'vitest';
import { makeMove, unmakeMove } from '../../src/core/makemove.js';
import { generateMoves, MAX_MOVES } from '../../src/core/movegen.js';
import { Position } from '../../src/core/position.js';
import { isDecided } from '../../src/core/result.js';
import { formatMove } from '../../src/notation/ptn-move.js';

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

describe('make/unmake and Zobrist keys on random games', () => {
  for (let size = 3; size <= 8; size++) {
    it(`${size}x${size}: 12 random games`, () => {
      const random = rng(1000 + size);
      const buf = new Int32Array(MAX_MOVES);
      let checkedMoves = 0;
      const failures: string[] = [];
      for (let game = 0; game < 12; game++) {
        const pos = new Position(size);
        const played: number[] = [];
        while (!isDecided(pos) && played.length < 160) {
          const end = generateMoves(pos, buf, 0);
          expect(end).toBeGreaterThan(0);
          const before = pos.clone();
          for (let i = 0; i < end; i++) {
            const m = buf[i]!;
            makeMove(pos, m);
            const [lo, hi] = pos.computeKey();
            if (lo !== pos.keyLo || hi !== pos.keyHi) failures.push(`key after ${formatMove(m, size)}`);
            unmakeMove(pos, m);
            if (!pos.samePosition(before) || pos.keyLo !== before.keyLo || pos.keyHi !== before.keyHi) {
              failures.push(`unmake ${formatMove(m, size)}`);
            }
            checkedMoves++;
          }
          expect(failures).toEqual([]);
          // Prefer spreads so that stacks grow tall and capstones smash walls.
          let pick = buf[Math.floor(random() * end)]!;
          for (let tries = 0; tries < 3 && (pick & 256) === 0; tries++) pick = buf[Math.floor(random() * end)]!;
          makeMove(pos, pick);
          played.push(pick);
        }
        // Unwinding the whole game returns to the empty board.
        for (let i = played.length - 1; i >= 0; i--) unmakeMove(pos, played[i]!);
        expect(pos.samePosition(new Position(size))).toBe(true);
      }
      expect(checkedMoves).toBeGreaterThan(1000);
    });
  }
});
