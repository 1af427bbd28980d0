// The reference in the docs is the program's own text: docs/commands.md holds every command's
// `--help` and docs/tei.md the engine's `option name ...` lines, each between marker comments
// that scripts/commands-doc.ts writes. A change to a help text or an option fails here until
// the docs are regenerated.

import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BREDON, PARTS, currentPart } from '../../scripts/commands-doc.js';

const root = new URL('../../', import.meta.url);

describe.each(PARTS.map((p) => [`${p.file}, ${p.marker}`, p] as const))('%s', (_, part) => {
  it('equals what the built program prints', () => {
    if (!existsSync(BREDON)) throw new Error(`${BREDON} is missing: run npm run build first`);
    const text = readFileSync(new URL(part.file, root), 'utf8');
    const current = currentPart(text, part.marker);
    expect(current, `${part.file} has no generated part "${part.marker}" between its marker comments`).toBeDefined();
    expect(current, `${part.file} differs from what dist/bredon.js prints: regenerate it with npm run docs`).toBe(part.make().trim());
  });
});
