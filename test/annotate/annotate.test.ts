// `bredon annotate`: the games come back as PTN that `bredon ptn check` replays to the same
// results, with Bredon's comments and marks on every move; a summary per game; one-line errors.

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { moveBody } from '../../src/annotate/write.js';
import { percentText, whiteChanceText } from '../../src/annotate/marks.js';
import { SCORE_SCALE } from '../../src/search/expected-score.js';
import { parsePtnGames } from '../../src/notation/ptn-game.js';
import { parseMove } from '../../src/notation/ptn-move.js';
import { bredon, bredonBatch, type Run } from '../cli/bredon.js';
import { readRepo } from '../repo.js';

const dir = mkdtempSync(join(tmpdir(), 'bredon-annotate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** The first `n` games of the human archive, as written there. */
function archiveGames(n: number): string {
  const text = readRepo('data/games/playtak-6x6-1344.ptn');
  const starts = [...text.matchAll(/^\[Site /gm)].map((m) => m.index!);
  return text.slice(0, starts[n]);
}

/** ptn check's per-game lines and summary, a file after another from one batch of runs. */
function check(...paths: string[]): string[][] {
  return bredonBatch(paths.map((path) => ['ptn', 'check', path])).map((r: Run) => {
    expect(r.code, r.stderr).toBe(0);
    return r.stdout.trim().split('\n');
  });
}

// A game set up from a TPS in which Black, to move, has a tinue in 5: d3 e3< c3> a1 4d2-.
const TINUE_GAME = `[Size "6"]
[Player1 "Alice"]
[Player2 "Bob"]
[Result "0-R"]
[TPS "2,x2,2,x2/x3,2,x2/x2,2,2,2,x/1,1,2,x,1,1/x,1,12221,21112C,x,1/x,1,x,21,2S,1 2 19"]

19. -- d3 20. e3< c3> 21. a1 4d2- 0-R
`;

// White has a road in one (e5) and plays a4 instead; Black walls it off.
const MISSED_GAME = `[Size "5"]
[Player1 "Carol"]
[Player2 "Dave"]
[TPS "1,1,1,1,x/x5/x5/x5/2,2,2,x2 1 5"]

5. a4 Se5
`;

describe('bredon annotate', () => {
  it('writes the games back with comments and marks; ptn check reads the same results', () => {
    const input = file('two.ptn', archiveGames(2));
    const out = join(dir, 'two-annotated.ptn');
    const r = bredon('annotate', input, '--depth', '2', '--out', out);
    expect(r.code, r.stderr).toBe(0);
    const [annotated, original] = check(out, input);
    expect(annotated).toEqual(original);

    const before = parsePtnGames(readFileSync(input, 'utf8'));
    const after = parsePtnGames(readFileSync(out, 'utf8'));
    expect(after).toHaveLength(before.length);
    after.forEach((game, g) => {
      const orig = before[g]!;
      expect([...game.tags].filter(([k]) => k !== 'Annotator')).toEqual([...orig.tags]);
      expect(game.tags.get('Annotator')).toMatch(/^Bredon .*, depth 2 per position$/);
      expect(game.result).toBe(orig.result);
      expect(game.moves.map((m) => parseMove(m.text, 6))).toEqual(orig.moves.map((m) => parseMove(m.text, 6)));
      // Every move has Bredon's comment: a score and depth, or how the game ended.
      for (const m of game.moves) expect(m.comment, m.text).toMatch(/^(White \d+%|(White|Black) wins in \d+ moves?) d\d+|^(White|Black) wins (by road|on flats)|^drawn/);
    });
    const text = readFileSync(out, 'utf8');
    expect(text).toMatch(/ [^ {]+'(\?\??)? \{/); // some tak mark
    expect(text).toMatch(/better [^ ]+ /);

    // The summary: a header per game, then each side, then the swings.
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^game 1: KingSultan vs dove_queen, 0-R after 64 plies$/);
    expect(lines[1]).toMatch(/^  White \(KingSultan\): \d+ blunders? \(\?\?\), \d+ mistakes? \(\?\)/);
    expect(lines[2]).toMatch(/^  Black \(dove_queen\): /);
    expect(lines[3]).toMatch(/^  biggest swings: /);
    expect(lines[4]).toMatch(/^game 2: /);
  });

  it('marks a tinue, names it in the summary, and says how the game ended', () => {
    const r = bredon('annotate', file('tinue.ptn', TINUE_GAME), '--depth', '3');
    expect(r.code, r.stderr).toBe(0);
    // Without --out the PTN is stdout's and the summary goes to stderr.
    expect(r.stdout).toMatch(/^19\. -- d3'' \{[^}]*tinue, a road in 2 moves[^}]*\}$/m);
    expect(r.stdout).toMatch(/ 4d2- \{Black wins by road\}\n0-R\n$/);
    expect(r.stderr).toMatch(/^game 1: Alice vs Bob, 0-R after 5 plies$/m);
    expect(r.stderr).toMatch(/^  Black \(Bob\): .*tinue with 19\.\.\. d3'' \(a road in 2 moves\)/m);
    expect(parsePtnGames(r.stdout)).toHaveLength(1);
  });

  it('marks the move that let a proven tinue in ??, though a short search did not see it', () => {
    // The tinue position of TINUE_GAME with White to move: b6 does nothing, and Black's d3 is a
    // proven tinue; so b6 walked into a forced loss, which depth 2 alone cannot see.
    const game = TINUE_GAME.replace(' 2 19"]', ' 1 19"]').replace(/\n19\. .*\n/, '\n19. b6 d3\n').replace('[Result "0-R"]\n', '');
    const r = bredon('annotate', file('let-in.ptn', game), '--depth', '2');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^19\. b6\?\? \{Black wins in 3 moves d2; better /m);
    expect(r.stdout).toMatch(/ d3'' \{Black wins in 2 moves d2; tinue, a road in 2 moves\}/);
    expect(r.stderr).toMatch(/walked into a forced loss at 19\. b6\?\? \(Black wins in 3 moves, better /);
  });

  it('marks a missed road ?? with the better move, and the summary says who missed it', () => {
    const r = bredon('annotate', file('missed.ptn', MISSED_GAME), '--depth', '2');
    expect(r.code, r.stderr).toBe(0);
    // a4 still leaves the road in one (a tak: '), but Black answers it.
    expect(r.stdout).toMatch(/^5\. a4'\?\? \{[^}]*better e5 White wins in 1 move: e5\}/m);
    expect(r.stderr).toMatch(/White \(Carol\): 1 blunder \(\?\?\), 0 mistakes \(\?\); missed a forced win at 5\. a4'\?\? \(White wins in 1 move, better e5\)/);
    expect(r.stderr).toMatch(/biggest swings: 5\. a4'\?\? by White: White wins in 1 move to /);
  });

  it('annotates a handicap game (each player\'s own reserve) to its end when the smaller one runs out', () => {
    // Black has 3 stones: the sixth ply places the last of them, and the game ends on flats.
    const path = file('handicap.ptn', '[Size "3"]\n[Flats1 "5"]\n[Flats2 "3"]\n\n1. a1 c3 2. b2 a3 3. c1 c2 1/2-1/2\n');
    expect(check(path)[0]![0]).toBe('game 1: 1/2-1/2 after 6 plies');
    const r = bredon('annotate', path, '--depth', '2');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/\[Flats2 "3"\]/);
    expect(r.stdout).toMatch(/c2\S* \{drawn/);
    expect(r.stderr).toMatch(/game 1: White vs Black, 1\/2-1\/2 after 6 plies/);
  });

  it('gives the same output on every run with --depth', () => {
    const input = file('again.ptn', TINUE_GAME);
    expect(bredon('annotate', input, '--depth', '2').stdout).toBe(bredon('annotate', input, '--depth', '2').stdout);
  });

  it('bad input: one line on stderr and exit 2, before any search', () => {
    const illegal = file('illegal.ptn', '[Size "5"]\n\n1. a1 e5 2. a1\n');
    const malformed = file('malformed.ptn', '[Size "5"]\n\n1. a1 {never closed\n');
    const empty = file('empty.ptn', '\n');
    const cases = [[illegal], [malformed], [empty], [join(dir, 'missing.ptn')], [illegal, '--depth', '2', '--movetime', '100'], []];
    const runs = bredonBatch(cases.map((args) => ['annotate', ...args]));
    runs.forEach((r, i) => {
      expect(r.code, cases[i]!.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^bredon annotate: [^\n]+\n$/);
      expect(r.stderr).not.toMatch(/internal error/);
    });
    expect(runs[0]!.stderr).toMatch(/game 1, ply 3 \(a1\): a1 is not empty/);
  });
});

describe('annotate notation', () => {
  it('scores from White\'s view, proven results in words', () => {
    expect(whiteChanceText(0, 6)).toBe('White 50%');
    expect(whiteChanceText(SCORE_SCALE[6]!, 6)).toBe('White 73%'); // K on 6x6: sigmoid(1)
    expect(whiteChanceText(-5000, 6)).toBe('White 1%'); // never 0% unless proven
    expect(whiteChanceText(29997, 6)).toBe('White wins in 2 moves'); // 3 plies: White's 2nd move
    expect(whiteChanceText(-29996, 6)).toBe('Black wins in 2 moves'); // 4 plies: Black's 2nd move
    expect(whiteChanceText(-29999, 6)).toBe('Black wins in 1 move');
    expect(percentText(99.7)).toBe('99%');
  });

  it('keeps the move as written and drops its old marks', () => {
    expect(moveBody("1c5-1'")).toBe('1c5-1');
    expect(moveBody("Cc4*''?!")).toBe('Cc4');
    expect(moveBody('Fa1')).toBe('Fa1');
  });
});
