import { describe, expect, it } from 'vitest';
import { formatTps } from '../../src/notation/tps.js';
import { NotationError } from '../../src/notation/errors.js';
import {
  parsePtnFile,
  parsePtnGames,
  PtnError,
  replayGame,
  tagValue,
  type PtnGame,
  type ReplayOptions,
} from '../../src/notation/ptn-game.js';
import { readRepo } from '../repo.js';

function one(text: string): PtnGame {
  const games = parsePtnGames(text);
  expect(games).toHaveLength(1);
  return games[0]!;
}

function replayError(game: PtnGame, options: ReplayOptions = {}): PtnError {
  try {
    replayGame(game, options);
  } catch (e) {
    expect(e).toBeInstanceOf(PtnError);
    expect(e).toBeInstanceOf(NotationError);
    return e as PtnError;
  }
  throw new Error(`game ${game.index} replayed but should not`);
}

function parseError(text: string): PtnError {
  try {
    parsePtnGames(text);
  } catch (e) {
    expect(e).toBeInstanceOf(PtnError);
    return e as PtnError;
  }
  throw new Error('the file parsed but should not');
}

// 3x3: the first plies place the opponent's flats (a3 black, c1 white), then White joins a1-b1-c1.
const ROAD_GAME = '[Size "3"]\n[Result "R-0"]\n\n1. a3 c1\n2. a1 b3\n3. b1\n';
// From this position White fills the last square: 5 white flats to 4 black, no road.
const FULL_TPS = '2,1,2/1,2,1/x,1,2 1 5';

describe('reading PTN files', () => {
  it('reads several games with tags, comments, numbers, suffixes and result tokens', () => {
    const text = [
      '{ a file comment before any game }',
      '[Event "Test"]',
      '[Player1 "Ann \\"the wall\\" Lee"]',
      '[Date "05.05.2016"]',
      '[Size "5"]',
      '',
      "1. a1 e5 {opening swap,",
      '[not a tag: still the comment]',
      ' over lines} 2. Fb2 Sd4!? 3. c3 Ce4 4. 1c3+1 1d4<1 {one flat each}',
      "5. b3' e3 R-0 {after the result}",
      '',
      '[Size "5"]',
      '',
      '1. a1 e5 2. b2',
      '[Size "6"]',
      '1.e1 a6 2. b3 2... c4',
    ].join('\n');
    const games = parsePtnGames(text);
    expect(games).toHaveLength(3);
    const [g1, g2, g3] = games as [PtnGame, PtnGame, PtnGame];
    expect(g1.index).toBe(1);
    expect(tagValue(g1, 'event')).toBe('Test');
    expect(tagValue(g1, 'Player1')).toBe('Ann "the wall" Lee');
    expect(tagValue(g1, 'Date')).toBe('05.05.2016');
    expect(g1.moves.map((m) => m.text)).toEqual(['a1', 'e5', 'Fb2', 'Sd4!?', 'c3', 'Ce4', '1c3+1', '1d4<1', "b3'", 'e3']);
    expect(g1.moves.map((m) => m.ply)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(g1.moves[8]!.moveNumber).toBe(5);
    expect(g1.moves[9]!.side).toBe(1);
    expect(g1.moves[2]!.line).toBe(9);
    expect(g1.result).toBe('R-0');
    // The comment before the first tag belongs to no game.
    expect(g1.comments).toEqual(['opening swap,\n[not a tag: still the comment]\n over lines', 'one flat each', 'after the result']);
    expect(g2.index).toBe(2);
    expect(g2.line).toBe(12);
    expect(g2.result).toBeUndefined();
    expect(g2.moves.map((m) => m.text)).toEqual(['a1', 'e5', 'b2']);
    expect(g3.moves.map((m) => [m.text, m.ply])).toEqual([['e1', 1], ['a6', 2], ['b3', 3], ['c4', 4]]);
  });

  it('reads every result token', () => {
    for (const r of ['R-0', '0-R', 'F-0', '0-F', '1-0', '0-1', '1/2-1/2', '0-0']) {
      expect(one(`[Size "5"]\n1. a1 e5 ${r}\n`).result).toBe(r);
    }
  });

  it('reads CRLF files like LF files (the real archive)', () => {
    const lf = readRepo('data/games/playtak-6x6-1344.ptn');
    const crlf = lf.replace(/\n/g, '\r\n');
    const a = parsePtnGames(lf);
    const b = parsePtnGames(crlf);
    expect(a).toHaveLength((lf.match(/^\[Size /gm) ?? []).length);
    expect(b).toEqual(a);
    // Every move token of the archive was read as a move, with its ply in order.
    const tokens = lf
      .split('\n')
      .filter((l) => /^[0-9]+\. /.test(l))
      .flatMap((l) => l.split(/\s+/).slice(1).filter((t) => t !== ''));
    expect(a.reduce((n, g) => n + g.moves.length, 0)).toBe(tokens.length);
    for (const g of a) g.moves.forEach((m, i) => expect(m.ply).toBe(i + 1));
  });

  it('numbers plies from a TPS tag, with -- and ... placeholders and N... numbers', () => {
    const tps = '[Size "5"]\n[TPS "x5/x5/x5/x5/1,2,x3 2 4"]\n';
    for (const body of ['4. -- c3 5. d3', '4... c3 5. d3', '4. ... c3 5. d3', 'c3 d3', '4...c3 5.d3']) {
      const g = one(tps + body);
      expect(g.moves.map((m) => [m.text, m.ply]), body).toEqual([['c3', 8], ['d3', 9]]);
    }
  });

  it('names the game and line of a structural error', () => {
    expect(parseError('[Size "3"]\n1. a3 c1 2. a1 b3 4. b1').message).toBe("game 1, line 2: move number '4.' where 3 was expected");
    expect(parseError('[Size "3"]\n1. a3 c1 2. a1 3... b3').message).toBe("game 1, line 2: move number '3...' where 2 was expected");
    expect(parseError('[Size "5"]\n1. a1 e5\n3. b2').message).toBe("game 1, line 3: move number '3.' where 2 was expected");
    expect(parseError('[Size "5"]\n1. a1 e5\n\n[Size "5"]\n1. a1 e5 R-0 2. b2').message).toBe("game 2, line 5: '2.' after the result R-0");
    expect(parseError('[Size "5"]\n1. a1 {unclosed\n2. b2').message).toBe("game 1, line 2: comment opened with '{' is never closed");
    expect(parseError('[Size "5"]\n[Bad tag]\n1. a1').message).toBe(`game 1, line 2: bad tag '[Bad tag]' (expected [Name "value"])`);
    expect(parseError('[Size "5"]\n0. a1').message).toMatch(/move number '0.' must be 1 or more/);
  });

  it('keeps reading the other games of a file around a malformed one', () => {
    const entries = parsePtnFile(`${ROAD_GAME}\n[Size "3"]\n1. a1 {oops\n`.replace('[Size "3"]\n1. a1 {', '[Size "3"]\n1. a1 3. {'));
    expect(entries).toHaveLength(2);
    expect('game' in entries[0]!).toBe(true);
    expect('error' in entries[1]! && entries[1].error.message).toMatch(/^game 2, line 9: move number '3.' where 2 was expected/);
  });
});

describe('replaying PTN games', () => {
  it('finds the road and the ply count', () => {
    const r = replayGame(one(ROAD_GAME));
    expect(r.resultText).toBe('R-0');
    expect(r.plies).toBe(5);
    expect(formatTps(r.pos)).toBe('2,2,x/x3/1,1,1 2 3');
  });

  it('reads explicit counts, F and suffixes, and a missing result', () => {
    const g = one('[Size "5"]\n\n1. a1 e5 2. Fc3 c4 3. 1c3+1* 1a1+1\'\' 4. Cc3!! e4?\n');
    const r = replayGame(g);
    expect(r.resultText).toBe('unfinished');
    expect(r.plies).toBe(8);
    expect(formatTps(r.pos)).toBe('x4,1/x2,21,x,2/x2,1C,x2/2,x4/x5 1 5');
  });

  it('counts flats with komi from the Komi tag or the override', () => {
    const game = (komi: string) => one(`[Size "3"]\n[Komi "${komi}"]\n[TPS "${FULL_TPS}"]\n5. a1`);
    expect(replayGame(game('0')).resultText).toBe('F-0');
    expect(replayGame(game('1')).resultText).toBe('1/2-1/2');
    expect(replayGame(game('1.5')).resultText).toBe('0-F');
    expect(replayGame(game('1.5'), { komi: 0 }).resultText).toBe('F-0');
    expect(replayGame(game('0'), { komi: 0.5 }).halfKomi).toBe(1);
    expect(replayError(game('1.25')).message).toMatch(/^game 1, line 1: Komi tag: komi '1.25' is not a whole or half number/);
  });

  it('checks the move numbers against the start position', () => {
    const g = one('[TPS "x5/x5/x5/x5/1,2,x3 2 4"]\n1. a1 e5');
    expect(replayError(g).message).toBe('game 1, ply 1 (a1): written as move 1 for White, but the position is at move 4 with Black to move');
  });

  it('takes the size from the Size tag, the TPS tag or the override', () => {
    expect(replayGame(one(`[TPS "${FULL_TPS}"]\n5. a1`)).pos.size).toBe(3);
    expect(replayGame(one('[Size "7"]\n1. a1 g7')).pos.size).toBe(7);
    expect(replayGame(one('[Size "9"]\n1. a1 g7'), { size: 7 }).pos.size).toBe(7);
    expect(replayError(one('1. a1')).message).toMatch(/no Size tag and no TPS tag/);
    expect(replayError(one('[Size "9"]\n1. a1')).message).toMatch(/Size tag '9': boards from 3 to 8/);
    expect(replayError(one('[Size "six"]\n1. a1')).message).toMatch(/Size tag 'six' must be a whole number/);
    expect(replayError(one(`[Size "4"]\n[TPS "${FULL_TPS}"]\n5. a1`)).message).toMatch(/TPS tag: .*3x3 board, expected 4x4/);
    expect(replayError(one('[Size "5"]\n1. a1 f6')).message).toBe("game 1, ply 2 (f6): square f6 in 'f6' is off the 5x5 board");
  });

  it('uses custom reserves from Flats and Caps tags', () => {
    const r = replayGame(one('[Size "5"]\n[Flats "2"]\n[Caps "0"]\n1. a1 e5 2. c3'));
    expect(r.resultText).toBe('F-0');
    expect(r.plies).toBe(3);
    expect(replayError(one('[Size "5"]\n[Caps "0"]\n1. a1 e5 2. Cc3')).message).toBe('game 1, ply 3 (Cc3): White has no capstone left');
  });

  it('stops at the first wrong ply, naming game, ply, move and why', () => {
    const file = (moves: string) => parsePtnGames(`${ROAD_GAME}\n[Size "3"]\n${moves}\n`)[1]!;
    const cases: [string, string][] = [
      ['1. a1 c3 2. xyz', "game 2, ply 3 (xyz): 'xyz' is not a PTN move"],
      ['1. a1 c3 2. a1', 'game 2, ply 3 (a1): a1 is not empty'],
      ['1. Sa1', 'game 2, ply 1 (Sa1): the first ply of each side must place a flat'],
      ['1. a1 a1+', 'game 2, ply 2 (a1+): no stack may move in the first ply of each side'],
      ['1. a1 c3 2. b2 b1+', 'game 2, ply 4 (b1+): there is no stack on b1'],
      ['1. a1 c3 2. a1+', 'game 2, ply 3 (a1+): the stack on a1 is topped by Black, and White is to move'],
      ['1. a1 c3 2. c3- 2a1>', 'game 2, ply 4 (2a1>): a1 holds 1 piece, fewer than the 2 carried'],
      ['1. a1 c3 2. Sb1 a1>', 'game 2, ply 4 (a1>): the spread runs into the wall on b1'],
      ['1. a3 c1 2. a1 b3 3. b1 c3', 'game 2, ply 6 (c3): played after the game ended with R-0 at ply 5'],
      ['1. a1 c3 2. a4', "game 2, ply 3 (a4): square a4 in 'a4' is off the 3x3 board"],
      ['1. a1 c3 2. 4a1+', "game 2, ply 3 (4a1+): '4a1+' carries 4 pieces, more than the carry limit 3"],
      ['1. a1 c3 2. 3a1>111', "game 2, ply 3 (3a1>111): '3a1>111' runs off the board"],
    ];
    for (const [moves, message] of cases) expect(replayError(file(moves)).message, moves).toBe(message);
    const e = replayError(file('1. a1 c3 2. a1'));
    expect([e.game, e.ply, e.token, e.reason]).toEqual([2, 3, 'a1', 'a1 is not empty']);
  });

  it('has a capstone alone flatten a wall, and nothing else', () => {
    const base = '[Size "5"]\n1. a1 e5 2. Cc3 Sd3 ';
    expect(formatTps(replayGame(one(base + '3. c3>*')).pos)).toBe('x4,1/x5/x3,21C,x/x5/2,x4 2 3');
    // The capstone may arrive alone after dropping the rest of its hand on the way.
    const split = one('[Size "5"]\n1. a1 e5 2. Cb3 Sd3 3. b2 a2 4. b3- a3 5. 2b2+ b5 6. 2b3>11');
    expect(formatTps(replayGame(split).pos)).toBe('x,2,x2,1/x5/2,x,1,21C,x/2,x4/2,x4 2 6');
    expect(replayError(one(base + '3. c2 a2 4. c3- a3 5. 2c2+ b5 6. 2c3>')).reason).toBe('the spread runs into the wall on d3 (only a capstone alone may flatten it)');
  });

  it('scores a third repetition as a draw, and by default lets archives play on past it', () => {
    const shuffle = '3. a1+ b3> 4. a2- c3< 5. a1+ b3> 6. a2- c3<';
    const rep = one(`[Size "3"]\n1. a3 c1 2. a1 b3 ${shuffle}`);
    for (const strictRepetition of [false, true]) {
      const r = replayGame(rep, { strictRepetition });
      expect(r.resultText).toBe('1/2-1/2');
      expect(r.plies).toBe(12);
      expect(r.repetitionIgnoredAt).toBeUndefined();
    }
    const more = one(`[Size "3"]\n1. a3 c1 2. a1 b3 ${shuffle} 7. c2`);
    const r = replayGame(more);
    expect(r.resultText).toBe('unfinished');
    expect(r.repetitionIgnoredAt).toBe(12);
    expect(replayError(more, { strictRepetition: true }).message).toBe(
      'game 1, ply 13 (c2): played after the game ended with 1/2-1/2 at ply 12',
    );
    // Two occurrences are not a draw.
    expect(replayGame(one(`[Size "3"]\n1. a3 c1 2. a1 b3 3. a1+ b3> 4. a2- c3<`), { strictRepetition: true }).resultText).toBe('unfinished');
  });
});
