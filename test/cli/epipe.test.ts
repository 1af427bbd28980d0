// A reader that closes stdout early (`bredon perft ... | head -1`): every command exits at once
// with status 0 and nothing on stderr, instead of an unhandled 'write EPIPE' and its stack trace.

import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BREDON, repoPath } from '../repo.js';
import { commandNames } from './bredon.js';

interface Ended {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

/**
 * Runs bredon with stdout a pipe that this side closes, before the program writes anything
 * ('start') or once its first output arrives ('first-output'); kills it (and fails) if it is
 * still running after `limitMs`.
 */
function closeStdoutEarly(args: string[], when: 'start' | 'first-output', input = '', limitMs = 60_000): Promise<Ended> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BREDON, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.stdin.on('error', () => {}); // it may be gone before reading its input
    child.stdin.end(input);
    if (when === 'start') child.stdout.destroy();
    else child.stdout.once('data', () => child.stdout.destroy());
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`bredon ${args.join(' ')} still ran ${limitMs} ms after its stdout closed`));
    }, limitMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stderr });
    });
  });
}

function expectQuietExit(r: Ended): void {
  expect(r.stderr).toBe('');
  expect(r.signal).toBeNull();
  expect(r.code).toBe(0);
}

describe('stdout closed early: exit 0, nothing on stderr', () => {
  it('bredon perft --size 6 --depth 6 stops at its next line instead of counting on (hours)', async () => {
    expectQuietExit(await closeStdoutEarly(['perft', '--size', '6', '--depth', '6'], 'first-output', '', 30_000));
  });

  it('bredon perft --size 6 --depth 3 --divide (| head -1)', async () => {
    expectQuietExit(await closeStdoutEarly(['perft', '--size', '6', '--depth', '3', '--divide'], 'first-output'));
  });

  it('bredon ptn check on the PlayTak archive', async () => {
    expectQuietExit(await closeStdoutEarly(['ptn', 'check', repoPath('data/games/playtak-6x6-1344.ptn')], 'first-output'));
  });

  const atStart: [string, string[], string?][] = [
    ['perft', ['perft', '--size', '5', '--depth', '3']],
    ['show', ['show', 'x5/x2,2S,x2/x2,121,x2/x5/x5 1 4']],
    ['analyze', ['analyze', 'x5/x2,2S,x2/x2,121,x2/x5/x5 1 4', '--depth', '2']],
    ['bench', ['bench', '--depth', '1']],
    ['tei', ['tei'], 'tei\nisready\n'],
    ['the usage', ['--help']],
  ];
  for (const [name, args, input] of atStart) {
    it(`${name}, closed before its first line`, async () => {
      expectQuietExit(await closeStdoutEarly(args, 'start', input));
    });
  }

  it('every command of the table, asked for --help', async () => {
    // All at once: each process mostly waits for its own start.
    const names = commandNames();
    const runs = await Promise.all(names.map((name) => closeStdoutEarly([name, '--help'], 'start')));
    runs.forEach((r, i) => {
      expect(r.stderr, names[i]).toBe('');
      expect(r.signal, names[i]).toBeNull();
      expect(r.code, names[i]).toBe(0);
    });
  });
});
