// Reading an earlier run's PTN back (--continue): the games a real match between fake engines
// wrote must count exactly as that match counted them, a pair cut off by the stop is left out,
// and a file that is not such a run's says what is wrong with it in one line.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinEarlierGames, parseEarlierGames } from '../../src/match/earlier-games.js';
import { MatchError } from '../../src/match/errors.js';
import type { GameRecord } from '../../src/match/game.js';
import { formatGamePtn } from '../../src/match/ptn-writer.js';
import { runMatch } from '../../src/match/runner.js';
import { Tally } from '../../src/match/tally.js';
import { buildFakeRules, fake, matchConfig, removeDir } from './helpers.js';

let rulesDir: string;
let games: GameRecord[] = [];
let played: Tally;

beforeAll(async () => {
  rulesDir = await buildFakeRules();
  // Random movers on 4x4 from the empty board: roads, flat wins and draws, in both colours.
  const outcome = await runMatch(matchConfig(fake('random'), fake('random', '--name', 'Other'), { games: 12, concurrency: 2 }), {
    onGame: (g) => games.push(g),
  });
  played = outcome.tally;
  games.sort((a, b) => a.setup.round - b.setup.round);
}, 60_000);

afterAll(() => removeDir(rulesDir));

const ptnOf = (gs: readonly GameRecord[]) => gs.map((g) => formatGamePtn(g)).join('\n');

describe('parseEarlierGames', () => {
  it('counts a match from its PTN exactly as the match counted it', () => {
    expect(games.length).toBe(12);
    const earlier = parseEarlierGames(ptnOf(games), 'run.ptn');
    expect(earlier.names).toEqual(['RandomMover', 'Other']);
    expect(earlier.pairs.length).toBe(6);
    expect(earlier.dropped).toBe(0);
    const counted = new Tally();
    counted.addEarlier(earlier.pairs);
    expect(counted.earlier).toBe(12);
    expect(counted.games).toBe(12);
    expect(counted.total).toEqual(played.total);
    expect(counted.asColour).toEqual(played.asColour);
    expect(counted.pentanomial).toEqual(played.pentanomial);
    expect(counted.endings).toEqual(played.endings);
  });

  it('leaves out the game of a pair the stop cut off, in any order of games', () => {
    const cut = games.filter((g) => g.setup.round !== 8).reverse();
    const earlier = parseEarlierGames(ptnOf(cut), 'cut.ptn');
    expect(earlier.pairs.length).toBe(5);
    expect(earlier.dropped).toBe(1);
    const counted = new Tally();
    counted.addEarlier(earlier.pairs);
    expect(counted.pentanomial.reduce((a, c) => a + c, 0)).toBe(5);
  });

  it('joins files of the same two engines and refuses another pairing', () => {
    const a = parseEarlierGames(ptnOf(games.slice(0, 4)), 'a.ptn');
    const b = parseEarlierGames(ptnOf(games.slice(4)), 'b.ptn');
    const joined = joinEarlierGames([a, b]);
    expect(joined.sources).toEqual(['a.ptn', 'b.ptn']);
    expect(joined.pairs.length).toBe(a.pairs.length + b.pairs.length);
    const other = parseEarlierGames(ptnOf(games).replaceAll('RandomMover', 'Third'), 's.ptn');
    expect(() => joinEarlierGames([a, other])).toThrow('s.ptn is Third vs Other, a.ptn RandomMover vs Other');
  });

  const game1 = () => ptnOf(games.slice(0, 1));
  const cases: [string, () => string, string][] = [
    ['no games', () => 'just some text\n', 'x.ptn: no PTN games in it'],
    ['a missing tag', () => game1().replace(/\[Round "1"\]\n/, ''), 'x.ptn: game 1 lacks one of the Event, Round, Player1, Player2 and Result tags'],
    ['an Event that names other players', () => game1().replace('RandomMover vs Other', 'A vs B'), "x.ptn: game 1: Event 'A vs B' is not"],
    ['an unfinished game', () => game1().replace(/\[Result "[^"]*"\]/, '[Result "*"]'), "x.ptn: game 1: Result '*' is not a finished game's"],
    ['a round twice', () => game1() + '\n' + game1(), 'x.ptn: game 2: round 1 is in the file twice'],
    ['colours the match never plays', () => game1().replace('[Round "1"]', '[Round "2"]'), 'x.ptn: game 1: in round 2 the first engine is White'],
  ];
  for (const [what, text, message] of cases) {
    it(`says what is wrong: ${what}`, () => {
      expect(() => parseEarlierGames(text(), 'x.ptn')).toThrow(MatchError);
      expect(() => parseEarlierGames(text(), 'x.ptn')).toThrow(message);
    });
  }
});

describe('runMatch with earlier games', () => {
  it('stops at once when the earlier games already decide the SPRT, and refuses other engines', async () => {
    // Twenty pairs the first engine won 2-0: H1 for any sensible bounds before a game is played.
    const won = games.slice(0, 2).map((g) => ({ ...g, winner: g.setup.white === 0 ? 0 : 1, result: g.setup.white === 0 ? 'R-0' : '0-R' }));
    const many = Array.from({ length: 20 }, (_, p) => won.map((g) => ({ ...g, setup: { ...g.setup, round: 2 * p + g.setup.round } }))).flat();
    const earlier = parseEarlierGames(ptnOf(many), 'won.ptn');
    const sprt = { elo0: 0, elo1: 20, alpha: 0.05, beta: 0.05 };
    const config = matchConfig(fake('random'), fake('random', '--name', 'Other'), { games: 10, sprt, earlier });
    const outcome = await runMatch(config);
    expect(outcome.stopped).toBe('sprt');
    expect(outcome.sprt?.verdict).toBe('H1');
    expect(outcome.tally.games).toBe(40);
    expect(outcome.tally.earlier).toBe(40);
    const other = matchConfig(fake('random'), fake('random', '--name', 'Third'), { earlier });
    await expect(runMatch(other)).rejects.toThrow('won.ptn holds RandomMover vs Other, this match is RandomMover vs Third');
  }, 60_000);

  it('plays on after the earlier games, counting both', async () => {
    const earlier = parseEarlierGames(ptnOf(games), 'run.ptn');
    const outcome = await runMatch(matchConfig(fake('random'), fake('random', '--name', 'Other'), { games: 4, earlier }));
    expect(outcome.stopped).toBe('completed');
    expect(outcome.tally.games).toBe(16);
    expect(outcome.tally.pentanomial.reduce((a, c) => a + c, 0)).toBe(8);
  }, 60_000);
});
