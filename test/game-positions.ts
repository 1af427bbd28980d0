// Recorded games for the brute-force agreement tests: every `step`-th game of a PTN text,
// replayed move by move at its own size. `visit` sees each position from ply 2 on that the game
// has not ended, with the plies still to come in the game, and must leave it as it found it.
import { makeMove } from '../src/core/makemove.js';
import { Position } from '../src/core/position.js';
import { isDecided } from '../src/core/result.js';
import { parsePtnGames } from '../src/notation/ptn-game.js';
import { parseMove } from '../src/notation/ptn-move.js';

export function forEachGamePosition(text: string, step: number, visit: (pos: Position, pliesLeft: number) => void): void {
  const games = parsePtnGames(text);
  for (let g = 0; g < games.length; g += step) {
    const game = games[g]!;
    const size = Number(game.tags.get('Size'));
    const pos = new Position(size);
    const moves = game.moves;
    for (let i = 0; i < moves.length; i++) {
      makeMove(pos, parseMove(moves[i]!.text, size));
      if (pos.ply >= 2 && !isDecided(pos)) visit(pos, moves.length - 1 - i);
    }
  }
}
