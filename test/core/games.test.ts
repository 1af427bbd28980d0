// The rules core against 1344 real 6x6 games from PlayTak: every move legal, every game ending
// exactly at its last ply with its tagged result, and the position machinery (Zobrist keys,
// TPS, PTN moves, make/unmake, repetitions) consistent at every position reached: its TPS round
// trip in one of the two forms (compressed after odd plies, full after even ones; parsing a TPS
// was most of the run's time), every legal move's make/unmake at every SAMPLE-th.

import { describe, expect, it } from 'vitest';
import { makeMove, unmakeMove } from '../../src/core/makemove.js';
import { generateMoves, MAX_MOVES } from '../../src/core/movegen.js';
import type { Position } from '../../src/core/position.js';
import { boardResult, gameResult, ONGOING, resultText } from '../../src/core/result.js';
import { parsePtnGames, replayGame, startPosition, tagValue, type PtnGame } from '../../src/notation/ptn-game.js';
import { formatMove, parseMove } from '../../src/notation/ptn-move.js';
import { formatTps, parseTps } from '../../src/notation/tps.js';
import { readRepo } from '../repo.js';

const ARCHIVE = 'data/games/playtak-6x6-1344.ptn';
const text = readRepo(ARCHIVE);
const games = parsePtnGames(text);

/** Every SAMPLE-th position reached gets the full make/unmake and notation check of all its moves. */
const SAMPLE = 20;

function sameBits(a: Position, b: Position): boolean {
  return (
    a.samePosition(b) &&
    a.keyLo === b.keyLo &&
    a.keyHi === b.keyHi &&
    a.depth === b.depth &&
    a.reversible === b.reversible &&
    a.b.every((w, i) => w === b.b[i]) &&
    a.top.every((t, i) => t === b.top[i]) &&
    a.height.every((h, i) => h === b.height[i])
  );
}

/** A cheap assertion for the hot loop (expect() per ply would dominate the run time). */
function check(ok: boolean, message: string): void {
  if (!ok) expect.fail(message);
}

function keyMatches(pos: Position): boolean {
  const [lo, hi] = pos.computeKey();
  return pos.keyLo === lo && pos.keyHi === hi;
}

/** The board and side to move, which repetition compares (the move number does not count). */
function boardAndSide(pos: Position): string {
  const f = formatTps(pos).split(' ');
  return `${f[0]} ${f[1]}`;
}

describe(`the ${ARCHIVE} archive`, () => {
  it('holds 1344 6x6 games with komi 0 and a result tag each', () => {
    expect(games).toHaveLength(1344);
    expect(games).toHaveLength((text.match(/^\[Result "/gm) ?? []).length);
    for (const g of games) {
      expect(tagValue(g, 'Size')).toBe('6');
      expect(tagValue(g, 'Komi')).toBe('0');
      expect(['R-0', '0-R', 'F-0', '0-F', '1/2-1/2']).toContain(tagValue(g, 'Result'));
    }
  });

  it('replays legally, ending exactly at the last ply with the tagged result, the position consistent throughout', () => {
    const buf = new Int32Array(MAX_MOVES);
    let positions = 0;
    let sampled = 0;
    let movesChecked = 0;
    const repetitionGames: [PtnGame, number][] = [];
    for (const game of games) {
      const where = (ply: number, move: string) => `game ${game.index} ply ${ply} (${move})`;
      const pos = startPosition(game);
      const seen = new Map<string, number>([[boardAndSide(pos), 1]]);
      let thirdRepetition = 0;
      for (const [i, ptn] of game.moves.entries()) {
        const at = where(ptn.ply, ptn.text);
        // Nothing ends the game before its last move: no road, no full board, no empty reserve.
        check(boardResult(pos, 0) === ONGOING, `${at}: the game is already over before it`);
        const end = generateMoves(pos, buf, 0);
        const legal = buf.subarray(0, end);
        const move = parseMove(ptn.text, 6);
        check(legal.includes(move), `${at} is not in the legal move list`);
        const canonical = formatMove(move, 6);
        check(parseMove(canonical, 6) === move, `${at}: ${canonical} does not round-trip`);
        // The archive writes `1c5-1` for the canonical `c5-`.
        const short = ptn.text.replace(/^1(?=[a-h])/, '').replace(/(?<=[+\-<>])[1-6]$/, '');
        check(short === canonical, `${at}: printed as ${canonical}`);

        if (positions++ % SAMPLE === 0) {
          sampled++;
          const before = pos.clone();
          for (const m of Array.from(legal)) {
            const t = formatMove(m, 6);
            check(parseMove(t, 6) === m, `${at}: ${t} does not round-trip`);
            makeMove(pos, m);
            check(keyMatches(pos), `${at}: incremental key wrong after ${t}`);
            unmakeMove(pos, m);
            check(sameBits(pos, before), `${at}: unmaking ${t} does not restore the position`);
            movesChecked++;
          }
        }

        makeMove(pos, move);
        check(keyMatches(pos), `${at}: incremental key differs from computeKey()`);
        const tps = formatTps(pos, ptn.ply % 2 === 1);
        check(parseTps(tps).samePosition(pos), `${at}: TPS ${tps} does not round-trip`);
        // Repetitions counted from the TPS of every position agree with the key history.
        const key = boardAndSide(pos);
        const count = (seen.get(key) ?? 0) + 1;
        seen.set(key, count);
        check(pos.repetitions() === count, `${at}: repetitions() ${pos.repetitions()}, seen ${count} times`);
        if (count >= 3 && thirdRepetition === 0 && i < game.moves.length - 1) thirdRepetition = ptn.ply;
      }
      expect(resultText(gameResult(pos, 0)), `game ${game.index} result`).toBe(tagValue(game, 'Result'));
      if (thirdRepetition > 0) repetitionGames.push([game, thirdRepetition]);

      // The replay of the notation module agrees, ply count included.
      const r = replayGame(game);
      expect(r.resultText, `game ${game.index}`).toBe(tagValue(game, 'Result'));
      expect(r.plies).toBe(game.moves.length);
      expect(r.repetitionIgnoredAt).toBe(thirdRepetition > 0 ? thirdRepetition : undefined);
      expect(r.pos.samePosition(pos)).toBe(true);
    }
    expect(sampled).toBeGreaterThan(positions / SAMPLE - 1);
    expect(movesChecked).toBeGreaterThan(sampled);

    // PlayTak does not end a game at the third repetition; docs/rules.md does (for engines and match
    // runners). Under that rule these games end early, exactly at their third repetition.
    for (const [game, ply] of repetitionGames) {
      expect(() => replayGame(game, { strictRepetition: true })).toThrow(
        `game ${game.index}, ply ${ply + 1} (${game.moves.find((m) => m.ply === ply + 1)!.text}): played after the game ended with 1/2-1/2 at ply ${ply}`,
      );
    }
  });
});
