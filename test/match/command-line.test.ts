import { describe, expect, it } from 'vitest';
import { splitCommandLine } from '../../src/match/command-line.js';

describe('splitCommandLine', () => {
  it('splits on whitespace', () => {
    expect(splitCommandLine('node dist/bredon.js tei')).toEqual(['node', 'dist/bredon.js', 'tei']);
    expect(splitCommandLine('  a\tb \n c  ')).toEqual(['a', 'b', 'c']);
  });

  it('keeps quoted words together, as a shell does', () => {
    expect(splitCommandLine(`"/opt/my engines/tiltak" --flag 'a b' c"d e"f`)).toEqual(['/opt/my engines/tiltak', '--flag', 'a b', 'cd ef']);
    expect(splitCommandLine(`'it''s' "say \\"hi\\"" "back\\slash"`)).toEqual(['its', 'say "hi"', 'back\\slash']);
    expect(splitCommandLine(`a\\ b '' ""`)).toEqual(['a b', '', '']);
    expect(splitCommandLine(`'$HOME' *.js`)).toEqual(['$HOME', '*.js']);
  });

  it('refuses empty lines and unclosed quotes', () => {
    expect(() => splitCommandLine('   ')).toThrow(/empty/);
    expect(() => splitCommandLine(`node "unclosed`)).toThrow(/unclosed double quote/);
    expect(() => splitCommandLine(`node 'unclosed`)).toThrow(/unclosed single quote/);
    expect(() => splitCommandLine(`node \\`)).toThrow(/lone backslash/);
  });
});
