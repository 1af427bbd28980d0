// Bundles the command-line program into dist/bredon.js: one file that is also its own
// search worker (see src/search/worker.ts), so that a copy of dist/bredon.js runs anywhere.
import { build } from 'esbuild';
import { chmodSync, readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

await build({
  entryPoints: ['src/cli/main.ts'],
  outfile: 'dist/bredon.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  // cli-progress is CommonJS and requires Node's built-ins (readline...): an ES module has no
  // `require`, so the bundle makes one for esbuild's require shim to find.
  banner: {
    js: [
      '#!/usr/bin/env node',
      "import { createRequire as __bredonCreateRequire } from 'node:module';",
      'const require = __bredonCreateRequire(import.meta.url);',
    ].join('\n'),
  },
  define: { BREDON_VERSION: JSON.stringify(pkg.version) },
  logLevel: 'warning',
});
chmodSync('dist/bredon.js', 0o755);
