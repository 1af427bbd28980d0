// Every command explains itself: `bredon <command> --help`, `-h` and `bredon help <command>`
// print its usage and an example (exit 0), and an unknown option gets one line naming it with a
// usage hint (exit 2). The commands come from the program's own table, so a command added later
// is tested without touching this file.

import { describe, expect, it } from 'vitest';
import { bredon, bredonBatch, commandNames, type Run } from './bredon.js';

/** `bredon` alone is `bredon tei`, which its usage writes `bredon [tei]`. */
function invokes(name: string, line: string): boolean {
  return new RegExp(`\\bbredon ${name}\\b`).test(line) || (name === 'tei' && /\bbredon\s*$/.test(line));
}

function expectHelp(name: string, r: Run): void {
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  const lines = r.stdout.trimEnd().split('\n');
  expect(lines[0]).toMatch(new RegExp(`^usage: bredon \\[?${name}\\b`));
  const header = lines.findIndex((l) => /^examples?:$/.test(l));
  const hint = 'give its entry in the commands table (src/cli/main.ts) a `help` (CommandHelp, src/cli/help.ts) with examples';
  expect(header, `${name} --help shows no 'example:' section: ${hint}\n${r.stdout}`).toBeGreaterThan(0);
  const examples = lines.slice(header + 1).filter((l) => l.startsWith('  '));
  expect(examples.length, `${name} --help has no example`).toBeGreaterThan(0);
  for (const example of examples) expect(invokes(name, example), example).toBe(true);
}

const names = commandNames();

// Every run of this file, a few processes for them all (bredonBatch): seventy processes, one a
// run, were most of this file's time.
const ARGS: string[][] = [
  ...names.flatMap((name) => [[name, '--help'], [name, '-h'], ['help', name], [name, '--no-such-option']]),
  ['help'], ['--help'], ['-h'], ['help', 'frobnicate'],
  ['perft', '--size', '5', '--depth', '9', '--help'], ['ptn', 'check', 'nonexistent.ptn', '-h'],
];
let runs: Map<string, Run> | undefined;

/** `bredon(...args)` of one of ARGS, from the batch. */
function run(...args: string[]): Run {
  runs ??= new Map(bredonBatch(ARGS).map((r, i) => [ARGS[i]!.join('\0'), r]));
  const r = runs.get(args.join('\0'));
  if (r === undefined) throw new Error(`bredon ${args.join(' ')} is not among this file's runs (ARGS)`);
  return r;
}

describe.each(names)('bredon %s', (name) => {
  it('--help prints its usage and examples, exit 0', () => {
    expectHelp(name, run(name, '--help'));
  });

  it('-h and bredon help <command> print the same', () => {
    const help = run(name, '--help');
    expect(run(name, '-h')).toEqual(help);
    expect(run('help', name)).toEqual(help);
  });

  it('an unknown option: one line naming it with a usage hint, exit 2', () => {
    const r = run(name, '--no-such-option');
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain(`unknown option '--no-such-option'`);
    expect(r.stderr).toContain(`bredon ${name} --help`);
    expect(r.stderr).not.toMatch(/\n\s+at |internal error/);
  });
});

describe('bredon help', () => {
  it('alone, --help and -h print the usage of every command, exit 0', () => {
    const r = run('help');
    expect(r.code).toBe(0);
    for (const name of names) expect(r.stdout).toMatch(new RegExp(`^  bredon \\[?${name}\\b`, 'm'));
    expect(run('--help').stdout).toBe(r.stdout);
    expect(run('-h').stdout).toBe(r.stdout);
  });

  it('of an unknown command says so, exit 2', () => {
    const r = run('help', 'frobnicate');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^bredon: unknown command 'frobnicate'\n/);
  });

  it('--help after other arguments, and -h as a short option, still ask for help', () => {
    expect(run('perft', '--size', '5', '--depth', '9', '--help').stdout).toMatch(/^usage: bredon perft /);
    expect(run('ptn', 'check', 'nonexistent.ptn', '-h').stdout).toMatch(/^usage: bredon ptn check /);
  });

  it('a batch run is what a process of its own gives: the same output and exit status', () => {
    for (const args of [['help', 'match'], ['tei', '--no-such-option'], ['help', 'frobnicate']]) expect(bredon(...args), args.join(' ')).toEqual(run(...args));
  });
});
