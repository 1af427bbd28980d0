// The bot's chat answers, at most one per interval (BotTiming.chatIntervalMs, 5 s), so that a bot
// never floods the room. An answer asked for sooner waits its turn, in the order asked, instead of
// being dropped: every command gets its answer. A question repeated while its answer still
// waits gets that one answer; a player with MAX_WAITING answers waiting gets no more until one
// goes (logged), so that a player cannot queue minutes of the bot's chat.

/** Time and timers: the real ones, or a test's. */
export interface ChatClock {
  now(): number;
  /** Calls `f` after `ms`; the returned function cancels it. */
  after(ms: number, f: () => void): () => void;
}

export const REAL_CLOCK: ChatClock = {
  now: () => performance.now(),
  after: (ms, f) => {
    const t = setTimeout(f, ms);
    return () => clearTimeout(t);
  },
};

export interface Reply {
  /** The player answered: by a Tell, or by a Shout that names them. */
  to: string;
  kind: 'tell' | 'shout';
  /** The same key to the same player, waiting, is one answer: a command's answer text, or `status`. */
  key: string;
  /** The answer, made when it goes out (so that how a game stands is up to date). */
  text: () => string;
}

/** The most answers one player may have waiting. */
export const MAX_WAITING = 3;

export class ReplyQueue {
  private readonly waiting: Reply[] = [];
  private lastSentAt = -Infinity;
  private cancel: (() => void) | undefined;

  constructor(
    private readonly intervalMs: number,
    private readonly send: (reply: Reply, text: string) => void,
    private readonly log: (line: string) => void,
    private readonly clock: ChatClock = REAL_CLOCK,
  ) {}

  /** Answers waiting to go out. */
  get size(): number {
    return this.waiting.length;
  }

  /** Sends the answer now if the interval allows, else when it does. */
  push(reply: Reply): void {
    const same = (w: Reply) => w.to === reply.to;
    if (this.waiting.some((w) => same(w) && w.kind === reply.kind && w.key === reply.key)) return;
    if (this.waiting.filter(same).length >= MAX_WAITING) {
      this.log(`chat: ${reply.to} already has ${MAX_WAITING} answers waiting: not answering '${reply.key.slice(0, 40)}'`);
      return;
    }
    this.waiting.push(reply);
    this.pump();
  }

  /** Forgets what waits (the bot stops); how many answers were waiting. */
  clear(): number {
    this.cancel?.();
    this.cancel = undefined;
    return this.waiting.splice(0).length;
  }

  private pump(): void {
    if (this.cancel !== undefined) return;
    while (this.waiting.length > 0) {
      const wait = this.lastSentAt + this.intervalMs - this.clock.now();
      if (wait > 0) {
        this.cancel = this.clock.after(wait, () => {
          this.cancel = undefined;
          this.pump();
        });
        return;
      }
      const reply = this.waiting.shift()!;
      this.lastSentAt = this.clock.now();
      this.send(reply, reply.text());
    }
  }
}
