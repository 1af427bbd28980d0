#!/bin/sh
# Copies finished labelled chunks (bredon label output, plain PTN) into data/ as .ptn.gz and
# records the SHA-256 of each one's text in data/sha256.txt, the hash a manifest's dataSha256
# gives for it (docs/data.md). gzip -n leaves the name and time out of the header, so the same
# text gives the same bytes. Prints each chunk's games and labelled positions.
#
#   scripts/pack-chunk.sh DEST_DIR LABELLED.ptn [LABELLED.ptn ...]
#   e.g. scripts/pack-chunk.sh data/selfplay/6x6 /work/gen/labelled/s6-k0001.ptn
set -eu
dest=$1
shift
mkdir -p "$dest"
for f in "$@"; do
  out="$dest/$(basename "$f").gz"
  gzip -9nc "$f" > "$out.tmp" && mv "$out.tmp" "$out"
  sum=$(sha256sum < "$f" | cut -d' ' -f1)
  touch data/sha256.txt
  grep -v "  $out\$" data/sha256.txt > data/sha256.txt.tmp || true
  echo "$sum  $out" >> data/sha256.txt.tmp
  sort -k2 data/sha256.txt.tmp > data/sha256.txt && rm data/sha256.txt.tmp
  games=$(grep -c '^\[Size ' "$f")
  labels=$(grep -oE '\{[+-][0-9]+\.[0-9]{2}/[0-9]+\}' "$f" | wc -l)
  echo "$out: $games games, $labels labelled positions, $(wc -c < "$out") bytes"
done
