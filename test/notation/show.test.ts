import { describe, expect, it } from 'vitest';
import { makeMove } from '../../src/core/makemove.js';
import { legalMoves } from '../../src/core/movegen.js';
import { isDecided } from '../../src/core/result.js';
import { MAX_CELL, showPosition, squareText } from '../../src/notation/show.js';
import { parseTps, startTps } from '../../src/notation/tps.js';
import { readRepo } from '../repo.js';

interface PerftPosition {
  name: string;
  tps: string;
}
const perftPositions = (JSON.parse(readRepo('data/perft.json')) as { positions: PerftPosition[] }).positions;

/** Reads the board back from the drawing: rank label, then one cell per file. */
function cellsOf(lines: string[], size: number): Map<string, string> {
  const cells = new Map<string, string>();
  for (const line of lines) {
    const m = /^ *([0-9]+) \| (.*) \| *([0-9]+)$/.exec(line);
    if (!m) continue;
    expect(m[3]).toBe(m[1]);
    const row = m[2]!.trim().split(/ +/);
    expect(row, line).toHaveLength(size);
    row.forEach((c, f) => cells.set(String.fromCharCode(97 + f) + m[1], c));
  }
  return cells;
}

describe('show', () => {
  it('draws the start position with labels, reserves and the side to move', () => {
    const lines = showPosition(parseTps(startTps(6)));
    expect(lines[0]!.trim().split(/ +/)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    const ranks = lines.filter((l) => l.includes('|')).map((l) => l.trim().split(' ')[0]);
    expect(ranks).toEqual(['6', '5', '4', '3', '2', '1']);
    expect([...cellsOf(lines, 6).values()].every((c) => c === '.')).toBe(true);
    expect(lines).toContain('White: 30 stones, 1 capstone in reserve; 0 flats on top');
    expect(lines).toContain('Black: 30 stones, 1 capstone in reserve; 0 flats on top');
    expect(lines).toContain('Move 1, White to move (opening: places a black flat)');
  });

  it('shows each stack bottom to top with walls and capstones marked', () => {
    const pos = parseTps('x4,1/x5/x3,21C,x/2,12S,x3/2,x4 2 9');
    const cells = cellsOf(showPosition(pos), 5);
    expect(cells.get('e5')).toBe('W');
    expect(cells.get('d3')).toBe('BWC');
    expect(cells.get('a2')).toBe('B');
    expect(cells.get('b2')).toBe('WBS');
    expect(cells.get('a1')).toBe('B');
    expect(cells.get('c3')).toBe('.');
    const lines = showPosition(pos);
    expect(lines).toContain('Move 9, Black to move');
    expect(lines).toContain('White: 19 stones, 0 capstones in reserve; 1 flat on top');
    expect(lines).toContain('Black: 17 stones, 1 capstone in reserve; 2 flats on top');
  });

  it('matches every stack of the shared positions, abbreviating tall ones to height and top', () => {
    for (const p of perftPositions) {
      const pos = parseTps(p.tps);
      const cells = cellsOf(showPosition(pos), pos.size);
      const stacks = p.tps.split(' ')[0]!.split('/').flatMap((row, i) =>
        row.split(',').flatMap((s) => (/^x[0-9]*$/.test(s) ? Array(Number(s.slice(1) || 1)).fill('') : [s])).map((s, f) => [`${String.fromCharCode(97 + f)}${pos.size - i}`, s] as const),
      );
      for (const [square, tps] of stacks) {
        const cell = cells.get(square)!;
        expect(cell.length, `${p.name} ${square}`).toBeLessThanOrEqual(MAX_CELL);
        if (tps === '') {
          expect(cell).toBe('.');
          continue;
        }
        const letters = tps.replace(/1/g, 'W').replace(/2/g, 'B');
        const colours = tps.replace(/[SC]$/, '').length;
        if (letters.length <= MAX_CELL) expect(cell, `${p.name} ${square}`).toBe(letters);
        else expect(`${colours}:${letters}`.endsWith(cell.split(':')[1]!) && cell.startsWith(`${colours}:`), `${p.name} ${square} ${cell}`).toBe(true);
      }
    }
  });

  it('keeps a 100-piece stack on 8x8 within its cell', () => {
    const tall = '12'.repeat(50) + '12C';
    const pos = parseTps(`x8/x8/x8/x3,${tall},x4/x8/x8/x8/1,x7 1 60`, { stones: 52, caps: 2 });
    expect(pos.height[4 * 8 + 3]).toBe(102);
    expect(squareText(pos, 4 * 8 + 3)).toBe('102:BWBC');
    const lines = showPosition(pos);
    expect(cellsOf(lines, 8).get('d5')).toBe('102:BWBC');
    for (const line of lines.slice(0, 10)) expect(line.length).toBeLessThanOrEqual(80);
  });

  it('says when the game is over, with komi', () => {
    // Play a 3x3 game out with the first legal move until it ends.
    const pos = parseTps(startTps(3));
    while (!isDecided(pos)) makeMove(pos, legalMoves(pos)[0]!);
    const over = showPosition(pos).find((l) => l.startsWith('Game over: '));
    expect(over).toMatch(/^Game over: (R-0|0-R|F-0|0-F|1\/2-1\/2)$/);
    const full = parseTps('2,1,2/1,2,1/1,1,2 2 5');
    expect(showPosition(full)).toContain('Game over: F-0');
    expect(showPosition(full, { halfKomi: 2 })).toContain('Game over: 1/2-1/2');
    expect(showPosition(full, { halfKomi: 3 })).toContain('Komi 1.5 (added to Black\'s flats)');
  });

  it('colours pieces only when asked', () => {
    const pos = parseTps('x2,1/x3/2,x2 2 3');
    expect(showPosition(pos).join('\n')).not.toContain('\x1b[');
    const coloured = showPosition(pos, { colour: true }).join('\n');
    expect(coloured).toContain('\x1b[');
    // Without the escapes it is the same drawing.
    expect(coloured.replace(/\x1b\[[0-9;]*m/g, '')).toBe(showPosition(pos).join('\n'));
  });
});
