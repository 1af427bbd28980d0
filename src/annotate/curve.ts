// White's win chance over a game as an SVG picture, one point a ply, with the marked moves on it
// (`?` orange, `??` red), for the page's review and `bredon annotate --curve`. Pure: the
// analysis in, the SVG text out, so the page and the command draw the same picture (the page in
// colours of its own). The area under the curve is White's share, the rest Black's.

import { DRAW, ONGOING, REPETITION, resultWinner } from '../core/result.js';
import type { AnnotatedMove, GameAnalysis } from './analysis.js';
import { chancePoints, whiteChanceText } from './marks.js';
import { moveLabel } from './review.js';

export interface CurvePoint {
  /** Plies played (0 the start). */
  ply: number;
  /** White's win chance after that ply, points 0-100. */
  white: number;
  /** The move that led here, if any. */
  move?: AnnotatedMove;
}

/** White's win chance after each ply, the start first: one point more than the game's plies. */
export function curvePoints(a: GameAnalysis): CurvePoint[] {
  const first = a.moves[0];
  if (first === undefined) return [];
  const start = first.side === 0 ? first.chanceBefore : 100 - first.chanceBefore;
  const points: CurvePoint[] = [{ ply: 0, white: start }];
  a.moves.forEach((m, i) => {
    let white: number;
    if (m.ended !== ONGOING) white = m.ended === DRAW || m.ended === REPETITION ? 50 : resultWinner(m.ended) === 0 ? 100 : 0;
    else white = chancePoints(m.whiteAfter, a.size);
    points.push({ ply: i + 1, white, move: m });
  });
  return points;
}

/** What a point says of the position after its move: "White 62%", "White wins in 2 moves", "Black won". */
function pointText(m: AnnotatedMove, size: number): string {
  if (m.ended === ONGOING) return whiteChanceText(m.whiteAfter, size);
  if (m.ended === DRAW || m.ended === REPETITION) return 'a draw';
  return `${resultWinner(m.ended) === 0 ? 'White' : 'Black'} won`;
}

export interface CurveColours {
  background: string;
  /** White's share: the area under the curve. */
  area: string;
  grid: string;
  /** The 50% line. */
  even: string;
  text: string;
  line: string;
  mistake: string;
  blunder: string;
}

/** For a file on its own (`bredon annotate --curve`): a white picture. */
export const LIGHT_CURVE: CurveColours = { background: '#fff', area: '#eef1f4', grid: '#ddd', even: '#999', text: '#555', line: '#246', mistake: '#e90', blunder: '#c22' };

export interface CurveOptions {
  colours?: CurveColours;
  /** The picture's size in pixels (its viewBox too): 640 x 200 unless given. */
  width?: number;
  height?: number;
}

const PAD = { left: 34, right: 8, top: 10, bottom: 22 };

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * The curve as a standalone SVG document: the path `.curve` through every point, a
 * `circle.mark` (`data-mark` `?` or `??`, its move in a `<title>`) on each marked move.
 */
export function curveSvg(a: GameAnalysis, options: CurveOptions = {}): string {
  const { colours: c = LIGHT_CURVE, width: W = 640, height: H = 200 } = options;
  const points = curvePoints(a);
  const plies = Math.max(1, points.length - 1);
  const x = (ply: number) => (PAD.left + ((W - PAD.left - PAD.right) * ply) / plies).toFixed(1);
  const y = (white: number) => (PAD.top + ((H - PAD.top - PAD.bottom) * (100 - white)) / 100).toFixed(1);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" font-family="sans-serif" font-size="10" role="img" data-plies="${points.length - 1}">`,
    `<title>White's win chance, ply by ply</title>`,
    `<rect x="0" y="0" width="${W}" height="${H}" fill="${c.background}"/>`,
  ];
  if (points.length > 0) {
    const line = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p.ply)},${y(p.white)}`).join(' ');
    parts.push(`<path class="area" d="${line} L${x(points.at(-1)!.ply)},${y(0)} L${x(0)},${y(0)} Z" fill="${c.area}"/>`);
  }
  for (const level of [0, 25, 50, 75, 100]) {
    parts.push(`<line x1="${PAD.left}" x2="${W - PAD.right}" y1="${y(level)}" y2="${y(level)}" stroke="${level === 50 ? c.even : c.grid}"/>`);
    parts.push(`<text x="${PAD.left - 4}" y="${(Number(y(level)) + 3).toFixed(1)}" text-anchor="end" fill="${c.text}">${level}%</text>`);
  }
  // Move numbers under the plies where White is to move, at most about 12 of them.
  const whiteToMove = points.filter((p) => a.moves[p.ply]?.side === 0);
  const every = Math.max(1, Math.ceil(whiteToMove.length / 12));
  whiteToMove.forEach((p, i) => {
    if (i % every === 0) parts.push(`<text x="${x(p.ply)}" y="${H - 6}" text-anchor="middle" fill="${c.text}">${a.moves[p.ply]!.ptn.moveNumber}</text>`);
  });
  if (points.length > 0) {
    const d = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p.ply)},${y(p.white)}`).join(' ');
    parts.push(`<path class="curve" d="${d}" fill="none" stroke="${c.line}" stroke-width="1.5" stroke-linejoin="round"/>`);
  }
  for (const p of points) {
    const m = p.move;
    if (m === undefined || m.mark === '') continue;
    const label = `${moveLabel(m)}: ${pointText(m, a.size)}`;
    parts.push(
      `<circle class="mark" data-mark="${m.mark}" cx="${x(p.ply)}" cy="${y(p.white)}" r="4" fill="${m.mark === '??' ? c.blunder : c.mistake}"><title>${esc(label)}</title></circle>`,
    );
  }
  parts.push('</svg>');
  return parts.join('\n') + '\n';
}
