// The referee's side of a test game: the position by the rules core, and checks on the
// engine's `bestmove` (canonical short PTN, legal), the way Racetrack judges a move.

import { expect } from 'vitest';
import { makeMove } from '../../src/core/makemove.js';
import { isLegalMove } from '../../src/core/movegen.js';
import type { Position } from '../../src/core/position.js';
import { gameResult, ONGOING } from '../../src/core/result.js';
import { formatMove, parseMove } from '../../src/notation/ptn-move.js';
import { parseTps } from '../../src/notation/tps.js';

/** Uncompressed empty TPS, as Racetrack sends it whenever komi is not zero. */
export function uncompressedStart(size: number): string {
  const row = Array(size).fill('x').join(',');
  return `${Array(size).fill(row).join('/')} 1 1`;
}

export class RefereeGame {
  readonly pos: Position;
  readonly moves: string[] = [];

  constructor(
    readonly startTps: string,
    readonly halfKomi = 0,
  ) {
    this.pos = parseTps(startTps);
  }

  get size(): number {
    return this.pos.size;
  }

  get result(): number {
    return gameResult(this.pos, this.halfKomi);
  }

  get over(): boolean {
    return this.result !== ONGOING;
  }

  /** Checks the engine's move as Racetrack would (well-formed, canonical, legal), then plays it. */
  play(text: string): void {
    expect(text, 'bestmove is one token in short PTN').toMatch(/^[1-8]?[SC]?[a-h][1-8]([<>+-][1-8]*)?$/);
    const move = parseMove(text, this.size);
    expect(formatMove(move, this.size), `bestmove ${text} is canonical`).toBe(text);
    expect(isLegalMove(this.pos, move), `bestmove ${text} is legal after ${this.moves.join(' ')}`).toBe(true);
    makeMove(this.pos, move);
    this.moves.push(text);
  }

  /** Racetrack's `position` line: always ends with a space after `moves`. */
  racetrackPosition(startpos: boolean): string {
    const head = startpos ? 'position startpos moves ' : `position tps ${this.startTps} moves `;
    return head + this.moves.map((m) => `${m} `).join('');
  }
}
