// Base64 to bytes, for what the engine embeds as text (the networks, nets.generated.ts; the
// WebAssembly kernels, simd.generated.ts): atob, there in Node and in browsers alike.
export function decodeBase64(s: string): Uint8Array {
  const bin = atob(s);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}
