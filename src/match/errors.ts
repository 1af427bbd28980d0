/**
 * A match cannot go on or cannot start: a bad openings file, an engine that never completes the
 * TEI handshake, an option an engine does not offer. Printed as one line, no stack trace: the
 * command line (src/cli/main.ts) treats it as the user's input, like its own UsageError, which
 * it cannot extend (nothing below cli/ imports from it).
 */
export class MatchError extends Error {
  override name = 'MatchError';
}
