// Fixed middle-game positions for `bredon bench` and `npm run bench`: 6x6 positions from
// PlayTak games, the middle-game positions of the published perft set, and positions from
// Bredon self-play with random moves mixed in for the other sizes.
export const BENCH_POSITIONS: readonly string[] = [
  'x,2S,x2/x,1,22,x/x,21,1,x/x2,1,x 1 7',
  'x3,1,x/x,2S,x,2,x/x2,12121,1,1S/x,2C,x,2,x/1,x3,2 1 10',
  'x5/2S,2,2,x,1S/x,1,x2,1/x2,2,12,221/x3,1212C,x 1 14',
  'x2,2,x,2/x,12,x,12,x/212,x2,2121C,x/x,1,112221,1,1/x5 2 21',
  '2,x,2,x3/x2,2,x3/x2,2,x3/x2,112C,1,1,1/x2,2121,x,1,x/1,1,2,2,x2 1 13',
  '2,1,1,x3/1,2,1,1,2,x/2,12,x,21C,1112C,1/2,x3,1,1/x4,2S,2/2,x4,1 1 16',
  'x,2C,x4/x4,1,x/2S,x,2,1212,x2/x,1,1112S,1,2,2/x2,1C,1,x2/x6 1 15',
  '2,2,21S,2,2,2/2,x,222221,2,2,x/1,1,2221C,x,111112C,2S/x,1,2S,x2,121211212/1,1,1212S,1S,2,1S/x2,2,1,21,1 1 42',
  'x3,1,x,2,x/2,x,2,1,x,2,x/x3,1,x,2,x/x2,1,12,x,2,x/2C,x,2,112,1,21C,x/x3,112C,1,x2/x3,1C,x3 1 18',
  'x,1,x,1,2C,x2/x4,1,1,x/1C,x2,1,x3/2,11,x,1,1,x2/x,2S,12221,x,1,x,2/x2,2S,2,x3/2S,x2,2112S,x2,2 1 23',
  'x3,2C,x4/x2,2C,2,x,1S,x2/x,1C,x,2,1,x3/1,1,1,112S,12,1,x,1/x2,1,12,12,1,1S,x/x2,2,2,2,2S,x2/x2,1,1,2,2S,x2/x2,2,x5 1 21',
  'x,1S,x2,1S,2C,x,1C/x4,21,1,x2/x2,2,1,1,2,x2/x2,2,1,1C,2,x2/1S,2,2,21,1,2,2,x/x,2,2,12,2,2,x2/x2,2,112,1,x3/x2,2,x5 1 27',
];

/** Real 6x6 middle games from PlayTak (plus the perft set's), for move generation benchmarks. */
export const MIDGAME_6X6: readonly string[] = [
  '2,x,2,x3/x2,2,x3/x2,2,x3/x2,112C,1,1,1/x2,2121,x,1,x/1,1,2,2,x2 1 13',
  '2,2,2S,1,1,1/x,1,1,112C,x2/x,1,2,1C,2,2/1,1,2,2,2,x/1,2,1,1,x2/2,1,2,x3 1 16',
  '2,1,1,x3/1,2,1,1,2,x/2,12,x,21C,1112C,1/2,x3,1,1/x4,2S,2/2,x4,1 1 16',
  '2,x,2,21,1,1/x2,2,x,21C,2/x3,2,121,1/x3,2C,x2/x3,2,x2/1,1,1,2,21,x 1 16',
  '1,x,1,x2,2/x,1,2,2,x2/x,1,2,1C,1,x/2,12C,2,2,1,x/2,1,1,12S,1,x/1,2,x4 1 14',
  '2,2,21S,2,2,2/2,x,222221,2,2,x/1,1,2221C,x,111112C,2S/x,1,2S,x2,121211212/1,1,1212S,1S,2,1S/x2,2,1,21,1 1 42',
  'x,2,2,22S,2,111S/21S,22C,112,x,1112S,11S/x,2,112212,2,2S,2/x,2,121122,x,1112,211/21C,x,1,2S,21S,x/2S,x,212,1S,12S,1S 1 33',
];

export const MIDGAME_5X5: readonly string[] = [
  'x5/x2,2S,x2/x2,121,x2/x5/x5 1 4',
  'x5/x5/x2,121212C,x2/1,x4/1,x4 2 7',
  'x2,2,x,2/x,12,x,12,x/212,x2,2121C,x/x,1,112221,1,1/x5 2 21',
];
