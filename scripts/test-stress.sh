#!/usr/bin/env bash
# The whole test command, several times, on a fresh clone of HEAD, while every
# core of the machine is also kept busy by another job: a test that passes
# only on a quiet machine fails here. Usage: npm run test:stress [-- RUNS]
# (default 3). Each run's log is kept; the summary names its result and time.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
runs="${1:-3}"
work="$(mktemp -d /tmp/lsc-stress-XXXXXX)"
echo "fresh clone of $(git -C "$repo" rev-parse --short HEAD) in $work"
git clone --quiet "$repo" "$work/repo"
cd "$work/repo"
source scripts/node24.sh
npm ci --no-audit --no-fund >"$work/npm-ci.log" 2>&1

# One endless loop per core, each in its own process, stopped however this script ends.
busy=()
for _ in $(seq "$(nproc)"); do
  node -e 'for (;;);' &
  busy+=($!)
done
trap 'kill "${busy[@]}" 2>/dev/null || true' EXIT
echo "${#busy[@]} busy loops beside the tests"

failed=0
for run in $(seq "$runs"); do
  started=$(date +%s)
  if CI=true npm test >"$work/run-$run.log" 2>&1; then result=passed; else result=FAILED; failed=1; fi
  summary="$(grep -E '^\s*Tests\s+[0-9]|^\s+[0-9]+ (passed|failed|flaky|skipped)' "$work/run-$run.log" | sed 's/\x1b\[[0-9;]*m//g' | tr -s ' ' | paste -sd ';' -)"
  echo "run $run: $result in $(($(date +%s) - started)) s ($summary) log: $work/run-$run.log"
done
exit "$failed"
