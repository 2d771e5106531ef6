#!/usr/bin/env bash
# npm run container:check — builds the image with Docker or Podman (whichever
# works here; Podman in Docker format so the HEALTHCHECK is kept), runs it on a
# fresh root-owned volume, and checks what an operator relies on:
#   /healthz and the home page; the volume made the app user's; the first-start
#   rules (store content only, no sample posts or inquiries, no password in the
#   log, a setup link); db:backup and user:create inside the container (as root,
#   like fly ssh console) leaving nothing owned by root; the process user and its
#   capabilities; application files read-only to that user; no native build
#   leftovers; the HEALTHCHECK; a clean stop on SIGTERM.
# Without a usable engine it says so and exits 0, claiming nothing.
# NODE_IMAGE=… builds on another base (a mirror of node:24-bookworm-slim).
set -euo pipefail
cd "$(dirname "$0")/.."

engine=""
for candidate in docker podman; do
  if command -v "$candidate" >/dev/null 2>&1 && "$candidate" info >/dev/null 2>&1; then
    engine="$candidate"
    break
  fi
done
if [ -z "$engine" ]; then
  for candidate in docker podman; do
    command -v "$candidate" >/dev/null 2>&1 && echo "container:check: $candidate is installed but does not answer ('$candidate info' fails)."
  done
  echo "container:check: no usable container engine (Docker or Podman) on this machine: nothing was built or checked."
  exit 0
fi

image="lsc-container-check:latest"
name="lsc-container-check-$$"
port="${CHECK_PORT:-3917}"
base="${NODE_IMAGE:-node:24-bookworm-slim}"
volume="$(mktemp -d "${TMPDIR:-/tmp}/lsc-volume-XXXXXX")"
chmod 0755 "$volume" # owned by whoever runs this: root, or the rootless engine's root
failures=0
pass() { echo "  ok    $*"; }
fail() {
  echo "  FAIL  $*"
  failures=$((failures + 1))
}
check() { # check "description" command…
  local what="$1"
  shift
  if "$@" >/dev/null 2>&1; then pass "$what"; else fail "$what"; fi
}
cleanup() {
  "$engine" rm -f "$name" >/dev/null 2>&1 || true
  if [ "$engine" = podman ] && [ "$(id -u)" != 0 ]; then podman unshare rm -rf "$volume"; else rm -rf "$volume"; fi
}
trap cleanup EXIT

echo "container:check with $engine ($("$engine" --version)), base image $base"
build_args=(build --build-arg "NODE_IMAGE=$base" -t "$image" .)
[ "$engine" = podman ] && build_args=(build --format docker --build-arg "NODE_IMAGE=$base" -t "$image" .)
started=$(date +%s)
if ! "$engine" "${build_args[@]}"; then
  echo "container:check: the build failed (above). If the base image could not be pulled, set NODE_IMAGE to a mirror of node:24-bookworm-slim."
  exit 1
fi
echo "built in $(($(date +%s) - started)) s; image size $("$engine" image inspect --format '{{.Size}}' "$image" | awk '{printf "%.0f MB", $1/1000000}')"

echo "checks:"
has_healthcheck() { grep -q healthz <<<"$("$engine" image inspect --format '{{json .Config.Healthcheck}}' "$image")"; }
check "the image keeps its HEALTHCHECK" has_healthcheck

"$engine" run -d --name "$name" -p "127.0.0.1:$port:3000" -v "$volume:/data" \
  -e SESSION_SECRET=container-check-session-secret -e SITE_URL="http://127.0.0.1:$port" "$image" >/dev/null
logs() { "$engine" logs "$name" 2>&1; }
in_container() { "$engine" exec "$name" "$@"; }
ready=""
for _ in $(seq 1 90); do
  if curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; then
    ready=1
    break
  fi
  sleep 1
done
if [ -z "$ready" ]; then
  fail "/healthz answers within 90 s"
  logs | tail -30
  exit 1
fi
pass "/healthz answers 200"
check "the home page answers 200" curl -fsS -o /dev/null "http://127.0.0.1:$port/"

runs_as_node() { in_container grep -Eq '^Uid:\s+1000\s' /proc/1/status; }
no_capabilities() { in_container grep -Eq '^CapEff:\s+0+$' /proc/1/status; }
volume_is_nodes() { [ "$(in_container stat -c %U /data /data/app.db | sort -u)" = node ]; }
app_read_only() { ! "$engine" exec --user node "$name" sh -c 'touch /app/server.mjs || touch /app/new-file'; }
no_leftovers() {
  in_container sh -c 'cd /app/node_modules/better-sqlite3 && test ! -e deps && test ! -e src && test ! -e build/Release/obj && test ! -e build/Release/sqlite3.a && test -e build/Release/better_sqlite3.node'
}
check "the server (PID 1) runs as node, uid 1000" runs_as_node
check "the server has no capabilities" no_capabilities
check "the root-owned volume now belongs to node" volume_is_nodes
check "the application files are read-only to node" app_read_only
check "no native build leftovers ship (better-sqlite3 obj/, deps/, static library)" no_leftovers

# Whole outputs are captured first: with pipefail, `… | grep -q` fails when grep stops reading early.
store_content() { grep -q 'Store content added' <<<"$(logs)"; }
no_password() { ! grep -qi 'password:' <<<"$(logs)"; }
check "the first start added the store content" store_content
check "the first start printed no password" no_password
link="$(grep -o "http://127.0.0.1:$port/admin/setup?token=[A-Za-z0-9_-]*" <<<"$(logs)" | tail -1 || true)"
check "the first start logged a setup link" test -n "$link"
setup_page_says() { grep -q "$1" <<<"$(curl -fsS -H 'Cookie: age_verified=IjEi' "$link")"; }
check "the setup link opens the setup page" setup_page_says 'Create the first admin'

backup="$(in_container npm run --silent db:backup -- /data/backup.db 2>&1 || true)"
backup_ok() { grep -q 'integrity_check: ok' <<<"$backup"; }
no_samples() { grep -Eq '^\s+posts\s+0$' <<<"$backup" && grep -Eq '^\s+contact_inquiries\s+0$' <<<"$backup"; }
check "db:backup works inside the container (run as root)" backup_ok
check "no sample posts or inquiries (the backup's row counts)" no_samples
check "user:create works inside the container (run as root)" \
  in_container npm run --silent user:create -- --email ops@example.com --password container-check-1 --admin
nothing_roots() { [ -z "$(in_container find /data -user root)" ]; }
check "nothing in /data belongs to root after those commands" nothing_roots
check "once an admin exists the setup link is dead" setup_page_says 'This site already has an admin'

if [ "$engine" = podman ]; then
  check "the HEALTHCHECK passes" podman healthcheck run "$name"
else
  health=""
  for _ in $(seq 1 70); do
    health="$(docker inspect --format '{{.State.Health.Status}}' "$name")"
    [ "$health" = healthy ] && break
    sleep 1
  done
  check "the HEALTHCHECK passes" test "$health" = healthy
fi
echo "  info  memory in use: $("$engine" stats --no-stream --format '{{.MemUsage}}' "$name" 2>/dev/null || echo unknown)"

stop_started=$(date +%s)
"$engine" stop -t 30 "$name" >/dev/null
stop_took=$(($(date +%s) - stop_started))
clean_exit() { [ "$("$engine" inspect --format '{{.State.ExitCode}}' "$name")" = 0 ] && [ "$stop_took" -lt 30 ]; }
graceful() { grep -q 'SIGTERM: stopping' <<<"$(logs)"; }
check "a clean stop on SIGTERM (exit code 0, in ${stop_took} s)" clean_exit
check "the server logged its graceful stop" graceful

if [ "$failures" -gt 0 ]; then
  echo "container:check: $failures check(s) failed. Server log:"
  logs | tail -40
  exit 1
fi
echo "container:check: every check passed."
