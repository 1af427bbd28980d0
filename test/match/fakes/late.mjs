// Always late: answers a legal move only some time after its own clock has run out, and at once
// when told to `stop`. It is slow, not hung: it never needs to be killed.
import { playRandom, runFake, send } from './tei-fake.mjs';

runFake({
  name: 'Sleeper',
  onGo: (state, go) => {
    const mine = state.pos.side === 0 ? go.wtime : go.btime;
    const answer = () => {
      clearTimeout(timer);
      state.pending = null;
      send(`bestmove ${playRandom(state)}`);
    };
    const timer = setTimeout(answer, mine + 5000);
    state.pending = answer;
    return undefined;
  },
});
