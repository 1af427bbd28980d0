// Random games for the brute-force agreement tests: every size from 3 to 8, each game played with
// uniformly random legal moves from a seeded generator (a failure repeats) until it is decided or
// reaches `maxPly`. `visit` sees each position before its move and must leave it as it found it.
import { makeMove } from '../src/core/makemove.js';
import { generateMoves, MAX_MOVES } from '../src/core/movegen.js';
import { Position } from '../src/core/position.js';
import { isDecided } from '../src/core/result.js';

export function forEachRandomPosition(seed: number, gamesPerSize: number, maxPly: number, visit: (pos: Position) => void): void {
  const buf = new Int32Array(MAX_MOVES);
  let s = seed;
  for (let size = 3; size <= 8; size++) {
    for (let game = 0; game < gamesPerSize; game++) {
      const pos = new Position(size);
      while (!isDecided(pos) && pos.ply < maxPly) {
        visit(pos);
        const end = generateMoves(pos, buf, 0);
        s = (Math.imul(s, 1103515245) + 12345) >>> 0;
        makeMove(pos, buf[Math.floor((s / 2 ** 32) * end)]!);
      }
    }
  }
}
