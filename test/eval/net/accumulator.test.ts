// The network evaluation in the engine: the accumulators kept move by move must equal a fresh
// computation after every kind of move (placements of each type, the opening swap, spreads of
// tall stacks, a capstone flattening a wall), and both perspectives must see a colour-swapped
// board the same way. Real games from the PlayTak archive, every legal move of their positions.
import { describe, expect, it } from 'vitest';
import { makeMove, unmakeMove } from '../../../src/core/makemove.js';
import { generateMoves, MAX_MOVES } from '../../../src/core/movegen.js';
import { isSpread } from '../../../src/core/move.js';
import { NetAccumulator } from '../../../src/eval/net/accumulator.js';
import { inputLayout } from '../../../src/eval/net/inputs.js';
import { parseNetwork, serializeNetwork } from '../../../src/eval/net/network.js';
import { networkFor } from '../../../src/eval/net/nets.js';
import { NETS } from '../../../src/eval/net/nets.generated.js';
import { readFileSync } from 'node:fs';
import { readGenerated } from '../../../src/train/net-files.js';
import { parsePtnGames, replayGame } from '../../../src/notation/ptn-game.js';
import { readRepo } from '../../repo.js';
import { randomNet, randomNetData } from './random-net.js';

describe('the network accumulators', () => {
  it('file format: a network reads back as written, and a wrong hash or length is refused', () => {
    const data = randomNetData(5, 8, 3);
    const bytes = serializeNetwork(data);
    const net = parseNetwork(bytes);
    expect(Array.from(net.W1)).toEqual(Array.from(data.W1));
    expect(Array.from(net.W2)).toEqual(Array.from(data.W2));
    expect(net.b2).toBeCloseTo(0.01, 6);
    expect(() => parseNetwork(bytes, '00000000')).toThrow(/hash/);
    expect(() => parseNetwork(bytes.subarray(0, bytes.length - 2))).toThrow(/expected/);
  });

  it('incremental updates equal a fresh computation after every legal move of real 6x6 games', () => {
    const net = randomNet(6, 16, 7);
    const acc = new NetAccumulator(net, 4);
    const games = parsePtnGames(readRepo('data/games/playtak-6x6-1344.ptn')).slice(0, 12);
    const moves = new Int32Array(MAX_MOVES);
    let checked = 0;
    let spreads = 0;
    for (const game of games) {
      replayGame(game, {
        onMove: (pos) => {
          acc.refresh(pos, 0);
          const n = generateMoves(pos, moves, 0);
          for (let i = 0; i < n; i++) {
            const m = moves[i]!;
            acc.beforeMove(pos, m, 0);
            makeMove(pos, m);
            acc.afterMove(pos, m, 0);
            acc.refresh(pos, 2);
            const inc = acc.evaluate(pos, 1);
            const fresh = acc.evaluate(pos, 2);
            if (inc !== fresh) throw new Error(`move ${m} after ply ${pos.ply - 1}: incremental ${inc} vs fresh ${fresh}`);
            unmakeMove(pos, m);
            checked++;
            if (isSpread(m)) spreads++;
          }
          // Slot 0 is untouched by the children.
          const before = acc.evaluate(pos, 0);
          acc.refresh(pos, 3);
          expect(acc.evaluate(pos, 3)).toBe(before);
        },
      });
    }
    expect(checked).toBeGreaterThan(20_000);
    expect(spreads).toBeGreaterThan(5_000);
  });

  it('sees the colour-swapped board from the other side the same way (perspectives share weights)', () => {
    const net = randomNet(6, 16, 11);
    const acc = new NetAccumulator(net, 2);
    const game = parsePtnGames(readRepo('data/games/playtak-6x6-1344.ptn'))[5]!;
    const { pos } = replayGame(game);
    acc.refresh(pos, 0);
    const mover = acc.evaluate(pos, 0);
    // Swap every piece's colour, the reserves and the side to move.
    const swapped = pos.clone();
    swapped.clear();
    for (let sq = 0; sq < pos.area; sq++) {
      const h = pos.height[sq]!;
      if (h === 0) continue;
      const colours = Array.from({ length: h }, (_, l) => pos.colourAt(sq, l) ^ 1);
      swapped.putStack(sq, colours, pos.top[sq]! >> 1);
    }
    for (let c = 0; c < 2; c++) {
      swapped.stones[c] = pos.stones[c ^ 1]!;
      swapped.caps[c] = pos.caps[c ^ 1]!;
    }
    swapped.side = pos.side ^ 1;
    swapped.ply = pos.ply + (pos.side === 0 ? 1 : -1);
    acc.refresh(swapped, 1);
    expect(acc.evaluate(swapped, 1)).toBe(mover);
  });

  it('the engine list embeds exactly the files in nets/, which load, match their names and fit their sizes', () => {
    for (const [size, entry] of Object.entries(NETS)) {
      const file = readFileSync(`nets/${entry.name}.bin`);
      expect(entry.base64).toBe(file.toString('base64'));
      const net = networkFor(Number(size))!;
      expect(net.size).toBe(Number(size));
      expect(net.inputs).toBe(inputLayout(net.size).count);
      expect(JSON.parse(readFileSync(`nets/${entry.name}.json`, 'utf8')).hash).toBe(net.hash);
    }
    // bredon train reads the list back to keep the other sizes: it must see every entry.
    expect(new Map([...readGenerated('src/eval/net/nets.generated.ts')].map(([k, e]) => [String(k), e]))).toEqual(new Map(Object.entries(NETS)));
    expect(networkFor(6)?.residual).toBe(true);
    expect(networkFor(5)?.residual).toBe(true);
  });
});
