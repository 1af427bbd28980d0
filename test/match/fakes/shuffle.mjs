// Moves a lone stone one square and back again, forever: two of these repeat the position.
// Its first move is the first single-stone move it finds (else a random move); after that it
// undoes its own last move whenever it can.
import { playRandom, rules, runFake, send } from './tei-fake.mjs';

const STEP = { '+': [0, 1, '-'], '-': [0, -1, '+'], '>': [1, 0, '<'], '<': [-1, 0, '>'] };
let last = null;

function reverse(text) {
  const m = /^([a-h])([1-8])([+\-<>])$/.exec(text ?? '');
  if (!m) return null;
  const [df, dr, back] = STEP[m[3]];
  return String.fromCharCode(m[1].charCodeAt(0) + df) + String(Number(m[2]) + dr) + back;
}

runFake({
  name: 'Shuffler',
  onGo: (state) => {
    const pos = state.pos;
    const legal = rules.legalMoves(pos).map((m) => rules.formatMove(m, pos.size));
    const back = reverse(last);
    const single = legal.find((t) => /^[a-h][1-8][+\-<>]$/.test(t));
    const choice = back !== null && legal.includes(back) ? back : single;
    if (choice === undefined) return (last = playRandom(state));
    send(`info depth 1 score cp 0 pv ${choice}`);
    last = choice;
    return choice;
  },
});
