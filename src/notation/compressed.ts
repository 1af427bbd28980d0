// Text files that may be gzip-compressed: data/ keeps its game records as .ptn.gz
// (docs/data.md), and every reader and writer of game files takes either form by the name.
// gzip rather than brotli or xz: Node has it built in, and `zcat`/`gzip -d` read it anywhere.

import { readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync, constants } from 'node:zlib';

export function isGzipName(path: string): boolean {
  return path.toLowerCase().endsWith('.gz');
}

/** The file's bytes, decompressed when its name ends in .gz. */
export function readDecompressed(path: string): Buffer {
  const bytes = readFileSync(path);
  return isGzipName(path) ? gunzipSync(bytes) : bytes;
}

/** The file's text, decompressed when its name ends in .gz. */
export function readTextFile(path: string): string {
  return readDecompressed(path).toString('utf8');
}

/** gzip at the highest level; the header carries no name or time, so equal text gives equal bytes. */
export function gzipText(text: string): Buffer {
  return gzipSync(Buffer.from(text, 'utf8'), { level: constants.Z_BEST_COMPRESSION });
}

/** Writes text, compressed when the name ends in .gz. */
export function writeTextFile(path: string, text: string): void {
  writeFileSync(path, isGzipName(path) ? gzipText(text) : text);
}
