// The match: two engines, `concurrency` game slots each holding one process of each engine, games
// handed out in order to whichever slot is free. Game 2p and 2p + 1 form opening pair p: the
// same opening (book line p, cycling through the book) with the colours swapped, game 2p with
// the first engine as White. After every finished pair the SPRT (if asked for) is updated, and the
// match stops early once it decides; an earlier run's games (--continue) count from the start.
// A broken engine never stops the match: it forfeits the game and is restarted; only an engine
// that cannot be started three times in a row ends the match.

import { basename } from 'node:path';
import type { ScoringVariants } from '../core/scoring.js';
import type { TimeControl } from './clock.js';
import type { EarlierGames } from './earlier-games.js';
import { MatchError } from './errors.js';
import { playGame, type GameRecord } from './game.js';
import { gameOpening } from './books.js';
import type { Opening } from './openings.js';
import { sprtState, type SprtParams, type SprtState } from './sprt.js';
import { Tally } from './tally.js';
import { EngineFailure, TeiEngine, type EngineConfig, type Timeouts } from './tei-engine.js';
import { optionValueProblem, type EngineIdentity } from './tei-options.js';

export interface EngineSpec {
  /** The command line as given. */
  command: string;
  argv: string[];
  /** A display name chosen by the user; default: the engine's `id name`. */
  name?: string;
  /** Options to set, in order. */
  options: { name: string; value: string }[];
}

export interface MatchConfig {
  engines: [EngineSpec, EngineSpec];
  size: number;
  halfKomi: number;
  /** The time control of both engines, or of the first when `tc2` is given. */
  tc: TimeControl;
  /** The second engine's own time control, for time-odds matches (default: `tc`). */
  tc2?: TimeControl;
  /** Games to play (the most, with an SPRT). */
  games: number;
  /** At least one; [EMPTY_OPENING] for games from the empty board. */
  openings: Opening[];
  /** The second game of each pair plays its opening turned half a turn (the default books). */
  turnSecond?: boolean;
  concurrency: number;
  sprt: SprtParams | null;
  scoring: ScoringVariants | null;
  maxPlies: number;
  timeouts: Timeouts;
  /** Games of an earlier run of this match, counted first (--continue); its engines must have the same names. */
  earlier?: EarlierGames;
}

export interface MatchHooks {
  /** The engines are up and named. */
  onStart?: (names: readonly [string, string], identities: readonly [EngineIdentity, EngineIdentity]) => void;
  /** A game finished (it is already in the tally). */
  onGame?: (game: GameRecord, tally: Tally, sprt: SprtState | null) => void;
  /** Something worth telling the user about an engine (a crash, a restart). */
  log?: (message: string) => void;
  /** Every TEI line, for --debug. */
  trace?: (engine: number, slot: number, direction: '<' | '>', line: string) => void;
}

export type StopReason = 'completed' | 'sprt' | 'interrupted' | 'error';

export interface MatchOutcome {
  names: [string, string];
  tally: Tally;
  sprt: SprtState | null;
  stopped: StopReason;
  /** Why the match ended early with an error. */
  error?: string;
  /** Processes started per engine beyond one per slot (restarts). */
  restarts: [number, number];
  elapsedMs: number;
}

const MAX_START_FAILURES = 3;

/** A name for an engine without `id name`: its program, or the script an interpreter runs. */
export function fallbackName(argv: readonly string[]): string {
  const script = argv.slice(1).find((a) => !a.startsWith('-') && /[/.]/.test(a));
  return basename(script ?? argv[0]!);
}

/** Name, label and setoption lines from the handshake; throws MatchError for options that do not fit. */
export function resolveOptions(spec: EngineSpec, label: string, identity: EngineIdentity, halfKomi: number): { name: string; value: string }[] {
  const lines: { name: string; value: string }[] = [];
  const halfKomiOption = identity.options.get('halfkomi');
  if (halfKomiOption === undefined) {
    if (halfKomi !== 0) throw new MatchError(`${label} does not offer the HalfKomi option, so it plays komi 0 only`);
  } else {
    const problem = optionValueProblem(halfKomiOption, String(halfKomi));
    if (problem !== null) throw new MatchError(`${label} cannot play komi ${halfKomi / 2}: ${problem}`);
    if (halfKomiOption.default !== String(halfKomi)) lines.push({ name: halfKomiOption.name, value: String(halfKomi) });
  }
  for (const { name, value } of spec.options) {
    if (name.toLowerCase() === 'halfkomi') throw new MatchError(`set komi with --komi, not with --option ${name}`);
    const option = identity.options.get(name.toLowerCase());
    if (option === undefined) {
      const offered = [...identity.options.values()].map((o) => o.name);
      throw new MatchError(`${label} has no option '${name}' (it offers: ${offered.length === 0 ? 'none' : offered.join(', ')})`);
    }
    const problem = optionValueProblem(option, value);
    if (problem !== null) throw new MatchError(`${label}: ${problem}`);
    lines.push({ name: option.name, value });
  }
  return lines;
}

export async function runMatch(config: MatchConfig, hooks: MatchHooks = {}, signal?: AbortSignal): Promise<MatchOutcome> {
  const t0 = performance.now();
  const tally = new Tally(config.scoring);
  if (config.earlier !== undefined) tally.addEarlier(config.earlier.pairs);
  const names: [string, string] = ['engine 1', 'engine 2'];
  const tcs: [TimeControl, TimeControl] = [config.tc, config.tc2 ?? config.tc];
  const label = (engine: number) => `engine ${engine + 1} (${names[engine]})`;
  const engineConfig = (index: number): EngineConfig => ({
    index,
    command: config.engines[index]!.command,
    argv: config.engines[index]!.argv,
    setoptions: [],
  });
  const configs: [EngineConfig, EngineConfig] = [engineConfig(0), engineConfig(1)];
  const log = hooks.log ?? (() => {});
  const engineLog = (e: number, s: number) => (message: string) =>
    log(`${label(e)}${config.concurrency > 1 ? ` [slot ${s + 1}]` : ''}: ${message}`);
  const slots: [TeiEngine, TeiEngine][] = [];
  for (let s = 0; s < config.concurrency; s++) {
    const trace = hooks.trace;
    const slot = [0, 1].map(
      (e) =>
        new TeiEngine(configs[e]!, config.timeouts, engineLog(e, s), trace === undefined ? undefined : (d, l) => trace(e, s, d, l)),
    ) as [TeiEngine, TeiEngine];
    slots.push(slot);
  }
  const stop = new AbortController();
  const onOuterAbort = () => stop.abort();
  signal?.addEventListener('abort', onOuterAbort, { once: true });
  // Assigned from the slots' callbacks too, hence the widening cast.
  let stopped = 'completed' as StopReason;
  let error: string | undefined;
  let sprt: SprtState | null = config.sprt === null ? null : sprtState(tally.pentanomial, config.sprt);
  const fail = (message: string) => {
    if (error === undefined) {
      error = message;
      stopped = 'error';
    }
    stop.abort();
  };

  try {
    // Slot 1 first: its handshake names the engines and checks the options.
    const identities = await Promise.all(
      slots[0]!.map(async (engine, e) => {
        try {
          return await engine.handshake();
        } catch (err) {
          if (err instanceof EngineFailure) {
            throw new MatchError(`engine ${e + 1} ('${config.engines[e]!.command}') ${err.message}`);
          }
          throw err;
        }
      }),
    );
    for (const e of [0, 1]) {
      const spec = config.engines[e]!;
      names[e] = spec.name ?? (identities[e]!.name || fallbackName(spec.argv));
    }
    if (names[0] === names[1]) {
      names[0] += ' (1)';
      names[1] += ' (2)';
    }
    const earlier = config.earlier;
    if (earlier !== undefined && (earlier.names[0] !== names[0] || earlier.names[1] !== names[1])) {
      throw new MatchError(
        `${earlier.sources.join(', ')} holds ${earlier.names[0]} vs ${earlier.names[1]}, this match is ${names[0]} vs ${names[1]}: ` +
          'continue with the same engines in the same order (--name sets a name)',
      );
    }
    for (const e of [0, 1]) configs[e]!.setoptions = resolveOptions(config.engines[e]!, label(e), identities[e]!, config.halfKomi);
    for (const engine of slots[0]!) engine.sendOptions();
    await Promise.all(
      slots.slice(1).flatMap((slot) =>
        slot.map(async (engine, e) => {
          try {
            await engine.start();
          } catch (err) {
            if (err instanceof EngineFailure) throw new MatchError(`${label(e)} ${err.message}`);
            throw err;
          }
        }),
      ),
    );
    hooks.onStart?.(names, [identities[0]!, identities[1]!]);
    // The earlier games alone may already decide the SPRT: then nothing more is played.
    if (sprt?.verdict) {
      stopped = 'sprt';
      stop.abort();
    }

    let next = 0;
    const startFailures = [0, 0];
    const runSlot = async (slot: [TeiEngine, TeiEngine], s: number) => {
      while (!stop.signal.aborted && next < config.games) {
        const index = next++;
        const pair = Math.floor(index / 2);
        const setup = {
          round: index + 1,
          pair,
          opening: gameOpening(config.openings, pair, index % 2 === 1, config.turnSecond === true, config.size),
          white: index % 2,
          size: config.size,
          halfKomi: config.halfKomi,
          tcs,
          maxPlies: config.maxPlies,
          names,
        };
        const game = await playGame(setup, slot, stop.signal, (e, message) => engineLog(e, s)(message));
        if (game === null) return;
        // An engine that could not get ready for this game (both, when neither could).
        const loser = game.winner === -1 ? -1 : game.winner === 0 ? 1 - setup.white : setup.white;
        for (const e of [0, 1]) {
          const failed = game.termination === 'not ready' && (loser === -1 || loser === e);
          startFailures[e] = failed ? startFailures[e]! + 1 : 0;
        }
        const completed = tally.add(game);
        if (completed !== null && config.sprt !== null) sprt = sprtState(tally.pentanomial, config.sprt);
        hooks.onGame?.(game, tally, sprt);
        for (const e of [0, 1]) {
          if (startFailures[e]! >= MAX_START_FAILURES) {
            fail(`${label(e)} failed to get ready ${MAX_START_FAILURES} games in a row; last: ${game.detail}`);
          }
        }
        if (sprt?.verdict && !stop.signal.aborted) {
          stopped = 'sprt';
          stop.abort();
        }
      }
    };
    // A slot that fails stops the others (they finish their games' clean-up) before shut-down.
    await Promise.all(
      slots.map((slot, s) =>
        runSlot(slot, s).catch((e: unknown) => {
          const message = e instanceof Error ? e.message : String(e);
          fail(e instanceof MatchError ? message : `internal error: ${message}`);
        }),
      ),
    );
    if (stopped === 'completed' && signal?.aborted) stopped = 'interrupted';
  } catch (e) {
    if (!(e instanceof MatchError)) throw e;
    fail(e.message);
  } finally {
    signal?.removeEventListener('abort', onOuterAbort);
    await Promise.all(slots.flatMap((slot) => slot.map((engine) => engine.shutdown())));
  }
  const restarts: [number, number] = [0, 1].map((e) => slots.reduce((a, slot) => a + Math.max(0, slot[e]!.starts - 1), 0)) as [number, number];
  if (stopped === 'error' && tally.games === tally.earlier && error !== undefined) {
    // Nothing was played: the match could not start, which is the user's problem to fix.
    throw new MatchError(error);
  }
  return { names, tally, sprt, stopped, error, restarts, elapsedMs: performance.now() - t0 };
}
