// `--chat`: the bot's side of a conversation. A Tell is always answered, a Shout only when it
// names the bot (./chat.ts). A command (./commands.ts) takes effect at once and its answer, like
// the answer on how the game stands, goes out through the reply queue (./reply-queue.ts): at
// most one every chatIntervalMs, none dropped. The levels players choose are kept here, in memory
// while the bot runs, never stored. The greeting at a game's start says the game's level, since
// a seek has no field for it (README: size, clock, colour, komi, pieces, flags and opponent only).

import { MAX_LEVEL } from '../search/levels.js';
import { chatReply, mentions } from './chat.js';
import { badLevelText, helpText, levelQueryText, levelSetText, parseChatCommand, type ChatCommand } from './commands.js';
import { opponentOf, type LiveGame } from './live-game.js';
import type { Lobby } from './lobby.js';
import type { BotOptions, BotTiming } from './options.js';
import { formatShout, formatTell } from './protocol.js';
import { ReplyQueue, type ChatClock, type Reply } from './reply-queue.js';

export class Talk {
  /** Levels players chose in chat, by lower-case name. */
  private readonly levels = new Map<string, number>();
  private readonly replies: ReplyQueue;

  constructor(
    private readonly o: BotOptions,
    t: BotTiming,
    private readonly lobby: Lobby,
    /** The game being played, if any. */
    private readonly game: () => LiveGame | undefined,
    clock?: ChatClock,
  ) {
    this.replies = new ReplyQueue(t.chatIntervalMs, (r, text) => this.sendReply(r, text), (line) => o.log(line), clock);
  }

  /** The level of `player`'s games: the one chosen in chat, else --level. */
  levelFor(player: string): number {
    return this.levels.get(player.toLowerCase()) ?? this.o.level ?? MAX_LEVEL;
  }

  /** At a new game's start (with --chat): the game's level, told to the opponent. */
  greet(g: LiveGame): void {
    if (!this.o.chat) return;
    const strength = g.level >= MAX_LEVEL ? `full strength (level ${MAX_LEVEL} of ${MAX_LEVEL})` : `level ${g.level} of ${MAX_LEVEL}, with undos allowed`;
    this.lobby.send(formatTell(opponentOf(g), `Hello! I play you at ${strength}. Say "${this.lobby.name}: help" for my commands.`));
  }

  /** A Tell to the bot, or a Shout in the room. */
  onChat(kind: 'shout' | 'tell', player: string, text: string): void {
    const name = this.lobby.name;
    if (!this.o.chat || player === name || player === 'Server' || player === 'IRC') return;
    if (kind === 'shout' && !mentions(name, text)) return;
    const command = parseChatCommand(name, text, kind === 'tell');
    if (command !== undefined) {
      const answer = this.onCommand(player, command);
      return this.replies.push({ to: player, kind, key: answer, text: () => answer });
    }
    this.replies.push({ to: player, kind, key: 'status', text: () => this.status(player) });
  }

  /** The bot stops: answers still waiting are not sent (logged). */
  close(): void {
    const left = this.replies.clear();
    if (left > 0) this.o.log(`chat: ${left} answer${left === 1 ? '' : 's'} not sent: the bot is stopping`);
  }

  /** How the game stands, or what the bot waits for. */
  private status(player: string): string {
    const g = this.game();
    const game = g === undefined ? undefined : { no: g.no, opponent: opponentOf(g), plies: g.moves.length, evaluation: g.evaluation };
    return chatReply(game, this.o.seek, this.levelFor(player));
  }

  private sendReply(r: Reply, text: string): void {
    const sent = this.lobby.send(r.kind === 'tell' ? formatTell(r.to, text) : formatShout(`${r.to}: ${text}`));
    if (!sent) this.o.log(`chat: the answer to ${r.to} could not be sent (no connection)`);
  }

  /** Carries out a chat command of `player`; the answer. */
  private onCommand(player: string, command: ChatCommand): string {
    const level = this.levelFor(player);
    const name = this.lobby.name;
    switch (command.kind) {
      case 'help':
        return helpText(name, level);
      case 'bad-level':
        return badLevelText(command.text);
      case 'level-query':
        return levelQueryText(name, level);
      case 'level': {
        this.levels.set(player.toLowerCase(), command.level);
        const g = this.game();
        const playing = g !== undefined && opponentOf(g).toLowerCase() === player.toLowerCase();
        this.o.log(`${player} chose level ${command.level}${playing ? ' from the next game on' : ''}`);
        return levelSetText(command.level, playing ? g.level : undefined);
      }
    }
  }
}
