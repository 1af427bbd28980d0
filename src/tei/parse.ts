// A TEI line in, a command out. Pure: no I/O, no state, never throws (a malformed line becomes
// an `error` command whose message says what is wrong), so it can be fuzzed with any string.
//
// Only the syntax is checked here. Meaning is the session's business: whether a TPS or a move is
// valid (that needs the board), whether an option exists or a size is supported.

export interface GoParams {
  wtime?: number;
  btime?: number;
  winc?: number;
  binc?: number;
  movestogo?: number;
  movetime?: number;
  depth?: number;
  nodes?: number;
  mate?: number;
  infinite: boolean;
  ponder: boolean;
  /** Moves after `searchmoves` (accepted, not used). */
  searchmoves: string[];
  /** Unknown words, ignored (kept to mention them in an `info string`). */
  ignored: string[];
}

/** A `go` line that could not be read still owes its client a `bestmove`: this one searches nothing. */
export const UNREADABLE_GO: Readonly<GoParams> = Object.freeze({ infinite: false, ponder: false, searchmoves: [], ignored: [] });

export type Command =
  | { kind: 'tei' }
  | { kind: 'isready' }
  | { kind: 'setoption'; name: string; value: string | undefined }
  | { kind: 'teinewgame'; size?: number; halfKomi?: number }
  /** `tps` undefined means `startpos`. */
  | { kind: 'position'; tps?: string; moves: string[] }
  | { kind: 'go'; go: GoParams }
  | { kind: 'stop' }
  | { kind: 'ponderhit' }
  | { kind: 'quit' }
  | { kind: 'debug'; on: boolean }
  /** `go` set when the line was a `go` (it is answered with a `bestmove` all the same). */
  | { kind: 'error'; message: string; go?: true };

const INTEGER = /^[+-]?[0-9]+$/;
const DECIMAL = /^[+-]?[0-9]+(\.[0-9]+)?$/;
const GO_NUMBERS = ['wtime', 'btime', 'winc', 'binc', 'movestogo', 'movetime', 'depth', 'nodes', 'mate'] as const;
type GoNumber = (typeof GO_NUMBERS)[number];
const GO_KEYWORDS = new Set<string>([...GO_NUMBERS, 'infinite', 'ponder', 'searchmoves']);

function error(message: string): Command {
  return { kind: 'error', message };
}

/** A whole number that is safe to compute with, or undefined. */
function integer(token: string | undefined): number | undefined {
  if (token === undefined || !INTEGER.test(token)) return undefined;
  const n = Number(token);
  return Number.isSafeInteger(n) ? n : undefined;
}

/** A number for a `go` field; a fraction (some clients send them for times) is rounded down. */
function goNumber(token: string | undefined): number | undefined {
  if (token === undefined || !DECIMAL.test(token)) return undefined;
  const n = Math.floor(Number(token));
  return Number.isSafeInteger(n) ? n : undefined;
}

/** Shortens a line for an error message (a 1000-ply `position` line is not worth echoing). */
export function excerpt(text: string, max = 60): string {
  return text.length <= max ? text : `${text.slice(0, max - 3)}...`;
}

export function parseLine(line: string): Command {
  const tokens = line.trim().split(/\s+/).filter((t) => t !== '');
  const [head, ...rest] = tokens;
  if (head === undefined) return error('empty line');
  switch (head) {
    case 'tei':
    case 'isready':
    case 'stop':
    case 'ponderhit':
    case 'quit':
      if (rest.length > 0) return error(`'${head}' takes no arguments, got '${excerpt(rest.join(' '))}'`);
      return { kind: head };
    case 'setoption':
      return parseSetOption(rest);
    case 'teinewgame':
      return parseNewGame(rest);
    case 'position':
      return parsePosition(rest);
    case 'go':
      return parseGo(rest);
    case 'debug':
      if (rest.length === 1 && (rest[0] === 'on' || rest[0] === 'off')) return { kind: 'debug', on: rest[0] === 'on' };
      return error(`'debug' takes 'on' or 'off', got '${excerpt(rest.join(' '))}'`);
    case 'uci':
    case 'ucinewgame':
      return error(`unknown command '${head}': this engine speaks TEI (send 'tei', 'teinewgame <size>')`);
    default:
      return error(`unknown command '${excerpt(head, 30)}'`);
  }
}

/** `setoption name <name words> [value <value words>]`; option names may contain spaces. */
function parseSetOption(rest: string[]): Command {
  if (rest[0] !== 'name') return error(`setoption needs 'name <option>', got '${excerpt(rest.join(' '))}'`);
  const valueAt = rest.indexOf('value');
  const nameWords = rest.slice(1, valueAt < 0 ? undefined : valueAt);
  if (nameWords.length === 0) return error('setoption has no option name');
  const value = valueAt < 0 ? undefined : rest.slice(valueAt + 1).join(' ');
  return { kind: 'setoption', name: nameWords.join(' '), value };
}

/** `teinewgame`, `teinewgame <size>` or `teinewgame size <size> halfkomi <k>` (keys in any order). */
function parseNewGame(rest: string[]): Command {
  if (rest.length === 0) return { kind: 'teinewgame' };
  if (rest.length === 1) {
    const size = integer(rest[0]);
    if (size === undefined) return error(`teinewgame size must be a whole number, got '${excerpt(rest[0]!, 20)}'`);
    return { kind: 'teinewgame', size };
  }
  const cmd: { kind: 'teinewgame'; size?: number; halfKomi?: number } = { kind: 'teinewgame' };
  for (let i = 0; i < rest.length; i += 2) {
    const key = rest[i]!;
    const raw = rest[i + 1];
    if (key !== 'size' && key !== 'halfkomi') return error(`teinewgame: unknown field '${excerpt(key, 20)}' (expected size or halfkomi)`);
    const n = integer(raw);
    if (n === undefined) return error(`teinewgame ${key} must be a whole number, got '${excerpt(raw ?? '', 20)}'`);
    if (key === 'size') cmd.size = n;
    else cmd.halfKomi = n;
  }
  return cmd;
}

/** `position startpos [moves ...]` or `position tps <rows> <side> <number> [moves ...]`. */
function parsePosition(rest: string[]): Command {
  const [kind, ...after] = rest;
  const movesAt = after.indexOf('moves');
  const before = movesAt < 0 ? after : after.slice(0, movesAt);
  const moves = movesAt < 0 ? [] : after.slice(movesAt + 1);
  if (kind === 'startpos') {
    if (before.length > 0) return error(`position startpos: unexpected '${excerpt(before.join(' '))}' (expected 'moves')`);
    return { kind: 'position', moves };
  }
  if (kind === 'tps') {
    if (before.length === 0) return error('position tps: the TPS is missing');
    return { kind: 'position', tps: before.join(' '), moves };
  }
  if (kind === undefined) return error("position needs 'startpos' or 'tps <TPS>'");
  return error(`position needs 'startpos' or 'tps <TPS>', got '${excerpt(kind, 30)}'`);
}

/** `go` with UCI fields; unknown words are ignored, a known field with a bad value is an error. */
function parseGo(rest: string[]): Command {
  const go: GoParams = { infinite: false, ponder: false, searchmoves: [], ignored: [] };
  for (let i = 0; i < rest.length; i++) {
    const word = rest[i]!;
    if ((GO_NUMBERS as readonly string[]).includes(word)) {
      const n = goNumber(rest[i + 1]);
      if (n === undefined) {
        const got = rest[i + 1];
        return { kind: 'error', message: `go ${word} needs a number, got ${got === undefined ? 'nothing' : `'${excerpt(got, 20)}'`}`, go: true };
      }
      go[word as GoNumber] = n;
      i++;
    } else if (word === 'infinite') {
      go.infinite = true;
    } else if (word === 'ponder') {
      go.ponder = true;
    } else if (word === 'searchmoves') {
      while (i + 1 < rest.length && !GO_KEYWORDS.has(rest[i + 1]!)) go.searchmoves.push(rest[++i]!);
    } else {
      go.ignored.push(word);
    }
  }
  return { kind: 'go', go };
}
