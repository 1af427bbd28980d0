// The ladder's table from the PTN files of its matches (bredon match --ptn, with --name giving
// each level its name): one joint maximum-likelihood fit of every game (src/match/ladder.ts).
//   node --import tsx scripts/ladder.ts --anchor "Taktician d3" [--anchor-elo 0] FILE.ptn...
// Prints one row a player, strongest first: its Elo with the 95% interval and its games.

import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { fitLadder, type Pairing } from '../src/match/ladder.js';
import { parsePtnGames, tagValue } from '../src/notation/ptn-game.js';

const { values, positionals } = parseArgs({
  options: { anchor: { type: 'string' }, 'anchor-elo': { type: 'string', default: '0' } },
  allowPositionals: true,
});
if (values.anchor === undefined || positionals.length === 0) {
  process.stderr.write('usage: node --import tsx scripts/ladder.ts --anchor NAME [--anchor-elo E] FILE.ptn...\n');
  process.exit(2);
}

const pairs = new Map<string, Pairing>();
for (const file of positionals) {
  for (const game of parsePtnGames(readFileSync(file, 'utf8'))) {
    const white = tagValue(game, 'Player1');
    const black = tagValue(game, 'Player2');
    const result = tagValue(game, 'Result') ?? game.result;
    if (white === undefined || black === undefined || result === undefined) continue;
    const [a, b] = [white, black].sort();
    const key = `${a}\u0000${b}`;
    const p = pairs.get(key) ?? { a: a!, b: b!, wins: 0, draws: 0, losses: 0 };
    const whiteWon = /^(R|F|1)-0$/.test(result);
    const blackWon = /^0-(R|F|1)$/.test(result);
    if (!whiteWon && !blackWon) p.draws++;
    else if ((whiteWon ? white : black) === a) p.wins++;
    else p.losses++;
    pairs.set(key, p);
  }
}
const ratings = fitLadder([...pairs.values()], values.anchor, Number(values['anchor-elo']));
ratings.sort((x, y) => y.elo - x.elo);
process.stdout.write('| player | Elo | 95% interval | games |\n| --- | --- | --- | --- |\n');
for (const r of ratings) {
  process.stdout.write(`| ${r.name} | ${r.elo.toFixed(0)} | [${r.low.toFixed(0)}, ${r.high.toFixed(0)}] | ${r.games} |\n`);
}
