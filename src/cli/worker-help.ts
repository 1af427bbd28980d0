// The usage and help of `bredon worker`, apart from the command (src/cli/worker.ts) so that the
// command table can list it without loading BullMQ.

import type { CommandHelp } from './help.js';

export const workerUsage =
  'bredon worker --queue redis://HOST[:PORT][/DB] --engine NAME=COMMAND [--engine NAME=COMMAND]... [--concurrency N] [--nps N] [--stall-seconds S]';

/** The depth of the speed measurement at start (a fraction of a second), and its use for clock scaling. */
export const SPEED_BENCH_DEPTH = 5;

export const workerHelp: CommandHelp = {
  about:
    'Plays games for matches and self-play runs queued in Redis (bredon match --queue, bredon selfplay --queue),\n' +
    'on as many machines as run it. It runs only the engines its own --engine options name: a job names an\n' +
    'engine, never a command. It announces each engine (id name, id version and a hash of its file) and\n' +
    'measures its speed (bench nodes per second) at start, for matches that scale clocks by speed.',
  options: [
    '  --queue URL            the Redis: redis://[:PASSWORD@]HOST[:PORT][/DB], or rediss:// for TLS (the',
    '                         password is never printed)',
    '  --engine NAME=COMMAND  an engine this worker offers under NAME (repeatable); the command line is',
    "                         split like a shell does. Every worker also offers 'self': its own Bredon, which",
    '                         plays self-play runs (and may play matches: --engine self)',
    '  --concurrency N        games at once, each with its own engine processes (default 1; at most the cores)',
    `  --nps N                this machine's speed in bredon bench --depth ${SPEED_BENCH_DEPTH} nodes per second, instead of measuring it`,
    '  --stall-seconds S      how long the job of a worker that died waits before another plays it (default 30)',
  ],
  examples: [
    'bredon worker --queue redis://10.0.0.5:6379 --engine new="node new/bredon.js" --engine old="node old/bredon.js" --concurrency 2',
    'bredon worker --queue redis://:secret@10.0.0.5/1 --engine bredon="node dist/bredon.js" --engine tiltak=./tiltak',
  ],
};
