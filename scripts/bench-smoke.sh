#!/usr/bin/env bash
# `npm run bench:smoke [-- NAME...]`: every benchmark (bench/*.bench.ts, or only the NAMEs given, e.g. ping) in smoke
# mode, one after another: tiny sizes through the same routes, queues and floors, targets not judged
# (bench/bench-kit.ts). Fails, naming each bench, if any exits non-zero or outlives BENCH_SMOKE_LIMIT_S (default 180)
# seconds: a bench that cannot start fails the run. scripts/test.sh runs it after Jest (with its run id, and checks
# leaks once after both); run on its own, it checks that the benches left nothing on the shared services itself.
# The services must be up (scripts/services.sh).
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
# shellcheck source=lib/node-env.sh
source scripts/lib/node-env.sh
require_node bench-smoke

own_run=false
if [[ -z "${TEST_RUN_ID:-}" ]]; then
  own_run=true
  TEST_RUN_ID=$(node -e 'process.stdout.write(Date.now().toString(36))')
fi
export TEST_RUN_ID BENCH_SMOKE=1
limit=${BENCH_SMOKE_LIMIT_S:-180}

# Milliseconds since the epoch, and a span of them in seconds with one decimal.
now_ms() { local t=${EPOCHREALTIME/./}; echo $((t / 1000)); }
seconds_since() { local ms=$(($(now_ms) - $1)); printf '%d.%d' $((ms / 1000)) $((ms % 1000 / 100)); }

failed=()
report=()
started=$(now_ms)
files=(bench/*.bench.ts)
(($#)) && files=("${@/#/bench/}") && files=("${files[@]/%/.bench.ts}")
for file in "${files[@]}"; do
  name=$(basename "$file" .bench.ts)
  echo "== bench $name (smoke)" >&2
  t0=$(now_ms)
  # --foreground: Ctrl-C reaches the bench and its apps; at the limit the bench gets SIGTERM and closes its scope.
  timeout --foreground -k 20 "$limit" node -r @swc-node/register "$file"
  code=$?
  seconds=$(seconds_since "$t0")
  if ((code == 0)); then
    report+=("$(printf 'ok      %6s s  %s' "$seconds" "$name")")
  else
    ((code == 124)) && why="no end within $limit s" || why="exit $code"
    report+=("$(printf 'FAILED  %6s s  %s (%s)' "$seconds" "$name" "$why")")
    failed+=("$name")
  fi
done
total=$(seconds_since "$started")

status=0
if $own_run; then
  node -r @swc-node/register scripts/test-leaks.ts || status=1
fi
echo "== bench smoke: ${#report[@]} benches in $total s" >&2
printf '  %s\n' "${report[@]}" >&2
if ((${#failed[@]})); then
  echo "[bench-smoke] FAILED: ${failed[*]}" >&2
  status=1
fi
exit "$status"
