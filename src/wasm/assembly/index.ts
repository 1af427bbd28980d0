// The WebAssembly core's exports: the rules (rules.ts), the road tactics (tactics.ts), the linear
// evaluation (evaluation.ts), the network accumulators (accumulator.ts), and the search's node
// (search.ts, with its table.ts and order.ts). AssemblyScript, compiled by `npm run asc`.
export {
  topAt,
  heightAt,
  stackAt,
  movesAt,
  load,
  keyLo,
  keyHi,
  generate,
  countMoves,
  make,
  unmake,
  decided,
  perft,
  keysAt,
  loadHistory,
  repetitions,
} from './rules';
export { initNet, w1At, b1At, w2At, refresh, beforeMove, afterMove, evaluate, walk } from './accumulator';
export { probedEntryAt } from './table';
export { clearOrder, ageOrder } from './order';
export { lmrAt, pvAt, pvLenAt, excludedAt, startSearch, setRoot, searchDepth, searchNodes, searchState } from './search';
export { layoutAt, setLayout, linearEval } from './evaluation';
export { setGroupWeight, probe, probedAt, mayOpenSpreadRoad, keepAnswers } from './tactics';

import { setSize as rulesSize } from './rules';
import { setTacticsSize } from './tactics';

/** Sets the board size and stack stride of the positions to come (the tactics' caches emptied). */
export function setSize(n: i32, levels: i32): void {
  rulesSize(n, levels);
  setTacticsSize();
}
