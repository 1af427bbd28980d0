// `bredon selfplay` as users run it (the built dist/bredon.js, worker threads and all), and the
// training-file reader the tuner relies on.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parsePtnFile, replayGame, startPosition, tagValue, type PtnGame } from '../../src/notation/ptn-game.js';
import { formatTps, parseTps } from '../../src/notation/tps.js';
import { writeTextFile } from '../../src/notation/compressed.js';
import {
  formatTrainingLine,
  parseTrainingText,
  readTrainingFile,
  trainingScore,
  TrainingFileError,
  type TrainingPosition,
} from '../../src/dataset/training-file.js';
import { BREDON, repoPath } from '../repo.js';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function bredon(args: string[], limitMs = 30_000): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BREDON, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`bredon ${args.join(' ')} did not finish in ${limitMs} ms`));
    }, limitMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

const SCORE_COMMENT = /^([+-][0-9]+\.[0-9]{2})\/([0-9]+)$/;
const WHITE_SCORE: Record<string, number> = { 'R-0': 1, 'F-0': 1, '0-R': 0, '0-F': 0, '1/2-1/2': 0.5 };

/**
 * Checks a run's files against each other: every game replays legally to its Result tag (or is a
 * draw at the ply limit), and the training file holds exactly its searched moves, in the order
 * the games were written, each with the position before the move, the side, the score of the
 * move's comment, the game's result and the komi.
 */
function checkRun(ptnText: string, tsvText: string, opts: { games: number; halfKomi: number; maxPlies: number }): { positions: number; ends: string[] } {
  const parsed = parsePtnFile(ptnText);
  expect(parsed).toHaveLength(opts.games);
  const rows = parseTrainingText(tsvText, 'out.tsv');
  let row = 0;
  const ends: string[] = [];
  for (const entry of parsed) {
    if ('error' in entry) throw entry.error;
    const game: PtnGame = entry.game;
    expect(tagValue(game, 'Site')).toBe('bredon selfplay');
    expect(tagValue(game, 'Player1')).toBe('Bredon');
    expect(tagValue(game, 'Player2')).toBe('Bredon');
    expect(tagValue(game, 'Date')).toMatch(/^[0-9]{4}\.[0-9]{2}\.[0-9]{2}$/);
    const result = tagValue(game, 'Result')!;
    expect(game.result).toBe(result);

    const before = [formatTps(startPosition(game))];
    const replay = replayGame(game, { onMove: (pos) => before.push(formatTps(pos)) });
    expect(replay.halfKomi).toBe(opts.halfKomi);
    if (replay.resultText === 'unfinished') {
      // Only the ply limit leaves a game unfinished on the board; it is drawn by adjudication.
      expect(result).toBe('1/2-1/2');
      expect(tagValue(game, 'Termination')).toBe('adjudication');
      expect(replay.plies).toBe(opts.maxPlies);
      ends.push('max plies');
    } else {
      expect(replay.resultText).toBe(result);
      ends.push(result);
    }

    // One comment per move, then the closing one.
    expect(game.comments).toHaveLength(game.moves.length + 1);
    game.moves.forEach((_, i) => {
      const comment = game.comments[i]!;
      if (comment === 'book' || comment === 'random') return;
      const m = SCORE_COMMENT.exec(comment);
      expect(m, `game ${game.index} move ${i + 1} comment '${comment}'`).not.toBeNull();
      const p: TrainingPosition | undefined = rows[row++];
      expect(p, 'a training line for every searched move').toBeDefined();
      expect(p!.tps).toBe(before[i]);
      expect(p!.side).toBe(Number(before[i]!.split(' ')[1]));
      expect(p!.result).toBe(WHITE_SCORE[result]);
      expect(p!.halfKomi).toBe(opts.halfKomi);
      const flats = Number(m![1]);
      if (Math.abs(p!.score) === 30000) {
        // A proven result: the comment keeps the distance (about ±300 flats), the file does not.
        expect(Math.abs(flats)).toBeGreaterThanOrEqual(290);
        expect(Math.sign(flats)).toBe(Math.sign(p!.score));
      } else {
        expect(p!.score).toBe(Math.round(flats * 100));
      }
      parseTps(p!.tps); // every TPS is a real position
    });
  }
  expect(row, 'no training lines beyond the searched moves').toBe(rows.length);
  return { positions: rows.length, ends };
}

describe('bredon selfplay (built program)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'bredon-selfplay-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('plays 5x5 games from the book on two workers: legal PTN, one training line per searched move', async () => {
    const ptn = join(dir, 'five.ptn');
    const out = join(dir, 'five.tsv');
    const book = repoPath('data/openings/5s_4ply_balanced_openings.txt');
    const run = await bredon(['selfplay', '--size', '5', '--games', '4', '--nodes', '500', '--concurrency', '2', '--openings', book,
      '--first-opening', '3', '--seed', '42', '--ptn', ptn, '--out', out]);
    expect(run.stderr).toContain('seed 42');
    expect(run.code, run.stderr).toBe(0);
    const { positions } = checkRun(readFileSync(ptn, 'utf8'), readFileSync(out, 'utf8'), { games: 4, halfKomi: 0, maxPlies: 300 });
    expect(positions).toBeGreaterThan(4);
    expect(run.stdout).toMatch(new RegExp(`^games 4/4: White [0-9]+, Black [0-9]+, draws [0-9]+`, 'm'));
    expect(run.stdout).toContain(`positions ${positions} written to ${out}`);
    // Openings 3 to 6 of the book, each followed by two random plies.
    const games = parsePtnFile(readFileSync(ptn, 'utf8')).map((g) => ('game' in g ? g.game : null)!);
    const lines = readFileSync(book, 'utf8').split('\n');
    for (const g of games) {
      const round = Number(tagValue(g, 'Round'));
      expect(g.moves.slice(0, 4).map((m) => m.text).join(' ')).toBe(lines[round + 1]!.trim());
      expect(g.comments.slice(0, 6)).toEqual(['book', 'book', 'book', 'book', 'random', 'random']);
    }
  });

  it('draws at the ply limit, writes the komi, and repeats itself from the same seed', async () => {
    const args = ['selfplay', '--size', '4', '--komi', '1.5', '--games', '3', '--nodes', '300', '--max-plies', '9', '--random-plies', '1', '--seed', '5'];
    const [a, b] = await Promise.all([
      bredon([...args, '--concurrency', '2', '--ptn', join(dir, 'a.ptn'), '--out', join(dir, 'a.tsv')]),
      bredon([...args, '--concurrency', '1', '--out', join(dir, 'b.tsv')]),
    ]);
    expect(a.code, a.stderr).toBe(0);
    expect(b.code, b.stderr).toBe(0);
    // 4x4 has no book: the games start from the two-ply openings, in their fixed order.
    expect(a.stderr).toContain('openings: every two-ply 4x4 opening lines 1-900 (240 openings)');
    const tsv = readFileSync(join(dir, 'a.tsv'), 'utf8');
    const { ends } = checkRun(readFileSync(join(dir, 'a.ptn'), 'utf8'), tsv, { games: 3, halfKomi: 3, maxPlies: 9 });
    expect(ends).toContain('max plies');
    const sorted = (text: string) => text.split('\n').sort().join('\n');
    expect(sorted(readFileSync(join(dir, 'b.tsv'), 'utf8'))).toBe(sorted(tsv));
  });

  it('rejects bad options with one line and exit code 2', async () => {
    const missing = await bredon(['selfplay', '--games', '1']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--size is required/);
    const lines = await bredon(['selfplay', '--size', '5', '--opening-lines', '950-900']);
    expect(lines.code).toBe(2);
    expect(lines.stderr).toMatch(/--opening-lines/);
    const help = await bredon(['selfplay', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/901-1000/);
  });
});

describe('training file', () => {
  const good: TrainingPosition = { tps: 'x4/x2,2,x/x,1,x2/x4 1 2', side: 1, score: 35, result: 0.5, halfKomi: 4 };

  it('formats and parses back a line, skipping blank and # lines', () => {
    const line = formatTrainingLine(good);
    expect(line).toBe('x4/x2,2,x/x,1,x2/x4 1 2\t1\t35\t0.5\t4');
    expect(parseTrainingText(`# a note\n${line}\r\n\n${line.replace('\t35\t', '\t-30000\t')}\n`, 'f')).toEqual([
      good,
      { ...good, score: -30000 },
    ]);
  });

  it('writes proven results as ±30000 and rounds other scores', () => {
    expect(trainingScore(29995)).toBe(30000);
    expect(trainingScore(-29001)).toBe(-30000);
    expect(trainingScore(28999)).toBe(28999);
    expect(trainingScore(-12)).toBe(-12);
  });

  it.each([
    ['x4/x4/x4/x4 1 1\t1\t0\t1', /line 2: expected 5 tab-separated columns/],
    ['x4/x4/x4/x4 1 1\t1\t0\t1\t0\t7', /line 2: expected 5 tab-separated columns/],
    ['x4/x4 1 1\t1\t0\t1\t0', /line 2: 'x4\/x4 1 1' is not a TPS/],
    ['x4/x4/x4/x4 3 1\t1\t0\t1\t0', /line 2: .* is not a TPS/],
    ['x4/x4/x4/x4 1 1\tW\t0\t1\t0', /line 2: side to move must be 1 or 2, got 'W'/],
    ['x4/x4/x4/x4 1 1\t2\t0\t1\t0', /line 2: side to move 2 disagrees with the TPS's side 1/],
    ['x4/x4/x4/x4 1 1\t1\t0.5\t1\t0', /line 2: score must be a whole number/],
    ['x4/x4/x4/x4 1 1\t1\t30001\t1\t0', /line 2: score 30001 is beyond/],
    ['x4/x4/x4/x4 1 1\t1\t0\t1-0\t0', /line 2: result must be 1, 0.5 or 0/],
    ['x4/x4/x4/x4 1 1\t1\t0\t1\t2.5', /line 2: half-komi must be a whole number/],
  ])('names the line of a malformed one: %j', (bad, why) => {
    const text = `${formatTrainingLine(good)}\n${bad}\n`;
    expect(() => parseTrainingText(text, 'data.tsv')).toThrow(TrainingFileError);
    expect(() => parseTrainingText(text, 'data.tsv')).toThrow(new RegExp(`^data\\.tsv ${why.source}`));
  });

  it('streams a file, and names the file and line of a malformed one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bredon-training-'));
    try {
      const path = join(dir, 'data.tsv');
      writeFileSync(path, `${formatTrainingLine(good)}\r\n# note\n${formatTrainingLine({ ...good, side: 2, tps: 'x4/x4/x4/x4 2 3' })}\n`);
      const read: TrainingPosition[] = [];
      for await (const p of readTrainingFile(path)) read.push(p);
      expect(read).toEqual([good, { ...good, side: 2, tps: 'x4/x4/x4/x4 2 3' }]);

      writeFileSync(path, `${formatTrainingLine(good)}\n\n${formatTrainingLine(good)}\tjunk\n`);
      const all = async () => {
        for await (const _ of readTrainingFile(path)) void _;
      };
      await expect(all()).rejects.toThrow(`${path} line 3: expected 5 tab-separated columns`);
      await expect(readTrainingFile(join(dir, 'none.tsv')).next()).rejects.toThrow(/ENOENT/);

      // A .gz name is read through gunzip, with the same positions and the same line numbers.
      const gz = join(dir, 'data.tsv.gz');
      writeTextFile(gz, `${formatTrainingLine(good)}\n# note\n${formatTrainingLine(good)}\tjunk\n`);
      expect((await readTrainingFile(gz).next()).value).toEqual(good);
      const allGz = async () => {
        for await (const _ of readTrainingFile(gz)) void _;
      };
      await expect(allGz()).rejects.toThrow(`${gz} line 3: expected 5 tab-separated columns`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
