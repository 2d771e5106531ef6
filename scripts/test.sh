#!/usr/bin/env bash
# Every test, on the same Node 24 as production: typecheck, lint, format, the
# unit and integration tests (Vitest), then the browser tests (Playwright).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/node24.sh
echo "node $(node -v)"
exec npm test "$@"
