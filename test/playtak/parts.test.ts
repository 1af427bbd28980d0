// The bot's parts on their own: the clock (never plan past the server's clock less the network),
// the engine driver (a legal move whatever the search threads do), the game log and the chat.

import { createHash } from 'node:crypto';
import { createServer, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { makeMove } from '../../src/core/makemove.js';
import { isLegalMove } from '../../src/core/movegen.js';
import { Position } from '../../src/core/position.js';
import { parsePtnGames, replayGame, tagValue } from '../../src/notation/ptn-game.js';
import { parseMove } from '../../src/notation/ptn-move.js';
import { startTps } from '../../src/notation/tps.js';
import { describeScore } from '../../src/cli/analyze.js';
import { chatReply, mentions } from '../../src/playtak/chat.js';
import { helpText, parseChatCommand } from '../../src/playtak/commands.js';
import { BASE_MARGIN_MS, MAX_MARGIN_MS, networkMargin, ownClockMs, smoothRtt, thinkLimits } from '../../src/playtak/clock.js';
import { openConnection, parseServerAddress } from '../../src/playtak/connection.js';
import { Engine, WATCHDOG_MS, type SearchThreads } from '../../src/playtak/engine.js';
import { clockTag, clockText, formatGame, type LoggedGame } from '../../src/playtak/game-log.js';
import type { SeekParams } from '../../src/playtak/protocol.js';
import type { SearchHandlers, SearchJob } from '../../src/search/worker.js';

describe('the clock', () => {
  it('never plans past the clock less the network margin', () => {
    for (const clockMs of [0, 100, 500, 1000, 5000, 60_000, 600_000]) {
      for (const rtt of [NaN, 1, 50, 300, 2000]) {
        for (const inc of [0, 1000, 10_000]) {
          const limits = thinkLimits({ colour: 1, clock: { whiteMs: 1, blackMs: clockMs, receivedAt: 1000 }, initialMs: 0, incMs: inc, now: 1000, rttMs: rtt, piecesLeft: 20 });
          const label = `clock ${clockMs} rtt ${rtt} inc ${inc}`;
          expect(limits.hardMs, label).toBeLessThanOrEqual(Math.max(1, clockMs - networkMargin(rtt)));
          expect(limits.softMs!, label).toBeLessThanOrEqual(limits.hardMs!);
        }
      }
    }
  });

  it('counts the time since the clocks came, uses the starting time before any, and obeys --movetime', () => {
    const clock = { whiteMs: 30_000, blackMs: 20_000, receivedAt: 1000 };
    expect(ownClockMs({ colour: 0, clock, initialMs: 0, now: 1500 })).toBe(29_500);
    expect(ownClockMs({ colour: 1, clock, initialMs: 0, now: 1000 })).toBe(20_000);
    expect(ownClockMs({ colour: 1, clock: undefined, initialMs: 60_000, now: 5 })).toBe(60_000);
    expect(ownClockMs({ colour: 1, clock, initialMs: 0, now: 99_000 })).toBe(0);
    const capped = thinkLimits({ colour: 0, clock, initialMs: 0, incMs: 0, now: 1000, rttMs: 10, piecesLeft: 20, maxMoveMs: 50 });
    expect(capped.hardMs).toBeLessThanOrEqual(50);
  });

  it('keeps a margin of twice the smoothed round trip, within bounds', () => {
    expect(networkMargin(0)).toBe(networkMargin(NaN));
    expect(networkMargin(100)).toBe(BASE_MARGIN_MS + 200);
    expect(networkMargin(1e6)).toBe(MAX_MARGIN_MS);
    expect(smoothRtt(undefined, 80)).toBe(80);
    expect(smoothRtt(80, 160)).toBe(90);
    expect(smoothRtt(80, -1)).toBe(80);
  });
});

describe('server addresses', () => {
  it('reads WebSocket URLs and TCP addresses', () => {
    expect(parseServerAddress('wss://playtak.com/ws')).toEqual({ kind: 'websocket', url: 'wss://playtak.com/ws' });
    expect(parseServerAddress('tcp://playtak.com:10000')).toEqual({ kind: 'tcp', host: 'playtak.com', port: 10000 });
    expect(parseServerAddress('127.0.0.1:10000')).toEqual({ kind: 'tcp', host: '127.0.0.1', port: 10000 });
    expect(parseServerAddress('tcp://[::1]:10000')).toEqual({ kind: 'tcp', host: '::1', port: 10000 });
    for (const bad of ['playtak.com', 'http://playtak.com', 'tcp://x:0', 'tcp://x:70000', '']) expect(() => parseServerAddress(bad), bad).toThrow(RangeError);
  });
});

/**
 * A WebSocket server that answers byte for byte as the PlayTak server's own code does
 * (Websocket.java): its handshake reply always names the subprotocol `binary`, and each line
 * goes out as one unmasked binary frame ending in "\n".
 */
function rawPlaytakWebSocket(onCommand: (text: string, send: (line: string) => void) => void): Promise<{ port: number; close: () => void }> {
  const frame = (line: string) => {
    const body = Buffer.from(line + '\n', 'latin1');
    return Buffer.concat([Buffer.from([0x82, body.length]), body]);
  };
  const sockets: Socket[] = [];
  const server = createServer((socket) => {
    sockets.push(socket);
    let buffer = Buffer.alloc(0);
    let open = false;
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      if (!open) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) return;
        const key = /Sec-WebSocket-Key: *(.*)/i.exec(buffer.subarray(0, end).toString('latin1'))![1]!.trim();
        const accept = createHash('sha1').update(key + '258EAFA5-E914-47DA-95CA-C5AB0DC85B11').digest('base64');
        socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Protocol: binary\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`);
        socket.write(Buffer.concat([frame('Welcome!'), frame('Login or Register')]));
        buffer = buffer.subarray(end + 4);
        open = true;
      }
      // Client frames: short, masked.
      while (buffer.length >= 6 && buffer.length >= 6 + (buffer[1]! & 127)) {
        const n = buffer[1]! & 127;
        const mask = buffer.subarray(2, 6);
        const text = Buffer.from(buffer.subarray(6, 6 + n).map((b, i) => b ^ mask[i % 4]!)).toString('latin1');
        buffer = buffer.subarray(6 + n);
        if (text !== '') onCommand(text, (line) => socket.write(frame(line)));
      }
    });
    socket.on('error', () => {});
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: (server.address() as { port: number }).port,
        close: () => {
          for (const s of sockets) s.destroy();
          server.close();
        },
      }),
    ),
  );
}

describe('the connection', () => {
  it("speaks to a WebSocket server that handshakes as PlayTak's does", async () => {
    const commands: string[] = [];
    const server = await rawPlaytakWebSocket((text, send) => {
      commands.push(text);
      send('OK');
    });
    const lines: string[] = [];
    let gotOk: () => void = () => {};
    const ok = new Promise<void>((r) => (gotOk = r));
    const conn = await openConnection(
      parseServerAddress(`ws://127.0.0.1:${server.port}/ws`),
      {
        onLine: (line) => {
          lines.push(line);
          if (line === 'OK') gotOk();
        },
        onClose: () => {},
      },
      2000,
    );
    conn.send('Client Bredon-test');
    await ok;
    expect(lines).toEqual(['Welcome!', 'Login or Register', 'OK']);
    expect(commands).toEqual(['Client Bredon-test']);
    conn.close();
    server.close();
  });

  it('reports a server it cannot reach', async () => {
    await expect(openConnection(parseServerAddress('tcp://127.0.0.1:1'), { onLine: () => {}, onClose: () => {} }, 2000)).rejects.toThrow(/ECONNREFUSED/);
  });
});

/** Search threads scripted per test. */
function threads(onStart: (job: SearchJob, h: SearchHandlers) => void) {
  const calls: string[] = [];
  const t: SearchThreads = {
    start: (job, h) => {
      calls.push('start');
      onStart(job, h);
    },
    stop: () => calls.push('stop'),
    abandon: () => calls.push('abandon'),
    newGame: () => calls.push('newGame'),
    close: () => calls.push('close'),
  };
  return { t, calls };
}

const JOB: SearchJob = { startTps: startTps(4), moves: [parseMove('a1', 4), parseMove('d4', 4)], halfKomi: 0, limits: { softMs: 20, hardMs: 20 } };

function rootOf(job: SearchJob): Position {
  const pos = new Position(4);
  for (const m of job.moves) makeMove(pos, m);
  return pos;
}

describe('the engine driver', () => {
  it('plays the search result when it is legal', async () => {
    const best = parseMove('b2', 4);
    const { t } = threads((_, h) => setTimeout(() => h.onDone({ result: { best, score: 12, depth: 3, nodes: 99, pv: [best] }, nodes: 120 }), 1));
    const thought = await new Engine(t).think(JOB);
    expect(thought).toMatchObject({ move: best, score: 12, depth: 3, nodes: 120 });
    expect(thought.fallback).toBeUndefined();
  });

  it('falls back to the last reported line, or a legal move, when the search fails or returns nonsense', async () => {
    const pv = parseMove('c3', 4);
    const failing = threads((_, h) => {
      h.onInfo({ depth: 2, seldepth: 2, score: 5, mateIn: 0, bound: 'exact', nodes: 10, timeMs: 1, hashfull: 0, pv: [pv] }, 10);
      setTimeout(() => h.onDone({ error: 'boom' }), 1);
    });
    expect(await new Engine(failing.t).think(JOB)).toMatchObject({ move: pv, fallback: 'search failed: boom' });
    const illegal = threads((_, h) => setTimeout(() => h.onDone({ result: { best: parseMove('a1', 4), score: 0, depth: 1, nodes: 1, pv: [] }, nodes: 1 }), 1));
    const t = await new Engine(illegal.t).think(JOB);
    expect(t.fallback).toMatch(/no legal move/);
    expect(isLegalMove(rootOf(JOB), t.move)).toBe(true);
  });

  it("holds a finished search's move for a level's pace, and lets it go at once on stop", async () => {
    const best = parseMove('b2', 4);
    const quick = () => threads((_, h) => setTimeout(() => h.onDone({ result: { best, score: 0, depth: 1, nodes: 1, pv: [best] }, nodes: 1 }), 1)).t;
    const started = performance.now();
    const paced = await new Engine(quick()).think(JOB, undefined, WATCHDOG_MS, 60);
    // Held for the pace (an unpaced answer comes in about 1 ms); Node's timers may fire a
    // millisecond or so early by performance.now(), so the bound leaves room below 60.
    expect(performance.now() - started).toBeGreaterThanOrEqual(50);
    expect(paced).toMatchObject({ move: best });
    expect(paced.fallback).toBeUndefined();
    // A pace of a minute, cut short by stop(): the search's own move, not a fallback.
    const engine = new Engine(quick());
    const pending = engine.think(JOB, undefined, WATCHDOG_MS, 60_000);
    await new Promise((r) => setTimeout(r, 20));
    engine.stop();
    const stopped = await pending;
    expect(stopped).toMatchObject({ move: best });
    expect(stopped.fallback).toBeUndefined();
  });

  it('gives up on threads that never answer: a legal move after the deadline, threads replaced', async () => {
    const silent = threads(() => {});
    const started = performance.now();
    const t = await new Engine(silent.t).think(JOB);
    expect(performance.now() - started).toBeGreaterThanOrEqual(20 + WATCHDOG_MS - 5);
    expect(silent.calls).toContain('abandon');
    expect(isLegalMove(rootOf(JOB), t.move)).toBe(true);
    const stopped = threads(() => {});
    const engine = new Engine(stopped.t);
    const pending = engine.think({ ...JOB, limits: { infinite: true } });
    engine.stop();
    expect((await pending).fallback).toMatch(/after the stop/);
    expect(stopped.calls).toEqual(['start', 'stop', 'abandon']);
  });
});

describe('the game log', () => {
  const game: LoggedGame = {
    gameNo: 4321,
    site: 'PlayTak.com',
    white: 'Guest7',
    black: 'Alice',
    size: 5,
    halfKomi: 1,
    stones: 15,
    caps: 0,
    timeSec: 300,
    incSec: 5,
    unrated: true,
    startedAt: new Date(2024, 4, 6, 7, 8, 9),
    moves: ['a1', 'e5', 'b1', 'e4'].map((t, i) => ({ move: parseMove(t, 5), ...(i % 2 === 0 ? { scoreCp: -35, depth: 7, ms: 1234 } : {}) })),
    result: '0-1',
    termination: 'time forfeit',
    clockMs: [0, 83_456],
  };

  it('writes the server number, players, result, clock and custom reserves as PTN that reads back', () => {
    const text = formatGame(game);
    expect(text).toContain('1. a1 {-0.35/7 1.23s} e5\n2. b1 {-0.35/7 1.23s} e4\n0-1\n');
    const [g] = parsePtnGames(text);
    const tags = ['Site', 'Event', 'Date', 'Time', 'Player1', 'Player2', 'Size', 'Komi', 'Flats', 'Caps', 'Clock', 'Result', 'playtak_id', 'Rated', 'ClockLeft', 'Termination'];
    expect(tags.map((t) => tagValue(g!, t))).toEqual(['PlayTak.com', 'Online Play', '2024.05.06', '07:08:09', 'Guest7', 'Alice', '5', '0.5', '15', '0', '5:00 +5', '0-1', '4321', 'no', '0:00.0 1:23.4', 'time forfeit']);
    expect(replayGame(g!).plies).toBe(4);
  });

  it('leaves out the default reserves and an unknown result', () => {
    const text = formatGame({ ...game, stones: 21, caps: 1, result: undefined });
    expect(text).not.toMatch(/Flats|Caps|Result/);
    expect(clockTag(65, 0)).toBe('1:05 +0');
    expect(clockText(600_049)).toBe('10:00.0');
  });
});

describe('chat', () => {
  const seek: SeekParams = { size: 6, timeSec: 600, incSec: 10, colour: 'A', halfKomi: 4, stones: 30, caps: 1, unrated: false, tournament: false };

  it('answers a Shout only when it names the bot', () => {
    expect(mentions('Guest12', 'hey guest12, how goes?')).toBe(true);
    expect(mentions('Guest12', 'Guest123 is not me')).toBe(false);
    expect(mentions('', 'anything')).toBe(false);
  });

  it('reads the commands: the bot\'s name first (any case; optional in a Tell), level N, level, help', () => {
    expect(parseChatCommand('Guest12', 'guest12: Level 3', false)).toEqual({ kind: 'level', level: 3 });
    expect(parseChatCommand('Guest12', 'Guest12, level 10', false)).toEqual({ kind: 'level', level: 10 });
    expect(parseChatCommand('Guest12', 'level 3', true)).toEqual({ kind: 'level', level: 3 });
    expect(parseChatCommand('Guest12', 'level 3', false)).toBeUndefined();
    expect(parseChatCommand('Guest12', 'Guest12: level', false)).toEqual({ kind: 'level-query' });
    expect(parseChatCommand('Guest12', 'Guest12 help', false)).toEqual({ kind: 'help' });
    for (const bad of ['0', '11', 'four', '3.5', '-2', '3 please']) expect(parseChatCommand('Guest12', `Guest12: level ${bad}`, false)).toEqual({ kind: 'bad-level', text: bad });
    expect(parseChatCommand('Guest12', 'Guest12: how is it going?', false)).toBeUndefined();
    expect(parseChatCommand('Guest12', 'Guest123: level 3', false)).toBeUndefined();
    // Fits one chat line (256 characters) even as a Shout to a player of the longest name.
    expect('Abcdefghijklmnop: '.length + helpText('Abcdefghijklmnop', 10).length).toBeLessThanOrEqual(256);
  });

  it('says what it waits for, or how the game stands in words', () => {
    expect(chatReply(undefined, seek, describeScore)).toBe('I am not playing right now: my seek is 6x6, 10 min + 10 s, komi 2, and I would play you at full strength. Accept it to play me!');
    expect(chatReply(undefined, seek, describeScore, 3)).toMatch(/I would play you at level 3 of 10\./);
    const root = new Position(6);
    makeMove(root, parseMove('a1', 6));
    const info = { score: 120, mateIn: 0, pv: [parseMove('f6', 6), parseMove('c3', 6)], depth: 8 };
    const reply = chatReply({ no: 9, opponent: 'Alice', halfKomi: 4, plies: 1, evaluation: { info, root } }, seek, describeScore);
    expect(reply).toBe('Game 9 against Alice, move 1: +1.20 flats for Black at depth 8, expecting f6 c3.');
    expect(chatReply({ no: 9, opponent: 'Alice', halfKomi: 4, plies: 0, evaluation: undefined }, seek, describeScore)).toBe('Game 9 against Alice, move 1: I have not evaluated it yet.');
  });
});
