// The engines a worker offers: `--engine NAME=COMMAND` from its own command line (the only
// commands it will ever run), each identified once at start by its TEI handshake (`id name`,
// `id version`) and the SHA-256 of its file, so that a match can refuse a machine whose engine
// of the same name is another build.

import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';
import { CommandLineError, splitCommandLine } from '../match/command-line.js';
import { EngineFailure, TeiEngine, type Timeouts } from '../match/tei-engine.js';
import type { EngineBuild } from './jobs.js';

export interface Offer {
  name: string;
  command: string;
  argv: string[];
  build: EngineBuild;
}

const NAME_RE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** `NAME=COMMAND`; throws Error with a one-line message. */
export function parseOffer(text: string): { name: string; command: string; argv: string[] } {
  const at = text.indexOf('=');
  if (at <= 0) throw new Error(`--engine takes NAME=COMMAND (e.g. bredon="node dist/bredon.js"), got '${text}'`);
  const name = text.slice(0, at).trim();
  const command = text.slice(at + 1).trim();
  if (!NAME_RE.test(name)) throw new Error(`--engine: the name '${name}' must be letters, digits, '.', '_' or '-' (at most 64)`);
  if (command === '') throw new Error(`--engine ${name}= needs a command`);
  try {
    return { name, command, argv: splitCommandLine(command) };
  } catch (e) {
    if (e instanceof CommandLineError) throw new Error(`--engine ${name}: ${e.message}`);
    throw e;
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** A program named without a slash, looked up on PATH as a shell would. */
function onPath(program: string): string | null {
  if (program.includes('/')) return isFile(program) ? program : null;
  for (const dir of (process.env['PATH'] ?? '').split(delimiter)) {
    if (dir === '') continue;
    const p = join(dir, program);
    if (isFile(p)) return p;
  }
  return null;
}

/**
 * The file that is the engine: the first argument that names a file (the script an interpreter
 * runs: `node dist/bredon.js`), else the program itself. Null when neither is found.
 */
export function engineFile(argv: readonly string[]): string | null {
  const script = argv.slice(1).find((a) => !a.startsWith('-') && (isAbsolute(a) || a.includes('/') || a.includes('.')) && isFile(a));
  if (script !== undefined) return script;
  return onPath(argv[0]!);
}

export function fileHash(path: string): string | undefined {
  if (!existsSync(path)) return undefined;
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

/** Starts each engine once for its handshake and hashes its file. Throws Error naming the engine that failed. */
export async function identifyOffers(
  specs: { name: string; command: string; argv: string[] }[],
  timeouts: Timeouts,
  log: (message: string) => void,
): Promise<Offer[]> {
  const offers: Offer[] = [];
  for (const spec of specs) {
    const engine = new TeiEngine({ index: 0, command: spec.command, argv: spec.argv, setoptions: [] }, timeouts, log);
    let identity;
    try {
      identity = await engine.handshake();
    } catch (e) {
      if (e instanceof EngineFailure) throw new Error(`engine ${spec.name} ('${spec.command}') ${e.message}`);
      throw e;
    } finally {
      await engine.shutdown();
    }
    const file = engineFile(spec.argv);
    const build: EngineBuild = { name: spec.name, idName: identity.name, idVersion: identity.version };
    if (file !== null) {
      build.hash = fileHash(file);
      build.file = file;
    }
    offers.push({ ...spec, build });
  }
  return offers;
}
