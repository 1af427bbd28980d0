// bredon label and its records (src/selfplay/label.ts, src/dataset/labelled-ptn.ts): each quiet
// position of a game gets a fresh fixed-node search, so the labels are the same whatever was
// searched before and on any thread count; the record reads back through the trainer's reader with one
// evaluation target per label, gzip-compressed or not.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parsePtnFile, replayGame } from '../../src/notation/ptn-game.js';
import { formatMove } from '../../src/notation/ptn-move.js';
import { PositionLabeller, type LabelJob } from '../../src/selfplay/label.js';
import { formatLabelledGame, labelNodes, labelScore } from '../../src/dataset/labelled-ptn.js';
import { QuietCollector, readGames } from '../../src/dataset/read.js';
import { bredon } from '../cli/bredon.js';
import { firstTiltakGames, tempDir } from '../tune/helpers.js';

const NODES = 600;

function jobOf(text: string, order = 0): LabelJob {
  const game = parsePtnFile(text).find((g) => 'game' in g)!;
  if (!('game' in game)) throw new Error('no game');
  const moves: string[] = [];
  replayGame(game.game, { size: 6, onMove: (_p, m) => moves.push(formatMove(m, 6)) });
  return { order, size: 6, halfKomi: 4, tps: null, moves, nodes: NODES };
}

class Count extends QuietCollector {
  withScore = 0;
  scores: number[] = [];
  protected keep(_pos: unknown, _k: number, _r: number, _e: number, score: number): void {
    if (score === score) this.scores.push(score);
  }
  mark(): number {
    return 0;
  }
  rollback(): void {}
}

describe('bredon label', () => {
  it('labels only quiet positions, the same in any order and from a used labeller', () => {
    const text = readFileSync(firstTiltakGames(2), 'utf8');
    const games = parsePtnFile(text).filter((g) => 'game' in g);
    const job = jobOf(text);
    const fresh = new PositionLabeller().label(job);
    expect(fresh.length).toBe(job.moves.length);
    // The opening's plies are never labelled; most positions after it are.
    expect(fresh.slice(0, 4).every((l) => l === null)).toBe(true);
    expect(fresh.filter((l) => l !== null).length).toBeGreaterThan(job.moves.length / 2);
    const used = new PositionLabeller();
    const otherText = text.split('\n').slice(games[1]!.line - 1).join('\n');
    used.label(jobOf(otherText));
    expect(used.label(job)).toEqual(fresh);
  });

  it('writes records the trainer reads as one target per label, gzip or not, the same on 1 and 2 threads', () => {
    const dir = tempDir();
    const games = firstTiltakGames(3, dir);
    const one = bredon('label', '--size', '6', '--nodes', String(NODES), '--threads', '1', '--out', join(dir, 'one.ptn'), games);
    expect(one.code, one.stderr).toBe(0);
    const two = bredon('label', '--size', '6', '--nodes', String(NODES), '--threads', '2', '--out', join(dir, 'two.ptn.gz'), games);
    expect(two.code, two.stderr).toBe(0);
    const plain = readFileSync(join(dir, 'one.ptn'), 'utf8');
    expect(gunzipSync(readFileSync(join(dir, 'two.ptn.gz'))).toString('utf8')).toBe(plain);
    const parsed = parsePtnFile(plain).map((g) => ('game' in g ? g.game : null));
    expect(parsed.length).toBe(3);
    expect(parsed.every((g) => g !== null && labelNodes(g) === NODES)).toBe(true);
    const labels = parsed.flatMap((g) => g!.moves.map((m) => labelScore(m.comment)).filter((s) => s === s));
    const count = Number(/([0-9]+) positions labelled/.exec(one.stdout)?.[1]);
    expect(labels.length).toBe(count);
    // Tiltak's comments are dropped: every comment left is a label.
    expect(parsed.flatMap((g) => g!.moves.filter((m) => m.comment !== undefined)).length).toBe(count);
  });

  it('reads back through the trainer with each label as the score of the position before its move', async () => {
    const dir = tempDir();
    const text = readFileSync(firstTiltakGames(1, dir), 'utf8');
    const game = parsePtnFile(text)[0]!;
    if (!('game' in game)) throw new Error('no game');
    const job = jobOf(text);
    const labels = new PositionLabeller().label(job);
    const path = join(dir, 'one.ptn');
    writeFileSync(path, formatLabelledGame(game.game, job.moves, labels, 4, NODES));
    const c = new Count(6);
    await readGames([path], { size: 6, validation: 0, seed: 1 }, c);
    // The labeller and the reader use one quiet filter: every label is a kept position's score.
    // A search can return -0, which the file writes as 0: `+ 0` makes the two compare equal.
    expect(c.scores).toEqual(labels.filter((l) => l !== null).map((l) => l!.score + 0));
    expect(c.stats.kept).toBe(c.scores.length);
  });
});
