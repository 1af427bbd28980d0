// The bot's parts on their own: the clock (never plan past the server's clock less the network),
// the engine driver (a legal move whatever the search threads do), the game log (TEI's scale), the
// chat (a win chance in plain words) and its answers' queue (on a clock the test moves by hand).

import { createHash } from 'node:crypto';
import { createServer, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { makeMove } from '../../src/core/makemove.js';
import { isLegalMove } from '../../src/core/movegen.js';
import { Position } from '../../src/core/position.js';
import { parsePtnGames, replayGame, tagValue } from '../../src/notation/ptn-game.js';
import { parseMove } from '../../src/notation/ptn-move.js';
import { startTps } from '../../src/notation/tps.js';
import { chatReply, mentions, standingText } from '../../src/playtak/chat.js';
import { helpText, parseChatCommand } from '../../src/playtak/commands.js';
import { BASE_MARGIN_MS, MAX_MARGIN_MS, networkMargin, ownClockMs, smoothRtt, thinkLimits } from '../../src/playtak/clock.js';
import { openConnection, parseServerAddress } from '../../src/playtak/connection.js';
import { Engine, WATCHDOG_MS, type SearchThreads } from '../../src/playtak/engine.js';
import { clockTag, clockText, formatGame, logScoreCp, type LoggedGame } from '../../src/playtak/game-log.js';
import type { SeekParams } from '../../src/playtak/protocol.js';
import { MAX_WAITING, ReplyQueue, type ChatClock, type Reply } from '../../src/playtak/reply-queue.js';
import type { SearchHandlers, SearchJob } from '../../src/search/worker.js';
import { ecosystemCp, expectedScore, SCORE_SCALE } from '../../src/search/expected-score.js';
import { WIN_SCORE, WIN_THRESHOLD } from '../../src/search/types.js';

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

  it("writes the scores on TEI's scale, 200p - 100 (Racetrack's comments), proven results as 1.00", () => {
    // 5x5: p = 1 / (1 + exp(-score / K)) for the mover; K centiflats is p 0.731, cp 46.
    const k5 = SCORE_SCALE[5]!;
    expect(logScoreCp(0, 5)).toBe(0);
    expect(logScoreCp(k5, 5)).toBe(ecosystemCp(expectedScore(k5, 5)));
    expect(logScoreCp(k5, 5)).toBe(46);
    expect(logScoreCp(-k5, 5)).toBe(-46);
    // Only a proof says certain: a big unproven score stays within 99.
    expect(logScoreCp(WIN_THRESHOLD - 1, 5)).toBe(99);
    expect(logScoreCp(WIN_SCORE - 3, 5)).toBe(100);
    expect(logScoreCp(-(WIN_SCORE - 2), 6)).toBe(-100);
    const moves = ['a1', 'e5'].map((t, i) => ({ move: parseMove(t, 5), ...(i === 0 ? { scoreCp: logScoreCp(WIN_SCORE - 3, 5), depth: 3, ms: 20 } : { scoreCp: logScoreCp(-k5, 5), depth: 9, ms: 1500 }) }));
    expect(formatGame({ ...game, moves })).toContain('1. a1 {+1.00/3 0.02s} e5 {-0.46/9 1.50s}\n');
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

  it('says what it waits for, or how the game stands as a win chance', () => {
    expect(chatReply(undefined, seek)).toBe('I am not playing right now: my seek is 6x6, 10 min + 10 s, komi 2, and I would play you at full strength. Accept it to play me!');
    expect(chatReply(undefined, seek, 3)).toMatch(/I would play you at level 3 of 10\./);
    const root = new Position(6);
    makeMove(root, parseMove('a1', 6));
    // Black to move, 0.4 K ahead: p = 1 / (1 + exp(-0.4)) = 0.599.
    const reply = chatReply({ no: 9, opponent: 'Alice', plies: 1, evaluation: { info: { score: 0.4 * SCORE_SCALE[6]!, mateIn: 0 }, root } }, seek);
    expect(reply).toBe('Game 9 against Alice, move 1: I give Black a 60% win chance.');
    expect(chatReply({ no: 9, opponent: 'Alice', plies: 0, evaluation: undefined }, seek)).toBe('Game 9 against Alice, move 1: I have not evaluated it yet.');
  });

  it('says a win chance from White\'s or Black\'s side, whoever is to move, and proven results in moves', () => {
    const white = new Position(5); // White to move
    const black = new Position(5);
    makeMove(black, parseMove('a1', 5));
    const at = (root: Position, score: number, mateIn = 0, plies = root.ply) => standingText({ info: { score, mateIn }, root }, plies);
    const k = SCORE_SCALE[5]!; // sigmoid(1) = 0.731, sigmoid(2) = 0.881
    expect(at(white, k)).toBe('I give White a 73% win chance');
    expect(at(black, k)).toBe('I give Black a 73% win chance');
    expect(at(white, -k)).toBe('I give Black a 73% win chance');
    expect(at(black, -2 * k)).toBe('I give White an 88% win chance');
    expect(at(white, 3)).toBe('I give both sides an even chance');
    // A road for the side to move in 3 plies is 2 of its moves; after its move, 1 is left.
    expect(at(white, WIN_SCORE - 3, 3)).toBe('White wins in 2 moves, whatever Black plays');
    expect(at(white, WIN_SCORE - 3, 3, 1)).toBe('White wins in 1 move, whatever Black plays');
    expect(at(black, -(WIN_SCORE - 2), -2)).toBe('White wins in 1 move, whatever Black plays');
    // Nothing a beginner cannot read, and nothing of the plan.
    const reply = (score: number, mateIn = 0) => chatReply({ no: 3, opponent: 'Bob', plies: 4, evaluation: { info: { score, mateIn }, root: white } }, seek);
    expect(reply(WIN_SCORE - 5, 5)).toBe('Game 3 against Bob, move 3: White wins in 1 move, whatever Black plays.');
    for (const text of [reply(280), reply(WIN_SCORE - 5, 5)]) expect(text).not.toMatch(/depth|flats|plies|ply|centi|expecting|[+-]\d\.\d\d/);
  });
});

describe('the chat answers, one per interval', () => {
  /** A clock the test moves by hand, and the timers waiting on it. */
  function manualClock() {
    let now = 0;
    let timers: { at: number; f: () => void }[] = [];
    const clock: ChatClock = {
      now: () => now,
      after: (ms, f) => {
        const timer = { at: now + ms, f };
        timers.push(timer);
        return () => {
          timers = timers.filter((t) => t !== timer);
        };
      },
    };
    const advance = (ms: number) => {
      const end = now + ms;
      for (;;) {
        const next = timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
        if (next === undefined) break;
        timers = timers.filter((t) => t !== next);
        now = next.at;
        next.f();
      }
      now = end;
    };
    return { clock, advance, pending: () => timers.length };
  }

  function queue(intervalMs = 5000) {
    const c = manualClock();
    const sent: { at: number; line: string }[] = [];
    const logs: string[] = [];
    const q = new ReplyQueue(intervalMs, (r, text) => sent.push({ at: c.clock.now(), line: `${r.kind} ${r.to}: ${text}` }), (l) => logs.push(l), c.clock);
    const reply = (to: string, key: string, text: () => string = () => key): Reply => ({ to, kind: 'tell', key, text });
    return { q, sent, logs, reply, ...c };
  }

  it('answers at once when it may, and a command asked too soon once the interval allows: none dropped', () => {
    const { q, sent, reply, advance } = queue();
    q.push(reply('Alice', 'Done: level 3'));
    advance(100);
    q.push(reply('Alice', 'help text'));
    q.push(reply('Bob', 'status'));
    expect(sent.map((s) => s.line)).toEqual(['tell Alice: Done: level 3']);
    advance(4899);
    expect(sent).toHaveLength(1);
    advance(1);
    expect(sent.map((s) => [s.at, s.line])).toEqual([
      [0, 'tell Alice: Done: level 3'],
      [5000, 'tell Alice: help text'],
    ]);
    advance(5000);
    expect(sent.map((s) => [s.at, s.line]).at(-1)).toEqual([10_000, 'tell Bob: status']);
    expect(q.size).toBe(0);
    // Long after the last, an answer goes at once again.
    advance(20_000);
    q.push(reply('Carol', 'help text'));
    expect(sent.at(-1)).toEqual({ at: 30_000, line: 'tell Carol: help text' });
  });

  it('makes an answer when it goes out, and says a repeated question waiting once', () => {
    const { q, sent, reply, advance } = queue();
    let standing = 'even';
    q.push(reply('Alice', 'help text'));
    q.push(reply('Alice', 'status', () => standing));
    q.push(reply('Alice', 'status', () => standing));
    standing = 'Black 62%';
    advance(5000);
    expect(sent.map((s) => s.line)).toEqual(['tell Alice: help text', 'tell Alice: Black 62%']);
    advance(60_000);
    expect(sent).toHaveLength(2);
  });

  it('keeps a player to a few answers waiting, and says so in the log', () => {
    const { q, sent, logs, reply, advance } = queue();
    for (let n = 1; n <= 2 + MAX_WAITING; n++) q.push(reply('Spammer', `answer ${n}`));
    q.push(reply('Alice', 'help text'));
    expect(sent).toHaveLength(1);
    expect(q.size).toBe(MAX_WAITING + 1);
    expect(logs).toEqual([`chat: Spammer already has ${MAX_WAITING} answers waiting: not answering 'answer ${MAX_WAITING + 2}'`]);
    advance(5000 * (MAX_WAITING + 1));
    expect(sent.map((s) => s.line).at(-1)).toBe('tell Alice: help text');
  });

  it('sends everything at once with no interval, and forgets what waits when cleared', () => {
    const none = queue(0);
    for (const key of ['a', 'b', 'c']) none.q.push(none.reply('Alice', key));
    expect(none.sent.map((s) => s.line)).toEqual(['tell Alice: a', 'tell Alice: b', 'tell Alice: c']);
    const { q, sent, reply, advance, pending } = queue();
    q.push(reply('Alice', 'a'));
    q.push(reply('Alice', 'b'));
    expect(q.clear()).toBe(1);
    expect(pending()).toBe(0);
    advance(10_000);
    expect(sent).toHaveLength(1);
  });
});
