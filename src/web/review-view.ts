// The review panel of the page's game mode: the game's result, then the review of the player's
// moves, computed by review-worker.js (one worker a review, ended when the review is done or no
// longer wanted) with a progress bar while it searches, then its sentences and the link to the
// annotated game on PTN Ninja. Its state is on the panel (`data-state`: result, reviewing, done,
// failed) for scripts and the tests.

import type { ReviewMessage, ReviewRequest } from './game-review.js';

function byId<T extends HTMLElement>(id: string): T {
  return document.getElementById(id) as T;
}

export class ReviewPanel {
  private worker: Worker | undefined;
  private readonly panel = byId('review');

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
