// Plays --after N random moves (default 2) in each process, then a well-formed but illegal move:
// a flat on an occupied square.
import { arg, playRandom, rules, runFake } from './tei-fake.mjs';

const after = Number(arg('after', '2'));
runFake({
  name: 'Cheater',
  onGo: (state) => {
    if (state.goCount <= after) return playRandom(state);
    const pos = state.pos;
    for (let sq = 0; sq < pos.area; sq++) {
      if (pos.top[sq] !== 0) return String.fromCharCode(97 + (sq % pos.size)) + String(Math.floor(sq / pos.size) + 1);
    }
    return playRandom(state);
  },
});
