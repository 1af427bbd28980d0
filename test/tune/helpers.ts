// Shared by the tuner's tests: the first games of the Tiltak file as a temporary PTN file (read
// from data/games/, written to the system's temp directory, never into the project).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parsePtnFile } from '../../src/notation/ptn-game.js';
import { readRepo } from '../repo.js';

export const TILTAK = 'data/games/tiltak-selfplay-6x6-komi2.ptn';

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'bredon-tune-'));
}

/** The first `n` games of the Tiltak file, written to a temp file; returns its path. */
export function firstTiltakGames(n: number, dir = tempDir()): string {
  const text = readRepo(TILTAK);
  const games = parsePtnFile(text);
  const lines = text.split('\n');
  const end = games[n] === undefined ? lines.length : games[n]!.line - 1;
  const path = join(dir, `tiltak-first-${n}.ptn`);
  writeFileSync(path, lines.slice(0, end).join('\n') + '\n');
  return path;
}

export function writeTemp(dir: string, name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}
