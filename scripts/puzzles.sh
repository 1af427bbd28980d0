#!/usr/bin/env bash
# Rebuilds data/puzzles/<N>x<N>.jsonl byte for byte from the repository's games
# (docs/puzzles.md): `scripts/puzzles.sh 6` or `scripts/puzzles.sh 5`, from the repository's
# root, after `npm run build`. The files and their order are part of the set: each position
# is kept the first time it is found.
set -euo pipefail
size="${1:?usage: scripts/puzzles.sh 5|6 [--threads N]}"
shift
case "$size" in
  6) files=(data/games/playtak-6x6-1344.ptn $(printf 'data/selfplay/6x6/r6-s%d.tsv.gz ' $(seq 101 128))) ;;
  5) files=($(printf 'data/selfplay/5x5/r5-s%d.tsv.gz ' $(seq 101 118))) ;;
  *) echo "scripts/puzzles.sh: sets are built for 5x5 and 6x6, not '$size'" >&2; exit 2 ;;
esac
mkdir -p data/puzzles
exec node ${BREDON_JS:-dist/bredon.js} puzzles --size "$size" --out "data/puzzles/${size}x${size}.jsonl" "$@" "${files[@]}"
