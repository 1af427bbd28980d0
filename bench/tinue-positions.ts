// Known tinues from the human archive (playtak-6x6-1344.ptn, positions some plies before a game's
// last move, the winner to move), each with the length of its shortest tinue in plies as the
// solver proved it and test/tinue/solver.test.ts replays it with the rules core. The bench times
// the solver on them; the tests check them.

export interface KnownTinue {
  /** Archive game number (1-based). */
  game: number;
  plies: number;
  tps: string;
}

export const KNOWN_TINUES: readonly KnownTinue[] = [
  { game: 2, plies: 3, tps: 'x3,1,1,1/x2,2,221,21,x/x2,2,11212C,1C,x/x3,1,x2/x4,1,x/2,x4,1 1 26' },
  { game: 16, plies: 3, tps: 'x4,1,x/2,2,x2,1,x/2,1,1,x,1,x/21S,2,x,1121222211C,x,2/x3,1,21111112C,2/2,2,2,2,1,1 1 34' },
  { game: 41, plies: 3, tps: '1,1,x2,221S,1/x,1,1,1,1122212C,12/1,1,1,x2,1212/11,1221121,2,121121C,22,2/12S,x,1,1S,1,2/2,2S,2S,2S,x2 1 55' },
  { game: 68, plies: 3, tps: 'x3,212,1112S,2/x,12,2,1S,1,1/1,12,x,12C,1,2/x,2,212,2,21,2/x2,211C,21112S,1,2/2,1S,2,2,2,2 2 35' },
  { game: 7, plies: 5, tps: '2,x3,1C,1/x4,1,2S/x,2,12,2,x,1/x,2,x,121,1121212C,12/x,1S,1,1,x,12/x3,1,x,2 2 23' },
  { game: 30, plies: 5, tps: '2,x2,1,x,1/x2,2,1,2,1/x2,2,x,222,x/x2,2,112C,1121C,12/x2,2,1,12,1/x3,1,x,1 1 20' },
  { game: 49, plies: 5, tps: '121,1,1,1,22122121S,x/2S,1211C,2,1,2112S,12/2,x,2,2,x2/1,1112C,12,1,x,2S/12S,1,2,2,1,x/x4,1,1 1 38' },
  { game: 61, plies: 5, tps: '1,x5/112,1,x,2,x2/x2,21C,1,1,1/2,2,12C,1,x2/2,1,x,2,x2/2,x5 1 13' },
  { game: 70, plies: 5, tps: '2,x2,2,x2/x3,2,x2/x2,2,2,2,x/1,1,2,x,1,1/x,1,12221,21112C,x,1/x,1,x,21,2S,1 2 19' },
  { game: 80, plies: 5, tps: '2,x3,1,x/2,2,2,21,x,1/21,1,221C,2,x2/x,1S,2211112C,x,2,21/12,x,2221S,2,2,21112S/2,2,x,12,2,x 2 42' },
  { game: 17, plies: 7, tps: '1,x,212,x,12,2/x,11,21212C,x,1122,x/x2,11S,x,22,x/x2,1,1,x2/x2,2,1C,221,x/x2,2,x,2,x 2 26' },
  { game: 30, plies: 7, tps: '2,x2,1,x,1/x2,2,1,2,1/x2,2,x,222,2/x2,2,112C,1121C,1/x2,2,1,12,x/x3,1,x,1 1 19' },
  { game: 70, plies: 7, tps: '2,x2,2,x2/x3,2,x2/x2,2,2,2,x/1,1,2,112C,1,1/x,1,12221,21,x,1/x,1,1,2,2S,1 2 18' },
  { game: 83, plies: 7, tps: '2,x4,1/x5,1/x2,12,1211212C,2S,2/1,1,2,1C,112121,1/x2,2,2,x,1/x2,2,x2,1 1 23' },
  { game: 86, plies: 7, tps: 'x3,1,x2/x3,1,x2/x3,1221C,2,2/x3,12,12,2/x3,1,x,1/2,x3,1,1 1 13' },
  { game: 92, plies: 7, tps: 'x,2,x3,1/x,21S,x3,1/x2,121,2S,1,1/x,11,111221C,x,1121112S,x/122,1,1212C,x2,2/2,2,2,21,x,1 1 38' },
];
