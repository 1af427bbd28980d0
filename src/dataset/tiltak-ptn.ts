// Tiltak's evaluations in PTN games, evaluation targets for the tuner and the trainer (read.ts):
// a move by Tiltak with a comment `{<eval>/<depth> <time>s}` gives the position before it the
// target p = (eval + 1) / 2. The mover must be Tiltak: Bredon's match runner writes the same
// shape in flats. Tiltak's games played with `bredon match` (Site "Bredon match") carry its score
// from the mover's view and are turned to White's; a game whose Annotator names Tiltak
// (scripts/label-games.ts) has Tiltak's evaluation on every move.

import { tagValue, type PtnGame } from '../notation/ptn-game.js';

/** The Site tag of `bredon match`'s PTN (src/match/ptn-writer.ts). */
export const BREDON_MATCH_SITE = 'Bredon match';

const TILTAK_COMMENT = /^([+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+))\/[0-9]+\s+[0-9]+(?:\.[0-9]+)?s$/;

/** Tiltak's expected score for White from a move comment `{<eval>/<depth> <time>s}`, or NaN. */
export function tiltakEval(comment: string | undefined): number {
  if (comment === undefined) return NaN;
  const m = TILTAK_COMMENT.exec(comment.trim());
  if (m === null) return NaN;
  const e = Number(m[1]);
  return e >= -1 && e <= 1 ? (e + 1) / 2 : NaN;
}

/** Whether a player name (a Player1/Player2 tag) is Tiltak's. */
export function isTiltak(name: string | undefined): boolean {
  return name !== undefined && /^tiltak\b/i.test(name.trim());
}

/**
 * Which of a game's comments are Tiltak's evaluations (the rule at the top of this file):
 * `tiltak` when any are, and `target(k)`, Tiltak's expected score for White of the position
 * before move k, or NaN where that move carries none.
 */
export function tiltakTargets(game: PtnGame): { tiltak: boolean; target: (k: number) => number } {
  // An Annotator tag naming Tiltak (scripts/label-games.ts) makes every move's comment Tiltak's
  // evaluation of the position before it, from White's view, whoever played the move.
  const annotated = isTiltak(tagValue(game, 'Annotator'));
  const white = annotated || isTiltak(tagValue(game, 'Player1'));
  const black = annotated || isTiltak(tagValue(game, 'Player2'));
  // `bredon match` writes each engine's score from the mover's view (Racetrack and the shared
  // archives: White's), so Tiltak games played with it (Site "Bredon match") are read as such.
  const moverView = !annotated && tagValue(game, 'Site')?.trim() === BREDON_MATCH_SITE;
  const moves = game.moves;
  const target = (k: number): number => {
    const m = moves[k];
    if (m === undefined || !(m.side === 0 ? white : black)) return NaN;
    const p = tiltakEval(m.comment);
    return moverView && m.side === 1 ? 1 - p : p;
  };
  return { tiltak: white || black, target };
}
