// A network evaluation's weights and their file format (nets/<size>x<size>-<hash>.bin).
//
// The network: inputs (inputs.ts) -> one hidden layer of H units per perspective (the
// accumulator, shared weights W1 and bias b1), clipped to [0, 1] -> one output from the
// mover's H units then the opponent's (W2, 2H weights) plus b2: a logit, White's expected
// score being sigmoid(logit) from the mover's view. The engine scores K * logit centiflats
// (K: the size's logistic scale, so that search margins keep their meaning). With the residual
// flag the network is a correction added to the linear evaluation (evaluate.ts).
//
// File, little-endian: "BNN1", u8 size, u8 flags (bit 0 residual), u16 H, u16 inputs, u16 QA,
// u16 QB, u16 0, f32 K, f32 b2, then i16 W1[inputs * H] (input-major), i16 b1[H], i16 W2[2H].
// Integers: a float weight w of W1/b1 is round(w * QA), of W2 round(w * QB), so a hidden unit's
// 1.0 is QA and the output sum is divided by QA * QB. The file's name carries its FNV-1a hash,
// which the loader checks.

export const NET_MAGIC = 'BNN1';
export const HEADER_BYTES = 24;
export const FLAG_RESIDUAL = 1;

export interface Network {
  readonly size: number;
  readonly residual: boolean;
  readonly hidden: number;
  readonly inputs: number;
  readonly qa: number;
  readonly qb: number;
  /** Centiflats per logit. */
  readonly K: number;
  /** Output bias, in logits. */
  readonly b2: number;
  readonly W1: Int16Array;
  readonly b1: Int16Array;
  readonly W2: Int16Array;
  /** FNV-1a 32 of the file, 8 hex digits. */
  readonly hash: string;
}

/** FNV-1a, 32 bits, as 8 lower-case hex digits. */
export function fnv1a(bytes: Uint8Array): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

/** The hash a network's name carries (`6x6-8791b2f9`, with or without `.bin`), or undefined. */
export function hashInName(name: string): string | undefined {
  return /-([0-9a-f]{8})(?:\.bin)?$/.exec(name)?.[1];
}

/** Reads a network file; throws naming what is wrong. `expectHash` (from the name) must match. */
export function parseNetwork(bytes: Uint8Array, expectHash?: string): Network {
  if (bytes.length < HEADER_BYTES) throw new Error(`network file too short (${bytes.length} bytes)`);
  const magic = String.fromCharCode(bytes[0]!, bytes[1]!, bytes[2]!, bytes[3]!);
  if (magic !== NET_MAGIC) throw new Error(`not a Bredon network file (magic '${magic}')`);
  const hash = fnv1a(bytes);
  if (expectHash !== undefined && hash !== expectHash) throw new Error(`network file hash ${hash} does not match its name (${expectHash})`);
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const size = v.getUint8(4);
  const flags = v.getUint8(5);
  const hidden = v.getUint16(6, true);
  const inputs = v.getUint16(8, true);
  const qa = v.getUint16(10, true);
  const qb = v.getUint16(12, true);
  const K = v.getFloat32(16, true);
  const b2 = v.getFloat32(20, true);
  const words = inputs * hidden + hidden + 2 * hidden;
  if (bytes.length !== HEADER_BYTES + 2 * words) {
    throw new Error(`network file has ${bytes.length} bytes, expected ${HEADER_BYTES + 2 * words} for ${inputs} inputs and ${hidden} hidden units`);
  }
  const all = new Int16Array(words);
  for (let i = 0; i < words; i++) all[i] = v.getInt16(HEADER_BYTES + 2 * i, true);
  return {
    size,
    residual: (flags & FLAG_RESIDUAL) !== 0,
    hidden,
    inputs,
    qa,
    qb,
    K,
    b2,
    W1: all.subarray(0, inputs * hidden),
    b1: all.subarray(inputs * hidden, inputs * hidden + hidden),
    W2: all.subarray(inputs * hidden + hidden),
    hash,
  };
}

export interface NetworkData {
  size: number;
  residual: boolean;
  hidden: number;
  inputs: number;
  qa: number;
  qb: number;
  K: number;
  b2: number;
  W1: Int16Array;
  b1: Int16Array;
  W2: Int16Array;
}

/** The file bytes of a network (inverse of parseNetwork). */
export function serializeNetwork(n: NetworkData): Uint8Array {
  const words = n.inputs * n.hidden + 3 * n.hidden;
  const bytes = new Uint8Array(HEADER_BYTES + 2 * words);
  const v = new DataView(bytes.buffer);
  for (let i = 0; i < 4; i++) bytes[i] = NET_MAGIC.charCodeAt(i);
  v.setUint8(4, n.size);
  v.setUint8(5, n.residual ? FLAG_RESIDUAL : 0);
  v.setUint16(6, n.hidden, true);
  v.setUint16(8, n.inputs, true);
  v.setUint16(10, n.qa, true);
  v.setUint16(12, n.qb, true);
  v.setFloat32(16, n.K, true);
  v.setFloat32(20, n.b2, true);
  let at = HEADER_BYTES;
  for (const a of [n.W1, n.b1, n.W2]) {
    for (let i = 0; i < a.length; i++, at += 2) v.setInt16(at, a[i]!, true);
  }
  return bytes;
}
