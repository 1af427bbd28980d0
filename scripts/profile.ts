// `npm run profile [-- --nodes N] [--tps TPS] [--top K] [--komi K]`: one fixed-node search of a
// position (by default the 6x6 middle game of docs/performance.md) under V8's sampling profiler,
// with the network on and then off, each in a fresh table, printing the top functions by self
// time (with their source file) and the search's nodes a second. The search runs on
// this thread so that the profiler sees it; the tree is the same as `go nodes N` on one thread.

import { Session } from 'node:inspector/promises';
import { parseArgs } from 'node:util';
import { parseTps } from '../src/notation/tps.js';
import { Searcher } from '../src/search/search.js';
import { TranspositionTable } from '../src/search/tt.js';

/** The position of issue 50's measurements: a 6x6 middle game, White to move at move 9. */
const PROFILE_TPS = 'x6/x,2,x,1,x2/x,2,1,12C,2,x/x,1,21,1,2S,x/x,1,x,2,x2/1,x5 1 9';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const { values } = parseArgs({
  options: {
    nodes: { type: 'string', default: '3000000' },
    tps: { type: 'string', default: PROFILE_TPS },
    top: { type: 'string', default: '25' },
    komi: { type: 'string', default: '2' },
  },
});
const nodes = Number(values.nodes);
const top = Number(values.top);
const halfKomi = Math.round(Number(values.komi) * 2);

/** The source file of a frame (tsx runs each file as one line, so lines say nothing). */
function place(url: string): string {
  if (url === '') return '';
  const i = url.lastIndexOf('/src/');
  return i >= 0 ? url.slice(i + 1) : url.slice(url.lastIndexOf('/') + 1);
}

/** Self time by function, in ms, largest first. */
function selfTimes(p: Profile): { total: number; rows: [string, number][] } {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let total = 0;
  p.samples.forEach((id, i) => {
    const cf = byId.get(id)!.callFrame;
    if (cf.functionName === '(idle)' || cf.functionName === '(program)') return;
    const us = p.timeDeltas[i] ?? 0;
    total += us;
    const key = `${cf.functionName || '(anonymous)'}  ${place(cf.url)}`;
    self.set(key, (self.get(key) ?? 0) + us);
  });
  return { total: total / 1000, rows: [...self].map(([k, us]): [string, number] => [k, us / 1000]).sort((a, b) => b[1] - a[1]) };
}

const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 200 });
const table = TranspositionTable.create(64, false);
const stop = new Int32Array(1);

for (const network of [true, false]) {
  const pos = parseTps(values.tps);
  table.clear();
  const searcher = new Searcher({ table, stop });
  await session.post('Profiler.start');
  const t0 = performance.now();
  const r = searcher.search(pos, halfKomi, { nodes, network });
  const ms = performance.now() - t0;
  const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: Profile };
  const { total, rows } = selfTimes(profile);
  console.log(`\nnetwork ${network ? 'on' : 'off'}: ${r.nodes} nodes, depth ${r.depth}, ${Math.round(ms)} ms, ${Math.round((r.nodes * 1000) / ms)} nodes/s`);
  console.log('  self %  self ms  function  source');
  for (const [name, t] of rows.slice(0, top)) {
    console.log(`${((100 * t) / total).toFixed(1).padStart(8)} ${t.toFixed(0).padStart(8)}  ${name}`);
  }
}
session.disconnect();
