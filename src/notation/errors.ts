const ESCAPES: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * The text with its control characters written as escapes (`\n`, `\r`, `\u0000`...): messages
 * quote the input they refuse, and an error must stay one line on stderr or in a TEI
 * `info string` whatever that input held.
 */
export function oneLine(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A malformed piece of notation (TPS, PTN move, PTN file, protocol line). The message names it. */
export class NotationError extends Error {
  override name = 'NotationError';
  constructor(message: string) {
    super(oneLine(message));
  }
}
