// The Play Bredon card: a game against Bredon at a level, from its start to its end and review
// (review-view.ts). The game's rules without the page are game-mode.ts's; page.ts drives the
// engine and the board with this card's answers (whose turn it is, what undo takes back).

import { WHITE } from '../core/position.js';
import { BLACK_ROAD, ONGOING, REPETITION, resultText, resultWinner, WHITE_ROAD } from '../core/result.js';
import type { Board } from './board-state.js';
import { byId, setText } from './dom.js';
import { gamePtn, komiText, undoPlies, type GameSettings } from './game-mode.js';
import { ReviewPanel } from './review-view.js';

export class PlayCard {
  /** The game against Bredon, from its start; `over` once it has ended (the board is free again). */
  versus: { settings: GameSettings; over: boolean } | undefined;
  private readonly review = new ReviewPanel();
  private readonly showThinking = byId<HTMLInputElement>('show-thinking');

  constructor(private readonly board: Board) {}

  playing(): boolean {
    return this.versus !== undefined && !this.versus.over;
  }

  /** Whether Bredon is to move in a game under way. */
  engineToMove(): boolean {
    return this.playing() && this.board.result() === ONGOING && this.board.pos.side !== this.versus!.settings.player;
  }

  /** A game with the settings chosen on the card starts (the caller sets up its board). */
  begin(): GameSettings {
    const settings: GameSettings = {
      size: Number(byId<HTMLSelectElement>('play-size').value),
      halfKomi: Number(byId<HTMLSelectElement>('play-komi').value),
      player: Number(byId<HTMLSelectElement>('play-colour').value),
      level: Number(byId<HTMLSelectElement>('play-level').value),
    };
    this.versus = { settings, over: false };
    this.review.clear();
    return settings;
  }

  /** The plies undo takes back in the game under way (see undoPlies). */
  undoPlies(): number {
    return this.playing() ? undoPlies(this.board.game.moves.length, this.versus!.settings.player) : 0;
  }

  /** The game ends (on the board, or by the player's resignation: its PTN result): its result and review. */
  end(resignation: string | undefined): void {
    const v = this.versus!;
    v.over = true;
    const r = this.board.result();
    const ptnResult = resignation ?? resultText(r);
    const winner = resignation !== undefined ? v.settings.player ^ 1 : resultWinner(r);
    const how =
      resignation !== undefined ? ': you resigned'
      : r === WHITE_ROAD || r === BLACK_ROAD ? ' by a road'
      : r === REPETITION ? ' by repetition'
      : ' on flats';
    const text = winner < 0 ? `A draw${how} (${ptnResult})` : `${winner === v.settings.player ? 'You win' : 'Bredon wins'}${how} (${ptnResult})`;
    const moves = this.board.movesPtn();
    this.review.show(text, moves.length > 0 ? { ptn: gamePtn(v.settings, moves, ptnResult), side: v.settings.player } : undefined);
  }

  /** Whether the engine's lines are shown: always, except in a game unless asked for. */
  thinkingShown(): boolean {
    return !this.playing() || this.showThinking.checked;
  }

  render(): void {
    const on = this.playing();
    document.body.classList.toggle('thinking-hidden', !this.thinkingShown());
    this.showThinking.disabled = !on;
    byId<HTMLButtonElement>('play-undo').disabled = this.undoPlies() === 0;
    byId<HTMLButtonElement>('resign').disabled = !on;
    const turn = this.versus === undefined ? 'none' : !on ? 'over' : this.engineToMove() ? 'engine' : 'player';
    byId('play-card').dataset['turn'] = turn;
    setText('play-status', { none: 'choose and start', over: 'game over', engine: 'Bredon is thinking…', player: 'your move' }[turn]);
    const s = this.versus?.settings;
    const line = byId('play-game');
    line.hidden = s === undefined;
    if (s !== undefined) line.textContent = `Bredon at level ${s.level} · you ${on ? 'play' : 'played'} ${s.player === WHITE ? 'White' : 'Black'} · ${s.size}x${s.size}, komi ${komiText(s.halfKomi)}`;
  }
}
