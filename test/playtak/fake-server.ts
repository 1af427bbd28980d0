// A fake PlayTak server for the tests, on 127.0.0.1 (port 0), over WebSocket or TCP. It speaks
// the server's side of the protocol as the real server's source does it (USTakAssociation/
// playtak-api server/src/main/java/tak: Client.java, Game.java, Seek.java): Welcome!, Login or
// Register, Client/Protocol answered OK, guest logins with rejoin tokens, accounts with
// passwords, PING/OK, V1-V3 seeks, Game Start in the layout of the client's protocol version,
// clocks (Time in seconds, or Timems) sent before the move they follow, Over, a rejoin that
// replays the game, and undo requests (Game.undo: the second request takes back one move). A scripted opponent accepts the bot's seek and plays by a policy.
//
// The bot's moves are read here independently of src/playtak (PlayTak text to PTN by this file's
// own code, then the rules core's PTN parser) and checked legal by the rules core; anything
// wrong lands in `errors`, which every test expects empty.

import { createServer, type Server as NetServer, type Socket } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { makeMove } from '../../src/core/makemove.js';
import { isLegalMove } from '../../src/core/movegen.js';
import { Position } from '../../src/core/position.js';
import { boardResult, ONGOING, resultText } from '../../src/core/result.js';
import { DEFAULT_RESERVES } from '../../src/core/sizes.js';
import { formatMove, parseMove } from '../../src/notation/ptn-move.js';

/** How the scripted opponent picks its move; null: it does not move (its clock runs out). */
export type Policy = (pos: Position, ply: number) => number | null;

export interface Scenario {
  opponent: string;
  /** The bot's colour when its seek leaves the choice to the server (default white). */
  botColour?: 'white' | 'black';
  policy: Policy;
  /** How many of the bot's seeks the opponent accepts (default 1). */
  games?: number;
  acceptDelayMs?: number;
  moveDelayMs?: number;
  /** Game parameters that replace the seek's (a test of Game Start being the authority). */
  override?: { stones?: number; caps?: number; halfKomi?: number; timeSec?: number; incSec?: number };
  /** In the first game, drop the bot's connection once right after this ply. */
  dropAfterPly?: number;
  /** In the first game, whether the opponent waits for the bot to come back before moving again (default true). */
  holdWhileAway?: boolean;
  /** Lines sent to the bot after Game Start and after each of the opponent's moves, `garbagePerBatch` (default 3) at a time, each once. */
  garbage?: string[];
  garbagePerBatch?: number;
  /** Answer Protocol with OK but keep speaking protocol 0 (Time in seconds, the old Game Start). */
  ignoreProtocol?: boolean;
  /** End a game silently when the bot's connection goes (as the server does once its 120 s pass). */
  forgetOnDrop?: boolean;
  /** Never answer a Login (a server that hangs). */
  ignoreLogin?: boolean;
  /** Refuse the bot's move at this ply once (NOK, then Error:), as if the boards disagreed. */
  refusePly?: number;
  /**
   * Once, right after the bot's move that makes this ply, the opponent asks for an undo and waits
   * `undoWaitMs` (default 2000) for the bot to agree before it withdraws the request and moves.
   */
  undoRequestAtPly?: number;
  undoWaitMs?: number;
  /** Once, when the bot's move for this ply comes in, an undo request of the opponent's goes out just before the server takes the move (the two cross). */
  undoCrossesPly?: number;
}

export interface FakeGame {
  no: number;
  white: string;
  black: string;
  /** The bot's colour, 0 White or 1 Black. */
  botColour: number;
  size: number;
  halfKomi: number;
  stones: number;
  caps: number;
  timeSec: number;
  incSec: number;
  pos: Position;
  /** PlayTak texts of every move, as the server stores and replays them. */
  playtak: string[];
  ptn: string[];
  clock: [number, number];
  clockRunning: boolean;
  turnStartedAt: number;
  flagTimer: ReturnType<typeof setTimeout> | undefined;
  result: string | undefined;
  /** Is the bot's connection gone (the opponent holds its move)? */
  away: boolean;
  heldMove: boolean;
  /** Who has asked for an undo that stands (Game.undoRequestedBy). */
  undoBy: 'bot' | 'opponent' | undefined;
}

interface Client {
  id: number;
  send(line: string): void;
  close(): void;
  protocol: number;
  name: string | undefined;
  received: string[];
}

type Transport = 'ws' | 'tcp';

const SEEK_V3 = /^Seek (\d) (\d+) (\d+) ([WBA]) (\d+) (\d+) (\d+) (0|1) (0|1) (\d+) (\d+) ([A-Za-z0-9_]*)/;
const SEEK_V2 = /^Seek (\d) (\d+) (\d+) ([WBA]) (\d+) (\d+) (\d+) (0|1) (0|1) ([A-Za-z0-9_]*)/;
const SEEK_V1 = /^Seek (\d) (\d+) (\d+)( [WB])?/;
const PLACE = /^Game#(\d+) P ([A-Z])(\d)( C)?( W)?/;
const MOVE = /^Game#(\d+) M ([A-Z])(\d) ([A-Z])(\d)(( \d)+)/;

/** PlayTak text to PTN, this file's own reading (not src/playtak's). */
export function playtakToPtn(text: string): string {
  const p = /^P ([A-Z])(\d)(?: ([CW]))?$/.exec(text);
  if (p) return `${p[3] === 'C' ? 'C' : p[3] === 'W' ? 'S' : ''}${p[1]!.toLowerCase()}${p[2]}`;
  const m = /^M ([A-Z])(\d) ([A-Z])(\d)((?: \d)+)$/.exec(text);
  if (!m) throw new Error(`not a PlayTak move: '${text}'`);
  const drops = m[5]!.trim().split(' ');
  const count = drops.reduce((a, d) => a + Number(d), 0);
  const df = m[3]!.charCodeAt(0) - m[1]!.charCodeAt(0);
  const dr = Number(m[4]) - Number(m[2]);
  const dir = dr > 0 ? '+' : dr < 0 ? '-' : df > 0 ? '>' : '<';
  return `${count}${m[1]!.toLowerCase()}${m[2]}${dir}${drops.join('')}`;
}

/** PTN to PlayTak text, this file's own writing. */
export function ptnToPlaytak(ptn: string): string {
  const p = /^([SC]?)([a-h])([1-8])$/.exec(ptn);
  if (p) return `P ${p[2]!.toUpperCase()}${p[3]}${p[1] === 'C' ? ' C' : p[1] === 'S' ? ' W' : ''}`;
  const m = /^([1-8]?)([a-h])([1-8])([+\-<>])([1-8]*)$/.exec(ptn);
  if (!m) throw new Error(`not a PTN move: '${ptn}'`);
  const count = m[1] === '' ? 1 : Number(m[1]);
  const drops = m[5] === '' ? [count] : Array.from(m[5]!, Number);
  const [df, dr] = { '+': [0, 1], '-': [0, -1], '>': [1, 0], '<': [-1, 0] }[m[4] as '+' | '-' | '>' | '<'] as [number, number];
  const file = m[2]!.charCodeAt(0) - 97 + df * drops.length;
  const rank = Number(m[3]) + dr * drops.length;
  return `M ${m[2]!.toUpperCase()}${m[3]} ${String.fromCharCode(65 + file)}${rank} ${drops.join(' ')}`;
}

export class FakePlaytak {
  readonly errors: string[] = [];
  /** Every line the bot sent, in order, over all its connections. */
  readonly received: string[] = [];
  readonly seeks: { line: string; version: 1 | 2 | 3 }[] = [];
  readonly games: FakeGame[] = [];
  readonly chat: string[] = [];
  connections = 0;
  logins = 0;
  pings = 0;
  rejoins = 0;
  /** NOKs sent: a bot that speaks the protocol right gets none. */
  noks = 0;
  /** Moves taken back by agreement. */
  undos = 0;
  private undoAsked = false;
  private undoCrossed = false;
  port = 0;

  private server: NetServer | WebSocketServer | undefined;
  private readonly clients = new Set<Client>();
  private nextClient = 1;
  private nextGuest = 1;
  private nextSeek = 1;
  private nextGame = 100;
  private accepted = 0;
  private readonly guests = new Map<string, string>();
  private readonly live = new Map<string, FakeGame>();
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private dropped = false;
  private refused = false;
  /** Garbage lines sent so far. */
  garbageSent = 0;
  private waiters: (() => void)[] = [];

  constructor(
    readonly transport: Transport,
    readonly scenario: Scenario,
    readonly accounts: Record<string, string> = {},
  ) {}

  get url(): string {
    return this.transport === 'ws' ? `ws://127.0.0.1:${this.port}/ws` : `tcp://127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    if (this.transport === 'ws') {
      const wss = new WebSocketServer({
        host: '127.0.0.1',
        port: 0,
        // The real server answers every handshake with this subprotocol (Websocket.java).
        handleProtocols: () => 'binary',
      });
      await new Promise<void>((resolve) => wss.on('listening', () => resolve()));
      this.port = (wss.address() as { port: number }).port;
      wss.on('connection', (ws: WebSocket) => {
        const client = this.newClient(
          // One binary frame per line, ending in "\n", as the real server sends them.
          (line) => ws.readyState === ws.OPEN && ws.send(Buffer.from(line + '\n', 'latin1'), { binary: true }),
          () => ws.terminate(),
        );
        ws.on('message', (data: Buffer) => this.onLine(client, data.toString('latin1').replace(/[\r\n]+$/, '')));
        ws.on('close', () => this.onDisconnect(client));
        ws.on('error', () => {});
      });
      this.server = wss;
    } else {
      const server = createServer((socket: Socket) => {
        socket.setEncoding('latin1');
        const client = this.newClient(
          (line) => {
            if (!socket.destroyed) socket.write(line + '\n', 'latin1');
          },
          () => socket.destroy(),
        );
        let buffer = '';
        socket.on('data', (chunk: string) => {
          buffer += chunk;
          let i: number;
          while ((i = buffer.indexOf('\n')) >= 0) {
            const line = buffer.slice(0, i).replace(/\r$/, '');
            buffer = buffer.slice(i + 1);
            this.onLine(client, line);
          }
        });
        socket.on('close', () => this.onDisconnect(client));
        socket.on('error', () => {});
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
      this.port = (server.address() as { port: number }).port;
      this.server = server;
    }
    return this;
  }

  async close(): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    for (const g of this.games) clearTimeout(g.flagTimer);
    for (const c of this.clients) c.close();
    const server = this.server;
    if (server !== undefined) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Resolves once `n` games have ended. */
  finished(n: number): Promise<void> {
    return new Promise((resolve) => {
      const check = () => {
        if (this.games.filter((g) => g.result !== undefined).length >= n) resolve();
        else this.waiters.push(check);
      };
      check();
    });
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }

  private later(ms: number, f: () => void): void {
    const t = setTimeout(() => {
      this.timers.delete(t);
      f();
    }, ms);
    this.timers.add(t);
  }

  private newClient(rawSend: (line: string) => void, close: () => void): Client {
    this.connections++;
    const send = (line: string) => {
      if (line === 'NOK') this.noks++;
      rawSend(line);
    };
    const client: Client = { id: this.nextClient++, send, close, protocol: 0, name: undefined, received: [] };
    this.clients.add(client);
    client.send('Welcome!');
    client.send('Login or Register');
    return client;
  }

  private onDisconnect(client: Client): void {
    if (!this.clients.delete(client)) return;
    const name = client.name;
    if (name === undefined) return;
    const g = this.live.get(name);
    if (g === undefined) return;
    g.away = true;
    if (this.scenario.forgetOnDrop) {
      g.result = 'abandoned';
      clearTimeout(g.flagTimer);
      this.live.delete(name);
      this.wake();
    }
  }

  /** Drops every connection at once (a server restart, a network outage). */
  dropAll(): void {
    for (const c of this.clients) c.close();
  }

  private error(text: string): void {
    this.errors.push(text);
  }

  private clientOf(name: string): Client | undefined {
    for (const c of this.clients) if (c.name === name) return c;
    return undefined;
  }

  private toBot(g: FakeGame, line: string): void {
    const name = g.botColour === 0 ? g.white : g.black;
    this.clientOf(name)?.send(line);
  }

  private onLine(client: Client, line: string): void {
    client.received.push(line);
    this.received.push(line);
    if (line === 'quit') {
      client.close();
      return;
    }
    if (line === 'PING') {
      this.pings++;
      return client.send('OK');
    }
    if (client.name === undefined) return this.onLoggedOut(client, line);
    let m: RegExpExecArray | null;
    const g = this.live.get(client.name);
    if (g === undefined && (m = SEEK_V3.exec(line) ?? SEEK_V2.exec(line) ?? SEEK_V1.exec(line))) return this.onSeek(client, line, m);
    if (g !== undefined && ((m = PLACE.exec(line)) || (m = MOVE.exec(line))) && Number(m[1]) === g.no) return this.onBotMove(client, g, line.slice(line.indexOf(' ') + 1).trim());
    if (g !== undefined && line === `Game#${g.no} Resign`) return this.end(g, g.botColour === 0 ? '0-1' : '1-0');
    if (g !== undefined && line === `Game#${g.no} RequestUndo`) return this.onUndoRequest(client, g);
    if (g !== undefined && line === `Game#${g.no} RemoveUndo`) {
      if (g.undoBy === 'bot') g.undoBy = undefined;
      return client.send('OK');
    }
    if (/^(Shout|Tell) /.test(line)) {
      this.chat.push(line);
      if (line.startsWith('Tell ')) client.send(`Told <${line.split(' ')[1]}> ${line.split(' ').slice(2).join(' ')}`);
      else client.send(`Shout <${client.name}> ${line.slice(6)}`);
      return;
    }
    if (/^Game#\d+ [PM] /.test(line)) this.error(`a move outside a game, or in the wrong one: '${line}'`);
    client.send('NOK');
  }

  private onLoggedOut(client: Client, line: string): void {
    let m: RegExpExecArray | null;
    if ((m = /^Client ([A-Za-z-.0-9]{1,60})/.exec(line))) return client.send('OK');
    if ((m = /^Protocol ([1-9][0-9]{0,8})/.exec(line))) {
      if (!this.scenario.ignoreProtocol) client.protocol = Number(m[1]);
      return client.send('OK');
    }
    if (line.startsWith('Login') && this.scenario.ignoreLogin) return;
    if ((m = /^Login Guest ?(([a-z]{20})?)$/.exec(line))) {
      const token = m[1]!;
      let name = token === '' ? undefined : this.guests.get(token);
      if (name === undefined) {
        name = `Guest${this.nextGuest++}`;
        if (token !== '') this.guests.set(token, name);
      }
      return this.login(client, name);
    }
    if ((m = /^Login ([a-zA-Z][a-zA-Z0-9_]{3,15}) ([^\n\r\s]{6,50})/.exec(line))) {
      if (this.accounts[m[1]!] !== m[2]) return client.send('Authentication failure');
      return this.login(client, m[1]!);
    }
    if (line.startsWith('Login')) this.error(`a Login line the server would not accept: '${line.replace(/^(Login \S+ ).*/, '$1...')}'`);
    client.send('NOK');
  }

  private login(client: Client, name: string): void {
    this.logins++;
    client.name = name;
    client.send(`Welcome ${name}!`);
    client.send('Online 2');
    client.send(`OnlinePlayers ["${name}","${this.scenario.opponent}"]`);
    client.send(`Seek new 1 ${this.scenario.opponent} 5 180 5 W 0 21 1 0 0 0 0 ${client.protocol >= 2 ? ' 0' : ''}`);
    client.send(`GameList Add 7 Alice Bob 6 600 10 4 30 1 0 0 0 0`);
    const g = this.live.get(name);
    if (g !== undefined) {
      // Game.playerRejoin: Game Start, every move, the clocks, then the message.
      this.rejoins++;
      g.away = false;
      client.send(this.gameStartLine(g, client.protocol));
      for (const mv of g.playtak) client.send(`Game#${g.no} ${mv}`);
      this.sendClock(g, client);
      client.send('Message Your game is resumed');
      if (g.heldMove) {
        g.heldMove = false;
        this.scheduleOpponent(g);
      }
    }
  }

  private onSeek(client: Client, line: string, m: RegExpExecArray): void {
    const version = m.length === 13 ? 3 : m.length === 11 ? 2 : 1;
    if (Number(m[1]) === 0) {
      client.send(`Seek remove 1 ${client.name} 0 0 0 A 0 0 0 0 0 0 0 `);
      return;
    }
    this.seeks.push({ line, version });
    const no = this.nextSeek++;
    const size = Number(m[1]);
    const [defStones, defCaps] = DEFAULT_RESERVES[size]!;
    const seek = {
      size,
      timeSec: Number(m[2]),
      incSec: Number(m[3]),
      colour: version === 1 ? (m[4] ?? ' A').trim() : m[4]!,
      halfKomi: version === 1 ? 0 : Number(m[5]),
      stones: version === 1 ? defStones : Number(m[6]),
      caps: version === 1 ? defCaps : Number(m[7]),
    };
    client.send(`Seek new ${no} ${client.name} ${size} ${seek.timeSec} ${seek.incSec} ${seek.colour} ${seek.halfKomi} ${seek.stones} ${seek.caps} 0 0 0 0 ${client.protocol >= 2 ? ' 0' : ''}`);
    if (this.accepted >= (this.scenario.games ?? 1)) return;
    this.accepted++;
    this.later(this.scenario.acceptDelayMs ?? 20, () => {
      if (!this.clients.has(client)) return;
      client.send(`Seek remove ${no} ${client.name} ${size} ${seek.timeSec} ${seek.incSec} ${seek.colour} ${seek.halfKomi} ${seek.stones} ${seek.caps} 0 0 0 0 `);
      this.startGame(client, seek);
    });
  }

  private startGame(client: Client, seek: { size: number; timeSec: number; incSec: number; colour: string; halfKomi: number; stones: number; caps: number }): void {
    const o = { ...seek, ...this.scenario.override };
    const botColour = seek.colour === 'W' ? 0 : seek.colour === 'B' ? 1 : this.scenario.botColour === 'black' ? 1 : 0;
    const bot = client.name!;
    const g: FakeGame = {
      no: this.nextGame++,
      white: botColour === 0 ? bot : this.scenario.opponent,
      black: botColour === 0 ? this.scenario.opponent : bot,
      botColour,
      size: o.size,
      halfKomi: o.halfKomi,
      stones: o.stones,
      caps: o.caps,
      timeSec: o.timeSec,
      incSec: o.incSec,
      pos: new Position(o.size, { stones: o.stones, caps: o.caps }),
      playtak: [],
      ptn: [],
      clock: [o.timeSec * 1000, o.timeSec * 1000],
      clockRunning: false,
      turnStartedAt: 0,
      flagTimer: undefined,
      result: undefined,
      away: false,
      heldMove: false,
      undoBy: undefined,
    };
    this.games.push(g);
    this.live.set(bot, g);
    client.send(this.gameStartLine(g, client.protocol));
    this.sendGarbage(g);
    if (g.pos.side !== g.botColour) this.scheduleOpponent(g);
  }

  /** Client.createGameStartString / Game.playerRejoin. */
  private gameStartLine(g: FakeGame, protocol: number): string {
    const colour = g.botColour === 0 ? 'white' : 'black';
    if (protocol < 2) return `Game Start ${g.no} ${g.size} ${g.white} vs ${g.black} ${colour} ${g.timeSec} ${g.halfKomi} ${g.stones} ${g.caps} 0 0`;
    return `Game Start ${g.no} ${g.white} vs ${g.black} ${colour} ${g.size} ${g.timeSec} ${g.incSec} ${g.halfKomi} ${g.stones} ${g.caps} 0 0 0 0 0`;
  }

  private sendGarbage(g: FakeGame): void {
    const lines = this.scenario.garbage;
    if (lines === undefined || lines.length === 0) return;
    const n = this.scenario.garbagePerBatch ?? 3;
    for (let i = 0; i < n && this.garbageSent < lines.length; i++) this.toBot(g, lines[this.garbageSent++]!.replace(/<no>/g, String(g.no)));
  }

  private sendClock(g: FakeGame, only?: Client): void {
    const bot = only ?? this.clientOf(g.botColour === 0 ? g.white : g.black);
    if (bot === undefined) return;
    const [w, b] = g.clock.map((ms) => Math.max(0, Math.round(ms))) as [number, number];
    bot.send(bot.protocol >= 1 ? `Game#${g.no} Timems ${w} ${b}` : `Game#${g.no} Time ${Math.floor(w / 1000)} ${Math.floor(b / 1000)}`);
  }

  /** Charges the mover, adds the increment and restarts the flag timer (Game.updateTimeTurnChange). */
  private tick(g: FakeGame): boolean {
    const mover = g.pos.side;
    const now = performance.now();
    if (g.clockRunning) g.clock[mover] -= now - g.turnStartedAt;
    if (g.clock[mover] < 0) return false;
    if (g.clockRunning || g.playtak.length > 0) g.clock[mover] += g.incSec * 1000;
    g.clockRunning = true; // the clocks start after the first move
    g.turnStartedAt = now;
    return true;
  }

  private armFlag(g: FakeGame): void {
    clearTimeout(g.flagTimer);
    const side = g.pos.side;
    g.flagTimer = setTimeout(() => {
      if (g.result !== undefined) return;
      g.clock[side] = 0;
      this.sendClock(g);
      this.end(g, side === 0 ? '0-1' : '1-0');
    }, Math.max(0, g.clock[side]));
  }

  private apply(g: FakeGame, move: number, playtak: string): void {
    g.undoBy = undefined; // a move ends any undo request (Game.placeMove, moveMove)
    makeMove(g.pos, move);
    g.playtak.push(playtak);
    g.ptn.push(formatMove(move, g.size));
    const r = boardResult(g.pos, g.halfKomi);
    if (r !== ONGOING) this.end(g, resultText(r));
    else this.armFlag(g);
  }

  private onBotMove(client: Client, g: FakeGame, text: string): void {
    if (g.result !== undefined) return client.send('NOK');
    if (g.pos.side !== g.botColour) {
      this.error(`game ${g.no}: the bot moved out of turn: '${text}'`);
      client.send('NOK');
      return client.send('Error:Not your turn');
    }
    let move: number;
    try {
      move = parseMove(playtakToPtn(text), g.size);
    } catch (e) {
      this.error(`game ${g.no}: cannot read the bot's move '${text}': ${(e as Error).message}`);
      return client.send('NOK');
    }
    if (!this.refused && this.scenario.refusePly === g.playtak.length + 1) {
      this.refused = true;
      client.send('NOK');
      return client.send('Error:Invalid move');
    }
    if (!isLegalMove(g.pos, move)) {
      this.error(`game ${g.no}, ply ${g.playtak.length + 1}: the bot's move '${text}' is illegal`);
      client.send('NOK');
      return client.send('Error:Invalid move');
    }
    if (!this.undoCrossed && this.scenario.undoCrossesPly === g.playtak.length + 1) {
      this.undoCrossed = true;
      g.undoBy = 'opponent';
      this.toBot(g, `Game#${g.no} RequestUndo`);
    }
    if (!this.tick(g)) {
      this.error(`game ${g.no}: the bot moved after its clock ran out`);
      return client.send('NOK');
    }
    this.sendClock(g);
    this.apply(g, move, text);
    client.send('OK');
    if (g.result === undefined && !this.maybeDrop(g) && !this.maybeAskUndo(g)) this.scheduleOpponent(g);
  }

  /** The scenario's undo request, after the bot's move: true if the opponent now waits for an answer. */
  private maybeAskUndo(g: FakeGame): boolean {
    if (this.undoAsked || this.scenario.undoRequestAtPly !== g.playtak.length) return false;
    this.undoAsked = true;
    g.undoBy = 'opponent';
    this.toBot(g, `Game#${g.no} RequestUndo`);
    this.later(this.scenario.undoWaitMs ?? 2000, () => {
      if (g.undoBy !== 'opponent' || g.result !== undefined) return;
      g.undoBy = undefined;
      this.toBot(g, `Game#${g.no} RemoveUndo`);
      this.scheduleOpponent(g);
    });
    return true;
  }

  /**
   * Game.undo, then Client.java's OK: a request after the other side's takes back the last move
   * (the clocks go out, then Undo to the bot); else it stands. Unlike the real server, the
   * clocks are not rewound: the turn's clock starts again from now.
   */
  private onUndoRequest(client: Client, g: FakeGame): void {
    if (g.playtak.length === 0) {
      client.send('NOK');
      return client.send('OK');
    }
    if (g.undoBy !== 'opponent') {
      g.undoBy = 'bot';
      return client.send('OK');
    }
    g.undoBy = undefined;
    g.playtak.pop();
    g.ptn.pop();
    const pos = new Position(g.size, { stones: g.stones, caps: g.caps });
    for (const t of g.ptn) makeMove(pos, parseMove(t, g.size));
    g.pos = pos;
    g.turnStartedAt = performance.now();
    this.undos++;
    this.sendClock(g);
    this.toBot(g, `Game#${g.no} Undo`);
    this.armFlag(g);
    client.send('OK');
    if (g.pos.side !== g.botColour) this.scheduleOpponent(g);
  }

  private maybeDrop(g: FakeGame): boolean {
    if (this.dropped || this.scenario.dropAfterPly === undefined || g !== this.games[0] || g.playtak.length < this.scenario.dropAfterPly) return false;
    this.dropped = true;
    const bot = this.clientOf(g.botColour === 0 ? g.white : g.black);
    bot?.close();
    g.away = true;
    if (this.scenario.holdWhileAway === false) return false;
    if (g.pos.side !== g.botColour) g.heldMove = true;
    return true;
  }

  private scheduleOpponent(g: FakeGame): void {
    this.later(this.scenario.moveDelayMs ?? 5, () => {
      if (g.result !== undefined || g.pos.side === g.botColour) return;
      if (g.away && this.scenario.holdWhileAway !== false) {
        g.heldMove = true;
        return;
      }
      const move = this.scenario.policy(g.pos, g.playtak.length);
      if (move === null) return; // its clock will run out
      if (!isLegalMove(g.pos, move)) throw new Error(`the scripted opponent chose an illegal move ${formatMove(move, g.size)}`);
      const text = ptnToPlaytak(formatMove(move, g.size));
      this.tick(g);
      // The clocks go out before the move (Game.placeMove/moveMove: updateTimeTurnChange, then sendMove).
      this.sendClock(g);
      this.toBot(g, `Game#${g.no} ${text}`);
      this.apply(g, move, text);
      if (g.result === undefined) {
        this.sendGarbage(g);
        this.maybeDrop(g);
      }
    });
  }

  private end(g: FakeGame, result: string): void {
    if (g.result !== undefined) return;
    g.result = result;
    clearTimeout(g.flagTimer);
    for (const [name, live] of this.live) if (live === g) this.live.delete(name);
    this.toBot(g, `Game#${g.no} Over ${result}`);
    this.wake();
  }
}
