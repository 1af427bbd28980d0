// PlayTak's moves and PTN, both ways, on every move of the 1344 human 6x6 games from PlayTak:
// PTN -> Bredon's move -> PlayTak text -> Bredon's move gives the same move, the fake server's
// independent reading of the PlayTak text agrees, and the rules core replays every game to its
// tagged result through the PlayTak form.

import { describe, expect, it } from 'vitest';
import { makeMove } from '../../src/core/makemove.js';
import { isLegalMove, MAX_MOVES } from '../../src/core/movegen.js';
import { boardResult, resultText } from '../../src/core/result.js';
import { parsePtnGames, startPosition, tagValue } from '../../src/notation/ptn-game.js';
import { formatMove, parseMove } from '../../src/notation/ptn-move.js';
import { formatPlaytakMove, parsePlaytakMove, playtakToEngine, PlaytakMoveError, toEngineMove } from '../../src/playtak/moves.js';
import { readRepo } from '../repo.js';
import { playtakToPtn, ptnToPlaytak } from './fake-server.js';

const games = parsePtnGames(readRepo('data/games/playtak-6x6-1344.ptn'));

describe('PlayTak moves on the 1344-game archive', () => {
  it('round-trips every move and replays every game to its result', () => {
    expect(games).toHaveLength(1344);
    const scratch = new Int32Array(MAX_MOVES);
    let moves = 0;
    let spreads = 0;
    for (const game of games) {
      const pos = startPosition(game);
      for (const m of game.moves) {
        const move = parseMove(m.text, pos.size);
        const text = formatPlaytakMove(move, pos.size);
        const back = playtakToEngine(text, pos.size);
        if (back !== move) expect.fail(`game ${game.index} ply ${m.ply}: ${m.text} -> '${text}' -> ${formatMove(back, pos.size)}`);
        // The fake server reads PlayTak text with its own code: it must agree.
        if (parseMove(playtakToPtn(text), pos.size) !== move) expect.fail(`game ${game.index} ply ${m.ply}: the fake server reads '${text}' otherwise`);
        if (ptnToPlaytak(formatMove(move, pos.size)) !== text) expect.fail(`game ${game.index} ply ${m.ply}: the fake server writes ${m.text} otherwise`);
        if (!isLegalMove(pos, back, scratch)) expect.fail(`game ${game.index} ply ${m.ply}: '${text}' is illegal`);
        makeMove(pos, back);
        moves++;
        if (text.startsWith('M')) spreads++;
      }
      const result = resultText(boardResult(pos, 0));
      if (result !== 'unfinished' && result !== tagValue(game, 'Result')) expect.fail(`game ${game.index}: ${result}, tagged ${tagValue(game, 'Result')}`);
    }
    expect(moves).toBeGreaterThan(50_000);
    expect(spreads).toBeGreaterThan(5_000);
  });
});

describe('PlayTak move text', () => {
  it('writes placements and spreads as the server does', () => {
    expect(formatPlaytakMove(parseMove('a1', 6), 6)).toBe('P A1');
    expect(formatPlaytakMove(parseMove('Sc3', 6), 6)).toBe('P C3 W');
    expect(formatPlaytakMove(parseMove('Cf6', 6), 6)).toBe('P F6 C');
    expect(formatPlaytakMove(parseMove('a1+', 6), 6)).toBe('M A1 A2 1');
    expect(formatPlaytakMove(parseMove('3a1+12', 6), 6)).toBe('M A1 A3 1 2');
    expect(formatPlaytakMove(parseMove('5d4<113', 6), 6)).toBe('M D4 A4 1 1 3');
    expect(formatPlaytakMove(parseMove('2c5-', 6), 6)).toBe('M C5 C4 2');
    expect(formatPlaytakMove(parseMove('8a1>44', 8), 8)).toBe('M A1 C1 4 4');
    expect(formatPlaytakMove(parseMove('h8', 8), 8)).toBe('P H8');
  });

  it('reads what the server sends, case and spacing aside', () => {
    expect(formatMove(playtakToEngine('P A1', 5), 5)).toBe('a1');
    expect(formatMove(playtakToEngine('P E5 C', 5), 5)).toBe('Ce5');
    expect(formatMove(playtakToEngine(' p  b2  w ', 5), 5)).toBe('Sb2');
    expect(formatMove(playtakToEngine(['M', 'C3', 'C1', '2', '1'], 5), 5)).toBe('3c3-21');
    expect(formatMove(playtakToEngine('M D4 E4 1', 5), 5)).toBe('d4>');
  });

  it('refuses what does not fit the board or is not a move, with the reason', () => {
    const bad: [string, number, RegExp][] = [
      ['P F1', 5, /off the 5x5 board/],
      ['P A0', 5, /not a square/],
      ['P A1 X', 5, /C or W/],
      ['P A1 C W', 5, /more than/],
      ['M A1 B2 1', 5, /straight line/],
      ['M A1 A1 1', 5, /straight line/],
      ['M A1 A3 1', 5, /crosses 2 squares but gives 1 drop/],
      ['M A1 A2 6', 5, /carry limit/],
      ['M A1 A2 0', 5, /count from 1/],
      ['M A1 A2', 5, /drops no pieces/],
      ['M E1 F1 1', 5, /leaves the 5x5 board/],
      ['Q A1', 5, /neither/],
      ['', 5, /neither/],
    ];
    for (const [text, size, reason] of bad) {
      let error: unknown;
      try {
        toEngineMove(parsePlaytakMove(text), size);
      } catch (e) {
        error = e;
      }
      expect(error, text).toBeInstanceOf(PlaytakMoveError);
      expect((error as Error).message, text).toMatch(reason);
    }
  });
});
