#!/usr/bin/env bash
# The whole test command, several times, on fresh clones of HEAD, on a machine
# whose every core is also busy with another job: a test that passes only on a
# quiet machine fails here. Usage: npm run test:stress [-- RUNS] (default 3).
#
# By default the runs go one after another beside one endless loop per core.
# With TOGETHER=1 they start at the same time, each in a clone of its own with
# its own browser-test port (STRESS_PORT_BASE + N: 4881 … by default; runs one
# after another use STRESS_PORT_BASE + 1, 4173 by default, so two stress runs at
# once need different bases), and each one's load is the others' work: on a
# 2-core machine three runs together take about as long as three quiet runs
# in a row, where three runs beside busy loops take about twice that.
# Each run's log is kept; the summary names its result and time.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
runs="${1:-3}"
together="${TOGETHER:-0}"
missing="$(bash "$repo/scripts/test-packages.sh" | paste -sd ' ' -)"
if [ -n "$missing" ]; then
  # Each run would fail after many minutes of work; say so now.
  echo "The tests need these Debian packages: $missing (apt-get install -y $missing, as .ci/run does)" >&2
  exit 1
fi
work="$(mktemp -d /tmp/lsc-stress-XXXXXX)"
# Readable by every user, as a clone usually is: some tests run commands as another user.
chmod 755 "$work"
echo "$runs run(s) of $(git -C "$repo" rev-parse --short HEAD) in $work"

clone() { # clone DIR: a fresh clone with its dependencies installed
  git clone --quiet "$repo" "$1"
  (cd "$1" && source scripts/node24.sh && npm ci --no-audit --no-fund >"$1.npm-ci.log" 2>&1)
}

run_tests() { # run_tests N DIR PORT: one whole test command, then its summary line
  local started result summary
  started=$(date +%s)
  if (cd "$2" && source scripts/node24.sh && CI=true E2E_PORT="$3" npm test >"$work/run-$1.log" 2>&1); then
    result=passed
  else
    result=FAILED
  fi
  summary="$(grep -E '^\s*Tests\s+[0-9]|^\s+[0-9]+ (passed|failed|flaky|skipped)' "$work/run-$1.log" | sed 's/\x1b\[[0-9;]*m//g' | tr -s ' ' | paste -sd ';' -)"
  echo "run $1: $result in $(($(date +%s) - started)) s ($summary) log: $work/run-$1.log"
  [ "$result" = passed ]
}

failed=0
if [ "$together" = 1 ]; then
  for run in $(seq "$runs"); do clone "$work/repo-$run"; done
  pids=()
  for run in $(seq "$runs"); do
    run_tests "$run" "$work/repo-$run" $((${STRESS_PORT_BASE:-4880} + run)) &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
else
  clone "$work/repo"
  # One endless loop per core, each in its own process, stopped however this script ends.
  busy=()
  for _ in $(seq "$(nproc)"); do
    node -e 'for (;;);' &
    busy+=($!)
  done
  trap 'kill "${busy[@]}" 2>/dev/null || true' EXIT
  echo "${#busy[@]} busy loops beside the tests"
  for run in $(seq "$runs"); do run_tests "$run" "$work/repo" $((${STRESS_PORT_BASE:-4172} + 1)) || failed=1; done
fi
exit "$failed"
