#!/bin/bash
# The data generator of docs/data.md: 6x6 (komi 2) selfplay chunks of 100 games at 10,000 nodes
# a move, each then labelled at 50,000 nodes a position by `bredon label`. SIZE=5 makes 5x5
# chunks the same way (the 5x5 book, files s5-kNNNN); SIZE=7 and SIZE=8 use the seeded random
# books of data/openings/ (the 5x5 and 6x6 books are balanced ones, these random). Labelling a finished
# chunk comes before playing the next, so finished labelled chunks appear at a steady rate and a
# stopped run loses at most the chunk in progress. Two threads at a time; run it under nice.
#
#   nice -n 19 scripts/generate-data.sh GEN_DIR ENGINE_DIST LABELLER_DIST [FIRST_SEED]
#
# ENGINE_DIST and LABELLER_DIST are built dist/ folders of the commits docs/data.md names (copies,
# so that rebuilding the checkout does not change the engine under a running generator). Output:
# GEN_DIR/raw/s6-kNNNN.ptn (the games, with the 10,000-node scores) and .tsv, and
# GEN_DIR/labelled/s6-kNNNN.ptn (the records to pack into data/ with scripts/pack-chunk.sh).
# Files are written as .part and renamed when complete. Touch GEN_DIR/STOP to stop after the
# current step.
set -u
G=$1
ENGINE=$2
LABELLER=$3
seed=${4:-1}
SIZE=${SIZE:-6}
BOOK=$(dirname "$0")/../data/openings/${SIZE}s_4ply_balanced_openings.txt
[ -e "$BOOK" ] || BOOK=$(dirname "$0")/../data/openings/${SIZE}s_4ply_random.txt
OPEN=${OPENINGS:-$BOOK}
GAMES=100
mkdir -p "$G/raw" "$G/labelled" "$G/logs"
while [ ! -e "$G/STOP" ]; do
  todo=""
  for f in $(ls "$G"/raw/*.ptn 2>/dev/null | sort); do
    b=$(basename "$f" .ptn)
    [ -e "$G/labelled/$b.ptn" ] || { todo=$b; break; }
  done
  if [ -n "$todo" ]; then
    node "$LABELLER/bredon.js" label --size "$SIZE" --nodes 50000 --threads 2 --out "$G/labelled/$todo.ptn.part" "$G/raw/$todo.ptn" \
      >>"$G/logs/$todo.label.log" 2>&1 && mv "$G/labelled/$todo.ptn.part" "$G/labelled/$todo.ptn"
    [ -e "$G/labelled/$todo.ptn" ] || { echo "label $todo failed" >>"$G/logs/driver.log"; sleep 60; }
    continue
  fi
  b=$(printf 's%d-k%04d' "$SIZE" "$seed")
  if [ ! -e "$G/raw/$b.ptn" ]; then
    first=$(( ((seed - 1) * GAMES) % 900 + 1 ))
    echo "$(date -Is) selfplay $b seed $seed first-opening $first" >>"$G/logs/driver.log"
    node "$ENGINE/bredon.js" selfplay --size "$SIZE" --komi 2 --games $GAMES --nodes 10000 --seed "$seed" \
      --openings "$OPEN" --opening-lines 1-900 --first-opening $first --random-plies 2 --concurrency 2 \
      --ptn "$G/raw/$b.ptn.part" --out "$G/raw/$b.tsv.part" >>"$G/logs/$b.selfplay.log" 2>&1 \
      && mv "$G/raw/$b.tsv.part" "$G/raw/$b.tsv" && mv "$G/raw/$b.ptn.part" "$G/raw/$b.ptn"
    [ -e "$G/raw/$b.ptn" ] || { echo "selfplay $b failed" >>"$G/logs/driver.log"; sleep 60; }
  fi
  seed=$((seed + 1))
done
