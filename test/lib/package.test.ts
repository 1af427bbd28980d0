// The npm library as a user gets it: `npm pack`, the tarball installed into a new project, the
// README's example run from there (`import ... from 'bredon'` through the package's exports),
// and a TypeScript program type-checked against the shipped declarations.
//
// The bundles are already built (npm test builds first); only the declarations are made here,
// and the pack skips its prepack build, so that no test ever sees dist/bredon.js half-written.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO } from '../repo.js';

const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const dir = mkdtempSync(join(tmpdir(), 'bredon-package-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(cmd: string, args: string[], cwd: string): string {
  return execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, npm_config_update_notifier: 'false' } });
}

/** The README's library example: the first js block of its "As a library" section. */
function readmeExample(): string {
  const readme = readFileSync(join(REPO, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## As a library'));
  const m = /```js\n([\s\S]*?)```/.exec(section);
  if (!m) throw new Error('no js example in the README section "As a library"');
  return m[1]!;
}

describe('the npm package', () => {
  it('packs, installs into a new project, runs the README example and type-checks against its declarations', () => {
    run(NPM, ['run', '--silent', 'types'], REPO);
    const packed = JSON.parse(run(NPM, ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], REPO)) as { filename: string; files: { path: string }[] }[];
    const files = packed[0]!.files.map((f) => f.path);
    for (const f of ['dist/lib.js', 'dist/bredon.js', 'dist/types/lib/index.d.ts', 'dist/web/index.html', 'dist/web/bredon-worker.js', 'package.json', 'README.md']) expect(files).toContain(f);
    expect(files.some((f) => f.startsWith('src/') || f.startsWith('test/'))).toBe(false);

    const project = join(dir, 'project');
    execFileSync('mkdir', ['-p', project]);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'uses-bredon', private: true, type: 'module' }));
    // The tarball's dependencies come from npm's cache when it has them (CI's `npm ci` filled it).
    run(NPM, ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel', 'error', join(dir, packed[0]!.filename)], project);

    writeFileSync(join(project, 'example.mjs'), readmeExample());
    const out = run(process.execPath, ['example.mjs'], project).trim().split('\n');
    expect(out.slice(0, 6)).toEqual([
      'x5,1/x6/x3,2,x2/x2,1,x3/x6/2,x5 1 3',
      '102',
      '43320',
      "{ colors: [ 'white', 'black' ], top: 'cap' }",
      'x5/x5/x2,12C,x2/x5/x5 2 4',
      expect.stringMatching(/^\S+ -?\d+ \[ \d+, 0, \d+ \] \S+( \S+)*$/) as unknown as string,
    ]);
    const best = out[5]!.split(' ')[0]!;
    expect(out[6]).toBe(`a1 f6 c3 d4 ${best} false`);

    // TypeScript through the package's exports: the declarations resolve and describe the API.
    writeFileSync(
      join(project, 'check.ts'),
      [
        "import { Engine, Game, TakError, formatTps, legalMoves, parseTps, perft, search, type Board, type SearchResult } from 'bredon';",
        'const game: Game = Game.fromPtn(\'[Size "5"]\\n1. a1 e5\');',
        'const board: Board = parseTps(game.tps);',
        'const n: number = perft(formatTps(board), 2) + legalMoves(game).length;',
        'const engine = new Engine({ threads: 1 });',
        "const r: Promise<SearchResult> = search(game, { depth: 2, onInfo: (i) => i.pv.join(' ') });",
        'const e: Error = new TakError(String(n));',
        'void r; void e; engine.close();',
        '// @ts-expect-error: a move is a string',
        'game.play(42);',
        '',
      ].join('\n'),
    );
    writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', strict: true, noEmit: true, skipLibCheck: false, types: [] }, files: ['check.ts'] }));
    run(process.execPath, [join(REPO, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], project);
  });
});
