#!/bin/bash
# A selfplay round whose openings vary by seed: for each seed, a book of 200 random four-flat
# openings drawn from that seed (scripts/random-openings.ts, which skips the size's test book),
# then 200 games at 10,000 nodes a move from it, scored by the search that played them. Unlike the
# rounds from the fixed 900-line training book, no two seeds share a book, so a network fitted to
# many seeds has seen no opening often (issue: strength measured on openings it never saw).
#
#   nice -n 19 scripts/selfplay-round.sh OUT_DIR ENGINE_DIST SIZE FIRST_SEED LAST_SEED
#
# ENGINE_DIST is a built dist/ folder (a copy, so rebuilding the checkout does not change the
# engine under a running round). Output: OUT_DIR/rN-g<seed>.book.txt, .ptn and .tsv.gz, written
# as .part and renamed when complete; a seed whose .tsv.gz exists is skipped. Touch OUT_DIR/STOP
# to stop after the current seed.
set -eu
OUT=$1
ENGINE=$2
SIZE=$3
FIRST=$4
LAST=$5
HERE=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$OUT"
for seed in $(seq "$FIRST" "$LAST"); do
  [ -e "$OUT/STOP" ] && break
  b=$(printf 'r%d-g%d' "$SIZE" "$seed")
  [ -e "$OUT/$b.tsv.gz" ] && continue
  (cd "$HERE" && node --import tsx scripts/random-openings.ts --size "$SIZE" --count 200 --seed "$seed") > "$OUT/$b.book.txt"
  echo "$(date -Is) $b" >>"$OUT/round.log"
  node "$ENGINE/bredon.js" selfplay --size "$SIZE" --komi 2 --games 200 --nodes 10000 --seed "$seed" \
    --openings "$OUT/$b.book.txt" --opening-lines 1-200 --first-opening 1 --random-plies 2 --concurrency 2 \
    --ptn "$OUT/$b.ptn.part" --out "$OUT/$b.tsv.part" >>"$OUT/$b.log" 2>&1
  gzip -9n <"$OUT/$b.tsv.part" >"$OUT/$b.tsv.gz.part"
  mv "$OUT/$b.ptn.part" "$OUT/$b.ptn"
  mv "$OUT/$b.tsv.gz.part" "$OUT/$b.tsv.gz"
  rm "$OUT/$b.tsv.part"
done
