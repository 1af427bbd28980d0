#!/usr/bin/env bash
# The queue figures of docs/distributed.md: games a minute with 1, 2 and 4 `bredon worker` processes (one game
# slot each) on this machine, and what Redis does per game (commands and bytes from INFO, the
# commands by name from MONITOR) and per idle worker. Needs redis-server and redis-cli (Debian's
# redis-server) and a built dist/bredon.js. Usage: bash scripts/queue-figures.sh [GAMES] [NODES]
# (6x6 games from data/openings' 6x6 book at NODES per move, default 40 games at 10000).
set -euo pipefail
cd "$(dirname "$0")/.."
games="${1:-40}"
nodes="${2:-10000}"
terms=(--size 6 --nodes "$nodes" --openings data/openings/6s_4ply_balanced_openings.txt)
bredon="$PWD/dist/bredon.js"
work="$(mktemp -d)"
port=$((20000 + RANDOM % 20000))
redis-server --port "$port" --bind 127.0.0.1 --save '' --appendonly no --dir "$work" >"$work/redis.log" 2>&1 &
redis_pid=$!
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill -INT "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
  kill "$redis_pid" 2>/dev/null || true
  wait "$redis_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
sleep 0.5
url="redis://127.0.0.1:$port"
stat() { redis-cli -p "$port" info stats | tr -d '\r' | awk -F: -v k="$1" '$1 == k { print $2 }'; }

start_workers() {
  pids=()
  for i in $(seq 1 "$1"); do
    node "$bredon" worker --queue "$url" --engine a="node $bredon" --engine b="node $bredon" --nps 700000 >"$work/worker$i.log" 2>&1 &
    pids+=($!)
  done
  # Each worker has started its engines once and announced itself.
  until [ "$(redis-cli -p "$port" scard bredon:workers)" -ge "$1" ]; do sleep 0.2; done
}
stop_workers() {
  for p in "${pids[@]}"; do kill -INT "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
  pids=()
}

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores"
echo "workers | games | seconds | games/min | Redis commands/game | bytes in/game | bytes out/game"
for w in 1 2 4; do
  start_workers "$w"
  c0=$(stat total_commands_processed); i0=$(stat total_net_input_bytes); o0=$(stat total_net_output_bytes)
  t0=$(date +%s.%N)
  node "$bredon" match --queue "$url" --engine a --engine b "${terms[@]}" --games "$games" >"$work/match$w.txt" 2>"$work/match$w.err"
  t1=$(date +%s.%N)
  c1=$(stat total_commands_processed); i1=$(stat total_net_input_bytes); o1=$(stat total_net_output_bytes)
  stop_workers
  awk -v w="$w" -v g="$games" -v t0="$t0" -v t1="$t1" -v c="$((c1 - c0))" -v i="$((i1 - i0))" -v o="$((o1 - o0))" \
    'BEGIN { s = t1 - t0; printf "%d | %d | %.1f | %.1f | %.0f | %.0f | %.0f\n", w, g, s, g * 60 / s, c / g, i / g, o / g }'
done
# The same match on one machine without Redis, for comparison.
t0=$(date +%s.%N)
node "$bredon" match --engine "node $bredon" --engine "node $bredon" "${terms[@]}" --games "$games" --concurrency 2 >"$work/local.txt" 2>/dev/null
t1=$(date +%s.%N)
awk -v g="$games" -v t0="$t0" -v t1="$t1" 'BEGIN { s = t1 - t0; printf "local match --concurrency 2 (no Redis) | %d | %.1f | %.1f\n", g, s, g * 60 / s }'

# MONITOR on its own run (its stream to redis-cli would count in the bytes above).
start_workers 2
redis-cli -p "$port" monitor >"$work/monitor.txt" &
mon=$!
node "$bredon" match --queue "$url" --engine a --engine b "${terms[@]}" --games "$games" >/dev/null 2>&1
kill "$mon"
wait "$mon" 2>/dev/null || true
stop_workers
echo "commands during a 2-worker match of $games games, by name (MONITOR), $(grep -c '^[0-9]' "$work/monitor.txt") in all:"
awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^"/) { print toupper($i); break } }' "$work/monitor.txt" | sort | uniq -c | sort -rn | head -15

# An idle worker (no run) and what it costs Redis per second.
start_workers 1
c0=$(stat total_commands_processed)
sleep 20
c1=$(stat total_commands_processed)
stop_workers
echo "one idle worker: $(( (c1 - c0) / 20 )) commands/s (minus redis-cli's own INFO)"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
