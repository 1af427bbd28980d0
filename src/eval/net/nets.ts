// Which network the engine plays with on each board size: the files `bredon train` wrote to
// nets/ and embedded in nets.generated.ts (base64, so that the bundle, the library and the web
// page carry them with no loader of their own). Each is checked against the hash in its name
// when first used. Sizes without one use the linear evaluation alone.

import { decodeBase64 } from './base64.js';
import { NETS } from './nets.generated.js';
import { hashInName, parseNetwork, type Network } from './network.js';

const loaded = new Map<number, Network | null>();

/** The network for a board size, or undefined when the size has none. */
export function networkFor(size: number): Network | undefined {
  let n = loaded.get(size);
  if (n === undefined) {
    const entry = (NETS as Record<number, { name: string; base64: string } | undefined>)[size];
    if (entry === undefined) n = null;
    else {
      n = parseNetwork(decodeBase64(entry.base64), hashInName(entry.name));
      if (n.size !== size) throw new Error(`network ${entry.name} is for ${n.size}x${n.size}, listed for ${size}x${size}`);
    }
    loaded.set(size, n);
  }
  return n ?? undefined;
}

/** The network's name (nets/<name>.bin) for a size, or 'none'. */
export function networkName(size: number): string {
  return (NETS as Record<number, { name: string } | undefined>)[size]?.name ?? 'none';
}
