// Games of an earlier run of the same match, read back from the PTN that `bredon match --ptn`
// wrote, so that a match stopped before its SPRT decided (for time, a reboot) can go on with its
// tally instead of from zero: `bredon match --continue earlier.ptn`. Only complete opening pairs
// count (rounds 2p - 1 and 2p, the first engine White in the odd one); a pair cut off by the stop
// is dropped, as its opening's two games are what the pentanomial counts.

import { parsePtnFile, resultScore, tagValue } from '../notation/ptn-game.js';
import { MatchError } from './errors.js';
import type { Termination } from './game.js';

export interface EarlierGame {
  /** The first engine's points: 1, 0.5 or 0. */
  points: number;
  /** Whether the first engine played White. */
  firstWhite: boolean;
  termination: Termination;
}

export interface EarlierGames {
  /** The engines' names as the games give them, the first engine (Event "A vs B") first. */
  names: [string, string];
  /** Complete pairs, each the odd round's game and then the even one's. */
  pairs: [EarlierGame, EarlierGame][];
  /** Games left out: the one game of a pair the stop cut off. */
  dropped: number;
  sources: string[];
}

/** How a game ended; the Termination tag does not tell a malformed move from an illegal one, or an engine never ready from a crash. */
function termination(result: string, tag: string | undefined, lastComment: string): Termination {
  // The match ends each game with the comment `{how it ended}` before the result.
  if (/repetition/.test(lastComment)) return 'repetition';
  switch (tag) {
    case 'time forfeit':
      return 'time';
    case 'rules infraction':
      return 'illegal';
    case 'abandoned':
      return 'crash';
    case 'adjudication':
      return 'adjudication';
  }
  return result.includes('R') ? 'road' : result.includes('F') ? 'flats' : 'draw';
}

/** The complete pairs of one PTN file's games; throws MatchError naming the file and the game. */
export function parseEarlierGames(text: string, source: string): EarlierGames {
  const parsed = parsePtnFile(text);
  if (parsed.every((g) => 'game' in g && g.game.tags.size === 0)) throw new MatchError(`${source}: no PTN games in it`);
  let names: [string, string] | null = null;
  const byRound = new Map<number, EarlierGame>();
  for (const entry of parsed) {
    if ('error' in entry) throw new MatchError(`${source}: ${entry.error.message}`);
    const game = entry.game;
    const where = `${source}: game ${game.index}`;
    const [event, roundText, p1, p2, result] = ['Event', 'Round', 'Player1', 'Player2', 'Result'].map((k) => tagValue(game, k));
    if (event === undefined || roundText === undefined || p1 === undefined || p2 === undefined || result === undefined) {
      throw new MatchError(`${where} lacks one of the Event, Round, Player1, Player2 and Result tags that bredon match --ptn writes`);
    }
    const gameNames: [string, string] | null =
      event === `${p1} vs ${p2}` ? [p1, p2] : event === `${p2} vs ${p1}` ? [p2, p1] : null;
    if (gameNames === null) throw new MatchError(`${where}: Event '${event}' is not '<first engine> vs <second engine>' of its players`);
    if (names === null) names = gameNames;
    else if (names[0] !== gameNames[0] || names[1] !== gameNames[1]) {
      throw new MatchError(`${where} is ${gameNames[0]} vs ${gameNames[1]}, the games before it ${names[0]} vs ${names[1]}`);
    }
    const round = Number(roundText);
    if (!Number.isInteger(round) || round < 1) throw new MatchError(`${where}: Round '${roundText}' is not a game number`);
    if (byRound.has(round)) throw new MatchError(`${where}: round ${round} is in the file twice`);
    const whitePoints = resultScore(result);
    if (whitePoints === undefined) throw new MatchError(`${where}: Result '${result}' is not a finished game's`);
    const firstWhite = p1 === names[0];
    if (firstWhite !== (round % 2 === 1)) {
      throw new MatchError(`${where}: in round ${round} the ${firstWhite ? 'first' : 'second'} engine is White, not as a match pairs colours`);
    }
    const ended = termination(result, tagValue(game, 'Termination'), game.comments.at(-1) ?? '');
    byRound.set(round, { points: firstWhite ? whitePoints : 1 - whitePoints, firstWhite, termination: ended });
  }
  const pairs: [EarlierGame, EarlierGame][] = [];
  for (const [round, game] of [...byRound].sort((a, b) => a[0] - b[0])) {
    const partner = byRound.get(round + 1);
    if (round % 2 === 1 && partner !== undefined) pairs.push([game, partner]);
  }
  return { names: names!, pairs, dropped: byRound.size - 2 * pairs.length, sources: [source] };
}

/** Several files' games as one: the same two engines in the same order. */
export function joinEarlierGames(parts: readonly EarlierGames[]): EarlierGames {
  const [first, ...rest] = parts;
  if (first === undefined) throw new MatchError('no earlier games given');
  const joined: EarlierGames = { ...first, pairs: [...first.pairs], sources: [...first.sources] };
  for (const part of rest) {
    if (part.names[0] !== first.names[0] || part.names[1] !== first.names[1]) {
      throw new MatchError(`${part.sources.join(', ')} is ${part.names[0]} vs ${part.names[1]}, ${first.sources[0]} ${first.names[0]} vs ${first.names[1]}`);
    }
    joined.pairs.push(...part.pairs);
    joined.dropped += part.dropped;
    joined.sources.push(...part.sources);
  }
  return joined;
}
