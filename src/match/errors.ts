import { UsageError } from '../cli/errors.js';

/**
 * A match cannot go on or cannot start: a bad openings file, an engine that never completes the
 * TEI handshake, an option an engine does not offer. Printed as one line, no stack trace; it
 * extends UsageError so that the command line treats it as the user's input, not a bug.
 */
export class MatchError extends UsageError {
  override name = 'MatchError';
}
