/** An error the user made on the command line: printed as one line on stderr, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}
