// What `bredon selfplay` makes of finished games, wherever they were played (worker threads here,
// or `bredon worker` machines through a queue): the PTN file, the training file, the progress
// display and the closing summary. Each game is written whole, by this thread only: the files
// never hold half a game.

import { closeSync, openSync, writeSync } from 'node:fs';
import { formatDuration } from '../match/progress.js';
import { trainingPositions, type SelfplayGame, type Termination } from '../selfplay/game.js';
import { emptyTally, gamesPerMinute, SelfplayProgress } from '../selfplay/progress.js';
import { formatSelfplayPtn } from '../selfplay/ptn.js';
import { formatTrainingLine } from '../dataset/training-file.js';
import { UsageError } from './errors.js';

function openFile(path: string, what: string): number {
  try {
    return openSync(path, 'w');
  } catch (e) {
    throw new UsageError(`cannot write ${what} '${path}': ${(e as Error).message}`);
  }
}

export class SelfplayOutput {
  private readonly ptnFd: number | null;
  private readonly outFd: number | null;
  private progress: SelfplayProgress | null = null;
  private tally = emptyTally(0);
  private readonly ends: Record<Termination, number> = { road: 0, flats: 0, draw: 0, repetition: 0, 'max plies': 0 };
  private totalNodes = 0;
  private t0 = performance.now();

  /** Opens (truncates) the files; throws UsageError when one cannot be written. */
  constructor(private readonly paths: { ptn?: string; out?: string }) {
    this.ptnFd = paths.ptn === undefined ? null : openFile(paths.ptn, 'PTN file');
    this.outFd = paths.out === undefined ? null : openFile(paths.out, 'training file');
  }

  /** Starts the progress display for `total` games (the clock of the games per minute starts here). */
  start(total: number): void {
    this.tally = emptyTally(total);
    this.progress = new SelfplayProgress(process.stderr, total);
    this.t0 = performance.now();
  }

  log(line: string): void {
    if (this.progress !== null) this.progress.log(line);
    else process.stderr.write(line + '\n');
  }

  /** Writes a finished game; `tags` are added to its PTN (e.g. which worker played it). */
  add(game: SelfplayGame, tags: readonly (readonly [string, string])[] = []): void {
    const positions = trainingPositions(game);
    if (this.ptnFd !== null) writeSync(this.ptnFd, (this.tally.games > 0 ? '\n' : '') + formatSelfplayPtn(game, tags));
    if (this.outFd !== null && positions.length > 0) writeSync(this.outFd, positions.map((p) => formatTrainingLine(p) + '\n').join(''));
    const t = this.tally;
    t.games++;
    t.positions += positions.length;
    if (game.whiteScore === 1) t.white++;
    else if (game.whiteScore === 0) t.black++;
    else t.draws++;
    t.elapsedMs = performance.now() - this.t0;
    this.ends[game.termination]++;
    this.totalNodes += game.nodes;
    this.progress?.update(t);
  }

  close(): void {
    this.progress?.stop();
    if (this.ptnFd !== null) closeSync(this.ptnFd);
    if (this.outFd !== null) closeSync(this.outFd);
  }

  /** The summary lines (stdout); `where` ends the last line, e.g. "over 2 workers". */
  summary(interrupted: boolean, where: string): string[] {
    const elapsedMs = performance.now() - this.t0;
    const t = { ...this.tally, elapsedMs };
    const endsText = (Object.keys(this.ends) as Termination[]).map((k) => `${k} ${this.ends[k]}`).join(', ');
    const nps = elapsedMs > 0 ? Math.round((this.totalNodes * 1000) / elapsedMs) : 0;
    return [
      `games ${t.games}/${t.total}${interrupted ? ' (interrupted)' : ''}: White ${t.white}, Black ${t.black}, draws ${t.draws} (${endsText})`,
      `positions ${t.positions}${this.paths.out !== undefined ? ` written to ${this.paths.out}` : ''}${this.paths.ptn !== undefined ? `, games to ${this.paths.ptn}` : ''}`,
      `time ${formatDuration(elapsedMs)}, ${gamesPerMinute(t).toFixed(1)} games/min, ${nps} nodes/s ${where}`,
    ];
  }
}
