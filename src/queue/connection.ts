// The ioredis clients that BullMQ and Bredon's own keys use, from a queue URL (src/queue/url.ts).
// Clients retry for ever (maxRetriesPerRequest null, what BullMQ requires), so a Redis restart is
// a pause, not an error; their 'error' events are reported through `onError` as one line that
// never quotes the URL.

import { Redis } from 'ioredis';
import { scrubPasswords, type QueueUrl } from './url.js';

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

/** Redis answered but refused us (a wrong or missing password, an ACL): retrying will not help. */
export class QueueAccessError extends Error {
  override name = 'QueueAccessError';
}

/**
 * Waits until Redis answers (an unreachable Redis is waited for, as after a restart) and throws
 * QueueAccessError at once when it refuses the password.
 */
export async function checkAccess(client: Redis, queue: QueueUrl): Promise<void> {
  try {
    await client.ping();
  } catch (e) {
    const message = scrubPasswords(e instanceof Error ? e.message : String(e));
    if (/^(WRONGPASS|NOAUTH|NOPERM)/.test(message)) throw new QueueAccessError(`Redis at ${queue.shown} refuses this client: ${message}`);
    throw e;
  }
}
