// Help for every subcommand, given once by main.ts from the command table, so that a command
// added to the table answers `--help`, `-h` and `bredon help <command>` without code of its own,
// and an unknown option gets one line that names it and says how to find the usage.

/** What `bredon <command> --help` says beyond the usage line. */
export interface CommandHelp {
  /** What the command does, in a sentence or two. */
  about: string;
  /** One line per option: `  --name VALUE   what it does`. */
  options?: readonly string[];
  /** Command lines to copy, at least one. */
  examples: readonly string[];
}

/** Whether argv asks for help: `--help` or `-h` anywhere before a `--` (after it, they are values). */
export function wantsHelp(argv: readonly string[]): boolean {
  for (const arg of argv) {
    if (arg === '--') return false;
    if (arg === '--help' || arg === '-h') return true;
  }
  return false;
}

/** The text of `bredon <command> --help`. */
export function formatHelp(usage: string, help: CommandHelp): string {
  const lines = [`usage: ${usage}`, '', help.about];
  if (help.options !== undefined && help.options.length > 0) lines.push('', 'options:', ...help.options);
  lines.push('', help.examples.length === 1 ? 'example:' : 'examples:', ...help.examples.map((e) => `  ${e}`));
  return lines.join('\n');
}

/**
 * The one line for an unknown option (node:util's parseArgs error ERR_PARSE_ARGS_UNKNOWN_OPTION),
 * or undefined for any other error. Its own message suggests `--` for a positional that starts
 * with a dash, which is no help to someone who mistyped an option.
 */
export function unknownOptionLine(e: unknown, name: string, usage: string): string | undefined {
  if ((e as { code?: unknown } | null)?.code !== 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return undefined;
  const option = /'([^']*)'/.exec((e as Error).message)?.[1] ?? '?';
  return `unknown option '${option}'; usage: ${usage} (more: bredon ${name} --help)`;
}
