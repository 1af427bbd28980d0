// Plays a random legal move at once, with an `info ... score cp` line before it.
import { playRandom, runFake } from './tei-fake.mjs';

runFake({ name: 'RandomMover', onGo: (state) => playRandom(state) });
