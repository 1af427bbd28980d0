// Moves entered by clicking the board: an empty square places the piece chosen; a click on the
// mover's stack picks it up (again to carry fewer), then clicks along a line drop (again on a
// square to drop one more there). The move is played once every carried piece is dropped.

import { WHITE } from '../core/position.js';
import { ONGOING } from '../core/result.js';
import { squareName } from '../core/sizes.js';
import type { Board } from './board-state.js';
import type { SpreadInput } from './board-view.js';

export type Piece = 'F' | 'S' | 'C';

export interface InputHooks {
  /** Plays a move given in PTN if legal (else says why): whether it was played. */
  tryPlay(text: string): boolean;
  /** Says something under the board ('' the default words); returns false. */
  hint(text: string, bad?: boolean): false;
  /** Whether the player may move now (if not, it says why). */
  mayMove(): boolean;
  render(): void;
}

const DIRS = '+>-<'; // north, east, south, west: the order of the move encoding

export class BoardInput {
  piece: Piece = 'F';
  spread: SpreadInput | undefined;

  constructor(
    private readonly board: Board,
    private readonly hooks: InputHooks,
  ) {}

  /** Drops a spread being entered (Esc, or a move played another way). */
  cancel(): void {
    this.spread = undefined;
  }

  onSquare(sq: number): void {
    const { hint, render } = this.hooks;
    const pos = this.board.pos;
    if (this.board.result() !== ONGOING) return void hint('the game is over: undo, load or start a new one', true);
    if (!this.hooks.mayMove()) return;
    const size = pos.size;
    const s = this.spread;
    if (s === undefined) {
      if (pos.height[sq] === 0) {
        this.hooks.tryPlay(`${this.piece === 'F' ? '' : this.piece}${squareName(sq, size)}`);
        return;
      }
      if (pos.inOpening) return void hint('the first move of each side places a flat on an empty square', true);
      if ((pos.top[sq]! & 1) !== pos.side) return void hint(`that stack is ${pos.side === WHITE ? "Black's" : "White's"}: ${pos.side === WHITE ? 'White' : 'Black'} is to move`, true);
      this.spread = { from: sq, carry: Math.min(pos.height[sq]!, size), dir: -1, drops: [], at: sq };
      hint(`carrying ${this.spread.carry}: click the stack again to carry fewer, or a neighbouring square to drop`);
      return render();
    }
    const delta = pos.info.delta;
    if (s.drops.length === 0) {
      if (sq === s.from) {
        s.carry--;
        if (s.carry === 0) {
          this.spread = undefined;
          hint('');
        } else {
          hint(`carrying ${s.carry}`);
        }
        return render();
      }
      const dir = [0, 1, 2, 3].find((d) => s.from + delta[d]! === sq && this.sameLine(s.from, sq));
      if (dir === undefined) return void hint('drop on a square next to the stack, in a straight line', true);
      s.dir = dir;
      s.drops.push(1);
      s.at = sq;
    } else if (sq === s.at) {
      s.drops[s.drops.length - 1]!++;
    } else if (sq === s.at + delta[s.dir]! && this.sameLine(s.at, sq)) {
      s.drops.push(1);
      s.at = sq;
    } else {
      return void hint('drop on the same square again, or on the next one along the line', true);
    }
    const dropped = s.drops.reduce((a, b) => a + b, 0);
    if (dropped < s.carry) {
      hint(`${s.carry - dropped} left in hand`);
      return render();
    }
    const text = `${s.carry}${squareName(s.from, size)}${DIRS[s.dir]}${s.drops.join('')}`;
    this.spread = undefined;
    if (!this.hooks.tryPlay(text)) render();
  }

  /** Whether two neighbouring squares are on one rank or file (not across the board's edge). */
  private sameLine(a: number, b: number): boolean {
    const size = this.board.size;
    return Math.floor(a / size) === Math.floor(b / size) || a % size === b % size;
  }
}
