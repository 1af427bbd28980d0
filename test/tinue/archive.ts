// Test positions from the human archive: games that end in a road made by the winner's own last
// move, taken some plies before that move (the winner to move). A position 1 ply before is a
// road in one; 3 and 5 plies before are often, not always, tinue (players miss defences).
// Also a 3-ply brute force over every move of both sides, with nothing from the solver, to check
// the solver's answers (tinue or not) where the tree is small enough.

import { makeMove, unmakeMove } from '../../src/core/makemove.js';
import { legalMoves } from '../../src/core/movegen.js';
import type { Position } from '../../src/core/position.js';
import { BLACK_ROAD, boardResult, ONGOING, resultWinner, WHITE_ROAD } from '../../src/core/result.js';
import { parsePtnFile, replayGame, startPosition, type PtnGame } from '../../src/notation/ptn-game.js';
import { parseMove } from '../../src/notation/ptn-move.js';
import { readRepo } from '../repo.js';

export interface ArchivePosition {
  game: number;
  pos: Position;
}

let roadGames: PtnGame[] | undefined;

/** The archive's games won by a road that the winner's last move made, in file order. */
function gamesEndingInOwnRoad(): PtnGame[] {
  if (roadGames !== undefined) return roadGames;
  roadGames = [];
  for (const entry of parsePtnFile(readRepo('data/games/playtak-6x6-1344.ptn'))) {
    if (!('game' in entry)) continue;
    const game = entry.game;
    const last = game.moves[game.moves.length - 1];
    if (last === undefined || game.moves.length < 12) continue;
    const r = replayGame(game);
    if ((r.resultText === 'R-0' && last.side === 0) || (r.resultText === '0-R' && last.side === 1)) roadGames.push(game);
  }
  return roadGames;
}

/** `count` positions `back` plies before the end, from the first qualifying games after `skip`. */
export function positionsBeforeRoad(back: number, count: number, skip = 0): ArchivePosition[] {
  return gamesEndingInOwnRoad()
    .slice(skip, skip + count)
    .map((game) => {
      const pos = startPosition(game);
      for (const m of game.moves.slice(0, game.moves.length - back)) makeMove(pos, parseMove(m.text, pos.size));
      pos.resetHistory();
      return { game: game.index, pos };
    });
}

function isRoad(r: number): boolean {
  return r === WHITE_ROAD || r === BLACK_ROAD;
}

/**
 * The legal moves with which the side to move completes its own road (rules core only), in
 * move-generation order; with `firstOnly`, at most the first.
 */
export function roadMovesInOne(pos: Position, firstOnly = false): number[] {
  const side = pos.side;
  const found: number[] = [];
  for (const m of legalMoves(pos)) {
    makeMove(pos, m);
    const r = boardResult(pos);
    unmakeMove(pos, m);
    if (isRoad(r) && resultWinner(r) === side) {
      found.push(m);
      if (firstOnly) break;
    }
  }
  return found;
}

/** Whether the side to move completes a road with some legal move (rules core only). */
export function bruteRoadInOne(pos: Position): boolean {
  return roadMovesInOne(pos, true).length > 0;
}

/**
 * Whether the side to move has a road within 3 plies against every defence, trying every move
 * of both sides (not only threats): a road at once, or a move after which every answer either
 * ends the game lost for the defender or allows a road in one.
 */
export function bruteTinue3(pos: Position): boolean {
  if (bruteRoadInOne(pos)) return true;
  const attacker = pos.side;
  for (const a of legalMoves(pos)) {
    makeMove(pos, a);
    let forced = boardResult(pos) === ONGOING;
    if (forced) {
      for (const d of legalMoves(pos)) {
        makeMove(pos, d);
        const r = boardResult(pos);
        const lost = r !== ONGOING ? resultWinner(r) === attacker : bruteRoadInOne(pos);
        unmakeMove(pos, d);
        if (!lost) {
          forced = false;
          break;
        }
      }
    }
    unmakeMove(pos, a);
    if (forced) return true;
  }
  return false;
}
