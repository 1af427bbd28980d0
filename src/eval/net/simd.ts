// The network accumulators' arithmetic in WebAssembly SIMD (simd.wat): the same integers as the
// JavaScript loops, four lanes a step. Each accumulator gets its own instance, whose memory holds
// the network's weights and the accumulators themselves (accumulator.ts views it as an
// Int32Array), so the search calls a kernel with offsets and no copying. Where WebAssembly SIMD is
// missing (an old browser), or the network does not fit the kernels, none is made and the
// accumulator keeps its JavaScript loops.

import { decodeBase64 } from './base64.js';
import type { Network } from './network.js';
import { SIMD_WASM } from './simd.generated.js';

// The little of the WebAssembly API used here (Node's types do not declare it; the DOM's do).
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface WasmApi {
  validate(bytes: Uint8Array): boolean;
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { readonly exports: Record<string, unknown> };
}
const wasm = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;

export interface SimdKernels {
  /** W1 at byte 0, W2 at w2At, the accumulators at accAt. */
  readonly memory: WasmMemory;
  readonly w2At: number;
  readonly accAt: number;
  pair(dst: number, src: number, p0: number, m0: number, p1: number, m1: number, n: number): void;
  add(dst: number, src: number, w0: number, w1: number, n: number): void;
  sub(dst: number, src: number, w0: number, w1: number, n: number): void;
  row(dst: number, after: number, before: number, n: number): void;
  out(us: number, them: number, w2: number, qa: number, n: number): number;
}

let compiled: object | null | undefined;

/** The compiled module, or null where this runtime has no WebAssembly SIMD. */
function simdModule(): object | null {
  if (compiled === undefined) {
    let mod: object | null = null;
    try {
      const bytes = decodeBase64(SIMD_WASM);
      if (wasm !== undefined && wasm.validate(bytes)) mod = new wasm.Module(bytes);
    } catch {
      mod = null;
    }
    compiled = mod;
  }
  return compiled;
}

const align16 = (x: number): number => (x + 15) & ~15;

/**
 * Kernels for `net` with room for `accumulators` 32-bit accumulators, the weights copied in; or
 * undefined when there is no WebAssembly SIMD here, H is not a multiple of 4 (the kernels take
 * four lanes a step), or the output sum could leave 32 bits (2H * qa * max |W2| >= 2^31).
 */
export function simdKernels(net: Network, accumulators: number): SimdKernels | undefined {
  if (net.hidden % 4 !== 0) return undefined;
  let w2Max = 0;
  for (let j = 0; j < net.W2.length; j++) w2Max = Math.max(w2Max, Math.abs(net.W2[j]!));
  if (2 * net.hidden * net.qa * w2Max >= 2 ** 31) return undefined;
  const mod = simdModule();
  if (mod === null || wasm === undefined) return undefined;
  const w2At = align16(net.W1.length * 2);
  const accAt = align16(w2At + net.W2.length * 2);
  const bytes = accAt + accumulators * 4;
  const instance = new wasm.Instance(mod, {});
  const e = instance.exports as unknown as Omit<SimdKernels, 'memory' | 'w2At' | 'accAt'> & { mem: WasmMemory };
  const memory = e.mem;
  const pages = Math.ceil(bytes / 65536);
  if (pages > memory.buffer.byteLength / 65536) memory.grow(pages - memory.buffer.byteLength / 65536);
  new Int16Array(memory.buffer, 0, net.W1.length).set(net.W1);
  new Int16Array(memory.buffer, w2At, net.W2.length).set(net.W2);
  return { memory, w2At, accAt, pair: e.pair, add: e.add, sub: e.sub, row: e.row, out: e.out };
}
