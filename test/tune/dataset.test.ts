// Loading the tuner's data: the quiet filter, Tiltak's comments as targets for the position
// before the move, the result tags, training files and the game-level validation split.
import { describe, expect, it } from 'vitest';
import { featureLayout } from '../../src/eval/features.js';
import { parseTps } from '../../src/notation/tps.js';
import { resultScore } from '../../src/notation/ptn-game.js';
import { quietVerdict } from '../../src/dataset/quiet.js';
import { isValidationGame } from '../../src/dataset/read.js';
import { tiltakEval } from '../../src/dataset/tiltak-ptn.js';
import { loadDataset } from '../../src/tune/dataset.js';
import { firstTiltakGames, tempDir, writeTemp } from './helpers.js';

describe('the quiet filter', () => {
  const verdict = (tps: string, halfKomi = 0) => quietVerdict(parseTps(tps), halfKomi);

  it('keeps a quiet middle-game position', () => {
    expect(verdict('x6/x6/x6/x2,2,x3/x2,1,x3/1,2,x4 1 4')).toBe('kept');
  });

  it('skips the first 4 plies and finished positions', () => {
    expect(verdict('x6/x6/x6/x6/x6/1,x4,2 1 2')).toBe('opening');
    expect(verdict('x6/x6/x6/x6/2,2,2,x3/1,1,1,1,1,1 2 6')).toBe('finished');
  });

  it('skips a placement road threat of either side', () => {
    // White fills a1-e1: f1 wins for White, whoever is to move.
    expect(verdict('x6/x6/x6/x6/2,2,2,2,x2/1,1,1,1,1,x 1 6')).toBe('placementThreat');
    expect(verdict('x6/x6/x6/x6/2,2,2,2,x2/1,1,1,1,1,x 2 5')).toBe('placementThreat');
    expect(verdict('x6/x6/x6/x6/1,1,1,1,x2/2,2,2,2,2,x 1 6')).toBe('placementThreat');
  });

  it('skips a road by a spread (f2- puts White on the black flat at f1; a wall blocks e2)', () => {
    expect(verdict('2,x5/x6/x6/x6/x4,2S,1/1,1,1,1,1,2 2 6')).toBe('spreadThreat');
    // The same with f2 Black's: no road in one for anyone.
    expect(verdict('1,x5/x6/x6/x6/x4,2S,2/1,1,1,1,1,2 2 6')).toBe('kept');
  });
});

describe('reading targets', () => {
  it('reads results and Tiltak comments', () => {
    expect(['R-0', 'F-0', '1-0', '0-R', '0-F', '0-1', '1/2-1/2', '0-0', undefined].map(resultScore)).toEqual([1, 1, 1, 0, 0, 0, 0.5, undefined, undefined]);
    expect(tiltakEval('-0.39/10 0.09s')).toBeCloseTo(0.305, 10);
    expect(tiltakEval('1.00/3 0.01s')).toBe(1);
    expect(tiltakEval('+0.35/12')).toBeNaN(); // Bredon's selfplay comment: no time
    expect(tiltakEval('+1.35/12 0.41s')).toBeNaN(); // beyond [-1, 1]: flats, not Tiltak
    expect(tiltakEval('book')).toBeNaN();
  });

  const game = (black: string) =>
    `[Player1 "Tiltak"]\n[Player2 "${black}"]\n[Size "6"]\n[Komi "2"]\n[Result "R-0"]\n\n` +
    '1. a1 f6 2. f5 a2 3. b2 {0.5/10 0.1s} b3 {-0.5/10 0.1s}\n4. c3 {0.20/10 0.1s} d4 {+0.1/9 0.2s}\n';

  it("gives each position the comment of the move played from it, when Tiltak played that move", async () => {
    const dir = tempDir();
    const both = await loadDataset([writeTemp(dir, 'both.ptn', game('Tiltak'))], { size: 6, validation: 0, seed: 1 });
    // Positions after plies 4..8 (ply 8 is the last: no move, no evaluation).
    expect(both.train.n).toBe(5);
    expect(Array.from(both.train.evalP)).toEqual([0.75, 0.25, 0.6, 0.55, NaN].map(Math.fround));
    expect(Array.from(both.train.result)).toEqual([1, 1, 1, 1, 1]);
    expect(both.stats).toMatchObject({ games: 1, tiltakGames: 1, kept: 5, opening: 3, withEval: 4 });
    const one = await loadDataset([writeTemp(dir, 'one.ptn', game('Someone'))], { size: 6, validation: 0, seed: 1 });
    expect(Array.from(one.train.evalP)).toEqual([0.75, NaN, 0.6, NaN, NaN].map(Math.fround));
  });

  it('with evalOnly keeps only the positions with an evaluation target (those Tiltak moved from)', async () => {
    const dir = tempDir();
    const file = writeTemp(dir, 'one.ptn', game('Someone'));
    const d = await loadDataset([file], { size: 6, validation: 0, seed: 1, evalOnly: true });
    expect(Array.from(d.train.evalP)).toEqual([0.75, 0.6].map(Math.fround));
    expect(d.stats).toMatchObject({ kept: 2, withEval: 2, noEval: 3 });
  });

  it("reads Tiltak's games played with bredon match (mover's view) in White's view", async () => {
    const dir = tempDir();
    const matchGame = `[Site "Bredon match"]\n` + game('Tiltak');
    const d = await loadDataset([writeTemp(dir, 'match.ptn', matchGame)], { size: 6, validation: 0, seed: 1 });
    // Black's comments -0.5 and +0.1 are Black's view: White's expected score 0.75 and 0.45.
    expect(Array.from(d.train.evalP)).toEqual([0.75, 0.75, 0.6, 0.45, NaN].map(Math.fround));
  });

  it('skips unfinished games and other sizes, and reports a game that does not replay', async () => {
    const dir = tempDir();
    const text =
      '[Size "6"]\n[Result "0-0"]\n\n1. a1 f6 2. f5 a2 3. b2 b3\n\n' +
      '[Size "5"]\n[Result "R-0"]\n\n1. a1 e5 2. e4 a2 3. b2 b3\n\n' +
      '[Size "6"]\n[Result "0-F"]\n\n1. a1 f6 2. f5 a2 3. b2 b3 4. b2\n\n' +
      '[Size "6"]\n[Result "1/2-1/2"]\n\n1. a1 f6 2. f5 a2 3. b2 b3\n';
    const logged: string[] = [];
    const d = await loadDataset([writeTemp(dir, 'mixed.ptn', text)], { size: 6, validation: 0, seed: 1, log: (l) => logged.push(l) });
    expect(d.stats).toMatchObject({ games: 1, unfinished: 1, otherSize: 1, errors: 1, kept: 3 });
    expect(Array.from(d.train.result)).toEqual([0.5, 0.5, 0.5]);
    expect(logged.some((l) => /game 3 skipped: .*b2 is not empty/.test(l))).toBe(true);
  });

  it('reads training files, telling games apart by their plies', async () => {
    const dir = tempDir();
    const lines = [
      'x6/x6/x6/x2,2,x3/x2,1,x3/1,2,x4 1 4\t1\t35\t1\t4',
      'x6/x6/x6/x2,2,x3/x2,1,1,x2/1,2,x4 2 4\t2\t50\t1\t4',
      'x5/x5/x5/x5/x5 1 1\t1\t0\t1\t0', // another size
      'x6/x6/x6/x2,2,x3/x2,1,x3/1,2,x4 1 4\t1\t-30000\t0\t4',
    ];
    const d = await loadDataset([writeTemp(dir, 'sp.tsv', lines.join('\n') + '\n')], { size: 6, validation: 0, seed: 1 });
    expect(d.stats).toMatchObject({ games: 2, otherSize: 1, kept: 3, withEval: 3 });
    expect(Array.from(d.train.score)).toEqual([35, 50, -30000]);
    expect(Array.from(d.train.evalP).every(Number.isNaN)).toBe(true);
    expect(d.count).toBe(featureLayout(6).count);
  });
});

describe('the validation split', () => {
  it('holds out about the fraction asked, by game, the same for the same file name and seed', () => {
    let held = 0;
    for (let i = 0; i < 10_000; i++) if (isValidationGame('/a/games.ptn', i, 1, 0.1)) held++;
    expect(held).toBeGreaterThan(900);
    expect(held).toBeLessThan(1100);
    for (let i = 0; i < 100; i++) expect(isValidationGame('/b/games.ptn', i, 1, 0.1)).toBe(isValidationGame('/a/games.ptn', i, 1, 0.1));
    let differ = 0;
    for (let i = 0; i < 1000; i++) if (isValidationGame('games.ptn', i, 1, 0.5) !== isValidationGame('games.ptn', i, 2, 0.5)) differ++;
    expect(differ).toBeGreaterThan(300);
  });

  it('splits the Tiltak games without losing positions', async () => {
    const file = firstTiltakGames(40);
    const all = await loadDataset([file], { size: 6, validation: 0, seed: 1 });
    const split = await loadDataset([file], { size: 6, validation: 0.3, seed: 1 });
    expect(split.train.n + split.validation.n).toBe(all.train.n);
    expect(split.validation.n).toBeGreaterThan(0);
    expect(split.train.n).toBeGreaterThan(split.validation.n);
    expect(split.stats.tiltakGames).toBe(40);
    expect(Array.from(split.validation.tiltak).every((t) => t === 1)).toBe(true);
    // Tiltak comments every move after the book, so every kept position but a game's last has a target.
    expect(all.stats.withEval).toBeGreaterThan(all.stats.kept * 0.9);
  });
});
