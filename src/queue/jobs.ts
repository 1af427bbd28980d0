// What travels through Redis: the jobs a coordinator queues, the results workers return, and the
// engine builds workers announce. All plain JSON. A job names engines (the names workers offer on
// their own command lines), never a command: whoever can write to Redis cannot make a worker run
// anything but the engines its owner listed.
//
// A match job is one opening pair (one or two games; the last pair of an odd match has one); a
// self-play job is one game. A game crosses without its final position, which the coordinator
// rebuilds by replaying the moves (gameFromWire): the rules core judges the result for the
// tally's final-rules scoring, as in a local match.

import { makeMove } from '../core/makemove.js';
import type { GameRecord, GameSetup } from '../match/game.js';
import type { TimeControl } from '../match/clock.js';
import { openingStart, type Opening } from '../match/openings.js';
import type { SelfplayGame, SelfplayJob } from '../selfplay/game.js';
import { parseMove } from '../notation/ptn-move.js';

/** What a worker knows of one engine it offers; a match fixes one build per engine name. */
export interface EngineBuild {
  /** The name on the worker's command line (`--engine NAME=COMMAND`), which jobs use. */
  name: string;
  /** The engine's `id name` and `id version` from its handshake. */
  idName?: string;
  idVersion?: string;
  /** The SHA-256 (hex) of the engine's file (its script, or its program), where one was found. */
  hash?: string;
  /** That file's name (for messages only). */
  file?: string;
}

/** How `b` differs from the build `a` a run was fixed to, in words; null when it is the same build. */
export function buildDifference(a: EngineBuild, b: EngineBuild): string | null {
  const diffs: string[] = [];
  if ((a.idName ?? '') !== (b.idName ?? '')) diffs.push(`id name '${b.idName ?? ''}' instead of '${a.idName ?? ''}'`);
  if ((a.idVersion ?? '') !== (b.idVersion ?? '')) diffs.push(`id version '${b.idVersion ?? ''}' instead of '${a.idVersion ?? ''}'`);
  if ((a.hash ?? '') !== (b.hash ?? '')) {
    diffs.push(`file hash ${shortHash(b.hash)}${b.file ? ` (${b.file})` : ''} instead of ${shortHash(a.hash)}`);
  }
  return diffs.length === 0 ? null : diffs.join(', ');
}

export function shortHash(hash: string | undefined): string {
  return hash === undefined ? 'none' : hash.slice(0, 12);
}

/** `Bredon 0.1.0, file 1a2b3c4d5e6f`. */
export function describeBuild(b: EngineBuild): string {
  // Bredon's id name already ends with its version.
  const version = b.idVersion !== undefined && b.idVersion !== '' && !(b.idName ?? '').endsWith(b.idVersion) ? b.idVersion : '';
  const id = [b.idName ?? '', version].filter((x) => x !== '').join(' ');
  return `${id === '' ? 'no id name' : id}, file ${shortHash(b.hash)}`;
}

/** Clocks scaled by a worker's speed (fishtest's and OpenBench's way): null when games play by node budget. */
export interface ClockScaling {
  /** `bredon bench --depth 5` nodes per second of the reference machine. */
  referenceNps: number;
}

export interface PairJob {
  kind: 'pair';
  run: string;
  /** 0-based opening pair. */
  pair: number;
  /** The pair's 1-based game numbers in the match (game 2p+1 has the first engine as White). */
  rounds: number[];
  /** The offered names of the first and second engine. */
  engines: [string, string];
  /** Options per engine, checked by the worker against the engine's own list. */
  options: [{ name: string; value: string }[], { name: string; value: string }[]];
  /** Display names, for the PTN and messages. */
  names: [string, string];
  opening: Opening;
  /** The second game's opening when it is not `opening` (a default book's, turned half a turn). */
  secondOpening?: Opening;
  size: number;
  halfKomi: number;
  tcs: [TimeControl, TimeControl];
  maxPlies: number;
  scaling: ClockScaling | null;
}

export interface SelfplayQueueJob {
  kind: 'selfplay';
  run: string;
  /** The engine a worker plays self-play with: its own Bredon, under this name. */
  job: SelfplayJob;
}

export type QueueJob = PairJob | SelfplayQueueJob;

/** A game as JSON: everything but the final position. */
export interface WireGame extends Omit<GameRecord, 'final' | 'startedAt'> {
  startedAt: string;
}

/** What a worker returns for a job (BullMQ keeps it as the job's return value). */
export interface JobResult<T> {
  /** The pair or the self-play game's index. */
  unit: number;
  /** `host/pid` of the worker that played it. */
  worker: string;
  /** The factor the clocks were multiplied by (1 when not scaled). */
  clockFactor: number;
  payload: T;
}

export type PairResult = JobResult<WireGame[]>;
export type SelfplayResult = JobResult<Omit<SelfplayGame, 'startedAt'> & { startedAt: string }>;

export function gameToWire(game: GameRecord): WireGame {
  const { final: _final, startedAt, ...rest } = game;
  return { ...rest, startedAt: startedAt.toISOString() };
}

/** The game with its final position, replayed from the opening. Throws on a move the rules refuse. */
export function gameFromWire(wire: WireGame): GameRecord {
  const setup: GameSetup = wire.setup;
  const pos = openingStart(setup.opening, setup.size);
  for (const m of wire.moves) makeMove(pos, parseMove(m.text, setup.size));
  return { ...wire, startedAt: new Date(wire.startedAt), final: pos };
}

export function selfplayGameFromWire(wire: SelfplayResult['payload']): SelfplayGame {
  return { ...wire, startedAt: new Date(wire.startedAt) };
}

/** The time control a worker plays: the match's, times its clock factor (node budgets unchanged). */
export function scaleTimeControl(tc: TimeControl, factor: number): TimeControl {
  if (factor === 1) return tc;
  return { ...tc, baseMs: Math.round(tc.baseMs * factor), incMs: Math.round(tc.incMs * factor) };
}

/** A worker's clock factor: the reference speed over its own, kept within 1/8 to 8. */
export function clockFactor(scaling: ClockScaling | null, workerNps: number | null): number {
  if (scaling === null || workerNps === null || workerNps <= 0) return 1;
  const f = scaling.referenceNps / workerNps;
  return Math.min(8, Math.max(1 / 8, Math.round(f * 1000) / 1000));
}
