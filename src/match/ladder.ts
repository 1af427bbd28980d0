// Ratings of many players from the games of many pairings at once (a ladder: every level
// against its neighbours and fixed anchors): the maximum of the likelihood of all the games
// under the Elo model, P(i scores against j) = 1 / (1 + 10^((Rj - Ri) / 400)), a draw counting
// half a win. One player is the anchor, its rating fixed. A prior of PRIOR_DRAWS virtual draws
// in every pairing played keeps a player who won every game finite (as Bayeselo does). The 95%
// intervals come from the curvature of the likelihood at its maximum (the inverse Hessian).

const Z95 = 1.959963984540054;
const ELO_PER_NATURAL = 400 / Math.LN10;
/** Virtual draws added to every pairing that was played. */
export const PRIOR_DRAWS = 1;

export interface Pairing {
  /** Player names. */
  a: string;
  b: string;
  /** a's wins, draws and losses against b. */
  wins: number;
  draws: number;
  losses: number;
}

export interface Rating {
  name: string;
  elo: number;
  /** 95% interval, relative to the anchor (0 wide for the anchor itself). */
  low: number;
  high: number;
  games: number;
}

/**
 * Joint ratings of every player in `pairings`, with `anchor` at `anchorElo`. Every player must
 * be connected to the anchor through pairings, or its rating is undefined: an Error says which.
 */
export function fitLadder(pairings: readonly Pairing[], anchor: string, anchorElo = 0): Rating[] {
  const names = [...new Set(pairings.flatMap((p) => [p.a, p.b]))];
  if (!names.includes(anchor)) throw new Error(`the anchor '${anchor}' played no games`);
  const index = new Map(names.map((n, i) => [n, i]));
  const n = names.length;
  // Per ordered pair: games and the first player's score, prior included.
  const games = Array.from({ length: n }, () => new Float64Array(n));
  const score = Array.from({ length: n }, () => new Float64Array(n));
  const played = new Float64Array(n);
  for (const p of pairings) {
    const i = index.get(p.a)!;
    const j = index.get(p.b)!;
    if (i === j) throw new Error(`'${p.a}' cannot play itself`);
    const total = p.wins + p.draws + p.losses;
    if (total === 0) continue;
    for (const [x, y, s] of [[i, j, p.wins + p.draws / 2], [j, i, p.losses + p.draws / 2]] as const) {
      if (games[x]![y] === 0) {
        games[x]![y] = PRIOR_DRAWS;
        score[x]![y] = PRIOR_DRAWS / 2;
      }
      games[x]![y] += total;
      score[x]![y] += s;
    }
    played[i] += total;
    played[j] += total;
  }
  connected(games, index.get(anchor)!, names);

  // Newton's method on the free ratings (natural units), the anchor held at 0.
  const a = index.get(anchor)!;
  const free = names.map((_, i) => i).filter((i) => i !== a);
  const x = new Float64Array(n);
  let covariance: number[][] = [];
  for (let iter = 0; iter < 100; iter++) {
    const m = free.length;
    const grad = new Float64Array(m);
    const hess = Array.from({ length: m }, () => new Float64Array(m));
    free.forEach((i, fi) => {
      for (let j = 0; j < n; j++) {
        if (games[i]![j] === 0) continue;
        const p = 1 / (1 + Math.exp(x[j]! - x[i]!));
        grad[fi] += score[i]![j]! - games[i]![j]! * p;
        const w = games[i]![j]! * p * (1 - p);
        hess[fi]![fi] += w; // the negative Hessian
        const fj = free.indexOf(j);
        if (fj >= 0) hess[fi]![fj] -= w;
      }
    });
    covariance = invert(hess.map((r) => Array.from(r)));
    let step = 0;
    free.forEach((i, fi) => {
      let d = 0;
      for (let fj = 0; fj < m; fj++) d += covariance[fi]![fj]! * grad[fj]!;
      x[i] += d;
      step = Math.max(step, Math.abs(d));
    });
    if (step < 1e-10) break;
  }
  return names.map((name, i) => {
    const fi = free.indexOf(i);
    const sd = fi < 0 ? 0 : Math.sqrt(Math.max(0, covariance[fi]![fi]!)) * ELO_PER_NATURAL;
    const elo = anchorElo + x[i]! * ELO_PER_NATURAL;
    return { name, elo, low: elo - Z95 * sd, high: elo + Z95 * sd, games: played[i]! };
  });
}

/** Throws unless every player is linked to the anchor through pairings. */
function connected(games: Float64Array[], anchor: number, names: string[]): void {
  const seen = new Set([anchor]);
  const todo = [anchor];
  while (todo.length > 0) {
    const i = todo.pop()!;
    for (let j = 0; j < names.length; j++) {
      if (games[i]![j]! > 0 && !seen.has(j)) {
        seen.add(j);
        todo.push(j);
      }
    }
  }
  const alone = names.filter((_, i) => !seen.has(i));
  if (alone.length > 0) throw new Error(`no games link ${alone.join(', ')} to the anchor '${names[anchor]}'`);
}

/** The inverse of a symmetric positive definite matrix (Gauss-Jordan with partial pivoting). */
function invert(m: number[][]): number[][] {
  const n = m.length;
  const a = m.map((row, i) => [...row, ...Array.from({ length: n }, (_, j) => (i === j ? 1 : 0))]);
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[pivot]![c]!)) pivot = r;
    [a[c], a[pivot]] = [a[pivot]!, a[c]!];
    const p = a[c]![c]!;
    if (Math.abs(p) < 1e-300) throw new Error('the ratings are not determined by these games');
    for (let k = 0; k < 2 * n; k++) a[c]![k]! /= p;
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = a[r]![c]!;
      if (f !== 0) for (let k = 0; k < 2 * n; k++) a[r]![k]! -= f * a[c]![k]!;
    }
  }
  return a.map((row) => row.slice(n));
}
