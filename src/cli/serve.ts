// `bredon serve`: TEI over WebSocket for PTN Ninja (and any WebSocket client), plus the web page
// on the same port. The server itself is src/tei/ws-server.ts; this file reads the options, caps
// what one connection may take, and logs to stderr (stdout stays empty: nothing here is TEI).

import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { SearchPool } from '../search/worker.js';
import type { SearchBackend } from '../tei/session.js';
import { DEFAULT_ORIGINS, startTeiServer } from '../tei/ws-server.js';
import { intOption, parseCommandArgs } from './args.js';
import { UsageError } from './errors.js';
import type { CommandHelp } from './help.js';

export const DEFAULT_PORT = 7731; // PTN Ninja's default engine address is ws://localhost:7731
export const DEFAULT_HOST = '127.0.0.1';
const DEFAULT_MAX_CONNECTIONS = 4;
const DEFAULT_MAX_MESSAGE = 1 << 20;
const DEFAULT_MAX_HASH = 256;

export const serveUsage =
  'bredon serve [--host ADDR] [--port N] [--allow-origin ORIGIN]... [--max-connections N] [--max-message BYTES] ' +
  '[--max-hash MB] [--max-threads N] [--no-page]';

export const serveHelp: CommandHelp = {
  about:
    'Speaks TEI over WebSocket, one session per connection, exactly as `bredon tei` does on stdin/stdout\n' +
    '(one TEI line per text message each way; a message of several lines is read line by line), and\n' +
    'serves the web page at the same address. Proven roads are reported as `score win N` (ReportWin is\n' +
    'on by default here, off on stdin). To use it from PTN Ninja: start `bredon serve`, open PTN Ninja,\n' +
    'Analysis, add the TEI engine (address localhost, port 7731), Connect, then Apply Options\n' +
    '(INITIALIZE): the analysis buttons work from then on.\n' +
    'It listens on this machine only unless --host says otherwise. Logs go to stderr.',
  options: [
    `  --host ADDR              address to listen on (default ${DEFAULT_HOST}; 0.0.0.0 for every interface)`,
    `  --port N                 port (default ${DEFAULT_PORT}, PTN Ninja's default)`,
    '  --allow-origin ORIGIN    also accept browser pages from this origin (repeat it, or separate with',
    '                           commas; * for any); pages on this machine (localhost, 127.0.0.1, any port)',
    '                           and https://ptn.ninja are always accepted, other sites refused',
    `  --max-connections N      sessions at once (default ${DEFAULT_MAX_CONNECTIONS}); one more is closed with code 1013`,
    `  --max-message BYTES      largest message accepted (default ${DEFAULT_MAX_MESSAGE}); a bigger one closes the connection`,
    `  --max-hash MB            most table memory one connection may set with Hash (default ${DEFAULT_MAX_HASH})`,
    '  --max-threads N          most search threads one connection may set with Threads (default: the cores)',
    '  --no-page                serve no web page, only the WebSocket',
  ],
  examples: [
    'bredon serve',
    'bredon serve --port 8080 --allow-origin https://ptn.ninja',
    'bredon serve --host 0.0.0.0 --max-connections 2 --max-threads 2',
  ],
};

/** A connection's search threads, with Hash and Threads kept within the server's limits. */
function cappedBackend(pool: SearchPool, maxHash: number, maxThreads: number, log: (line: string) => void): SearchBackend {
  return {
    whenReady: (f) => pool.whenReady(f),
    setHash: (mb) => {
      if (mb > maxHash) log(`Hash ${mb} capped to ${maxHash} MB (--max-hash)`);
      pool.setHash(Math.min(mb, maxHash));
    },
    setThreads: (n) => {
      if (n > maxThreads) log(`Threads ${n} capped to ${maxThreads} (--max-threads)`);
      pool.setThreads(Math.min(n, maxThreads));
    },
    newGame: () => pool.newGame(),
    start: (job, handlers, startedAt) => pool.start(job, handlers, startedAt),
    stop: () => pool.stop(),
    abandon: () => pool.abandon(),
    close: () => pool.close(),
  };
}

/** dist/web beside the bundle (dist/bredon.js), if it was built. */
function defaultWebRoot(): string | undefined {
  try {
    const dir = fileURLToPath(new URL('./web/', import.meta.url));
    return existsSync(dir) ? dir : undefined;
  } catch {
    return undefined;
  }
}

export async function runServe(argv: string[], version: string): Promise<number> {
  const { values, positionals } = parseCommandArgs({
    args: argv,
    options: {
      host: { type: 'string' },
      port: { type: 'string' },
      'allow-origin': { type: 'string', multiple: true },
      'max-connections': { type: 'string' },
      'max-message': { type: 'string' },
      'max-hash': { type: 'string' },
      'max-threads': { type: 'string' },
      'no-page': { type: 'boolean' },
    },
    strict: true,
    allowPositionals: true,
  });
  if (positionals.length > 0) throw new UsageError(`serve takes no arguments, got '${positionals.join(' ')}': ${serveUsage}`);
  const host = values.host ?? DEFAULT_HOST;
  if (host.trim() === '') throw new UsageError('--host needs an address');
  const port = intOption('port', values.port, 0, 65535) ?? DEFAULT_PORT;
  const origins = values['allow-origin']?.flatMap((o) => o.split(',')).map((o) => o.trim()).filter((o) => o !== '');
  for (const o of origins ?? []) {
    if (o !== '*' && o !== 'null' && !/^https?:\/\/[^/\s]+$/.test(o)) {
      throw new UsageError(`--allow-origin takes an origin such as https://example.org:8080 (scheme and host, no path), null or *, got '${o}'`);
    }
  }
  const maxConnections = intOption('max-connections', values['max-connections'], 1, 1000) ?? DEFAULT_MAX_CONNECTIONS;
  const maxMessageBytes = intOption('max-message', values['max-message'], 1024, 64 << 20) ?? DEFAULT_MAX_MESSAGE;
  const maxHash = intOption('max-hash', values['max-hash'], 1, 4096) ?? DEFAULT_MAX_HASH;
  const maxThreads = intOption('max-threads', values['max-threads'], 1, 64) ?? availableParallelism();
  const webRoot = values['no-page'] === true ? undefined : defaultWebRoot();

  const log = (line: string) => process.stderr.write(line + '\n');
  // One connection's failure must not end the others: log what escaped every guard, keep serving.
  process.on('uncaughtException', (e) => log(`bredon serve: internal error: ${e.stack ?? e.message}`));

  let server: Awaited<ReturnType<typeof startTeiServer>>;
  try {
    server = await startTeiServer({
      host,
      port,
      allowOrigins: origins,
      maxConnections,
      maxMessageBytes,
      webRoot,
      version,
      log,
      makeBackend: (connLog) => cappedBackend(new SearchPool({ hashMb: 64, threads: 1, log: connLog }), maxHash, maxThreads, connLog),
    });
  } catch (e) {
    log(`bredon serve: ${(e as Error).message}`);
    return 1;
  }
  log(
    `bredon serve: TEI on ${server.url}` +
      (webRoot !== undefined ? `, the page on ${server.pageUrl}` : values['no-page'] === true ? '' : ' (no page: dist/web is not built)') +
      `; browser pages allowed from this machine, ${[...DEFAULT_ORIGINS, ...(origins ?? [])].join(', ')}` +
      `; at most ${maxConnections} connections. Ctrl-C stops.`,
  );
  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      log(`bredon serve: ${signal}: closing ${server.connections} connection${server.connections === 1 ? '' : 's'}`);
      void server.close().then(resolve);
      setTimeout(resolve, 2000).unref(); // never hang on a client that does not close
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
  process.exit(0); // the search threads are gone; nothing else is worth waiting for

}
