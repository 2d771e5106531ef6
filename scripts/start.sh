#!/usr/bin/env bash
# Quick start: Node 24 (brought into .tools/ when the machine's is older), the
# locked dependencies, then the demo site on http://localhost:${PORT:-3000}.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/node24.sh
echo "node $(node -v)"
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ] \
  || ! node -e 'require("better-sqlite3")(":memory:")' 2>/dev/null; then
  npm ci
fi
exec npm start
