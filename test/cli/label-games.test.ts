// scripts/label-games.ts with a judge whose scores the test can predict (test/match/fakes/judge.mjs:
// the plies played so far, as a share of 100, for the side to move, in Tiltak's expected-score
// form), on the first shared Tiltak games: which positions get a label, the turn to White's view,
// the Annotator tag, and that the tuner reads every label back as a target.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePtnFile, parsePtnGames, replayGame, tagValue } from '../../src/notation/ptn-game.js';
import { formatMove } from '../../src/notation/ptn-move.js';
import { quietVerdict } from '../../src/dataset/quiet.js';
import { loadDataset } from '../../src/tune/dataset.js';
import { buildFakeRules, removeDir } from '../match/helpers.js';
import { REPO } from '../repo.js';

const GAMES = join(REPO, 'data/games/tiltak-selfplay-6x6-komi2.ptn');
const JUDGE = join(REPO, 'test/match/fakes/judge.mjs');

function label(args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/label-games.ts', ...args], { cwd: REPO, encoding: 'utf8', timeout: 120_000 });
  return { code: r.status, err: r.stderr };
}

describe('scripts/label-games.ts', () => {
  let rulesDir: string | undefined;
  const dir = mkdtempSync(join(tmpdir(), 'bredon-label-'));
  const input = join(dir, 'in.ptn');
  beforeAll(async () => {
    rulesDir = await buildFakeRules();
    // The first three games of the file, as if Bredon had played them: the labels alone must
    // make them training targets.
    const text = readFileSync(GAMES, 'utf8');
    const fourth = parsePtnFile(text)[3]!.line;
    const head = text.split('\n').slice(0, fourth - 1).join('\n');
    writeFileSync(input, head.replace(/^\[Player([12]) "[^"]*"\]$/gm, '[Player$1 "Bredon"]'));
  });
  afterAll(() => removeDir(rulesDir));

  it('labels every quiet position from White’s view, names the judge, and the tuner reads the labels', async () => {
    const out = join(dir, 'out.ptn');
    const log = join(dir, 'judge.log');
    const r = label(['--engine', `node ${JUDGE} --log ${log}`, '--option', 'HalfKomi=4', '--size', '6', '--nodes', '7', '--concurrency', '2', '--out', out, input]);
    expect(r.code, r.err).toBe(0);
    const source = parsePtnGames(readFileSync(input, 'utf8'));
    const labelled = parsePtnGames(readFileSync(out, 'utf8'));
    expect(labelled).toHaveLength(3);
    let comments = 0;
    const searched = new Set<string>(); // the positions by the moves that led to them: one search each
    labelled.forEach((game, k) => {
      expect(tagValue(game, 'Annotator')).toBe('Tiltak-judge (test fake) 7 nodes');
      expect(tagValue(game, 'Result')).toBe(tagValue(source[k]!, 'Result'));
      // Which positions are quiet, replayed from the source game.
      const quiet = [false];
      const moves: string[] = [];
      replayGame(source[k]!, { onMove: (pos, move) => (moves.push(formatMove(move, 6)), quiet.push(quietVerdict(pos, 4) === 'kept')) });
      expect(game.moves.map((m) => m.text)).toEqual(moves);
      game.moves.forEach((m, i) => {
        if (!quiet[i]) return expect(m.comment).toBeUndefined();
        comments++;
        searched.add(moves.slice(0, i).join(' '));
        const white = (i % 2 === 0 ? 1 : -1) * Math.min(i, 100) / 100;
        expect(m.comment).toMatch(new RegExp(`^${white >= 0 ? '\\+' : '-'}${Math.abs(white).toFixed(3).replace('.', '\\.')}/3 [0-9.]+s$`));
      });
    });
    expect(comments).toBeGreaterThan(100);
    const sent = readFileSync(log, 'utf8');
    expect(sent).toMatch(/ setoption name HalfKomi value 4\n/);
    // These Tiltak games share their first moves, and a position met again is not searched again.
    expect(searched.size).toBeLessThan(comments);
    expect(sent.match(/ go nodes 7\n/g)).toHaveLength(searched.size);
    // The tuner takes each label as Tiltak's expected score for White, whoever played the move.
    const data = await loadDataset([out], { size: 6, validation: 0, seed: 1, evalOnly: true });
    expect(data.stats.withEval).toBe(comments);
    expect(data.stats.noEval).toBe(0);
    const first = labelled[0]!.moves.findIndex((m) => m.comment !== undefined);
    expect(data.train.evalP[0]).toBeCloseTo((1 + (first % 2 === 0 ? 1 : -1) * first / 100) / 2, 6);
  });

  it('--from-ply relabels only the later positions and keeps the input labels before them', async () => {
    const first = join(dir, 'first.ptn');
    const again = join(dir, 'again.ptn');
    const log = join(dir, 'judge-again.log');
    expect(label(['--engine', `node ${JUDGE}`, '--size', '6', '--nodes', '7', '--concurrency', '2', '--out', first, input]).code).toBe(0);
    // The second judge says +0.5 for the side to move wherever it is asked: its labels differ
    // from the first judge's (plies / 100) at every position, so the test sees which is which.
    const r = label(['--engine', `node ${JUDGE} --cp 50 --log ${log}`, '--size', '6', '--nodes', '9', '--from-ply', '30', '--concurrency', '2', '--out', again, first]);
    expect(r.code, r.err).toBe(0);
    const before = parsePtnGames(readFileSync(first, 'utf8'));
    const after = parsePtnGames(readFileSync(again, 'utf8'));
    expect(after).toHaveLength(3);
    let kept = 0;
    let relabelled = 0;
    const searched = new Set<string>();
    after.forEach((game, k) => {
      expect(tagValue(game, 'Annotator')).toBe('Tiltak-judge (test fake) 7 nodes before ply 30; Tiltak-judge (test fake) 9 nodes from it');
      expect(game.moves.map((m) => m.text)).toEqual(before[k]!.moves.map((m) => m.text));
      game.moves.forEach((m, i) => {
        const old = before[k]!.moves[i]!.comment;
        if (old === undefined) return expect(m.comment).toBeUndefined(); // not quiet: never labelled
        if (i < 30) {
          kept++;
          return expect(m.comment).toBe(old);
        }
        relabelled++;
        searched.add(game.moves.slice(0, i).map((x) => x.text).join(' '));
        expect(m.comment).toMatch(new RegExp(`^${i % 2 === 0 ? '\\+' : '-'}0\\.500/3 [0-9.]+s$`));
      });
    });
    expect(kept).toBeGreaterThan(30);
    expect(relabelled).toBeGreaterThan(30);
    expect(readFileSync(log, 'utf8').match(/ go nodes 9\n/g)).toHaveLength(searched.size);
    const data = await loadDataset([again], { size: 6, validation: 0, seed: 1, evalOnly: true });
    expect(data.stats.withEval).toBe(kept + relabelled);
  });

  it('a position met again (a game replayed, as in a paired screening) takes its first label and is not searched again', () => {
    // The first game twice, as a paired screening replays a game move for move.
    const text = readFileSync(input, 'utf8');
    const games = parsePtnFile(text);
    const firstGame = text.split('\n').slice(0, games[1]!.line - 1).join('\n').trim();
    const replayed = join(dir, 'replayed.ptn');
    writeFileSync(replayed, `${firstGame}\n\n${firstGame}\n`);
    const out = join(dir, 'replayed-out.ptn');
    const log = join(dir, 'judge-replayed.log');
    const r = label(['--engine', `node ${JUDGE} --log ${log}`, '--size', '6', '--nodes', '7', '--concurrency', '1', '--out', out, replayed]);
    expect(r.code, r.err).toBe(0);
    const labelled = parsePtnGames(readFileSync(out, 'utf8'));
    expect(labelled).toHaveLength(2);
    const comments = labelled[0]!.moves.map((m) => m.comment);
    const labels = comments.filter((c) => c !== undefined).length;
    expect(labels).toBeGreaterThan(30);
    expect(labelled[1]!.moves.map((m) => m.comment)).toEqual(comments);
    expect(readFileSync(log, 'utf8').match(/ go nodes 7\n/g)).toHaveLength(labels); // the second game searched nothing
    expect(r.err).toMatch(new RegExp(`${labels} positions labelled \\(${labels} more met again\\)`));
  });

  it('stops with a clear error when the judge does not report an expected score', () => {
    const r = label(['--engine', `node ${JUDGE} --cp 250`, '--size', '6', '--nodes', '7', '--concurrency', '1', '--out', join(dir, 'bad.ptn'), input]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/score cp 250 is outside \[-100, 100\]/);
  });
});
