// Networks of random weights for the accumulator and kernel tests (the equalities they test hold
// for any weights). `w2` bounds the output weights, so a test can push the output sum past 32 bits.
import { inputLayout } from '../../../src/eval/net/inputs.js';
import { parseNetwork, serializeNetwork, type Network, type NetworkData } from '../../../src/eval/net/network.js';
import { Rng } from '../../../src/math/rng.js';

export function randomNetData(size: number, hidden: number, seed: number, w2 = 400): NetworkData {
  const rng = new Rng(seed);
  const inputs = inputLayout(size).count;
  const r = (a: number) => rng.below(2 * a + 1) - a;
  return {
    size,
    residual: true,
    hidden,
    inputs,
    qa: 512,
    qb: 512,
    K: 200,
    b2: 0.01,
    W1: Int16Array.from({ length: inputs * hidden }, () => r(60)),
    b1: Int16Array.from({ length: hidden }, () => r(300)),
    W2: Int16Array.from({ length: 2 * hidden }, () => r(w2)),
  };
}

/** The same, as the engine loads it (through the file format). */
export function randomNet(size: number, hidden: number, seed: number, w2 = 400): Network {
  return parseNetwork(serializeNetwork(randomNetData(size, hidden, seed, w2)));
}
