// `bredon serve` over a real WebSocket: PTN Ninja's dialogue as its engine client holds it
// (src/bots/tei.js, May 2026: `tei`, its stored options and `isready` after `teiok`,
// `teinewgame size N halfkomi K` then the piece-count options and `isready`, `position`,
// `go movetime` or `go infinite` + `stop`, buttons as `setoption name X`), with bad messages
// mixed in, a second client beside it, and the server's limits.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLegalMove } from '../../src/core/movegen.js';
import { makeMove } from '../../src/core/makemove.js';
import { parseMove } from '../../src/notation/ptn-move.js';
import { parseTps } from '../../src/notation/tps.js';
import { Server, WsClient } from './client.js';

let server: Server;
const clients: WsClient[] = [];
function connect(headers: Record<string, string> = {}): WsClient {
  const c = new WsClient(server.url, headers);
  clients.push(c);
  return c;
}
async function closeAll(): Promise<void> {
  for (const c of clients.splice(0)) {
    c.ws.close();
    await c.closed;
  }
}

beforeAll(async () => {
  server = new Server(['--max-connections', '2', '--allow-origin', 'https://friend.example:8443', '--max-message', '4096', '--no-page']);
  await server.ready;
});
afterAll(async () => {
  await closeAll();
  expect(await server.stop()).toBe(0);
});

/** Whether `move` is legal after `moves` from the empty 6x6 board with these reserves. */
function legalAfter(moves: string[], move: string, reserves = {}): boolean {
  const pos = parseTps('x6/x6/x6/x6/x6/x6 1 1', reserves);
  for (const m of moves) makeMove(pos, parseMove(m, 6));
  return isLegalMove(pos, parseMove(move, 6));
}

describe('bredon serve', () => {
  it("holds PTN Ninja's dialogue, bad messages mixed in, beside a second client", async () => {
    const ninja = connect({ Origin: 'https://ptn.ninja' });
    await ninja.opened;
    ninja.send('tei');
    const { skipped: hello } = await ninja.next((l) => l === 'teiok', 20_000, 'teiok');
    expect(hello[0]).toMatch(/^id name Bredon /);
    expect(hello).toContain('id author The Bredon developers');
    expect(hello.some((l) => /^id version \d/.test(l))).toBe(true);
    for (const name of ['Flats', 'Caps', 'Flats1', 'Flats2', 'Caps1', 'Caps2']) expect(hello.some((l) => l.startsWith(`option name ${name} type spin `))).toBe(true);
    expect(hello.some((l) => l.startsWith('size 3 4 5 6 7 8 halfkomi '))).toBe(true);
    // Over serve proven roads are `score win N` unless the client says otherwise.
    expect(hello).toContain('option name ReportWin type check default true');

    // A second client, busy the whole time: nothing the first one does may reach it.
    const other = connect();
    await other.opened;
    other.send('tei', 'teinewgame 5', 'position startpos moves a1 e5', 'go infinite');
    await other.expect('info depth');

    // applyOptions after teiok: the user's options (a check option as true/false), then isready.
    ninja.send('setoption name Hash value 32', 'setoption name ReportWin value true', 'isready');
    await ninja.expect('readyok');
    // Junk: an unknown command, a binary message, an empty message, a bad TPS, go without a position.
    ninja.send('bogus', '', 'position tps 7,x5/x6 1 1', 'go movetime 100');
    ninja.ws.send(Buffer.from([0xff, 0x00, 0x13]), { binary: true });
    ninja.send('isready');
    const { skipped: complaints } = await ninja.expect('readyok');
    expect(complaints.filter((l) => l.startsWith('info string error')).length).toBe(5);

    // A game with custom piece counts: teinewgame, the counts, isready, position, go movetime.
    ninja.send('teinewgame size 6 halfkomi 4');
    for (const [name, v] of [['Flats', 25], ['Caps', 2], ['Flats1', 25], ['Flats2', 25], ['Caps1', 2], ['Caps2', 2]] as const) {
      ninja.send(`setoption name ${name} value ${v}`);
    }
    ninja.send('isready');
    await ninja.expect('readyok');
    const moves = ['a1', 'f6', 'Cc3', 'Cd4', 'Cc4']; // a second capstone: legal with 2 only
    ninja.send(`position startpos moves ${moves.join(' ')}`, 'go movetime 300');
    const first = await ninja.bestmove();
    expect(legalAfter(moves, first.move, { stones: 25, caps: 2 })).toBe(true);
    expect(first.infos.length).toBeGreaterThan(0);
    for (const info of first.infos.filter((l) => / pv /.test(l))) expect(info).toMatch(/ score (cp -?\d+|win \d+|loss \d+) wdl \d+ 0 \d+ /);

    // Interactive analysis: go infinite, isready while it runs, the Clear Hash button, stop.
    ninja.send('teinewgame size 6 halfkomi 4', 'isready');
    await ninja.expect('readyok');
    ninja.send('position tps x6/x6/x6/x6/x6/x6 1 1 moves a1 f6 c3', 'go infinite');
    await ninja.expect('info depth');
    ninja.send('isready');
    const { skipped: during } = await ninja.next((l) => l === 'readyok' || l.startsWith('bestmove'), 5000, 'readyok');
    expect(during.some((l) => l.startsWith('bestmove'))).toBe(false);
    ninja.send('stop');
    expect(legalAfter(['a1', 'f6', 'c3'], (await ninja.bestmove(5000)).move)).toBe(true);
    ninja.send('setoption name Clear Hash');
    // Several lines in one message, as a batching client sends them.
    ninja.send('isready\nisready\r\n');
    await ninja.expect('readyok');
    await ninja.expect('readyok');
    expect(ninja.unread().filter((l) => l.startsWith('info string error'))).toEqual([]);

    // The other session went on undisturbed, and still answers.
    other.send('isready');
    await other.expect('readyok');
    other.send('stop');
    const { skipped: otherLines } = await other.expect('bestmove');
    expect(otherLines.filter((l) => l.includes('error'))).toEqual([]);
    expect(ninja.strays).toEqual([]);
    expect(other.strays).toEqual([]);

    // isready's round trip over the socket.
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      ninja.send('isready');
      await ninja.expect('readyok');
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    console.log(`isready round trip over WebSocket: median ${times[10]!.toFixed(2)} ms, max ${times[19]!.toFixed(2)} ms`);
    expect(times[10]).toBeLessThan(100);

    ninja.send('quit');
    expect(await ninja.closed).toEqual({ code: 1000, reason: 'quit' });
    await closeAll();
  });

  it('refuses the connection past the limit and a browser of another origin, with reasons', async () => {
    const a = connect();
    const b = connect({ Origin: 'https://ptn.ninja' });
    await Promise.all([a.opened, b.opened]);
    const c = connect();
    const closed = await c.closed;
    expect(closed.code).toBe(1013);
    expect(closed.reason).toMatch(/too many connections \(at most 2\)/);
    await closeAll();
    const evil = connect({ Origin: 'https://evil.example' });
    await expect(evil.opened).rejects.toThrow(/HTTP 403/);
    // The log says exactly what would admit it.
    await server.logged(/origin https:\/\/evil\.example is not allowed; to admit it, start bredon serve with --allow-origin https:\/\/evil\.example$/m);
    clients.splice(0);
    // Pages on this machine on any port (a local PTN Ninja build), and the allowed origin.
    for (const origin of ['http://localhost:8765', 'http://127.0.0.1:9000', 'https://localhost', 'https://friend.example:8443']) {
      const page = connect({ Origin: origin });
      await page.opened;
      page.ws.close();
      await page.closed;
    }
    clients.splice(0);
    const lookalike = connect({ Origin: 'http://localhost.evil.example:8765' });
    await expect(lookalike.opened).rejects.toThrow(/HTTP 403/);
    clients.splice(0);
  });

  it('stops the search of a client that goes away, and drops an oversized message', async () => {
    const a = connect();
    await a.opened;
    a.send('teinewgame 6', 'position startpos moves a1 f6', 'go infinite');
    await a.expect('info depth');
    a.ws.terminate();
    await a.closed;
    await server.logged(/closed \(code 1006\) after [\d.]+ s and 3 lines; its search was stopped/);
    const big = connect();
    await big.opened;
    big.send('position startpos moves ' + 'a1 '.repeat(2000));
    expect((await big.closed).code).toBe(1009);
    clients.splice(0);
    // The server is still there for the next client.
    const next = connect();
    await next.opened;
    next.send('isready');
    await next.expect('readyok');
    await closeAll();
  });
});
