// The library's Game with each player's own reserve (a handicap game): set by options or by
// PTN Ninja's Flats1/Flats2/Caps1/Caps2 tags, kept by clone, and ending the game when either runs out.

import { describe, expect, it } from 'vitest';
import { Game, legalMoves } from '../../src/lib/index.js';

describe('Game with unequal reserves', () => {
  it('takes each player\'s counts and ends the game when the smaller reserve runs out', () => {
    const game = new Game({ size: 3, stones: { white: 5, black: 3 }, caps: 0 });
    expect(game.startReserves).toEqual({ white: { stones: 5, caps: 0 }, black: { stones: 3, caps: 0 } });
    for (const m of ['a1', 'c3', 'b2', 'a3', 'c1']) game.play(m);
    expect(game.reservesLeft).toEqual({ white: { stones: 2, caps: 0 }, black: { stones: 1, caps: 0 } });
    const copy = game.clone();
    game.play('c2'); // Black's last stone
    expect(game.result()).toMatchObject({ over: true, winner: 'draw', reason: 'flats', text: '1/2-1/2' });
    // The copy has the same reserves and the same end.
    expect(copy.reservesLeft.black).toEqual({ stones: 1, caps: 0 });
    copy.play('c2');
    expect(copy.result().over).toBe(true);
  });

  it('reads Flats1/Flats2/Caps1/Caps2 from a PTN game, over the shared Flats and Caps', () => {
    const game = Game.fromPtn('[Size "5"]\n[Flats "18"]\n[Flats2 "17"]\n[Caps1 "2"]\n\n1. a1 e5 2. Ca2 Cb2 3. Ca3\n');
    expect(game.startReserves).toEqual({ white: { stones: 18, caps: 2 }, black: { stones: 17, caps: 1 } });
    // White's two capstones and Black's one are on the board: no capstone placement is left.
    expect(legalMoves(game).some((m) => m.startsWith('C'))).toBe(false);
    expect(game.reservesLeft).toEqual({ white: { stones: 17, caps: 0 }, black: { stones: 16, caps: 0 } });
  });
});
