// The logistic function, which turns a score in logits (centiflats / K) into White's expected
// score: the tuner's model (src/tune/model.ts) and the network trainer's targets
// (src/train/samples.ts).

export function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}
