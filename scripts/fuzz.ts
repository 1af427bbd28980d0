// `npm run fuzz`: a long fuzz campaign over every parser and whole TEI sessions (the properties
// of test/fuzz/properties.ts), a million inputs by default, spread by each property's weight.
//
//   npm run fuzz -- [--total N] [--seed S] [--only name,name] [--path P] [--list]
//
// FUZZ_TOTAL and FUZZ_SEED may stand for --total and --seed. The seed is printed first; a failure
// prints the property, seed, counterexample path and the command that replays it (--only, --seed,
// --path), and the campaign exits 1. The session properties run the built dist/bredon.js
// (BREDON_BIN overrides it): `npm run fuzz` builds it first.

import { PROPERTIES } from '../test/fuzz/properties.js';
import { runProperty } from '../test/fuzz/run.js';

const USAGE = 'usage: npm run fuzz -- [--total N] [--seed S] [--only name,name] [--path P] [--list]';

function fail(message: string): never {
  process.stderr.write(`fuzz: ${message}\n${USAGE}\n`);
  process.exit(2);
}

function wholeNumber(text: string | undefined, what: string): number {
  if (text === undefined || !/^-?[0-9]+$/.test(text) || !Number.isSafeInteger(Number(text))) fail(`${what} must be a whole number, got '${text ?? ''}'`);
  return Number(text);
}

const args = process.argv.slice(2);
let total = process.env['FUZZ_TOTAL'] !== undefined ? wholeNumber(process.env['FUZZ_TOTAL'], 'FUZZ_TOTAL') : 1_000_000;
let seed = process.env['FUZZ_SEED'] !== undefined ? wholeNumber(process.env['FUZZ_SEED'], 'FUZZ_SEED') : (Date.now() ^ (Math.random() * 0x7fffffff)) | 0;
let only: string[] | undefined;
let path: string | undefined;
for (let i = 0; i < args.length; i++) {
  const a = args[i]!;
  if (a === '--total') total = wholeNumber(args[++i], '--total');
  else if (a === '--seed') seed = wholeNumber(args[++i], '--seed');
  else if (a === '--only') only = (args[++i] ?? '').split(',').filter((s) => s !== '');
  else if (a === '--path') path = args[++i] ?? fail('--path needs a value');
  else if (a === '--list') {
    for (const p of PROPERTIES) process.stdout.write(`${p.name.padEnd(18)} ${p.about}\n`);
    process.exit(0);
  } else if (a === '--help' || a === '-h') {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  } else fail(`unknown option '${a}'`);
}
if (total < 1) fail('--total must be at least 1');
for (const name of only ?? []) if (!PROPERTIES.some((p) => p.name === name)) fail(`no property '${name}' (see --list)`);
const selected = PROPERTIES.filter((p) => only === undefined || only.includes(p.name));
if (path !== undefined && selected.length !== 1) fail('--path replays one property: give it with --only');

const weights = selected.reduce((s, p) => s + p.weight, 0);
process.stdout.write(`fuzz: seed ${seed}, ${total} inputs over ${selected.length} properties\n`);
let inputs = 0;
let failures = 0;
const t0 = performance.now();
for (const p of selected) {
  const runs = Math.max(1, Math.round((total * p.weight) / weights));
  const outcome = await runProperty(p, { runs, seed, path });
  inputs += outcome.runs;
  const rate = Math.round((outcome.runs * 1000) / Math.max(1, outcome.ms));
  process.stdout.write(`${outcome.failure ? 'FAIL' : 'ok  '} ${p.name.padEnd(18)} ${String(outcome.runs).padStart(8)} inputs ${(outcome.ms / 1000).toFixed(1).padStart(7)} s ${String(rate).padStart(7)}/s\n`);
  if (outcome.failure) {
    failures++;
    process.stdout.write(`${outcome.failure}\n`);
  }
}
process.stdout.write(`fuzz: ${inputs} inputs in ${((performance.now() - t0) / 1000).toFixed(1)} s, seed ${seed}: ${failures === 0 ? 'no failure' : `${failures} properties failed`}\n`);
process.exit(failures === 0 ? 0 : 1);
