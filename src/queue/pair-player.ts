// One game slot of a worker: a process of each engine of the pair it is playing, kept between
// pairs while the next pair wants the same engines with the same options (a new match, or other
// options, starts fresh processes). Games are played by src/match/game.ts exactly as in a local
// match: the same referee, clocks, forfeits and restarts.

import { MatchError } from '../match/errors.js';
import { playGame, type GameRecord } from '../match/game.js';
import { resolveOptions } from '../match/runner.js';
import { EngineFailure, TeiEngine, type Timeouts } from '../match/tei-engine.js';
import { scaleTimeControl, type PairJob } from './jobs.js';
import type { Offer } from './offers.js';

/** A job this worker cannot play as asked (an option the engine lacks): retrying elsewhere would not help. */
export class JobConfigError extends Error {
  override name = 'JobConfigError';
}

interface Seat {
  key: string;
  engine: TeiEngine;
}

export class PairPlayer {
  private seats: (Seat | null)[] = [null, null];

  constructor(
    private readonly offers: ReadonlyMap<string, Offer>,
    private readonly timeouts: Timeouts,
    private readonly log: (message: string) => void,
  ) {}

  /** The engine for seat `e` (first or second engine of the pair), started and set up for `job`. */
  private async seat(job: PairJob, e: number): Promise<TeiEngine> {
    const name = job.engines[e]!;
    const offer = this.offers.get(name);
    if (offer === undefined) throw new JobConfigError(`this worker does not offer engine '${name}'`);
    const key = JSON.stringify([job.run, name, job.options[e], job.halfKomi]);
    const current = this.seats[e];
    if (current !== null && current.key === key) return current.engine;
    if (current !== null) await current.engine.shutdown();
    this.seats[e] = null;
    const label = `engine ${e + 1} (${name})`;
    const engine = new TeiEngine({ index: e, command: offer.command, argv: offer.argv, setoptions: [] }, this.timeouts, (m) => this.log(`${label}: ${m}`));
    try {
      const identity = await engine.handshake();
      engine.config.setoptions = resolveOptions({ ...offer, options: job.options[e] }, label, identity, job.halfKomi);
      engine.sendOptions();
    } catch (err) {
      await engine.shutdown();
      if (err instanceof MatchError) throw new JobConfigError(err.message);
      if (err instanceof EngineFailure) throw new Error(`${label} ${err.message}`);
      throw err;
    }
    this.seats[e] = { key, engine };
    return engine;
  }

  /**
   * Plays the pair's games in order, the clocks multiplied by `factor`. Returns null when `signal`
   * aborted a game (the pair is then not played).
   */
  async play(job: PairJob, factor: number, signal: AbortSignal): Promise<GameRecord[] | null> {
    const engines: [TeiEngine, TeiEngine] = [await this.seat(job, 0), await this.seat(job, 1)];
    const tcs = [scaleTimeControl(job.tcs[0], factor), scaleTimeControl(job.tcs[1], factor)] as const;
    const games: GameRecord[] = [];
    for (const round of job.rounds) {
      const setup = {
        round,
        pair: job.pair,
        opening: round % 2 === 0 && job.secondOpening !== undefined ? job.secondOpening : job.opening,
        white: (round - 1) % 2,
        size: job.size,
        halfKomi: job.halfKomi,
        tcs,
        maxPlies: job.maxPlies,
        names: job.names,
      };
      const game = await playGame(setup, engines, signal, (e, message) => this.log(`game ${round}, engine ${e + 1} (${job.engines[e]}): ${message}`));
      if (game === null) return null;
      games.push(game);
    }
    return games;
  }

  async shutdown(): Promise<void> {
    await Promise.all(this.seats.map((s) => s?.engine.shutdown()));
    this.seats = [null, null];
  }
}
