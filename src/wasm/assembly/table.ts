// The transposition table as the search in WebAssembly sees it: search/tt.ts's table itself,
// reached through two calls to JavaScript (probe and store), so that the search threads share one
// table and the reported lines are continued from it. A call costs about 1% of a search's time
// (docs/performance.md), less than a second table kept apart from the threads' would lose.

export const BOUND_UPPER: i32 = 1;
export const BOUND_LOWER: i32 = 2;
export const BOUND_EXACT: i32 = 3;

// The JavaScript table's probe (1: found, with the entry's move, score, depth, bound and
// evaluation written into `probedEntry`) and store.
@external('env', 'tableProbe') declare function tableProbe(keyLo: i32, keyHi: i32): i32;
@external('env', 'tableStore') declare function tableStore(keyLo: i32, keyHi: i32, move: i32, score: i32, depth: i32, bound: i32, evaluation: i32): void;
const probedEntry = new StaticArray<i32>(8);

export function probedEntryAt(): usize {
  return changetype<usize>(probedEntry);
}

// The last successful probe's entry.
export let ttMove: i32 = 0;
export let ttScore: i32 = 0;
export let ttDepth: i32 = 0;
export let ttBound: i32 = 0;
export let ttEval: i32 = 0;

export function probe(keyLo: i32, keyHi: i32): bool {
  if (tableProbe(keyLo, keyHi) == 0) return false;
  ttMove = probedEntry[0];
  ttScore = probedEntry[1];
  ttDepth = probedEntry[2];
  ttBound = probedEntry[3];
  ttEval = probedEntry[4];
  return true;
}

export function store(keyLo: i32, keyHi: i32, move: i32, score: i32, depth: i32, bound: i32, evaluation: i32): void {
  tableStore(keyLo, keyHi, move, score, depth, bound, evaluation);
}
