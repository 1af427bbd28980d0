// TEI over WebSocket (`bredon serve`): what PTN Ninja connects to (ws://localhost:7731), with no
// bridge. Each connection has its own TEI session (src/tei/session.ts, exactly `bredon tei`'s
// protocol) and search threads; the same HTTP port serves the web page (dist/web/).
// Framing: one TEI line per text message each way, as PTN Ninja sends; a message of several
// lines is taken line by line; a binary message gets an error line.
// Safety: loopback unless told otherwise; browser origins limited to this machine's pages, the
// server's own page, https://ptn.ninja and --allow-origin (others get 403 and a log line naming
// the option; clients without an Origin are not browsers); a maximum message size (close 1009);
// at most `maxConnections` sessions (one more is closed with 1013 and a reason); Hash and
// Threads capped per connection. A client that leaves mid-search has its search threads ended at
// once. Every callback is guarded, so one client's failure never reaches another or the server.

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import type { Duplex } from 'node:stream';
import { WebSocketServer, WebSocket, type RawData } from 'ws';
import { excerpt } from './parse.js';
import { Session, type SearchBackend } from './session.js';

export interface TeiServerOptions {
  host: string;
  /** 0 picks a free port (tests). */
  port: number;
  /**
   * Browser origins allowed to connect beside the defaults (pages on this machine, the server's
   * own page, https://ptn.ninja); '*' allows any.
   */
  allowOrigins?: readonly string[];
  maxConnections: number;
  /** Largest message accepted, in bytes. */
  maxMessageBytes: number;
  /** The directory of the web page; undefined serves no page. */
  webRoot?: string;
  version: string;
  /** The search threads of one connection (a SearchPool; a fake in tests). */
  makeBackend: (log: (line: string) => void) => SearchBackend;
  /** One line per connection and per error (stderr). */
  log: (line: string) => void;
}

export interface TeiServer {
  /** ws://host:port/ */
  readonly url: string;
  /** http://host:port/ (the page) */
  readonly pageUrl: string;
  readonly port: number;
  /** Sessions open now. */
  readonly connections: number;
  /** Closes every connection (their searches end) and the listening socket. */
  close(): Promise<void>;
}

/** Close codes (RFC 6455 and IANA's registry). */
export const CLOSE_NORMAL = 1000;
export const CLOSE_GOING_AWAY = 1001;
export const CLOSE_TRY_AGAIN_LATER = 1013;

/** A client that reads nothing while we write is dropped past this much unsent output. */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.jsonl': 'application/x-ndjson; charset=utf-8',
};

/** Browser origins allowed without --allow-origin: PTN Ninja's site (loopback pages come next). */
export const DEFAULT_ORIGINS: readonly string[] = ['https://ptn.ninja'];

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether a browser page of `origin` may connect: a page on this machine (localhost, 127.0.0.1
 * or [::1], any port, http or https: a local PTN Ninja build or another page of one's own), the
 * server's own page (the origin of the Host it was asked for), PTN Ninja's site, or an origin
 * given with --allow-origin ('*' for any). Other sites are refused: a page the user merely
 * visits must not drive the engine. (Clients without an Origin are not browsers.)
 */
export function originAllowed(origin: string, host: string | undefined, allowed: readonly string[]): boolean {
  if (allowed.includes('*') || allowed.includes(origin) || DEFAULT_ORIGINS.includes(origin)) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (LOOPBACK_HOSTS.has(url.hostname) || url.hostname.endsWith('.localhost')) return true;
  return host !== undefined && url.host === host.toLowerCase();
}

/** Starts listening; resolves once the port is bound (rejects with a clear message if it cannot be). */
export function startTeiServer(opts: TeiServerOptions): Promise<TeiServer> {
  const log = opts.log;
  const sockets = new Set<WebSocket>();
  const sessions = new Map<WebSocket, Session>();
  let nextId = 1;

  const wss = new WebSocketServer({ noServer: true, maxPayload: opts.maxMessageBytes, perMessageDeflate: false, clientTracking: false });
  const http = createServer((req, res) => {
    serveFile(opts.webRoot, req, res).catch((e: unknown) => {
      log(`bredon serve: error serving ${excerpt(req.url ?? '', 80)}: ${(e as Error).message}`);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('internal error\n');
    });
  });

  http.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    try {
      socket.on('error', () => {}); // a reset during the handshake is the client's business
      const origin = req.headers.origin;
      if (origin !== undefined && !originAllowed(origin, req.headers.host, opts.allowOrigins ?? [])) {
        // The exact value that admits it, when it is an origin one can give (not a quoted mess).
        const admit = /^(https?:\/\/[^/\s,]+|null)$/.test(origin) ? `start bredon serve with --allow-origin ${origin}` : 'it is not an origin --allow-origin takes';
        log(`bredon serve: refused a connection from ${req.socket.remoteAddress ?? '?'}: origin ${excerpt(origin, 80)} is not allowed; to admit it, ${admit}`);
        socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Type: text/plain\r\n\r\norigin not allowed\n');
        return;
      }
      wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, req));
    } catch (e) {
      log(`bredon serve: handshake failed: ${(e as Error).message}`);
      socket.destroy();
    }
  });

  function onConnection(ws: WebSocket, req: IncomingMessage): void {
    const id = nextId++;
    const from = `${req.socket.remoteAddress ?? '?'}${req.headers.origin !== undefined ? ` (origin ${excerpt(req.headers.origin, 80)})` : ''}`;
    ws.on('error', (e) => log(`bredon serve: connection ${id}: ${e.message}`));
    if (sessions.size >= opts.maxConnections) {
      log(`bredon serve: connection ${id} from ${from} refused: already ${sessions.size} of ${opts.maxConnections} (--max-connections)`);
      ws.close(CLOSE_TRY_AGAIN_LATER, `too many connections (at most ${opts.maxConnections})`);
      return;
    }
    sockets.add(ws);
    const opened = performance.now();
    let linesIn = 0;
    const connLog = (line: string) => log(`bredon serve: connection ${id}: ${line.replace(/^bredon: /, '')}`);
    const send = (line: string) => {
      if (ws.readyState !== WebSocket.OPEN) return;
      if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
        connLog(`the client reads nothing (${ws.bufferedAmount} bytes unsent): dropped`);
        ws.terminate();
        return;
      }
      ws.send(line);
    };
    let session: Session;
    try {
      session = new Session({
        out: send,
        reportWin: true, // PTN Ninja reads `score win N`; Racetrack, which cannot, uses stdin
        backend: opts.makeBackend(connLog),
        version: opts.version,
        log: connLog,
        // `quit` ends this client's session only: the server goes on.
        onQuit: () => {
          if (ws.readyState === WebSocket.OPEN) ws.close(CLOSE_NORMAL, 'quit');
        },
      });
    } catch (e) {
      connLog(`could not start a session: ${(e as Error).message}`);
      sockets.delete(ws);
      ws.close(CLOSE_TRY_AGAIN_LATER, 'the engine could not start');
      return;
    }
    sessions.set(ws, session);
    log(`bredon serve: connection ${id} from ${from} (${sessions.size} of ${opts.maxConnections})`);

    ws.on('message', (data: RawData, isBinary: boolean) => {
      const receivedAt = performance.now();
      try {
        if (isBinary) {
          send('info string error: a binary message was ignored: send TEI lines as text messages');
          return;
        }
        const text = rawText(data);
        const lines = text.split(/\r?\n/);
        // "isready\n" is one line, not a line and an empty one; an empty message is an empty line.
        if (lines.length > 1 && lines.at(-1) === '') lines.pop();
        for (const line of lines) {
          linesIn++;
          session.handle(line, receivedAt);
        }
      } catch (e) {
        connLog(`internal error: ${(e as Error).stack ?? (e as Error).message}`);
      }
    });

    ws.on('close', (code: number, reason: Buffer) => {
      sockets.delete(ws);
      sessions.delete(ws);
      const searching = session.searching;
      try {
        session.handle('quit'); // ends its search threads at once
      } catch (e) {
        connLog(`internal error on close: ${(e as Error).message}`);
      }
      const secs = ((performance.now() - opened) / 1000).toFixed(1);
      const why = reason.length > 0 ? ` ${excerpt(reason.toString('utf8'), 60)}` : '';
      log(`bredon serve: connection ${id} closed (code ${code}${why}) after ${secs} s and ${linesIn} lines${searching ? '; its search was stopped' : ''}`);
    });
  }

  return new Promise((resolve, reject) => {
    const onListenError = (e: NodeJS.ErrnoException) => {
      reject(new Error(e.code === 'EADDRINUSE' ? `port ${opts.port} on ${opts.host} is in use (another bredon serve?): choose one with --port` : `cannot listen on ${opts.host}:${opts.port}: ${e.message}`));
    };
    http.once('error', onListenError);
    http.listen(opts.port, opts.host, () => {
      http.off('error', onListenError);
      http.on('error', (e) => log(`bredon serve: ${e.message}`));
      http.on('clientError', (_e, socket) => socket.destroy());
      const port = (http.address() as AddressInfo).port;
      const host = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
      resolve({
        url: `ws://${host}:${port}/`,
        pageUrl: `http://${host}:${port}/`,
        port,
        get connections() {
          return sessions.size;
        },
        close: () =>
          new Promise<void>((done) => {
            for (const ws of [...sockets]) ws.close(CLOSE_GOING_AWAY, 'the server is shutting down');
            for (const ws of [...sockets]) ws.terminate(); // the 'close' handlers end the sessions
            wss.close();
            http.close(() => done());
            http.closeAllConnections();
          }),
      });
    });
  });
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}

/**
 * The page's files, read-only: GET and HEAD, no directory listings, nothing outside the root.
 * Cross-origin isolation headers let the page's engine share memory between its threads
 * (SharedArrayBuffer needs them), so it searches with several threads and stops at once.
 */
async function serveFile(root: string | undefined, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const plain = (status: number, text: string) => {
    res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' });
    res.end(req.method === 'HEAD' ? undefined : text + '\n');
  };
  if (req.method !== 'GET' && req.method !== 'HEAD') return plain(405, 'only GET and HEAD');
  if (root === undefined) return plain(404, 'Bredon speaks TEI over WebSocket here; no page is served (--no-page)');
  let path: string;
  try {
    path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
  } catch {
    return plain(400, 'bad path');
  }
  if (path.endsWith('/')) path += 'index.html';
  const file = normalize(join(root, path));
  if (!file.startsWith(normalize(root + sep)) || path.includes('\0')) return plain(404, 'not found');
  const type = CONTENT_TYPES[extname(file)];
  let body: Buffer;
  try {
    if (type === undefined || !(await stat(file)).isFile()) return plain(404, 'not found');
    body = await readFile(file);
  } catch {
    return plain(404, path === '/index.html' ? 'the page is not built: run npm run build' : 'not found');
  }
  res.writeHead(200, {
    'Content-Type': type,
    'Content-Length': body.length,
    'Cache-Control': 'no-cache',
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Embedder-Policy': 'require-corp',
    'Cross-Origin-Resource-Policy': 'same-origin',
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}
