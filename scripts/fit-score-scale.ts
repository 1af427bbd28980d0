// Fits the score scale K of src/search/expected-score.ts for each board size with selfplay data:
// the maximum-likelihood K of P(White wins) = sigmoid(score / K) over the positions of the
// size's files below (search scores from the network that played them, the games' results). Prints one line a size; SCORE_SCALE holds these Ks rounded to 10, and
// test/search/expected-score.test.ts refits them.
//
//   node --import tsx scripts/fit-score-scale.ts

import { readTrainingFile } from '../src/dataset/training-file.js';
import { fitScoreScale, type ScaleFit } from '../src/tune/score-scale-fit.js';

const seeds = (prefix: string, first: number, last: number): string[] =>
  Array.from({ length: last - first + 1 }, (_, i) => `${prefix}${first + i}.tsv.gz`);

/**
 * The files each size's K is fitted to: 5x5 and 6x6, the shipped build's own selfplay (rounds
 * with a book drawn per seed, scripts/selfplay-round.sh); 7x7 and 8x8, the last four seeds of
 * their latest selfplay round (the network then playing).
 */
export const SCALE_FIT_FILES: Readonly<Record<number, readonly string[]>> = {
  5: seeds('data/selfplay/5x5/r5-g', 1042, 1042),
  6: seeds('data/selfplay/6x6/r6-g', 1001, 1002),
  7: seeds('data/selfplay/7x7/r7-s', 102, 105),
  8: seeds('data/selfplay/8x8/r8-s', 123, 126),
};

/** The fit for one size, reading its files relative to `root` (the checkout). */
export async function fitSize(size: number, root: string): Promise<ScaleFit> {
  const positions: { score: number; result: number }[] = [];
  for (const f of SCALE_FIT_FILES[size] ?? []) {
    for await (const p of readTrainingFile(`${root}/${f}`)) positions.push({ score: p.score, result: p.result });
  }
  return fitScoreScale(positions);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = new URL('..', import.meta.url).pathname.replace(/\/$/, '');
  for (const size of Object.keys(SCALE_FIT_FILES).map(Number)) {
    const fit = await fitSize(size, root);
    process.stdout.write(`${size}x${size}: K ${fit.k.toFixed(1)} (rounded ${Math.round(fit.k / 10) * 10}), log loss ${fit.logLoss.toFixed(4)}, ${fit.n} positions\n`);
  }
}
