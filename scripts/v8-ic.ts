// `node --import tsx scripts/v8-ic.ts IC.LOG [--all]`: the polymorphic (P) and megamorphic (N)
// inline caches of a V8 log written with `node --log-ic --logfile=IC.LOG --no-logfile-per-isolate`,
// one line per site: the function whose code holds it, the property and its transitions. Only the
// engine's code (a function whose script is under src/ or is a bundle of it) unless --all.
// docs/performance.md runs it on a search of the middle game.

import { readFileSync } from 'node:fs';

const [file, flag] = process.argv.slice(2);
if (file === undefined) {
  console.error('usage: node --import tsx scripts/v8-ic.ts IC.LOG [--all]');
  process.exit(2);
}
const all = flag === '--all';

// code-creation,<type>,<kind>,<time>,<address>,<size>,<name>,...: code objects, to find the
// function that holds an IC's pc. IC lines: <kind>IC,<pc>,<time>,<line>,<column>,<old>,<new>,<map>,<key>,...
const codes: { start: number; end: number; name: string }[] = [];
const sites = new Map<string, { kind: string; states: Set<string>; count: number }>();
const ics: string[][] = [];
for (const line of readFileSync(file, 'utf8').split('\n')) {
  const f = line.split(',');
  if (f[0] === 'code-creation' && f.length >= 7 && f[4]!.startsWith('0x')) {
    const start = parseInt(f[4]!, 16);
    codes.push({ start, end: start + Number(f[5]), name: f[6]! });
  } else if (f[0]!.endsWith('IC') && (f[6] === 'P' || f[6] === 'N')) ics.push(f);
}
codes.sort((a, b) => a.start - b.start);

function holder(pc: number): string {
  let lo = 0;
  let hi = codes.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (codes[mid]!.start <= pc) lo = mid + 1;
    else hi = mid - 1;
  }
  const c = codes[hi];
  return c !== undefined && pc < c.end ? c.name : '(unknown code)';
}

for (const f of ics) {
  const name = holder(parseInt(f[1]!, 16));
  if (!all && !/\/src\/|\.mjs:|bredon\.js:/.test(name)) continue;
  const key = `${name} | ${f[8]}`;
  const site = sites.get(key) ?? { kind: f[0]!, states: new Set<string>(), count: 0 };
  site.states.add(`${f[5]}->${f[6]}`);
  site.count++;
  sites.set(key, site);
}
console.log(`${sites.size} polymorphic or megamorphic sites${all ? '' : ' in the engine'}`);
for (const [key, s] of [...sites].sort((a, b) => b[1].count - a[1].count)) {
  console.log(`${String(s.count).padStart(4)}  ${s.kind.padEnd(12)} ${[...s.states].join(' ')}  ${key}`);
}
