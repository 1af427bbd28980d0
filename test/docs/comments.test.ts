// Comments say what and why in a few lines; the evidence behind a choice lives in
// docs/strength.md, not in the code. This holds every comment in src/ to MAX_LINES lines, and
// keeps the project's text free of its own history told as numbered working sessions.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MAX_LINES = 15;

function files(dir: string, keep: (path: string) => boolean): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...files(path, keep));
    else if (keep(path)) out.push(path);
  }
  return out;
}

/** Each comment of a source file: its first line (1-based) and its length in lines. */
export function comments(text: string): { line: number; lines: number }[] {
  const out: { line: number; lines: number }[] = [];
  const lines = text.split('\n');
  let i = 0;
  while (i < lines.length) {
    const t = lines[i]!.trim();
    if (t.startsWith('//')) {
      const start = i;
      while (i < lines.length && lines[i]!.trim().startsWith('//')) i++;
      out.push({ line: start + 1, lines: i - start });
    } else if (t.startsWith('/*') || t.startsWith(';;')) {
      const start = i;
      if (t.startsWith(';;')) while (i < lines.length && lines[i]!.trim().startsWith(';;')) i++;
      else {
        while (i < lines.length && !lines[i]!.includes('*/')) i++;
        i++;
      }
      out.push({ line: start + 1, lines: i - start });
    } else i++;
  }
  return out;
}

describe('comments in src/', () => {
  it(`are at most ${MAX_LINES} lines each`, () => {
    const long: string[] = [];
    for (const path of files(join(ROOT, 'src'), (p) => /\.(ts|mjs|wat)$/.test(p) && !p.includes('.generated.'))) {
      for (const c of comments(readFileSync(path, 'utf8'))) {
        if (c.lines > MAX_LINES) long.push(`${relative(ROOT, path)}:${c.line}: ${c.lines} lines`);
      }
    }
    expect(long, 'shorten these to what and why; evidence goes to docs/strength.md').toEqual([]);
  });
});

describe('docs/strength.md rows named in src/', () => {
  it('exist: a constant chosen by a match names a row of the evidence table', () => {
    const table = readFileSync(join(ROOT, 'docs', 'strength.md'), 'utf8');
    const rows = new Set([...table.matchAll(/^\| ([^|]+?) \|/gm)].map((m) => m[1]!));
    const missing: string[] = [];
    for (const path of files(join(ROOT, 'src'), (p) => p.endsWith('.ts'))) {
      // "docs/strength.md, row X" or "rows X and Y", possibly across a line break of a comment.
      const text = readFileSync(path, 'utf8').replace(/\n\s*(\/\/|\*)\s*/g, ' ');
      for (const m of text.matchAll(/docs\/strength\.md, rows? ([A-Za-z_][\w]*)(?: and ([A-Za-z_][\w]*))?/g)) {
        for (const name of [m[1], m[2]]) if (name !== undefined && !rows.has(name)) missing.push(`${relative(ROOT, path)}: ${name}`);
      }
    }
    expect(missing, 'name a row of docs/strength.md by its first cell').toEqual([]);
  });
});

describe('the project text', () => {
  it('never tells its history as numbered working sessions', () => {
    // The ordinal and the noun are joined here so that this file does not match itself.
    const pattern = new RegExp(['(first|second|third|[a-z]+th|[a-z]+-first|[a-z]+-second|[a-z]+-third)', 'session'].join(' '), 'i');
    const numbered = new RegExp(['session', '[0-9]+'].join(' '), 'i');
    const hits: string[] = [];
    const paths = [join(ROOT, 'README.md'), ...['docs', 'src', 'test', 'scripts', 'bench'].flatMap((d) => files(join(ROOT, d), () => true))];
    for (const path of paths) {
      const lines = readFileSync(path, 'utf8').split('\n');
      lines.forEach((l, i) => {
        if (pattern.test(l) || numbered.test(l)) hits.push(`${relative(ROOT, path)}:${i + 1}: ${l.trim()}`);
      });
    }
    expect(hits, 'say what changed and why, with a commit or a date').toEqual([]);
  });
});
