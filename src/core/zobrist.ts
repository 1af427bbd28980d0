// Zobrist keys: 64-bit, kept as two 32-bit halves, drawn from a fixed-seed generator so that
// every run and every machine hashes the same position to the same key.
//
// A position's key XORs together:
//   - PIECE[sq][level][colour] for every piece in every stack (colour only: buried pieces are flats),
//   - TOP[sq][code] for the top piece of each non-empty stack (this tells flat, wall and cap apart),
//   - SIDE when Black is to move.

export const MAX_LEVELS = 256; // stack heights live in a Uint8Array

function splitmix32(seed: number): () => number {
  let s = seed | 0;
  return () => {
    s = (s + 0x9e3779b9) | 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

const next = splitmix32(0x7ad1b3ed);

/** PIECE[((sq * MAX_LEVELS + level) * 2 + colour) * 2 + half] */
export const Z_PIECE = new Uint32Array(64 * MAX_LEVELS * 2 * 2);
/** TOP[(sq * 8 + code) * 2 + half]; code 0 (empty) is left zero. */
export const Z_TOP = new Uint32Array(64 * 8 * 2);
export const Z_SIDE = new Uint32Array(2);

for (let i = 0; i < Z_PIECE.length; i++) Z_PIECE[i] = next();
for (let sq = 0; sq < 64; sq++) {
  for (let code = 2; code < 8; code++) {
    Z_TOP[(sq * 8 + code) * 2] = next();
    Z_TOP[(sq * 8 + code) * 2 + 1] = next();
  }
}
Z_SIDE[0] = next();
Z_SIDE[1] = next();
