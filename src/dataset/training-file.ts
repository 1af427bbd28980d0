// The training file that `bredon selfplay` writes and the tuner and trainer read: one searched
// position per line, five tab-separated columns, lines ending in '\n':
//   TPS       the position before the searched move (compressed TPS)
//   side      the side to move, 1 White or 2 Black (repeated from the TPS for readers)
//   score     the search's score in centiflats from White's view, a whole number; a proven result
//             (|score| >= WIN_THRESHOLD, src/search/types.ts) is written +30000 or -30000
//   result    the game's result from White's view: 1, 0.5 or 0
//   halfKomi  komi in half flats (4 is komi 2)
// Example: `x4/x2,2,x/x,1,x2/x4 1 2	1	35	0.5	0`. Readers skip blank lines and lines starting with
// '#', so files may be concatenated or annotated. A malformed line is an error naming the file and
// line: silently skipping it would bias a fit without anyone noticing.

import { open } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { isGzipName } from '../notation/compressed.js';
import { NotationError } from '../notation/errors.js';
import { WIN_SCORE, WIN_THRESHOLD } from '../search/types.js';

export interface TrainingPosition {
  /** The position before the searched move (compressed TPS). */
  tps: string;
  /** Side to move: 1 White, 2 Black. */
  side: 1 | 2;
  /** Search score in centiflats from White's view; ±30000 for a proven result. */
  score: number;
  /** Game result from White's view. */
  result: 0 | 0.5 | 1;
  /** Komi in half flats. */
  halfKomi: number;
}

/** A malformed training-file line; the message names the file and line. */
export class TrainingFileError extends NotationError {
  override name = 'TrainingFileError';
}

/** The score column for a search score (White's view): proven results collapse to ±WIN_SCORE. */
export function trainingScore(whiteScore: number): number {
  if (whiteScore >= WIN_THRESHOLD) return WIN_SCORE;
  if (whiteScore <= -WIN_THRESHOLD) return -WIN_SCORE;
  return Math.round(whiteScore);
}

/** One line of the file, without its '\n'. */
export function formatTrainingLine(p: TrainingPosition): string {
  return `${p.tps}\t${p.side}\t${p.score}\t${p.result}\t${p.halfKomi}`;
}

const TPS_RE = /^[0-9xSC,]+(?:\/[0-9xSC,]+){2,7} ([12]) [1-9][0-9]*$/;
const INT_RE = /^[+-]?[0-9]+$/;

/**
 * Parses one line (a trailing '\r' is allowed). `where` names it in errors, e.g. `data.tsv line 12`.
 * The TPS is checked for shape only (rows, side, move number): parsing it fully is the reader's
 * next step anyway, and doing it twice would double the cost of loading millions of lines.
 */
export function parseTrainingLine(line: string, where: string): TrainingPosition {
  const fail = (why: string): never => {
    throw new TrainingFileError(`${where}: ${why}`);
  };
  const text = line.endsWith('\r') ? line.slice(0, -1) : line;
  const cols = text.split('\t');
  if (cols.length !== 5) fail(`expected 5 tab-separated columns (TPS, side, score, result, half-komi), got ${cols.length}`);
  const [tps, sideText, scoreText, resultText, komiText] = cols as [string, string, string, string, string];
  const m = TPS_RE.exec(tps);
  if (m === null) fail(`'${tps}' is not a TPS (rows separated by '/', side 1 or 2, move number)`);
  if (sideText !== '1' && sideText !== '2') fail(`side to move must be 1 or 2, got '${sideText}'`);
  if (m![1] !== sideText) fail(`side to move ${sideText} disagrees with the TPS's side ${m![1]}`);
  if (!INT_RE.test(scoreText)) fail(`score must be a whole number of centiflats, got '${scoreText}'`);
  const score = Number(scoreText);
  if (Math.abs(score) > WIN_SCORE) fail(`score ${score} is beyond ±${WIN_SCORE}`);
  let result: 0 | 0.5 | 1;
  if (resultText === '1') result = 1;
  else if (resultText === '0.5') result = 0.5;
  else if (resultText === '0') result = 0;
  else return fail(`result must be 1, 0.5 or 0 (White's view), got '${resultText}'`);
  if (!INT_RE.test(komiText)) fail(`half-komi must be a whole number, got '${komiText}'`);
  return { tps, side: sideText === '1' ? 1 : 2, score, result, halfKomi: Number(komiText) };
}

function skipped(line: string): boolean {
  return line.trim() === '' || line.startsWith('#');
}

/** Every position of a file's text; `source` names it in errors. */
export function parseTrainingText(text: string, source: string): TrainingPosition[] {
  const out: TrainingPosition[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!skipped(line)) out.push(parseTrainingLine(line, `${source} line ${i + 1}`));
  }
  return out;
}

/**
 * Streams the positions of a training file line by line (files of millions of positions need
 * not fit in one string). Throws TrainingFileError on the first malformed line, and the fs
 * error (ENOENT...) when the file cannot be read.
 */
export async function* readTrainingFile(path: string): AsyncGenerator<TrainingPosition> {
  // Opened first so that a missing file throws here: readline does not pass on a stream's errors.
  const file = await open(path, 'r');
  // A name ending in .gz is read through gunzip (data/ keeps training files as .tsv.gz).
  const raw = file.createReadStream();
  const input = isGzipName(path) ? raw.pipe(createGunzip()) : raw;
  input.setEncoding('utf8');
  const lines = createInterface({ input, crlfDelay: Infinity });
  let n = 0;
  try {
    for await (const line of lines) {
      n++;
      if (!skipped(line)) yield parseTrainingLine(line, `${path} line ${n}`);
    }
  } finally {
    lines.close();
    await file.close().catch(() => {});
  }
}
