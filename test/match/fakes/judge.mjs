// An expected-score judge for scripts/label-games.ts's test: it reports `score cp` the way
// Tiltak does (200p - 100 for the side to move, within [-100, 100]) but with a value the test can
// predict: the number of plies played so far, as a share of 100, for the side to move. Its move
// is a random legal one (the labeller ignores it). --cp N reports N instead (out-of-range tests).
import { arg, randomLegalMove, rules, runFake, send } from './tei-fake.mjs';

const fixed = arg('cp');
runFake({
  name: 'Tiltak-judge (test fake)',
  onGo: (state, go) => {
    const cp = fixed !== undefined ? Number(fixed) : Math.min(state.pos.ply, 100);
    send(`info depth 3 seldepth 3 score cp ${cp} nodes ${go.nodes ?? 0} time 0 pv`);
    return rules.formatMove(randomLegalMove(state.pos), state.pos.size);
  },
});
