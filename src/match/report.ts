// The final report of a match (stdout of `bredon match`): results from the first engine's point
// of view, Elo with its 95% interval (pentanomial over opening pairs, and trinomial over games),
// the pentanomial counts, how games ended, forfeits and restarts, the SPRT's state and verdict,
// and the final-rules scoring table when asked for.

import { formatTimeControl, sameTimeControl } from './clock.js';
import { formatElo, pentanomialElo, trinomialElo, type EloEstimate } from './elo.js';
import { formatDuration } from './progress.js';
import type { MatchConfig, MatchOutcome } from './runner.js';
import type { Wld } from './tally.js';

export interface ReportContext {
  config: MatchConfig;
  /** Where the openings came from, e.g. "openings.txt (1000 lines)", or null for the empty board. */
  openingsSource: string | null;
  /** Where the games were played, in place of "concurrency N" (e.g. the queue and its workers). */
  placement?: string;
}

function wld(r: Wld): string {
  return `W ${r.wins}  L ${r.losses}  D ${r.draws}`;
}

function interval(e: EloEstimate, samples: string): string {
  // One sample, or samples that all scored alike, say nothing about the spread: no interval then.
  const range =
    e.n < 2
      ? `no 95% interval from one ${samples}`
      : e.sigma === 0
        ? `no 95% interval: all ${e.n} ${samples}s scored alike, which shows no spread to measure`
        : `95% interval [${formatElo(e.low)}, ${formatElo(e.high)}]`;
  return `${formatElo(e.elo)}, ${range}, LOS ${(100 * e.los).toFixed(1)}%`;
}

/** "2=1, 4=3": games that repeat earlier ones, the first few. */
function repeatList(repeats: readonly [number, number][]): string {
  const shown = repeats.slice(0, 8).map(([r, e]) => `${r}=${e}`);
  return shown.join(', ') + (repeats.length > 8 ? ', ...' : '');
}

const ENDING_ORDER = ['road', 'flats', 'draw', 'repetition', 'adjudication', 'time', 'illegal', 'malformed', 'crash', 'not ready'];

const LOSS_WORDS: Record<string, string> = {
  time: 'time',
  illegal: 'illegal move',
  malformed: 'malformed move',
  crash: 'crash',
  'not ready': 'not getting ready',
};

/** The match's time control, or each engine's when they play on different terms (time odds). */
function tcText(config: MatchConfig): string {
  const tc2 = config.tc2 ?? config.tc;
  if (sameTimeControl(config.tc, tc2)) return formatTimeControl(config.tc);
  return `${formatTimeControl(config.tc)} for engine 1, ${formatTimeControl(tc2)} for engine 2`;
}

export function formatReport(outcome: MatchOutcome, context: ReportContext): string[] {
  const { config } = context;
  const { names, tally } = outcome;
  const [a, b] = names;
  const lines: string[] = [];
  const stopText =
    outcome.stopped === 'sprt'
      ? 'stopped by the SPRT'
      : outcome.stopped === 'interrupted'
        ? 'interrupted'
        : outcome.stopped === 'error'
          ? 'stopped by an error'
          : 'complete';
  lines.push(`Match ${a} vs ${b}`);
  lines.push(
    `  ${config.size}x${config.size}, komi ${config.halfKomi / 2}, tc ${tcText(config)}, ` +
      `openings ${context.openingsSource ?? 'none (empty board)'}, ${context.placement ?? `concurrency ${config.concurrency}`}`,
  );
  lines.push(`  ${tally.games - tally.earlier} of ${config.games} games in ${formatDuration(outcome.elapsedMs)}, ${stopText}`);
  const earlier = config.earlier;
  if (earlier !== undefined) {
    const dropped = earlier.dropped > 0 ? `; ${earlier.dropped} game${earlier.dropped === 1 ? '' : 's'} of unfinished pairs left out` : '';
    lines.push(`  counted first: ${tally.earlier} games (${earlier.pairs.length} pairs) of ${earlier.sources.join(', ')}${dropped}`);
  }
  if (outcome.error !== undefined) lines.push(`  error: ${outcome.error}`);
  lines.push('');
  const tri = trinomialElo(tally.total.wins, tally.total.draws, tally.total.losses);
  const points = tally.total.wins + tally.total.draws / 2;
  lines.push(`Results of ${a} against ${b}`);
  lines.push(`  ${wld(tally.total)}  score ${points}/${tally.games} (${(100 * tri.score).toFixed(1)}%)`);
  lines.push(`  as White: ${wld(tally.asColour[0])}    as Black: ${wld(tally.asColour[1])}`);
  const pairs = tally.pentanomial.reduce((x, c) => x + c, 0);
  if (pairs > 0) {
    const penta = pentanomialElo(tally.pentanomial);
    lines.push(`Elo of ${a} (logistic, pentanomial over ${pairs} opening pair${pairs === 1 ? '' : 's'}): ${interval(penta, 'pair')}`);
  }
  if (tally.games > 0) lines.push(`Elo of ${a} (logistic, trinomial over ${tally.games} game${tally.games === 1 ? '' : 's'}): ${interval(tri, 'game')}`);
  const repeats = tally.repeatFinder.repeats;
  if (repeats.length > 0) {
    lines.push(
      `Repeated games: ${repeats.length} of ${tally.games - tally.earlier} repeat an earlier game move for move, up to the board's symmetries ` +
        `(${repeatList(repeats)}): the engines play alike, a repeat is no new sample, and the intervals above count it as one`,
    );
  }
  lines.push(`Pentanomial (pairs in which ${a} scored 0, 1/2, 1, 3/2, 2 points): ${tally.pentanomial.join(' ')}`);
  const endings = ENDING_ORDER.filter((k) => tally.endings.has(k)).map((k) => `${k} ${tally.endings.get(k)}`);
  lines.push(`Game ends: ${endings.length === 0 ? 'none' : endings.join(', ')}`);
  for (const e of [0, 1]) {
    const lost = [...tally.lostBy[e]!.entries()].map(([k, n]) => `${LOSS_WORDS[k] ?? k} ${n}`);
    if (lost.length > 0) lines.push(`  ${names[e]} lost by ${lost.join(', ')}`);
    if (outcome.restarts[e]! > 0) lines.push(`  ${names[e]} was restarted ${outcome.restarts[e]} time${outcome.restarts[e] === 1 ? '' : 's'}`);
  }
  if (config.sprt !== null && outcome.sprt !== null) {
    const p = config.sprt;
    const s = outcome.sprt;
    const verdict =
      s.verdict === 'H1'
        ? `H1 accepted: ${a} is stronger (Elo ${p.elo1} is far likelier than Elo ${p.elo0})`
        : s.verdict === 'H0'
          ? `H0 accepted: ${a} is not stronger (Elo ${p.elo0} is far likelier than Elo ${p.elo1})`
          : 'no decision yet: more games are needed';
    lines.push(
      `SPRT (elo0 ${p.elo0}, elo1 ${p.elo1}, alpha ${p.alpha}, beta ${p.beta}, logistic Elo, pentanomial GSPRT): ` +
        `LLR ${s.llr.toFixed(2)}, bounds [${s.lower.toFixed(2)}, ${s.upper.toFixed(2)}]`,
    );
    lines.push(`SPRT verdict: ${verdict}`);
  }
  if (config.scoring !== null) {
    const on = Object.entries(config.scoring)
      .filter(([, v]) => v)
      .map(([k]) => k[0]!.toUpperCase() + k.slice(1));
    lines.push('');
    lines.push(`Scoring (final rules: area + reserve${on.length > 0 ? `; variants ${on.join(', ')}` : ''})`);
    const width = Math.max(...names.map((n) => n.length));
    lines.push(`  ${'engine'.padEnd(width)}  points  wins  points/game`);
    for (const e of [0, 1]) {
      const pts = tally.scoringPoints[e]!;
      const perGame = tally.games > 0 ? (pts / tally.games).toFixed(2) : '0.00';
      lines.push(`  ${names[e]!.padEnd(width)}  ${String(pts).padStart(6)}  ${String(tally.scoringWins[e]).padStart(4)}  ${perGame.padStart(11)}`);
    }
  }
  return lines;
}
