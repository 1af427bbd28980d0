// `npm run bench [-- perft|movegen|bitboard|search|tinue|wasm ...]`: every suite, or the ones named.
// Figures are medians; compare ratios measured in one run (the machine is shared and noisy).
import { runBitboardBench } from './bitboard.bench.js';
import { runMovegenBench } from './movegen.bench.js';
import { runPerftBench } from './perft.bench.js';
import { runSearchBench } from './search.bench.js';
import { runTinueBench } from './tinue.bench.js';
import { runWasmGateBench } from './wasm-gate.bench.js';

const suites: Record<string, () => void | Promise<void>> = {
  perft: () => runPerftBench(3),
  movegen: () => runMovegenBench(1000),
  bitboard: () => runBitboardBench(),
  search: () => runSearchBench(3),
  tinue: () => runTinueBench(3),
  // Not in the default run: the gate of docs/performance.md, about a minute a round.
  wasm: () => runWasmGateBench(Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 5)),
};

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-') && !/^\d+$/.test(a));
for (const name of wanted) if (!(name in suites)) throw new Error(`unknown suite '${name}' (${Object.keys(suites).join(', ')})`);
for (const [name, run] of Object.entries(suites)) {
  if (wanted.length === 0 ? name !== 'wasm' : wanted.includes(name)) await run();
}
