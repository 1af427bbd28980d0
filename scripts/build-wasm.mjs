// Assembles src/eval/net/simd.wat (WebAssembly text) with wabt and embeds the bytes, as base64,
// in src/eval/net/simd.generated.ts, so that the bundle, the library and the web page carry them
// with no loader of their own: `npm run wasm` after editing the .wat. The generated file is
// committed (building the engine needs no wabt); test/eval/net/simd.test.ts checks it matches.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import wabt from 'wabt';

const root = new URL('../', import.meta.url);
const watPath = 'src/eval/net/simd.wat';
const outPath = 'src/eval/net/simd.generated.ts';

/** The module's bytes from the .wat text. */
export async function assembleSimd(text) {
  const w = await wabt();
  const mod = w.parseWat(watPath, text, { simd: true });
  try {
    mod.validate();
    return new Uint8Array(mod.toBinary({}).buffer);
  } finally {
    mod.destroy();
  }
}

/** The generated TypeScript for those bytes. */
export function generatedSource(bytes) {
  return [
    '// Written by `npm run wasm` (scripts/build-wasm.mjs) from simd.wat: the WebAssembly module of',
    '// the network arithmetic, as base64. Do not edit by hand.',
    `export const SIMD_WASM = '${Buffer.from(bytes).toString('base64')}';`,
    '',
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const bytes = await assembleSimd(readFileSync(new URL(watPath, root), 'utf8'));
  writeFileSync(new URL(outPath, root), generatedSource(bytes));
  console.error(`${outPath}: ${bytes.length} bytes of WebAssembly`);
}
