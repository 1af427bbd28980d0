// Prints junk around every move (lines the runner must ignore) and plays --after N legal moves
// (default 2) in each process; then answers `bestmove` followed by --bad TEXT (default 'x9!').
import { arg, playRandom, runFake, send } from './tei-fake.mjs';

const after = Number(arg('after', '2'));
const bad = arg('bad', 'x9!');
const junk = [
  '',
  '   ',
  'info',
  'info score cp',
  'info depth x score cp y',
  'bestmovex a1',
  'readyok',
  'teiok',
  'id name Surprise',
  'info string bestmove a1',
  '\u0000\u0007\u00ff garbage \u2603',
  'z'.repeat(5000),
];
runFake({
  name: 'Garbler',
  onGo: (state) => {
    for (const line of junk) send(line);
    if (state.goCount <= after) return playRandom(state);
    return bad;
  },
});
