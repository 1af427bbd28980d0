// Plays --after N random moves (default 1) in each process, then hangs for good on the next `go`:
// it ignores SIGTERM and spins, so it reads nothing and answers nothing (not even `stop` or
// `isready`). Only SIGKILL ends it.
import { arg, playRandom, runFake } from './tei-fake.mjs';

const after = Number(arg('after', '1'));
process.on('SIGTERM', () => {});
runFake({
  name: 'Hanger',
  onGo: (state) => {
    if (state.goCount > after) for (;;);
    return playRandom(state);
  },
});
