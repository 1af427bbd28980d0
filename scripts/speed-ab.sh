#!/bin/bash
# Compares the speed of two builds the way docs/performance.md asks: runs alternate (A, B, A, B,
# ...) so that a change in the machine's load falls on both, and medians are reported. Each round
# times `bredon bench` and a fixed-node search of the 6x6 middle game of the performance page
# (one thread), and checks that both builds searched the same number of nodes (a pure speed-up
# keeps the tree). Run it on a quiet machine: never beside matches or data generation.
#
#   scripts/speed-ab.sh A/bredon.js B/bredon.js [ROUNDS (default 7)] [NODES (default 3000000)]
set -eu
A=$1
B=$2
ROUNDS=${3:-7}
NODES=${4:-3000000}
TPS='x6/x,2,x,1,x2/x,2,1,12C,2,x/x,1,21,1,2S,x/x,1,x,2,x2/1,x5 1 9'

bench() { node "$1" bench | tail -1 | awk '{print $2, $6}'; }             # nodes ms
middle() {
  printf 'tei\nsetoption name HalfKomi value 4\nteinewgame 6\nposition tps %s\ngo nodes %s\n' "$TPS" "$NODES" |
    node "$1" | grep '^info depth' | tail -1 | sed -E 's/.* nodes ([0-9]+) .* time ([0-9]+).*/\1 \2/'
}
median() { sort -n | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }

declare -a benchA benchB midA midB
for i in $(seq "$ROUNDS"); do
  read -r nA tA < <(bench "$A"); read -r nB tB < <(bench "$B")
  read -r mA sA < <(middle "$A"); read -r mB sB < <(middle "$B")
  [ "$nA" = "$nB" ] || echo "bench nodes differ: A $nA, B $nB (not the same tree)"
  [ "$mA" = "$mB" ] || echo "middle-game nodes differ: A $mA, B $mB (not the same tree)"
  benchA+=("$tA"); benchB+=("$tB"); midA+=("$sA"); midB+=("$sB")
  echo "round $i: bench A $tA ms, B $tB ms; middle game A $sA ms, B $sB ms"
done
ba=$(printf '%s\n' "${benchA[@]}" | median); bb=$(printf '%s\n' "${benchB[@]}" | median)
ma=$(printf '%s\n' "${midA[@]}" | median); mb=$(printf '%s\n' "${midB[@]}" | median)
echo "median bench: A $ba ms, B $bb ms (B/A $(awk "BEGIN {printf \"%.3f\", $bb / $ba}"))"
echo "median middle game, $NODES nodes: A $ma ms, B $mb ms (B/A $(awk "BEGIN {printf \"%.3f\", $mb / $ma}"))"
