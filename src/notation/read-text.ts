// Reading a text file a user named (a PTN file, an openings book), with the reason for a
// failure in words rather than Node's error codes. Each caller wraps the reason in its own
// error type and message.

import { readFileSync } from 'node:fs';

/** The file's text (UTF-8), or `fail(why)` thrown, why being e.g. 'no such file'. */
export function readTextOr(path: string, fail: (why: string) => Error): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    const code = (e as { code?: string }).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : code === 'EACCES' ? 'permission denied' : (e as Error).message;
    throw fail(why);
  }
}
