// The puzzle card: the set of a size fetched from puzzles/<N>x<N>.jsonl (the build copies
// data/puzzles/ there), the task, the player's rating, and Hint (the square to play on or move from) / Solution / Next. The card
// judges the player's moves (puzzle-play.ts) and asks the page to play them and Bredon's
// defences on the board; the page tells it when a move is tried while a puzzle is on.

import { isSpread } from '../core/move.js';
import { squareName } from '../core/sizes.js';
import { parsePuzzleFile, puzzleTask, type Puzzle } from '../puzzles/format.js';
import { byId, setText } from './dom.js';
import { PuzzleRun } from './puzzle-play.js';
import { loadRecord, pickPuzzle, rated, saveRecord, type PuzzleRecord } from './puzzle-rating.js';

/** What the card needs of the page. */
export interface PuzzleHost {
  /** Why the board cannot take a puzzle now (a game is on), or undefined. */
  busy(): string | undefined;
  /** Sets the board up at the puzzle's position. */
  show(p: Puzzle): void;
  /** Plays a move on the board. */
  play(move: number): void;
}

const DEFENCE_PAUSE_MS = 400;

export class PuzzleCard {
  private sets = new Map<number, Puzzle[]>();
  private run: PuzzleRun | undefined;
  private index = -1;
  /** Whether this attempt still counts as unaided: a wrong move, hint or solution ends that. */
  private clean = true;
  private done = false;
  /** Bredon's defence, waiting its pause; cancelled when the puzzle changes. */
  private defenceTimer: ReturnType<typeof setTimeout> | undefined;
  private record: PuzzleRecord;

  constructor(private readonly host: PuzzleHost) {
    this.record = loadRecord(globalThis.localStorage);
    byId('puzzle-next').addEventListener('click', () => void this.next());
    byId('puzzle-hint').addEventListener('click', () => this.hint());
    byId('puzzle-solution').addEventListener('click', () => this.solution());
    this.showRating();
  }

  /** Whether a puzzle is on the board: the page sends moves here. */
  active(): boolean {
    return this.run !== undefined && !this.done;
  }

  /** Leaves puzzle mode (a new game or a loaded one took the board). */
  leave(): void {
    this.cancelDefence();
    this.run = undefined;
    byId('puzzle-card').dataset['puzzle'] = '';
    this.say('', '');
  }

  async next(): Promise<void> {
    const busy = this.host.busy();
    if (busy !== undefined) return this.say(busy, 'bad');
    const size = Number(byId<HTMLSelectElement>('puzzle-size').value);
    let set = this.sets.get(size);
    if (set === undefined) {
      try {
        const r = await fetch(`puzzles/${size}x${size}.jsonl`);
        if (!r.ok) throw new Error(`no ${size}x${size} puzzles here (${r.status})`);
        set = parsePuzzleFile(await r.text());
        this.sets.set(size, set);
      } catch (e) {
        return this.say(`Puzzles could not be loaded: ${(e as Error).message}`, 'bad');
      }
    }
    const p = pickPuzzle(set, this.record, this.index);
    if (p === undefined) return this.say('No puzzle left of this size', 'bad');
    this.index = set.indexOf(p);
    this.cancelDefence();
    this.run = new PuzzleRun(p);
    this.clean = true;
    this.done = false;
    this.host.show(p);
    byId('puzzle-card').dataset['puzzle'] = p.id;
    setText('puzzle-task', `${puzzleTask(p)} (puzzle ${p.id}, rated ${p.rating})`);
    this.say('Your move', '');
  }

  /** The player's move, legal here: played when right, refused when not. */
  tryMove(move: number): boolean {
    const run = this.run;
    if (run === undefined || this.done || this.defenceTimer !== undefined) return false;
    const v = run.judge(move);
    if (v.kind === 'wrong') {
      this.fail();
      this.say('Not the move: try again, or ask for a hint or the solution', 'bad');
      return false;
    }
    this.host.play(move);
    if (v.kind === 'solved') return this.finish(), true;
    this.say('Right. Bredon answers...', 'good');
    this.defenceTimer = setTimeout(() => {
      this.defenceTimer = undefined;
      this.host.play(v.defence);
      this.say('Right: your move again', 'good');
    }, DEFENCE_PAUSE_MS);
    return true;
  }

  private cancelDefence(): void {
    if (this.defenceTimer !== undefined) clearTimeout(this.defenceTimer);
    this.defenceTimer = undefined;
  }

  private hint(): void {
    if (!this.active()) return;
    this.fail();
    const m = this.run!.nextMove()!;
    const sq = squareName(m & 63, this.run!.puzzle.size);
    this.say(isSpread(m) ? `Hint: move the stack on ${sq}` : `Hint: place on ${sq}`, '');
  }

  private solution(): void {
    if (this.run === undefined) return;
    this.fail();
    this.say(`Solution: ${this.run.solutionText()}`, '');
  }

  /** The first attempt failed: rated once as a loss. */
  private fail(): void {
    if (!this.clean || this.run === undefined) return;
    this.clean = false;
    this.rate(false);
  }

  private finish(): void {
    this.done = true;
    if (this.clean) this.rate(true);
    this.clean = false;
    this.say('Solved!', 'good');
  }

  private rate(won: boolean): void {
    const p = this.run!.puzzle;
    if (this.record.tried.includes(p.id)) return;
    this.record = { rating: rated(this.record.rating, p.rating, won), tried: [...this.record.tried, p.id] };
    saveRecord(globalThis.localStorage, this.record);
    this.showRating();
  }

  private showRating(): void {
    setText('puzzle-rating', `your rating ${this.record.rating} (${this.record.tried.length} tried)`);
  }

  private say(text: string, tone: '' | 'good' | 'bad'): void {
    const el = byId('puzzle-status');
    el.textContent = text;
    el.className = `puzzle-status ${tone}`;
  }
}
