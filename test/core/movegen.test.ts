// isValidMove (the direct check used for transposition-table moves) agrees with the
// generated list on every encodable move, over the perft positions and random games.
import { describe, expect, it } from 'vitest';
import { makeMove } from '../../src/core/makemove.js';
import { generateMoves, isValidMove, legalMoves, MAX_MOVES } from '../../src/core/movegen.js';
import { Position } from '../../src/core/position.js';
import { isDecided } from '../../src/core/result.js';
import { formatMove } from '../../src/notation/ptn-move.js';
import { parseTps } from '../../src/notation/tps.js';
import { readRepo } from '../repo.js';

function checkAllEncodings(pos: Position): string[] {
  const legal = new Set(legalMoves(pos));
  const wrong: string[] = [];
  for (let m = 0; m < 1 << 17; m++) {
    if ((m & 63) >= pos.area) continue;
    if (isValidMove(pos, m) !== legal.has(m)) wrong.push(`${m} ${legal.has(m) ? formatMove(m, pos.size) : ''}`);
  }
  return wrong;
}

describe('isValidMove agrees with generateMoves', () => {
  const cases: { name: string; tps: string }[] = JSON.parse(readRepo('data/perft.json')).positions;
  for (const c of cases) {
    it(c.name, () => {
      expect(checkAllEncodings(parseTps(c.tps))).toEqual([]);
    });
  }
  it('positions of random games on every size', () => {
    const buf = new Int32Array(MAX_MOVES);
    let seed = 12345;
    const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
    for (let size = 3; size <= 8; size++) {
      const pos = new Position(size);
      for (let ply = 0; ply < 60 && !isDecided(pos); ply++) {
        if (ply % 6 === 5) expect(checkAllEncodings(pos), `${size}x${size} ply ${ply}`).toEqual([]);
        const end = generateMoves(pos, buf, 0);
        makeMove(pos, buf[Math.floor(random() * end)]!);
      }
    }
  });
});
