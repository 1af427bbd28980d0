// A tiny TEI engine for the match runner's tests: the protocol loop and the board. What it plays,
// and how it misbehaves, is given by the fake that calls runFake (random.mjs, crash.mjs, ...).
//
// The rules come from Bredon's own core, bundled by the tests into one ES module whose path is
// in the environment variable BREDON_FAKE_RULES (test/match/helpers.ts, beforeAll). Plain .mjs
// cannot import the TypeScript sources, and dist/bredon.js is a program, not a library; a bundle
// made with esbuild's API takes ~50 ms and does not depend on anyone else's work being finished.
//
// Common arguments: --log FILE appends "<pid> <line>" for every line received (and "<pid> start")
// so tests can check what the runner sent; --name NAME sets `id name`; --no-halfkomi leaves the
// HalfKomi option out; --no-readyok never answers `isready`.

import { appendFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

const rulesPath = process.env.BREDON_FAKE_RULES;
if (!rulesPath) {
  process.stderr.write('tei-fake: BREDON_FAKE_RULES is not set\n');
  process.exit(2);
}
export const rules = await import(pathToFileURL(rulesPath).href);

export function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}

export function flag(name) {
  return process.argv.includes(`--${name}`);
}

export function send(line) {
  process.stdout.write(line + '\n');
}

export function randomLegalMove(pos) {
  const moves = rules.legalMoves(pos);
  return moves[Math.floor(Math.random() * moves.length)];
}

/** A legal move in canonical PTN with an `info` line before it (score: flat difference). */
export function playRandom(state) {
  const move = randomLegalMove(state.pos);
  const me = state.pos.side;
  const cp = 100 * (rules.flatCount(state.pos, me) - rules.flatCount(state.pos, 1 - me));
  const text = rules.formatMove(move, state.pos.size);
  send(`info depth 1 seldepth 1 score cp ${cp} nodes 1 nps 1 time 0 pv ${text}`);
  return text;
}

/**
 * Runs the TEI loop. `onGo(state, go)` is called for every `go`; it returns the move text to
 * print as `bestmove`, or undefined when it answers by itself (then `state.pending` may hold a
 * function called on `stop`). state: { pos, size, halfKomi, goCount, options }.
 */
export function runFake({ name, onGo }) {
  const log = arg('log');
  const record = (line) => {
    if (log) appendFileSync(log, `${process.pid} ${line}\n`);
  };
  record('start');
  const state = { pos: null, size: 0, halfKomi: 0, goCount: 0, options: {}, pending: null };
  const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
  rl.on('line', (raw) => {
    record(raw);
    const line = raw.trim();
    const words = line.split(/\s+/);
    switch (words[0]) {
      case 'tei':
        send(`id name ${arg('name', name)}`);
        send('id author the Bredon tests');
        if (!flag('no-halfkomi')) send('option name HalfKomi type spin default 0 min -10 max 10');
        send('option name Hash type spin default 16 min 1 max 1024');
        send('option name Style type combo default calm var calm var wild');
        send('teiok');
        break;
      case 'setoption': {
        const m = /^setoption name (.+) value (.*)$/.exec(line);
        if (m) {
          state.options[m[1]] = m[2];
          if (m[1] === 'HalfKomi') state.halfKomi = Number(m[2]);
        }
        break;
      }
      case 'teinewgame':
        state.size = Number(words[words.length - 1]);
        state.pos = rules.parseTps(rules.startTps(state.size));
        break;
      case 'isready':
        if (!flag('no-readyok')) send('readyok');
        break;
      case 'position': {
        const movesAt = words.indexOf('moves');
        const head = movesAt < 0 ? words.slice(1) : words.slice(1, movesAt);
        const moves = movesAt < 0 ? [] : words.slice(movesAt + 1).filter((w) => w !== '');
        state.pos = head[0] === 'startpos' ? rules.parseTps(rules.startTps(state.size)) : rules.parseTps(head.slice(1).join(' '));
        for (const m of moves) rules.makeMove(state.pos, rules.parseMove(m, state.pos.size));
        break;
      }
      case 'go': {
        state.goCount++;
        const go = {};
        for (let i = 1; i + 1 < words.length; i += 2) go[words[i]] = Number(words[i + 1]);
        const move = onGo(state, go);
        if (move !== undefined) send(`bestmove ${move}`);
        break;
      }
      case 'stop':
        if (state.pending) {
          const p = state.pending;
          state.pending = null;
          p();
        }
        break;
      case 'quit':
        process.exit(0);
        break;
      default:
        break;
    }
  });
  rl.on('close', () => process.exit(0));
}
