// Compiles the AssemblyScript rules core (src/wasm/assembly/) to WebAssembly and embeds
// the bytes, as base64, in src/wasm/rules.generated.ts: `npm run asc` after editing it. The
// generated file is committed, so building the engine needs no compiler run; test/wasm/rules.test.ts
// checks that it matches a fresh compile.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import asc from 'assemblyscript/asc';

const root = new URL('../', import.meta.url);
const source = 'src/wasm/assembly/index.ts';
const outPath = 'src/wasm/rules.generated.ts';

// --runtime stub: the core allocates its arrays at start-up (and a network's once) and never frees; unchecked
// array reads (the TypeScript side hands it only squares and moves of the board it set up); the
// accumulators' arithmetic in SIMD, as the engine's own kernels.
export const ASC_FLAGS = ['-O3', '--runtime', 'stub', '--noAssert', '--uncheckedBehavior', 'always', '--enable', 'simd'];

/** The module's bytes, compiled from the sources. */
export async function compileRules() {
  let bytes;
  const { error, stderr } = await asc.main([fileURLToPath(new URL(source, root)), ...ASC_FLAGS, '--outFile', 'rules.wasm'], {
    writeFile(name, contents) {
      if (name.endsWith('.wasm')) bytes = contents;
    },
  });
  if (error) throw new Error(`asc: ${error.message}\n${stderr.toString()}`);
  return bytes;
}

/** The generated TypeScript for those bytes. */
export function generatedSource(bytes) {
  return [
    '// Written by `npm run asc` (scripts/build-asc.mjs) from src/wasm/assembly/: the',
    '// WebAssembly rules core, as base64. Do not edit by hand.',
    `export const RULES_WASM = '${Buffer.from(bytes).toString('base64')}';`,
    '',
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const bytes = await compileRules();
  writeFileSync(new URL(outPath, root), generatedSource(bytes));
  console.error(`${outPath}: ${bytes.length} bytes of WebAssembly`);
}
