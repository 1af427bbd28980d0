// The URL of the Redis behind a queue as users give it (`redis://[:PASSWORD@]HOST[:PORT][/DB]`,
// or `rediss://` for TLS) and its printable form with the password hidden. Apart from the
// clients (connection.ts) so that commands can check --queue without loading ioredis.

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

/** An error's message without passwords, for logs. */
export function errorText(e: unknown): string {
  return scrubPasswords(e instanceof Error ? e.message : String(e));
}
