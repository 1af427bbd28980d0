// Every server message format the bot reads and every command it writes, with lines as the
// server's README and source give them (src/playtak/protocol.ts cites which), and garbage that
// must never throw.

import { describe, expect, it } from 'vitest';
import {
  formatClient,
  formatGameMove,
  formatGuestLogin,
  formatLogin,
  formatPing,
  formatProtocol,
  formatQuit,
  formatRemoveUndo,
  formatRequestUndo,
  formatResign,
  formatSeek,
  formatSeekCancel,
  formatShout,
  formatTell,
  guestToken,
  parseServerLine,
  redact,
  SERVER_RESULTS,
} from '../../src/playtak/protocol.js';

describe('server lines', () => {
  it('reads the login exchange', () => {
    expect(parseServerLine('Welcome!')).toEqual({ kind: 'welcome' });
    expect(parseServerLine('Login or Register')).toEqual({ kind: 'login-prompt' });
    expect(parseServerLine('Welcome Guest1234!')).toEqual({ kind: 'logged-in', name: 'Guest1234' });
    expect(parseServerLine('Welcome Bredon_Bot!\r\n')).toEqual({ kind: 'logged-in', name: 'Bredon_Bot' });
    expect(parseServerLine('Authentication failure')).toEqual({ kind: 'auth-failure', text: 'Authentication failure' });
    expect(parseServerLine('OK')).toEqual({ kind: 'ok' });
    expect(parseServerLine('NOK')).toEqual({ kind: 'nok' });
  });

  it('reads Game Start in the protocol 0/1 layout, short or full', () => {
    expect(parseServerLine('Game Start 123 6 Alice vs Guest12 black')).toEqual({
      kind: 'game-start',
      start: { game: 123, size: 6, white: 'Alice', black: 'Guest12', colour: 1 },
    });
    expect(parseServerLine('Game Start 124 5 Guest12 vs Bob white 180 4 21 1 0 0')).toEqual({
      kind: 'game-start',
      start: { game: 124, size: 5, white: 'Guest12', black: 'Bob', colour: 0, timeSec: 180, halfKomi: 4, stones: 21, caps: 1, triggerMove: 0, extraSec: 0 },
    });
  });

  it('reads Game Start in the protocol 2 layout', () => {
    expect(parseServerLine('Game Start 125 Alice vs Bredon black 6 600 10 4 30 1 0 0 35 300 1')).toEqual({
      kind: 'game-start',
      start: {
        game: 125,
        size: 6,
        white: 'Alice',
        black: 'Bredon',
        colour: 1,
        timeSec: 600,
        incSec: 10,
        halfKomi: 4,
        stones: 30,
        caps: 1,
        unrated: false,
        tournament: false,
        triggerMove: 35,
        extraSec: 300,
      },
    });
  });

  it('reads moves, clocks and the end of a game', () => {
    expect(parseServerLine('Game#7 P A1')).toMatchObject({ kind: 'move', game: 7, move: { kind: 'place', file: 0, rank: 0, piece: 'flat' }, text: 'P A1' });
    expect(parseServerLine('Game#7 P C3 W')).toMatchObject({ kind: 'move', move: { piece: 'wall' } });
    expect(parseServerLine('Game#7 P C3 C')).toMatchObject({ kind: 'move', move: { piece: 'cap' } });
    expect(parseServerLine('Game#7 M A1 A3 1 2')).toMatchObject({ kind: 'move', game: 7, move: { kind: 'spread', fromFile: 0, fromRank: 0, toFile: 0, toRank: 2, drops: [1, 2] } });
    expect(parseServerLine('Game#7 Time 170 95')).toEqual({ kind: 'time', game: 7, whiteMs: 170_000, blackMs: 95_000, unit: 's' });
    expect(parseServerLine('Game#7 Timems 170250 94999')).toEqual({ kind: 'time', game: 7, whiteMs: 170_250, blackMs: 94_999, unit: 'ms' });
    for (const result of SERVER_RESULTS) expect(parseServerLine(`Game#7 Over ${result}`)).toEqual({ kind: 'over', game: 7, result });
    expect(parseServerLine('Game#7 Abandoned. Bob quit')).toEqual({ kind: 'abandoned', game: 7, quitter: 'Bob' });
    expect(parseServerLine('Game#7 Abandoned')).toEqual({ kind: 'abandoned', game: 7, quitter: undefined });
    for (const event of ['OfferDraw', 'RemoveDraw', 'RequestUndo', 'RemoveUndo', 'Undo']) {
      expect(parseServerLine(`Game#7 ${event}`)).toEqual({ kind: 'game-event', game: 7, event });
    }
  });

  it('reads the lobby: seeks, chat, messages, errors, the online count', () => {
    expect(parseServerLine('Seek new 12 Guest3 6 600 10 A 4 30 1 0 0 0 0  0')).toEqual({
      kind: 'seek',
      action: 'new',
      no: 12,
      name: 'Guest3',
      fields: ['6', '600', '10', 'A', '4', '30', '1', '0', '0', '0', '0', '0'],
    });
    expect(parseServerLine('Seek remove 12 Guest3 6 600 10 A 4 30 1 0 0 0 0 ')).toMatchObject({ kind: 'seek', action: 'remove', no: 12 });
    expect(parseServerLine('Shout <Alice> hello Bredon')).toEqual({ kind: 'shout', player: 'Alice', text: 'hello Bredon' });
    expect(parseServerLine('Tell <Bob> how are you?')).toEqual({ kind: 'tell', player: 'Bob', text: 'how are you?' });
    expect(parseServerLine('Message Your game is resumed')).toEqual({ kind: 'message', text: 'Your game is resumed' });
    expect(parseServerLine('Error:Not your turn')).toEqual({ kind: 'error', text: 'Not your turn' });
    expect(parseServerLine('Error something went wrong')).toEqual({ kind: 'error', text: 'something went wrong' });
    expect(parseServerLine('Online 42')).toEqual({ kind: 'online', count: 42 });
    for (const line of [
      'GameList Add 7 Alice Bob 6 600 10 4 30 1 0 0 0 0',
      'GameList Remove 7 Alice Bob 6 600 10 4 30 1 0 0 0 0',
      'Observe 7 Alice Bob 6 600 10 4 30 1 0 0 0 0',
      'Joined room lobby',
      'Left room lobby',
      'ShoutRoom lobby <Alice> hi',
      'Told <Bob> hi',
      'OnlinePlayers ["Alice","Bob"]',
      'Is Mod',
      'Accept Rematch 12',
    ]) {
      expect(parseServerLine(line), line).toEqual({ kind: 'ignored', line });
    }
  });

  it('calls garbage unknown or malformed, and never throws', () => {
    expect(parseServerLine('Frobnicate the server')).toEqual({ kind: 'unknown', line: 'Frobnicate the server' });
    expect(parseServerLine('')).toMatchObject({ kind: 'unknown' });
    expect(parseServerLine('Game#7 Frobnicate')).toMatchObject({ kind: 'unknown' });
    for (const line of ['Game#', 'Game#x P A1', 'Game#7 P', 'Game#7 M A1', 'Game#7 M A1 A2 x', 'Game#7 Time a b', 'Game#7 Over 2-0', 'Game Start', 'Game Start 5', 'Game Start 5 6 A vs B purple', 'Game Start 5 A versus B white 6', 'Seek new', 'Shout hello', 'Online many']) {
      expect(parseServerLine(line).kind, line).toBe('malformed');
    }
    let seed = 12345;
    const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const pieces = ['Game#', 'Game', 'Start', 'P', 'M', 'A1', 'Z9', 'vs', 'white', 'Time', 'Over', 'Seek', 'new', '<x>', '12', '-3', '!', '\x00', 'é', ' ', '\t'];
    const kinds = new Set<string>();
    for (let i = 0; i < 20_000; i++) {
      const n = 1 + Math.floor(rand() * 12);
      let line = '';
      for (let j = 0; j < n; j++) line += pieces[Math.floor(rand() * pieces.length)] + (rand() < 0.8 ? ' ' : '');
      try {
        kinds.add(parseServerLine(line).kind);
      } catch (e) {
        expect.fail(`'${line}' threw ${(e as Error).message}`);
      }
    }
    expect([...kinds]).toEqual(expect.arrayContaining(['unknown', 'malformed']));
  });
});

describe('client commands', () => {
  it('writes each command as the server reads it', () => {
    expect(formatClient('Bredon-0.1.0')).toBe('Client Bredon-0.1.0');
    expect(formatClient('Bredon 0.1.0+dev')).toBe('Client Bredon0.1.0dev');
    expect(formatProtocol(2)).toBe('Protocol 2');
    expect(formatLogin('BredonBot', 'secret1')).toBe('Login BredonBot secret1');
    expect(formatGuestLogin()).toBe('Login Guest');
    expect(formatGuestLogin('abcdefghijklmnopqrst')).toBe('Login Guest abcdefghijklmnopqrst');
    expect(formatGameMove(12, 'M A1 A3 1 2')).toBe('Game#12 M A1 A3 1 2');
    // source: Client.java's undoString and removeUndoString, `^Game#(\\d+) RequestUndo` and `... RemoveUndo`.
    expect(formatRequestUndo(12)).toBe('Game#12 RequestUndo');
    expect(formatRemoveUndo(12)).toBe('Game#12 RemoveUndo');
    expect(formatResign(12)).toBe('Game#12 Resign');
    expect(formatPing()).toBe('PING');
    expect(formatQuit()).toBe('quit');
    expect(formatSeekCancel()).toBe('Seek 0 0 0');
    expect(formatShout('a\nb')).toBe('Shout a b');
    expect(formatTell('Alice', 'x'.repeat(300))).toHaveLength('Tell Alice '.length + 256);
  });

  it('writes the V2 seek with its trailing space, which the server needs', () => {
    const line = formatSeek({ size: 6, timeSec: 600, incSec: 10, colour: 'A', halfKomi: 4, stones: 30, caps: 1, unrated: true, tournament: false });
    expect(line).toBe('Seek 6 600 10 A 4 30 1 1 0 ');
    // The server's own patterns (Client.java), tried in its order: V3, V2, V1.
    expect(/^Seek (\d) (\d+) (\d+) ([WBA]) (\d+) (\d+) (\d+) (0|1) (0|1) (\d+) (\d+) ([A-Za-z0-9_]*)/.test(line)).toBe(false);
    expect(/^Seek (\d) (\d+) (\d+) ([WBA]) (\d+) (\d+) (\d+) (0|1) (0|1) ([A-Za-z0-9_]*)/.exec(line)?.[10]).toBe('');
    expect(/^Seek (\d) (\d+) (\d+) ([WBA]) (\d+) (\d+) (\d+) (0|1) (0|1) ([A-Za-z0-9_]*)/.test(line.trimEnd())).toBe(false);
  });

  it('never logs a password', () => {
    expect(redact('Login BredonBot secret1')).toBe('Login BredonBot ********');
    expect(redact('Login Guest abcdefghijklmnopqrst')).toBe('Login Guest abcdefghijklmnopqrst');
    expect(redact('PING')).toBe('PING');
  });

  it('makes guest tokens of 20 lower-case letters', () => {
    const token = guestToken((n) => Uint8Array.from({ length: n }, (_, i) => i * 37));
    expect(token).toMatch(/^[a-z]{20}$/);
  });
});
