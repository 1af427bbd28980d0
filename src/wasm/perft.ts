// Perft on the fastest core this runtime has: the WebAssembly rules core (rules-core.ts, the same
// counts as core/perft.ts, test/wasm/rules.test.ts) where it runs, else the TypeScript core.
// For `bredon perft` and the library's perft().

import { Perft } from '../core/perft.js';
import type { Position } from '../core/position.js';
import { WasmRules, wasmCoreAvailable } from './rules-core.js';

let rules: WasmRules | undefined;

/** The core with pos loaded, or undefined where this runtime cannot run it. */
function wasmFor(pos: Position): WasmRules | undefined {
  if (!wasmCoreAvailable()) return undefined;
  rules ??= new WasmRules();
  rules.load(pos);
  return rules;
}

/** The number of move sequences of exactly `depth` plies from pos (left as it was). */
export function perftCount(pos: Position, depth: number): number {
  const core = wasmFor(pos);
  return core !== undefined ? core.perft(depth) : new Perft(Math.max(16, depth + 1)).count(pos, depth);
}

/** Per root move: [move, perft depth - 1 of the position after it]. */
export function perftDivide(pos: Position, depth: number): [number, number][] {
  const core = wasmFor(pos);
  if (core === undefined) return new Perft(Math.max(16, depth + 1)).divide(pos, depth);
  if (depth === 0 || core.decided()) return [];
  const moves = core.moves.slice(0, core.generate(0));
  const out: [number, number][] = [];
  for (const m of moves) {
    core.make(m);
    out.push([m, core.perft(depth - 1)]);
    core.unmake(m);
  }
  return out;
}
