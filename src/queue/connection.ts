// The Redis behind a queue: the URL users give (`redis://[:PASSWORD@]HOST[:PORT][/DB]`, or
// `rediss://` for TLS), its printable form with the password hidden, and the ioredis clients
// that BullMQ and Bredon's own keys use. Clients retry for ever (maxRetriesPerRequest null,
// what BullMQ requires), so a Redis restart is a pause, not an error; their 'error' events are
// reported through `onError` as one line that never quotes the URL.

import { Redis } from 'ioredis';

/** A bad --queue value; the message never contains the password. */
export class QueueUrlError extends Error {
  override name = 'QueueUrlError';
}

export interface QueueUrl {
  /** As given (with its password): only for connecting, never for printing. */
  url: string;
  /** The URL with any password replaced by `***`: the only form ever printed or logged. */
  shown: string;
}

export function parseQueueUrl(text: string): QueueUrl {
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    throw new QueueUrlError(`--queue takes redis://HOST[:PORT][/DB] or rediss://... (got something that is not a URL)`);
  }
  if (u.protocol !== 'redis:' && u.protocol !== 'rediss:') {
    throw new QueueUrlError(`--queue takes redis:// or rediss:// URLs, not ${u.protocol}//`);
  }
  if (u.hostname === '') throw new QueueUrlError('--queue needs a host: redis://HOST[:PORT][/DB]');
  const db = u.pathname.replace(/^\//, '');
  if (db !== '' && !/^[0-9]+$/.test(db)) throw new QueueUrlError(`--queue: the database after the host must be a number, got '${db}'`);
  return { url: text, shown: redactUrl(u) };
}

function redactUrl(u: URL): string {
  const copy = new URL(u.href);
  if (copy.password !== '') copy.password = '***';
  return copy.href.replace(/\/$/, '');
}

/** Removes the password of any redis URL inside `text` (for messages of libraries we do not control). */
export function scrubPasswords(text: string): string {
  return text.replace(/(rediss?:\/\/[^:@/\s]*:)[^@\s]*@/g, '$1***@');
}

/** One client; every Bredon process opens a few (BullMQ duplicates them for blocking reads). */
export function connect(queue: QueueUrl, onError: (message: string) => void): Redis {
  const client = new Redis(queue.url, {
    maxRetriesPerRequest: null,
    // Reconnect quickly but not in a tight loop while Redis is down.
    retryStrategy: (times) => Math.min(200 * times, 2000),
    lazyConnect: false,
  });
  let last = '';
  client.on('error', (e: Error) => {
    // ioredis repeats the same error on every retry: report each distinct one once per outage.
    const message = scrubPasswords(e.message);
    if (message !== last) onError(`Redis at ${queue.shown}: ${message}`);
    last = message;
  });
  client.on('ready', () => {
    if (last !== '') onError(`Redis at ${queue.shown}: connected again`);
    last = '';
  });
  return client;
}

/** BullMQ's key prefix for Bredon's queues, and the prefix of Bredon's own keys. */
export const PREFIX = 'bredon';
