// One connection to a PlayTak server, as lines in and lines out, over its WebSocket or its plain
// TCP interface. Both carry the same text lines.
//
// - WebSocket (`ws://`, `wss://`; playtak.com's is wss://playtak.com/ws, the address its web
//   client and other bots use): the server answers every handshake with `Sec-WebSocket-Protocol:
//   binary` (source: server/src/main/java/tak/Websocket.java), and a client that did not ask for
//   that subprotocol must refuse the answer (RFC 6455 4.1; the ws package does), so we ask for
//   it. unverified: that the proxy in front of wss://playtak.com/ws passes the subprotocol and the
//   frames through unchanged (PlayTak's web client and other bots also ask for `binary` there). The server sends each message as one binary frame holding the line and a "\n", in
//   ISO-8859-1; it reads each frame we send, text or binary, as one command. We still split a
//   frame on line ends, in case a proxy or a future server packs several lines into one.
// - TCP (`tcp://host:port`, or `host:port`; playtak.com listens on port 10000, README): lines
//   ending in "\n", ISO-8859-1 (source: Telnet.java).

import { connect as tcpConnect, type Socket } from 'node:net';
import WebSocket from 'ws';

export type ServerAddress = { kind: 'websocket'; url: string } | { kind: 'tcp'; host: string; port: number };

/** Where `--server` points: a ws:// or wss:// URL, tcp://host:port, or host:port (TCP). */
export function parseServerAddress(text: string): ServerAddress {
  const t = text.trim();
  if (/^wss?:\/\//i.test(t)) {
    try {
      return { kind: 'websocket', url: new URL(t).toString() };
    } catch {
      throw new RangeError(`'${text}' is not a WebSocket URL`);
    }
  }
  const m = /^(?:tcp:\/\/)?(\[[^\]]+\]|[^:/\s]+):([0-9]{1,5})\/?$/i.exec(t);
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 65535) {
    throw new RangeError(`'${text}' is neither a ws:// or wss:// URL nor a TCP address (tcp://host:port or host:port)`);
  }
  return { kind: 'tcp', host: m[1]!.replace(/^\[|\]$/g, ''), port: Number(m[2]) };
}

export function describeAddress(a: ServerAddress): string {
  return a.kind === 'websocket' ? a.url : `tcp://${a.host}:${a.port}`;
}

export interface ConnectionEvents {
  /** One server line, without its line end. */
  onLine(line: string): void;
  /** The connection is gone (called once, only after the connection opened). */
  onClose(reason: string): void;
}

export interface Connection {
  /** Sends one line; false when the connection is no longer open. */
  send(line: string): boolean;
  /** Closes the connection; onClose follows. */
  close(): void;
}

/** A line longer than this without a line end is not PlayTak: the TCP stream is dropped. */
const MAX_LINE = 1 << 16;

/**
 * Opens a connection; resolves once it is open, rejects (with the reason) when it cannot be
 * opened within `timeoutMs`. Events are only delivered after it has resolved.
 */
export function openConnection(address: ServerAddress, events: ConnectionEvents, timeoutMs: number): Promise<Connection> {
  return address.kind === 'websocket' ? openWebSocket(address.url, events, timeoutMs) : openTcp(address.host, address.port, events, timeoutMs);
}

function splitLines(text: string, onLine: (line: string) => void): void {
  const parts = text.split('\n');
  if (parts[parts.length - 1] === '') parts.pop();
  for (const part of parts) onLine(part.replace(/\r$/, ''));
}

function openWebSocket(url: string, events: ConnectionEvents, timeoutMs: number): Promise<Connection> {
  return new Promise((resolve, reject) => {
    let opened = false;
    let closed = false;
    const ws = new WebSocket(url, ['binary'], { handshakeTimeout: timeoutMs, perMessageDeflate: false });
    const close = (reason: string) => {
      if (closed) return;
      closed = true;
      if (opened) events.onClose(reason);
      else reject(new Error(reason));
    };
    ws.on('open', () => {
      opened = true;
      resolve({
        send(line: string): boolean {
          if (closed || ws.readyState !== WebSocket.OPEN) return false;
          ws.send(line);
          return true;
        },
        close(): void {
          if (ws.readyState === WebSocket.CONNECTING || ws.readyState === WebSocket.OPEN) ws.close(1000);
          // A peer that never answers the close handshake must not keep us waiting.
          setTimeout(() => ws.terminate(), 1000).unref();
        },
      });
    });
    ws.on('message', (data, isBinary) => {
      if (closed) return;
      const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
      splitLines(buffer.toString(isBinary ? 'latin1' : 'utf8'), (line) => events.onLine(line));
    });
    ws.on('error', (e) => {
      close(e.message);
      ws.terminate();
    });
    ws.on('close', (code, reason) => close(`closed by the server (code ${code}${reason.length > 0 ? `, ${reason.toString()}` : ''})`));
  });
}

function openTcp(host: string, port: number, events: ConnectionEvents, timeoutMs: number): Promise<Connection> {
  return new Promise((resolve, reject) => {
    let opened = false;
    let closed = false;
    let buffer = '';
    const socket: Socket = tcpConnect({ host, port });
    socket.setNoDelay(true);
    socket.setKeepAlive(true, 30_000);
    const timer = setTimeout(() => {
      close(`no connection to ${host}:${port} within ${timeoutMs} ms`);
      socket.destroy();
    }, timeoutMs);
    const close = (reason: string) => {
      clearTimeout(timer);
      if (closed) return;
      closed = true;
      if (opened) events.onClose(reason);
      else reject(new Error(reason));
    };
    socket.on('connect', () => {
      clearTimeout(timer);
      opened = true;
      resolve({
        send(line: string): boolean {
          if (closed || socket.destroyed) return false;
          socket.write(line + '\n', 'latin1');
          return true;
        },
        close(): void {
          socket.end();
          setTimeout(() => socket.destroy(), 1000).unref();
        },
      });
    });
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      if (closed) return;
      buffer += chunk;
      const end = buffer.lastIndexOf('\n');
      if (end >= 0) {
        const complete = buffer.slice(0, end + 1);
        buffer = buffer.slice(end + 1);
        splitLines(complete, (line) => events.onLine(line));
      }
      if (buffer.length > MAX_LINE) {
        close(`the server sent a line of over ${MAX_LINE} characters`);
        socket.destroy();
      }
    });
    socket.on('error', (e) => close(e.message));
    socket.on('close', () => close('closed by the server'));
  });
}
