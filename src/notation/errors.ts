/** A malformed piece of notation (TPS, PTN move, PTN file, protocol line). The message names it. */
export class NotationError extends Error {
  override name = 'NotationError';
}
