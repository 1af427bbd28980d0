// A review's annotated game as PTN Ninja links. A link must fit one chat line (PlayTak keeps the
// first 256 characters of a Tell), and lz-string gains little on a text this short: a 6x6 game
// of 66 plies needs about 390 characters with no comment at all. So the PTN is lean (the Size
// and Komi tags, Flats/Caps when the game has them; the moves, with the review's comments and
// ?/?? on the moves it names only, their lines cut to LINK_LINE_PLIES), and a game too long for
// one link is given from each named move on instead: a game of its own that starts from a TPS
// tag at the position the player had to move in, with as many moves as fit.

import { makeMove } from '../core/makemove.js';
import { startPosition, tagValue } from '../notation/ptn-game.js';
import { ptnNinjaLink } from '../notation/ptn-ninja.js';
import { formatTps } from '../notation/tps.js';
import type { AnnotatedMove, GameAnalysis } from './analysis.js';
import { reviewedMoves, type PlayerReview } from './review.js';
import { formatAnnotatedGame } from './write.js';

/** One link: the PTN Ninja address of the moves a.moves[from, to). */
export interface ReviewLink {
  url: string;
  from: number;
  to: number;
}

export interface ReviewLinks {
  /** The whole game, when it fits one link. */
  game?: ReviewLink;
  /** Else, for each named move that has one, the game from the position before it. */
  fromMove: Map<AnnotatedMove, ReviewLink>;
  /** Else, when no move is named, the end of the game, as much as fits. */
  end?: ReviewLink;
}

const KEPT_TAGS = ['Size', 'Komi', 'Flats', 'Caps'];
/** The moves of a better line (or a tinue) in a link's comments. */
const LINK_LINE_PLIES = 3;

/** The links of a reviewed game, each at most `maxLength` characters. */
export function reviewLinks(a: GameAnalysis, r: PlayerReview, maxLength: number): ReviewLinks {
  const named = reviewedMoves(r);
  const tags: [string, string][] = [];
  for (const name of KEPT_TAGS) {
    const value = tagValue(a.game, name);
    if (value !== undefined) tags.push([name, value]);
  }
  // The position before each move, for the TPS tag of a link that starts there.
  const pos = startPosition(a.game, a.size);
  const starts: string[] = [];
  for (const m of a.moves) {
    starts.push(formatTps(pos));
    makeMove(pos, m.move);
  }
  const gameTps = tagValue(a.game, 'TPS');
  const link = (from: number, to: number, comments = true): ReviewLink | undefined => {
    const tps = from > 0 ? starts[from] : gameTps;
    const judged = (m: AnnotatedMove) => comments && named.includes(m);
    const choice = { tags: tps === undefined ? tags : [...tags, ['TPS', tps] as [string, string]], from, to, judged, linePlies: LINK_LINE_PLIES };
    const url = ptnNinjaLink(formatAnnotatedGame(a, '', choice));
    return url.length <= maxLength ? { url, from, to } : undefined;
  };
  const n = a.moves.length;
  const out: ReviewLinks = { fromMove: new Map() };
  const game = n > 0 ? link(0, n) : undefined;
  if (game !== undefined) {
    out.game = game;
    return out;
  }
  for (const m of named) {
    const from = a.moves.indexOf(m);
    // The longest stretch from the move that fits (a link grows with its moves, nearly always);
    // a move whose comment alone is too long goes without it.
    let best = link(from, from + 1) ?? link(from, from + 1, false);
    if (best === undefined) continue;
    let lo = from + 1;
    let hi = n;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      const l = link(from, mid);
      if (l !== undefined) {
        lo = mid;
        best = l;
      } else hi = mid - 1;
    }
    out.fromMove.set(m, best);
  }
  if (named.length === 0 && n > 0) {
    // The latest start from which the rest of the game fits.
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = Math.floor((lo + hi) / 2);
      if (link(mid, n) !== undefined) hi = mid;
      else lo = mid + 1;
    }
    const end = link(lo, n);
    if (end !== undefined) out.end = end;
  }
  return out;
}
