// `bredon playtak` as a bot author runs it: the built program against the fake server, a whole
// game over WebSocket as a guest and over TCP with an account (the password from the
// environment, never logged), and the command line's refusals.

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { legalMoves } from '../../src/core/movegen.js';
import { parsePtnGames, tagValue } from '../../src/notation/ptn-game.js';
import { playtakSettings } from '../../src/cli/playtak.js';
import { bredonBatch } from '../cli/bredon.js';
import { BREDON } from '../repo.js';
import { FakePlaytak, type Scenario } from './fake-server.js';

const dir = mkdtempSync(join(tmpdir(), 'bredon-playtak-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const servers: FakePlaytak[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

/** The first legal flat placement, or whatever is legal. */
const firstFlat: Scenario['policy'] = (pos) => {
  const moves = legalMoves(pos);
  return moves.find((m) => (m & 256) === 0 && ((m >>> 6) & 3) === 1) ?? moves[0] ?? null;
};

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built program without blocking this process, where the fake server lives. */
function run(args: string[], env: Record<string, string> = {}): Promise<Result> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BREDON, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('bredon playtak (the built program)', () => {
  it('plays a whole game over WebSocket as a guest and logs it', async () => {
    const server = await new FakePlaytak('ws', { opponent: 'Scripted', policy: firstFlat }).start();
    servers.push(server);
    const ptn = join(dir, 'ws.ptn');
    const r = await run(['playtak', '--server', server.url, '--seek', '3', '30', '0', '--games', '1', '--movetime', '30', '--ptn', ptn]);
    expect(r.stderr).toMatch(/logged in as Guest1/);
    expect(r.code).toBe(0);
    expect(server.errors).toEqual([]);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^game 100: Guest1 vs Scripted 3x3, (R-0|F-0) after \d+ plies: Bredon won$/);
    expect(lines[1]).toBe('1 game: 1 won, 0 lost, 0 drawn');
    expect(server.seeks[0]!.line).toBe('Seek 3 30 0 A 0 10 0 0 0 ');
    const [game] = parsePtnGames(readFileSync(ptn, 'utf8'));
    expect(tagValue(game!, 'playtak_id')).toBe('100');
    expect(tagValue(game!, 'Result')).toBe(server.games[0]!.result);
  });

  it('with --chat, tells the opponent a review from its own thread, then exits', async () => {
    const server = await new FakePlaytak('ws', { opponent: 'Scripted', policy: firstFlat }).start();
    servers.push(server);
    const r = await run(['playtak', '--server', server.url, '--seek', '3', '30', '0', '--games', '1', '--movetime', '30', '--ptn', join(dir, 'chat.ptn'), '--chat']);
    expect(r.code).toBe(0);
    expect(server.errors).toEqual([]);
    const tells = server.chat.filter((l) => l.startsWith('Tell Scripted '));
    expect(tells[1]).toMatch(/^Tell Scripted Game 100: .* at my full strength/);
    expect(tells.at(-1)).toMatch(/^Tell Scripted https:\/\/ptn\.ninja\/[A-Za-z0-9+$-]+$/);
    expect(r.stderr).toMatch(/game 100: review told to Scripted \(\d+ lines\)/);
  });

  it('logs in over TCP with the password from the environment, and never shows it', async () => {
    const server = await new FakePlaytak('tcp', { opponent: 'Scripted', policy: firstFlat }, { BredonBot: 'sesame-42' }).start();
    servers.push(server);
    const ptn = join(dir, 'tcp.ptn');
    const args = ['playtak', '--server', server.url, '--user', 'BredonBot', '--seek', '3', '30', '0', '--komi', '0.5', '--color', 'black', '--unrated', '--games', '1', '--movetime', '30', '--ptn', ptn, '--debug'];
    const r = await run(args, { BREDON_PLAYTAK_PASSWORD: 'sesame-42' });
    expect(r.code).toBe(0);
    expect(server.errors).toEqual([]);
    expect(server.seeks[0]!.line).toBe('Seek 3 30 0 B 1 10 0 1 0 ');
    expect(server.games[0]!.black).toBe('BredonBot');
    expect(r.stderr).toContain('> Login BredonBot ********');
    expect(r.stderr + r.stdout + readFileSync(ptn, 'utf8')).not.toContain('sesame-42');

    const refused = await run(args, { BREDON_PLAYTAK_PASSWORD: 'not-sesame' });
    expect(refused.code).toBe(1);
    expect(refused.stderr.trimEnd().split('\n').at(-1)).toBe('bredon playtak: login refused: Authentication failure');
  });

  it('takes --level for the bot, full strength without it', () => {
    expect(playtakSettings(['--level', '3'], {}).level).toBe(3);
    expect(playtakSettings([], {}).level).toBeUndefined();
  });

  it('reviews the games with --chat unless --no-review', () => {
    expect(playtakSettings(['--chat'], {})).toMatchObject({ chat: true, review: true });
    expect(playtakSettings(['--chat', '--no-review'], {})).toMatchObject({ chat: true, review: false });
  });

  it('refuses a bad command line with one line, exit 2', () => {
    const cases: [string[], RegExp][] = [
      [['--user', 'BredonBot'], /needs its password in the environment variable BREDON_PLAYTAK_PASSWORD/],
      [['--seek', '6', '600'], /--seek takes three values/],
      [['--seek', '9', '600', '10'], /--seek SIZE must be from 3 to 8/],
      [['--komi=-1'], /--komi must be from 0 to 4/],
      [['--pieces', '5', '1'], /--pieces STONES must be from 10 to 80/],
      [['--color', 'green'], /--color must be white, black or any/],
      [['--rated', '--unrated'], /contradict/],
      [['--server', 'http://example.com'], /--server: .* is neither/],
      [['--level', '11'], /--level must be from 1 to 10/],
      [['--level', 'easy'], /--level must be a whole number/],
      [['--no-review'], /--no-review goes with --chat/],
    ];
    const runs = bredonBatch(cases.map(([args]) => ['playtak', ...args]));
    cases.forEach(([args, message], i) => {
      const r = runs[i]!;
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.trimEnd().split('\n'), args.join(' ')).toHaveLength(1);
      expect(r.stderr).toMatch(message);
    });
  });
});
