/** An error the user made on the command line: printed as one line on stderr, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** Parses a whole number option, naming the option when it is not one. */
export function intOption(name: string, value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^-?[0-9]+$/.test(value.trim())) throw new UsageError(`--${name} must be a whole number, got '${value}'`);
  const n = Number(value);
  if (n < min || n > max) throw new UsageError(`--${name} must be from ${min} to ${max}, got ${n}`);
  return n;
}
