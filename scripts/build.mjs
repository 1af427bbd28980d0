// Bundles the command-line program into dist/bredon.js: one file that is also its own
// search worker (see src/search/worker.ts), so that a copy of dist/bredon.js runs anywhere.
// Also builds the library (dist/lib.js, the package's `import ... from 'bredon'`, likewise its
// own search worker) and the web page (dist/web/: the page, its script, bredon-worker.js, TEI in
// a Web Worker that is also the script of its search threads, and review-worker.js, the review
// of a game played on the page).
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
// The commit a build came from, for `bredon --version` and `bredon bench`: "unknown" outside git.
function gitCommit() {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || 'unknown';
  } catch {
    return 'unknown';
  }
}
const define = { BREDON_VERSION: JSON.stringify(pkg.version), BREDON_COMMIT: JSON.stringify(gitCommit()) };

const cli = build({
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
  define,
  logLevel: 'warning',
});

const lib = build({
  entryPoints: ['src/lib/index.ts'],
  outfile: 'dist/lib.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  define,
  logLevel: 'warning',
});

// The browser has no node:worker_threads; the session only needs a constant from the module
// that imports it (see src/web/node-stub.ts). Any other Node built-in in the page is a mistake.
const browserStubs = {
  name: 'browser-stubs',
  setup(b) {
    b.onResolve({ filter: /^node:worker_threads$/ }, () => ({ path: new URL('../src/web/node-stub.ts', import.meta.url).pathname }));
  },
};
const web = build({
  entryPoints: { 'bredon-worker': 'src/web/engine-worker.ts', 'review-worker': 'src/web/review-worker.ts', page: 'src/web/page.ts' },
  outdir: 'dist/web',
  bundle: true,
  platform: 'browser',
  format: 'iife', // classic scripts: a classic worker can start nested workers everywhere
  target: ['chrome100', 'firefox100', 'safari16'],
  sourcemap: 'linked',
  plugins: [browserStubs],
  define,
  // The Node search pool's default script (import.meta.url) is never used in a browser.
  logOverride: { 'empty-import-meta': 'silent' },
  logLevel: 'warning',
});

await Promise.all([cli, lib, web]);
chmodSync('dist/bredon.js', 0o755);
mkdirSync('dist/web', { recursive: true });
for (const f of readdirSync('web')) copyFileSync(`web/${f}`, `dist/web/${f}`);
// The puzzle sets, which the page's puzzle mode fetches (docs/puzzles.md).
mkdirSync('dist/web/puzzles', { recursive: true });
for (const f of readdirSync('data/puzzles')) if (f.endsWith('.jsonl')) copyFileSync(`data/puzzles/${f}`, `dist/web/puzzles/${f}`);
