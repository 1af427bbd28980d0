// Plays --after N random moves (default 2) in each process, then dies on the next `go`
// with exit code 3 and a line on stderr.
import { arg, playRandom, runFake } from './tei-fake.mjs';

const after = Number(arg('after', '2'));
runFake({
  name: 'Crasher',
  onGo: (state) => {
    if (state.goCount > after) {
      process.stderr.write('crash.mjs: deliberate crash\n');
      process.exit(3);
    }
    return playRandom(state);
  },
});
