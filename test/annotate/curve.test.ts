// White's win-chance curve of an analysed game (src/annotate/curve.ts): one point a ply and the
// start, the analysis's own chances, a dot on each marked move, move numbers from the game's
// start (a TPS with Black to move too), the page's colours and size. page.test.ts checks the
// curve the page's review draws in chromium.

import { describe, expect, it } from 'vitest';
import { Annotator } from '../../src/annotate/analysis.js';
import { curvePoints, curveSvg, LIGHT_CURVE } from '../../src/annotate/curve.js';
import { chancePoints } from '../../src/annotate/marks.js';
import { moveLabel, REVIEW_BUDGET } from '../../src/annotate/review.js';
import { parsePtnGames } from '../../src/notation/ptn-game.js';

/** The vertices of the SVG's path `.curve`, as [x, y]. */
function curveVertices(svg: string): [number, number][] {
  const d = /<path class="curve" d="([^"]*)"/.exec(svg)?.[1];
  if (d === undefined) return [];
  return [...d.matchAll(/[ML](-?[\d.]+),(-?[\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
}

/** The dots on the marked moves: their mark, centre and title. */
function dots(svg: string): { mark: string; x: number; y: number; title: string; fill: string }[] {
  return [...svg.matchAll(/<circle class="mark" data-mark="([^"]+)" cx="([\d.]+)" cy="([\d.]+)" r="4" fill="([^"]+)"><title>([^<]*)<\/title><\/circle>/g)].map((m) => ({
    mark: m[1]!,
    x: Number(m[2]),
    y: Number(m[3]),
    fill: m[4]!,
    title: m[5]!,
  }));
}

const { nodes, tinueNodes, tinuePlies, hashMb } = REVIEW_BUDGET;

describe("the win-chance curve", () => {
  it('draws one point a ply from the analysis, and a dot on every marked move', async () => {
    // 3x3: White lets Black's road a1-a3 through (3. c1, where a3 stops the road): c1 is `??`.
    const game = parsePtnGames('[Size "3"]\n[Komi "0.5"]\n\n1. a1 c3 2. b2 a2 3. c1 a3 0-R\n')[0]!;
    const a = await new Annotator({ limits: { nodes }, tinueNodes, tinuePlies, hashMb }).analyse(game);
    const points = curvePoints(a);
    expect(points.map((p) => p.ply)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(points[0]!.white).toBeCloseTo(a.moves[0]!.chanceBefore, 9); // White to move at the start
    for (const p of points.slice(1, -1)) expect(p.white).toBeCloseTo(chancePoints(p.move!.whiteAfter, 3), 9);
    expect(points.at(-1)!.white).toBe(0); // Black's road

    const svg = curveSvg(a);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 640 200" width="640" height="200" [^>]*data-plies="6">/);
    const vertices = curveVertices(svg);
    expect(vertices).toHaveLength(7);
    // Left to right, evenly; up is White.
    for (let i = 1; i < vertices.length; i++) expect(vertices[i]![0]).toBeGreaterThan(vertices[i - 1]![0]);
    expect(vertices.at(-1)![1]).toBe(178); // 0%: the bottom of the plot (200 - 22)

    const marked = a.moves.filter((m) => m.mark !== '');
    const drawn = dots(svg);
    expect(drawn.map((d) => d.mark)).toEqual(marked.map((m) => m.mark));
    expect(drawn.map((d) => d.title.replace(/:.*/, ''))).toEqual(marked.map((m) => moveLabel(m)));
    const c1 = drawn.find((d) => d.title.startsWith("3. c1'??: "));
    expect(c1, 'the move that let the road through').toBeDefined();
    expect(c1!.fill).toBe(LIGHT_CURVE.blunder);
    // Every dot sits on the curve, at its move's point.
    for (const d of drawn) expect(vertices).toContainEqual([d.x, d.y]);
    // Move numbers under White's plies: 1, 2, 3.
    expect([...svg.matchAll(/<text x="[\d.]+" y="194" text-anchor="middle"[^>]*>(\d+)<\/text>/g)].map((m) => m[1])).toEqual(['1', '2', '3']);
  });

  it('numbers the moves of a game set up from a TPS with Black to move, in the colours and size asked for', async () => {
    const game = parsePtnGames('[Size "5"]\n[TPS "x5/x5/x5/x5/1,2,x3 2 4"]\n\n4... c3 5. d3 c4 6. d4\n')[0]!;
    const a = await new Annotator({ limits: { nodes: 2000 }, tinueNodes: 1000, tinuePlies: 3, hashMb: 4 }).analyse(game);
    const points = curvePoints(a);
    expect(points).toHaveLength(5);
    expect(points[0]!.white).toBeCloseTo(100 - a.moves[0]!.chanceBefore, 9); // Black to move at the start
    const colours = { ...LIGHT_CURVE, background: '#123456', line: '#abcdef' };
    const svg = curveSvg(a, { colours, width: 400, height: 150 });
    expect(svg).toContain('viewBox="0 0 400 150" width="400" height="150"');
    expect(svg).toContain('fill="#123456"');
    expect(svg).toMatch(/<path class="curve" d="[^"]*" fill="none" stroke="#abcdef"/);
    expect(curveVertices(svg)).toHaveLength(5);
    // White is to move at plies 1 and 3 (moves 5 and 6).
    expect([...svg.matchAll(/<text x="[\d.]+" y="144" text-anchor="middle"[^>]*>(\d+)<\/text>/g)].map((m) => m[1])).toEqual(['5', '6']);
  });

  it('draws no curve for a game without moves', async () => {
    const game = parsePtnGames('[Size "3"]\n\n')[0]!;
    const a = await new Annotator({ limits: { nodes: 100 }, tinueNodes: 100, tinuePlies: 1, hashMb: 1 }).analyse(game);
    expect(curvePoints(a)).toEqual([]);
    const svg = curveSvg(a);
    expect(svg).not.toContain('class="curve"');
    expect(svg.trim().endsWith('</svg>')).toBe(true);
  });
});
