// The board as SVG and the list of moves: the squares (each clickable), the last move's squares,
// the stacks, the engine's best move (dashed, green) and a spread being entered (orange).

import { isSpread, moveSquare, spreadDir } from '../core/move.js';
import { isLegalMove } from '../core/movegen.js';
import { WHITE, type Position } from '../core/position.js';
import { squareName } from '../core/sizes.js';
import { formatMove, parseMove } from '../notation/ptn-move.js';
import type { Board } from './board-state.js';
import { svgEl as el } from './dom.js';

const CELL = 100;
const MARGIN = 28;

/** A spread being entered by clicks: the stack picked up, how many carried, the drops so far. */
export interface SpreadInput {
  from: number;
  carry: number;
  dir: number;
  drops: number[];
  at: number;
}

export interface BoardMarks {
  /** The engine's best move here, in PTN, to mark. */
  best?: string;
  spread?: SpreadInput;
}

function squareXY(size: number, sq: number): [number, number] {
  return [(sq % size) * CELL, (size - 1 - Math.floor(sq / size)) * CELL];
}

function pieceColours(colour: number): { fill: string; stroke: string } {
  return colour === WHITE ? { fill: 'var(--white-piece)', stroke: 'var(--white-edge)' } : { fill: 'var(--black-piece)', stroke: 'var(--black-edge)' };
}

function drawStack(g: Element, pos: Position, sq: number): void {
  const h = pos.height[sq]!;
  if (h === 0) return;
  const [x, y] = squareXY(pos.size, sq);
  const stack = el('g', { class: 'stack' }, g);
  // Buried pieces: slabs along the bottom of the square, the nearest to the top drawn last.
  const shown = Math.min(h - 1, 9);
  for (let i = 0; i < shown; i++) {
    const level = h - 1 - shown + i;
    const c = pieceColours(pos.colourAt(sq, level));
    el('rect', { x: x + 16, y: y + 86 - i * 7, width: 68, height: 8, rx: 2, fill: c.fill, stroke: c.stroke, 'stroke-width': 1.5 }, stack);
  }
  const top = pos.top[sq]!;
  const c = pieceColours(top & 1);
  const cy = y + 46 - Math.min(shown, 9) * 3;
  if (top >= 6) {
    el('circle', { cx: x + 50, cy, r: 24, fill: c.fill, stroke: c.stroke, 'stroke-width': 3 }, stack);
    el('circle', { cx: x + 50, cy, r: 13, fill: 'none', stroke: c.stroke, 'stroke-width': 1.5, opacity: 0.5 }, stack);
  } else if (top >= 4) {
    el('rect', { x: x + 41, y: cy - 30, width: 18, height: 60, rx: 3, fill: c.fill, stroke: c.stroke, 'stroke-width': 3, transform: `rotate(45 ${x + 50} ${cy})` }, stack);
  } else {
    const s = h === 1 ? 58 : 50;
    el('rect', { x: x + 50 - s / 2, y: cy - s / 2, width: s, height: s, rx: 7, fill: c.fill, stroke: c.stroke, 'stroke-width': 3 }, stack);
  }
  if (h > 1) {
    el('circle', { cx: x + 84, cy: y + 16, r: 12, class: 'height-bg' }, stack);
    const t = el('text', { x: x + 84, y: y + 21, 'text-anchor': 'middle', class: 'height' }, stack);
    t.textContent = String(h);
  }
}

function highlight(g: Element, size: number, sq: number, colour: string, dashed = false): void {
  const [x, y] = squareXY(size, sq);
  el('rect', { x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, rx: 6, fill: 'none', stroke: colour, 'stroke-width': 5, 'stroke-dasharray': dashed ? '10 7' : 'none' }, g);
}

/** The squares a move touches in `pos` (before it): its square, and for a spread every square it drops on. */
function moveSquares(pos: Position, move: number): number[] {
  const sq = moveSquare(move);
  if (!isSpread(move)) return [sq];
  const step = pos.info.delta[spreadDir(move)]!;
  const n = formatMove(move, pos.size).replace(/^.*[<>+-]/, '').length || 1;
  return Array.from({ length: n + 1 }, (_, i) => sq + i * step);
}

/** Draws `board` into the SVG `svg`; a click on a square calls `onSquare`. */
export function renderBoard(svg: Element, board: Board, marks: BoardMarks, onSquare: (sq: number) => void): void {
  const pos = board.pos;
  const size = pos.size;
  svg.replaceChildren();
  svg.setAttribute('viewBox', `${-MARGIN} 0 ${size * CELL + MARGIN} ${size * CELL + MARGIN}`);
  const squares = el('g', {}, svg);
  for (let sq = 0; sq < size * size; sq++) {
    const [x, y] = squareXY(size, sq);
    const dark = (Math.floor(sq / size) + (sq % size)) % 2 === 0;
    const r = el('rect', { x, y, width: CELL, height: CELL, class: 'square', fill: dark ? 'var(--dark-square)' : 'var(--light-square)', 'data-square': squareName(sq, size) }, squares);
    r.addEventListener('click', () => onSquare(sq));
  }
  const last = el('g', { 'pointer-events': 'none' }, svg);
  const moves = board.game.moves;
  if (moves.length > 0) {
    for (const sq of moveSquares(board.replay(moves.slice(0, -1)), moves.at(-1)!)) {
      const [x, y] = squareXY(size, sq);
      el('rect', { x, y, width: CELL, height: CELL, fill: '#f0b35a', opacity: 0.28 }, last);
    }
  }
  const stacks = el('g', { 'pointer-events': 'none' }, svg);
  for (let sq = 0; sq < size * size; sq++) drawStack(stacks, pos, sq);
  const over = el('g', { 'pointer-events': 'none' }, svg);
  if (marks.best !== undefined && marks.spread === undefined) {
    try {
      const m = parseMove(marks.best, size);
      if (isLegalMove(pos, m)) for (const sq of moveSquares(pos, m)) highlight(over, size, sq, '#6fc3a8', true);
    } catch {
      // not a move here: nothing to mark
    }
  }
  const s = marks.spread;
  if (s !== undefined) {
    highlight(over, size, s.from, '#f0b35a');
    const step = s.dir >= 0 ? pos.info.delta[s.dir]! : 0;
    s.drops.forEach((n, i) => {
      const sq = s.from + (i + 1) * step;
      highlight(over, size, sq, '#f0b35a', true);
      const [x, y] = squareXY(size, sq);
      const t = el('text', { x: x + 50, y: y + 58, 'text-anchor': 'middle', 'font-size': 30, 'font-weight': 700, fill: '#f0b35a' }, over);
      t.textContent = `+${n}`;
    });
  }
  const coords = el('g', {}, svg);
  for (let i = 0; i < size; i++) {
    const f = el('text', { x: i * CELL + 50, y: size * CELL + 21, 'text-anchor': 'middle', class: 'coord' }, coords);
    f.textContent = String.fromCharCode(97 + i);
    const r = el('text', { x: -14, y: (size - 1 - i) * CELL + 55, 'text-anchor': 'middle', class: 'coord' }, coords);
    r.textContent = String(i + 1);
  }
}

/** The moves played, numbered, into the list `list`. */
export function renderMoves(list: HTMLElement, board: Board): void {
  list.replaceChildren();
  const start = board.start();
  let number = start.moveNumber;
  let side = start.side;
  let li: HTMLElement | undefined;
  list.setAttribute('start', String(number));
  for (const m of board.game.moves) {
    if (li === undefined || side === WHITE) {
      li = document.createElement('li');
      list.appendChild(li);
      if (side !== WHITE) li.appendChild(document.createElement('span')).textContent = '…';
    }
    li.appendChild(document.createElement('span')).textContent = formatMove(m, start.size);
    if (side !== WHITE) number++;
    side ^= 1;
  }
  list.scrollTop = list.scrollHeight;
}
