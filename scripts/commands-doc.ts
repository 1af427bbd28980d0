// Writes the generated parts of the docs from what the built program says of itself, so that
// the reference cannot drift from the code: in docs/commands.md, `bredon --help` and every
// command's `--help`; in docs/tei.md, the `option name ...` lines of the engine's `tei` answer.
// Each part sits between a BEGIN and an END marker comment; the text around them is written by
// hand and left alone. `npm run docs` rewrites both parts; `--check` only compares them (exit 1
// when a file differs) and is what test/docs/generated.test.ts runs in-process.

import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const BREDON = `${root}dist/bredon.js`;

/** A generated part of a file: its marker name, and how to make its text. */
export interface GeneratedPart {
  file: string;
  marker: string;
  make: () => string;
}

function run(args: string[], input?: string): string {
  const r = spawnSync(process.execPath, [BREDON, ...args], { encoding: 'utf8', input, timeout: 60_000 });
  if (r.status !== 0) throw new Error(`node dist/bredon.js ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return r.stdout;
}

/** The commands in `bredon --help`'s first line, in its order. */
export function commandNames(): string[] {
  const m = /^usage \(commands: ([a-z, -]+)\):/.exec(run(['--help']));
  if (m === null) throw new Error('bredon --help does not start with its list of commands');
  return m[1]!.split(', ');
}

function fence(text: string): string {
  return ['```text', text.trimEnd(), '```'].join('\n');
}

/** The reference of docs/commands.md: `bredon --help`, then each command's `--help`. */
export function commandsReference(): string {
  const parts = ['### `bredon --help`', '', fence(run(['--help']))];
  for (const name of commandNames()) {
    const title = name === 'tei' ? '`bredon` / `bredon tei`' : name === 'ptn' ? '`bredon ptn check`' : `\`bredon ${name}\``;
    parts.push('', `### ${title}`, '', fence(run([name, '--help'])));
  }
  return parts.join('\n');
}

/** The engine's own TEI options, as its answer to `tei` lists them. */
export function teiOptions(): string {
  const lines = run(['tei'], 'tei\nquit\n')
    .split('\n')
    .filter((l) => l.startsWith('option name '));
  if (lines.length === 0) throw new Error('bredon tei listed no options');
  return fence(lines.join('\n'));
}

export const PARTS: readonly GeneratedPart[] = [
  { file: 'docs/commands.md', marker: 'bredon --help', make: commandsReference },
  { file: 'docs/tei.md', marker: 'tei options', make: teiOptions },
];

function markers(marker: string): [string, string] {
  return [`<!-- BEGIN GENERATED: ${marker} (npm run docs) -->`, `<!-- END GENERATED: ${marker} -->`];
}

/** The text between a part's markers in `text`, or undefined when the markers are missing. */
export function currentPart(text: string, marker: string): string | undefined {
  const [begin, end] = markers(marker);
  const a = text.indexOf(begin);
  const b = text.indexOf(end);
  if (a < 0 || b < a) return undefined;
  return text.slice(a + begin.length, b).trim();
}

/** `text` with the part between its markers replaced by `body`. */
export function replacePart(text: string, marker: string, body: string): string {
  const [begin, end] = markers(marker);
  const a = text.indexOf(begin);
  const b = text.indexOf(end);
  if (a < 0 || b < a) throw new Error(`the markers ${begin} ... ${end} are missing`);
  return `${text.slice(0, a + begin.length)}\n${body}\n${text.slice(b)}`;
}

function main(argv: string[]): number {
  const check = argv.includes('--check');
  let stale = 0;
  for (const part of PARTS) {
    const path = `${root}${part.file}`;
    const text = readFileSync(path, 'utf8');
    const body = part.make();
    if (currentPart(text, part.marker) === body.trim()) continue;
    if (check) {
      process.stderr.write(`${part.file}: the part "${part.marker}" differs from what dist/bredon.js prints; run npm run docs\n`);
      stale++;
    } else {
      writeFileSync(path, replacePart(text, part.marker, body));
      process.stderr.write(`${part.file}: "${part.marker}" rewritten\n`);
    }
  }
  return stale > 0 ? 1 : 0;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) process.exitCode = main(process.argv.slice(2));
