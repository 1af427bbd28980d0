// The review panel of the page's game mode: the game's result, then the review of the player's
// moves, computed by review-worker.js (one worker a review, ended when the review is done or no
// longer wanted) with a progress bar while it searches, then its sentences and the link to the
// annotated game on PTN Ninja, and the game's win-chance curve (`#review-curve`, made here: the
// page's HTML has no place for it). Its state is on the panel (`data-state`: result, reviewing,
// done, failed) for scripts and the tests.

import type { ReviewMessage, ReviewRequest } from './game-review.js';

function byId<T extends HTMLElement>(id: string): T {
  return document.getElementById(id) as T;
}

export class ReviewPanel {
  private worker: Worker | undefined;
  private readonly panel = byId('review');
  private readonly curve = ReviewPanel.curveFigure();

  /** The figure the curve goes in, before the review's sentences. */
  private static curveFigure(): HTMLElement {
    const figure = document.createElement('figure');
    figure.id = 'review-curve';
    figure.hidden = true;
    Object.assign(figure.style, { margin: '10px 0 8px' });
    const moves = byId('review-moves');
    moves.parentElement!.insertBefore(figure, moves);
    return figure;
  }

  private showCurve(svg: string | undefined): void {
    this.curve.replaceChildren();
    this.curve.hidden = svg === undefined;
    if (svg === undefined) return;
    const holder = document.createElement('div');
    holder.innerHTML = svg; // the worker's own SVG (curve.ts escapes every text in it)
    const picture = holder.querySelector('svg');
    if (picture === null) return;
    Object.assign(picture.style, { display: 'block', width: '100%', height: 'auto', borderRadius: '8px' });
    picture.setAttribute('aria-label', "White's win chance after each move of the game, the moves marked ? and ?? as dots");
    const caption = document.createElement('figcaption');
    caption.textContent = "White's win chance, move by move (White's share light, Black's dark); dots: ? and ?? moves";
    Object.assign(caption.style, { marginTop: '4px', color: 'var(--muted)', fontSize: '12px' });
    this.curve.append(picture, caption);
  }

  /** Hides the panel and ends a review under way. */
  clear(): void {
    this.stopWorker();
    this.panel.hidden = true;
  }

  /** Shows the result of a game; with a game to review (`request`), reviews it. */
  show(result: string, request: ReviewRequest | undefined): void {
    this.stopWorker();
    this.panel.hidden = false;
    byId('review-result').textContent = result;
    byId('review-head').textContent = '';
    byId('review-moves').replaceChildren();
    this.showCurve(undefined);
    const link = byId<HTMLAnchorElement>('review-link');
    link.hidden = true;
    link.removeAttribute('href');
    if (request === undefined) return this.setState('result');
    this.progress(0, 0);
    this.setState('reviewing');
    const worker = new Worker('review-worker.js', { name: 'bredon-review' });
    this.worker = worker;
    worker.onmessage = (e: MessageEvent<ReviewMessage>) => {
      if (this.worker !== worker) return;
      const m = e.data;
      if (m.type === 'progress') return this.progress(m.done, m.total);
      this.stopWorker();
      if (m.type === 'failed') return this.fail(m.message);
      byId('review-head').textContent = m.review.head;
      this.showCurve(m.review.curve);
      byId('review-moves').replaceChildren(...m.review.sentences.map((s) => Object.assign(document.createElement('li'), { textContent: s })));
      if (m.review.url !== undefined) {
        link.href = m.review.url;
        link.hidden = false;
      }
      this.setState('done');
    };
    worker.onerror = (e: ErrorEvent) => {
      e.preventDefault();
      if (this.worker !== worker) return;
      this.stopWorker();
      this.fail(e.message || 'could not load review-worker.js');
    };
    worker.postMessage(request);
  }

  private progress(done: number, total: number): void {
    const share = total > 0 ? done / total : 0;
    byId('review-bar').style.width = `${(100 * share).toFixed(1)}%`;
    byId('review-progress-text').textContent = total > 0 ? `reviewing your moves: ${done} of ${total} positions searched` : 'reviewing your moves…';
  }

  private fail(message: string): void {
    byId('review-head').textContent = `No review: ${message}`;
    this.setState('failed');
  }

  private setState(state: 'result' | 'reviewing' | 'done' | 'failed'): void {
    this.panel.dataset['state'] = state;
    byId('review-progress').hidden = state !== 'reviewing';
  }

  private stopWorker(): void {
    this.worker?.terminate();
    this.worker = undefined;
  }
}
