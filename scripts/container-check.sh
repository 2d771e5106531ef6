#!/usr/bin/env bash
# npm run container:check — builds the image with Docker or Podman (whichever
# works here; Podman in Docker format so the HEALTHCHECK is kept) on the real
# node:24-bookworm-slim, or, where Docker Hub cannot be reached, on a local
# stand-in made the same way (scripts/container-standin.sh: no CA bundle, no
# compiler, like the real one). Then it runs the image as an operator would and
# checks what an operator relies on; every check is listed with ok or FAIL:
#   the base; the final image (CA bundle, no compiler, no TypeScript or other
#   development dependency, plain-JavaScript command-line tools, only the
#   addon this platform needs, the HEALTHCHECK and its start interval);
#   a start on a root-owned data volume with a file:// replica on a second
#   root-owned volume (process user and capabilities, volumes handed to the app
#   user, read-only application, the first-start rules, every command-line tool
#   run as root, an acknowledged inquiry replicated); a fresh container on an
#   empty data volume restoring that inquiry from the replica; a replica volume
#   that refuses writes reported by /healthz/replication and the log; Litestream
#   trusting an https endpoint signed by a test CA installed in the image's
#   trust store (and refusing it without); a production start without SITE_URL
#   refused; a clean stop on SIGTERM.
# Without a usable engine it says so and exits 0, claiming nothing.
#   NODE_IMAGE=…   another base (a mirror of node:24-bookworm-slim)
#   DOCKERFILE=…   another Dockerfile (default: Dockerfile)
#   BUILD_CA=FILE  CA certificates (PEM) npm must trust in the build stage, for a
#                  builder behind a TLS-intercepting proxy; by default the ones
#                  this machine added to its own trust store, if any
#   CHECK_PORT=…   first of three local ports used (default 3917)
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
dockerfile="${DOCKERFILE:-Dockerfile}"
work="$(mktemp -d "${TMPDIR:-/tmp}/lsc-check-XXXXXX")"
chmod 0755 "$work"
containers=()
failures=0
passed=0
pass() {
  echo "  ok    $*"
  passed=$((passed + 1))
}
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
  for container in "${containers[@]}"; do "$engine" rm -f "$container" >/dev/null 2>&1 || true; done
  if [ "$engine" = podman ] && [ "$(id -u)" != 0 ]; then podman unshare rm -rf "$work"; else rm -rf "$work"; fi
}
trap cleanup EXIT
# A fresh root-owned folder to mount as a volume.
volume() {
  mkdir -p "$work/$1"
  chmod 0755 "$work/$1"
  echo "$work/$1"
}

# ---- the base ----
base="${NODE_IMAGE:-}"
if [ -z "$base" ]; then
  if "$engine" image inspect node:24-bookworm-slim >/dev/null 2>&1 || "$engine" pull -q node:24-bookworm-slim >/dev/null 2>&1; then
    base=node:24-bookworm-slim
  else
    echo "container:check: node:24-bookworm-slim cannot be pulled here; using a local stand-in made the same way"
    base="$(ENGINE="$engine" bash scripts/container-standin.sh | tail -1)"
  fi
fi
# Podman on a host that forbids raising resource limits (no CAP_SYS_RESOURCE)
# cannot apply its default ulimits: lower ones, for this run only.
if [ "$engine" = podman ] && ! podman run --rm "$base" true >/dev/null 2>&1; then
  printf '[containers]\ndefault_ulimits = ["nofile=16384:16384", "nproc=8192:8192"]\n' >"$work/containers.conf"
  export CONTAINERS_CONF="$work/containers.conf"
fi
echo "container:check with $engine ($("$engine" --version)), base image $base, $dockerfile"
echo "checks:"
base_like_node() { [ "$("$engine" run --rm "$base" sh -c 'node -p "process.versions.node.split(\".\")[0]"; id -u node; id -g node')" = "$(printf '24\n1000\n1000')" ]; }
check "the base has Node 24 and the node user (uid and gid 1000), like node:24-bookworm-slim" base_like_node
no_ca_or_compiler='test ! -s /etc/ssl/certs/ca-certificates.crt && ! command -v update-ca-certificates && ! command -v gcc && ! command -v g++ && ! command -v cc && ! command -v make && ! command -v python3'
check "the base has no CA bundle and no compiler, like node:24-bookworm-slim" "$engine" run --rm "$base" sh -c "$no_ca_or_compiler"

# ---- the build ----
build_args=(build --build-arg "NODE_IMAGE=$base" -t "$image" -f "$work/Dockerfile")
[ "$engine" = podman ] && build_args+=(--format docker)
ca="${BUILD_CA:-}"
if [ -z "$ca" ] && compgen -G '/usr/local/share/ca-certificates/*.crt' >/dev/null; then
  cat /usr/local/share/ca-certificates/*.crt >"$work/build-ca.pem"
  ca="$work/build-ca.pem"
fi
if [ -n "$ca" ]; then
  echo "  info  the build stage's npm also trusts $ca (this machine's own CAs: a TLS-intercepting proxy); the final image does not"
  build_args+=(--secret "id=build_ca,src=$ca")
fi
# HEALTHCHECK --start-interval needs Docker 25+ or Podman 5+: an older builder gets the Dockerfile without that flag.
cp "$dockerfile" "$work/Dockerfile"
printf 'FROM scratch\nHEALTHCHECK --start-interval=1s CMD true\n' >"$work/Probefile"
if ! "$engine" build -q -f "$work/Probefile" "$work" >/dev/null 2>&1; then
  echo "  info  this $engine does not know HEALTHCHECK --start-interval (Docker 25+ and Podman 5+ do): built without that flag"
  sed -i 's/ --start-interval=[0-9a-z]*//' "$work/Dockerfile"
fi
"$engine" rmi -f "$image" >/dev/null 2>&1 || true
started=$(date +%s)
if ! "$engine" "${build_args[@]}" . >"$work/build.log" 2>&1; then
  tail -40 "$work/build.log"
  fail "the image builds (the build's last lines are above)"
  echo "container:check: $failures check(s) failed, $passed passed."
  exit 1
fi
size_bytes="$("$engine" image inspect --format '{{.Size}}' "$image")"
base_bytes="$("$engine" image inspect --format '{{.Size}}' "$base")"
pass "the image builds: in $(($(date +%s) - started)) s, $((size_bytes / 1000000)) MB ($(((size_bytes - base_bytes) / 1000000)) MB over the base)"

# ---- the final image ----
in_image() { "$engine" run --rm --entrypoint sh "$image" -c "$1"; }
start_interval="$(grep -o -- '--start-interval=[0-9]*s' "$dockerfile" | grep -o '[0-9]*' || echo none)"
healthcheck_ok() {
  grep -q healthz <<<"$("$engine" image inspect --format '{{json .Config.Healthcheck}}' "$image")" &&
    [ "$start_interval" != none ] && [ "$start_interval" -le 10 ]
}
check "the image keeps its HEALTHCHECK on /healthz, probed every ${start_interval} s while starting" healthcheck_ok
check "the CA bundle is in the final image (/etc/ssl/certs/ca-certificates.crt)" \
  in_image 'test -s /etc/ssl/certs/ca-certificates.crt && command -v update-ca-certificates'
check "no compiler in the final image (gcc, g++, cc, make, python3)" \
  in_image '! command -v gcc && ! command -v g++ && ! command -v cc && ! command -v make && ! command -v python3'
dev_packages='typescript tsx esbuild vite @react-router/dev vitest @playwright/test eslint prettier @types/node'
no_dev() { in_image "cd /app/node_modules && for p in $dev_packages; do test ! -e \"\$p\" || { echo \"\$p\"; exit 1; }; done"; }
check "no TypeScript, tsx or other development dependency in the final image" no_dev
cli_is_js() {
  in_image 'for c in migrate seed backup restore render-posts user-create; do test -s build/cli/$c.js || exit 1; done; ! find /app -path /app/node_modules -prune -o -name "*.ts" -print | grep -q .'
}
check "the command-line tools are plain JavaScript (build/cli), no .ts file outside node_modules" cli_is_js
addon_only() {
  in_image 'cd node_modules/better-sqlite3 && test "$(ls prebuilds)" = linux-x64.node && test ! -e deps && test ! -e src && test ! -e build && node -e "new (require(\"better-sqlite3\"))(\":memory:\").prepare(\"select 1\").get()"'
}
check "better-sqlite3 ships only the prebuilt addon this image loads (no sources, no other platforms)" addon_only

# ---- a production start: root-owned data volume, file:// replica on a second root-owned volume ----
# Starts a container in the background. Podman without systemd says on stderr that
# it cannot schedule the HEALTHCHECK timer (the check runs it by hand): shown only if the start fails.
start_container() {
  if ! "$engine" run -d "$@" >/dev/null 2>"$work/run.err"; then
    cat "$work/run.err"
    return 1
  fi
}
data="$(volume data)"
replica="$(volume replica)"
env_args=(-e SESSION_SECRET=container-check-session-secret -e LITESTREAM_REPLICA_URL=file:///replica)
containers+=("$name")
start_container --name "$name" -p "127.0.0.1:$port:3000" -v "$data:/data" -v "$replica:/replica" \
  "${env_args[@]}" -e SITE_URL="http://127.0.0.1:$port" "$image" >/dev/null
logs() { "$engine" logs "${1:-$name}" 2>&1; }
in_container() { "$engine" exec "$name" "$@"; }
as_node() { "$engine" exec --user node "$name" "$@"; }
wait_for_health() { # wait_for_health port seconds
  for _ in $(seq 1 "$2"); do
    curl -fsS "http://127.0.0.1:$1/healthz" >/dev/null 2>&1 && return 0
    sleep 1
  done
  return 1
}
if ! wait_for_health "$port" 90; then
  fail "/healthz answers within 90 s"
  logs | tail -30
  echo "container:check: $failures check(s) failed, $passed passed."
  exit 1
fi
pass "/healthz answers 200"
check "the home page answers 200" curl -fsS -o /dev/null "http://127.0.0.1:$port/"

runs_as_node() { in_container grep -Eq '^Uid:\s+1000\s' /proc/1/status; }
no_capabilities() { in_container grep -Eq '^CapEff:\s+0+$' /proc/1/status; }
volume_is_nodes() { [ "$(in_container stat -c %U /data /data/app.db | sort -u)" = node ]; }
replica_is_nodes() { [ "$(in_container stat -c %U /replica)" = node ]; }
app_read_only() { ! as_node sh -c 'touch /app/server.mjs || touch /app/new-file'; }
check "the server (PID 1) runs as node, uid 1000" runs_as_node
check "the server has no capabilities" no_capabilities
check "the root-owned data volume now belongs to node" volume_is_nodes
check "the root-owned replica volume now belongs to node" replica_is_nodes
check "the application files are read-only to node" app_read_only
http_warning() { grep -q 'SITE_URL=http://127.0.0.1' <<<"$(logs)" && grep -qi 'not https' <<<"$(logs)"; }
check "an http:// SITE_URL in production is started with a warning in the log" http_warning

# Whole outputs are captured first: with pipefail, `… | grep -q` fails when grep stops reading early.
store_content() { grep -q 'Store content added' <<<"$(logs)"; }
no_password() { ! grep -qi 'password:' <<<"$(logs)"; }
check "the first start added the store content" store_content
check "the first start printed no password" no_password
link="$(grep -o "http://127.0.0.1:$port/admin/setup?token=[A-Za-z0-9_-]*" <<<"$(logs)" | tail -1 || true)"
check "the first start logged a setup link" test -n "$link"
setup_page_says() { grep -q "$1" <<<"$(curl -fsS -H 'Cookie: age_verified=IjEi' "$link")"; }
check "the setup link opens the setup page" setup_page_says 'Create the first admin'

# An inquiry through the contact form, acknowledged by its redirect.
token="check-$$-$(date +%s)"
inquiry_status="$(curl -s -o /dev/null -w '%{http_code}' -X POST "http://127.0.0.1:$port/contact" \
  -H "Origin: http://127.0.0.1:$port" -H 'Cookie: age_verified=IjEi' \
  --data-urlencode 'name=Container Check' --data-urlencode 'email=check@example.com' --data-urlencode 'phone=' \
  --data-urlencode 'topic=general' --data-urlencode "message=Inquiry $token: is the restore drill working?" \
  --data-urlencode 'company=')"
check "a contact inquiry is acknowledged (HTTP $inquiry_status)" test "$inquiry_status" = 302
acknowledged_at="$(date -u +%Y-%m-%dT%H:%M:%S.%3NZ)"
replicated_since() { # the replica answer says ok and was current after the inquiry
  local answer
  answer="$(curl -s "http://127.0.0.1:$port/healthz/replication")"
  grep -q '"ok":true' <<<"$answer" &&
    [[ "$(grep -o '"lastReplicatedAt":"[^"]*"' <<<"$answer" | cut -d'"' -f4)" > "$acknowledged_at" ]]
}
replicated=""
for _ in $(seq 1 30); do
  if replicated_since; then
    replicated=1
    break
  fi
  sleep 1
done
check "/healthz/replication says the replica was current after the inquiry" test -n "$replicated"
replica_written() { [ -n "$(find "$replica/generations" -path '*/wal/*' -type f 2>/dev/null | head -1)" ]; }
check "the replica volume holds Litestream's generations and WAL" replica_written

count_inquiry() { # count_inquiry container: rows with the token, read as node
  "$engine" exec --user node "$1" node -e "
    const db = new (require('better-sqlite3'))('/data/app.db', { readonly: true })
    console.log(db.prepare('SELECT count(*) AS n FROM contact_inquiries WHERE message LIKE ?').get('%$token%').n)"
}
# The five command-line tools, run as root as \`fly ssh console\` does.
cli() { in_container npm run --silent "$@" 2>&1 || true; }
backup="$(cli db:backup -- /data/backup.db)"
backup_ok() { grep -q 'integrity_check: ok' <<<"$backup"; }
no_samples() { grep -Eq '^\s+posts\s+0$' <<<"$backup" && grep -Eq '^\s+contact_inquiries\s+1$' <<<"$backup"; }
check "db:backup works inside the container (run as root)" backup_ok
check "no sample posts or inquiries: the backup holds the one inquiry sent and no post" no_samples
check "user:create works inside the container (run as root)" \
  in_container npm run --silent user:create -- --email ops@example.com --password container-check-1 --admin
migrated="$(cli db:migrate)"
check "db:migrate works inside the container (run as root)" grep -q 'up to date' <<<"$migrated"
rendered="$(cli posts:render)"
check "posts:render works inside the container (run as root)" grep -q 'Rendered 0 posts' <<<"$rendered"
restored_copy="$(cli db:restore -- --output /data/restored-copy.db)"
restore_copy_ok() { grep -q 'integrity_check: ok' <<<"$restored_copy" && grep -Eq '^\s+contact_inquiries\s+1$' <<<"$restored_copy"; }
check "db:restore works inside the container: a copy from the replica with the inquiry" restore_copy_ok
nothing_roots() { [ -z "$(in_container find /data /replica -user root)" ]; }
check "nothing in /data or /replica belongs to root after those commands" nothing_roots
check "once an admin exists the setup link is dead" setup_page_says 'This site already has an admin'

if [ "$engine" = podman ]; then
  # As the HEALTHCHECK's --retries=3 does: unhealthy only after three failures in a row
  # (on a loaded machine one probe can outlast its 5 s timeout).
  healthcheck_passes() {
    for _ in 1 2 3; do
      podman healthcheck run "$name" && return 0
      sleep 2
    done
    return 1
  }
  check "the HEALTHCHECK passes (within its 3 tries)" healthcheck_passes
else
  answered=$(date +%s)
  health=""
  for _ in $(seq 1 70); do
    health="$(docker inspect --format '{{.State.Health.Status}}' "$name")"
    [ "$health" = healthy ] && break
    sleep 1
  done
  check "the HEALTHCHECK passes (healthy $(($(date +%s) - answered)) s after these checks began)" test "$health" = healthy
fi
echo "  info  memory in use: $("$engine" stats --no-stream --format '{{.MemUsage}}' "$name" 2>/dev/null || echo unknown)"

stop_started=$(date +%s)
"$engine" stop -t 30 "$name" >/dev/null 2>&1
stop_took=$(($(date +%s) - stop_started))
clean_exit() { [ "$("$engine" inspect --format '{{.State.ExitCode}}' "$name")" = 0 ] && [ "$stop_took" -lt 30 ]; }
graceful() { grep -q 'SIGTERM: stopping' <<<"$(logs)" && grep -q 'Litestream stopped after its final sync' <<<"$(logs)"; }
check "a clean stop on SIGTERM (exit code 0, in ${stop_took} s)" clean_exit
check "the server logged its graceful stop and Litestream's final sync" graceful

# ---- a new machine: empty data volume, the same replica ----
fresh="$name-restored"
containers+=("$fresh")
start_container --name "$fresh" -p "127.0.0.1:$((port + 1)):3000" -v "$(volume data-fresh):/data" -v "$replica:/replica" \
  "${env_args[@]}" -e SITE_URL="http://127.0.0.1:$((port + 1))" "$image" >/dev/null
if wait_for_health "$((port + 1))" 90; then
  restored_log() { grep -q 'Restored /data/app.db from file:///replica' <<<"$(logs "$fresh")"; }
  check "a fresh container on an empty data volume restores the database from the replica" restored_log
  check "the acknowledged inquiry is in the restored database" test "$(count_inquiry "$fresh")" = 1
else
  fail "a fresh container on an empty data volume restores the database from the replica and answers"
  logs "$fresh" | tail -20
fi
"$engine" rm -f "$fresh" >/dev/null 2>&1 || true

# ---- a replica volume that refuses writes ----
refusing="$name-refusing"
containers+=("$refusing")
start_container --name "$refusing" -p "127.0.0.1:$((port + 2)):3000" -v "$(volume data-refusing):/data" \
  -v "$(volume replica-refusing):/replica:ro" "${env_args[@]}" -e SITE_URL="http://127.0.0.1:$((port + 2))" "$image" >/dev/null
if wait_for_health "$((port + 2))" 90; then
  refused=""
  for _ in $(seq 1 30); do
    answer="$(curl -s -w ' %{http_code}' "http://127.0.0.1:$((port + 2))/healthz/replication")"
    if [[ "$answer" == *' 503' ]] && grep -q 'write refused' <<<"$answer"; then
      refused=1
      break
    fi
    sleep 1
  done
  check "a read-only replica volume: /healthz/replication answers 503 'write refused' after its grace period" test -n "$refused"
  refused_log() { grep -q 'Replication failing: write refused' <<<"$(logs "$refusing")"; }
  check "… the log says the same" refused_log
  check "… and the site keeps serving (/healthz 200)" curl -fsS -o /dev/null "http://127.0.0.1:$((port + 2))/healthz"
else
  fail "a container with a read-only replica volume starts"
  logs "$refusing" | tail -20
fi
"$engine" rm -f "$refusing" >/dev/null 2>&1 || true

# ---- Litestream's TLS trust: a local https endpoint signed by a test CA ----
lab="$(volume lab)"
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj '/CN=Container check test CA' \
  -keyout "$lab/ca.key" -out "$lab/ca.crt" >/dev/null 2>&1
openssl req -newkey rsa:2048 -nodes -subj '/CN=s3.lab.test' -keyout "$lab/server.key" -out "$lab/server.csr" >/dev/null 2>&1
printf 'subjectAltName=DNS:s3.lab.test,DNS:*.s3.lab.test\n' >"$lab/san.ext"
openssl x509 -req -in "$lab/server.csr" -CA "$lab/ca.crt" -CAkey "$lab/ca.key" -CAcreateserial -days 2 \
  -extfile "$lab/san.ext" -out "$lab/server.crt" >/dev/null 2>&1
chmod 0644 "$lab"/*
# An https "bucket" that lists nothing and notes every request it gets.
cat >"$lab/https-s3.mjs" <<'EOF'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:https'
const empty = '<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>lsc-lab</Name><IsTruncated>false</IsTruncated></ListBucketResult>'
createServer({ key: readFileSync('/lab/server.key'), cert: readFileSync('/lab/server.crt') }, (request, response) => {
  console.log(`request ${request.method} ${request.url}`)
  response.setHeader('Content-Type', 'application/xml')
  response.end(empty)
}).listen(8443, '127.0.0.1', () => console.log('listening'))
EOF
cat >"$lab/trust.sh" <<'EOF'
set -u
node /lab/https-s3.mjs >/tmp/requests.log 2>&1 &
for _ in $(seq 1 50); do grep -q listening /tmp/requests.log && break; sleep 0.1; done
export DATABASE_PATH=/tmp/app.db LITESTREAM_REPLICA_URL=s3://lsc-lab/app.db LITESTREAM_ENDPOINT=https://s3.lab.test:8443 \
  LITESTREAM_REGION=us-east-1 LITESTREAM_ACCESS_KEY_ID=lab-key LITESTREAM_SECRET_ACCESS_KEY=lab-secret LITESTREAM_METRICS_ADDR=
litestream=/app/node_modules/@flydotio/litestream-linux-x64/litestream
restore() { timeout 60 setpriv --reuid=node --regid=node --init-groups "$litestream" restore -config /app/litestream.yml -if-replica-exists -o /tmp/restored.db /tmp/app.db 2>&1; }
# The way ca-certificates adds a CA: a .crt in /usr/local/share/ca-certificates, then update-ca-certificates.
cp /lab/ca.crt /usr/local/share/ca-certificates/lsc-lab-ca.crt && update-ca-certificates >/dev/null 2>&1
restore; echo "TRUSTED-EXIT $?"
echo "REQUESTS $(grep -c '^request' /tmp/requests.log)"
rm -f /usr/local/share/ca-certificates/lsc-lab-ca.crt && update-ca-certificates --fresh >/dev/null 2>&1
restore; echo "UNTRUSTED-EXIT $?"
EOF
trust="$("$engine" run --rm --entrypoint sh -v "$lab:/lab:ro" --add-host s3.lab.test:127.0.0.1 \
  --add-host lsc-lab.s3.lab.test:127.0.0.1 "$image" /lab/trust.sh 2>&1 || true)"
trusted() { grep -q '^TRUSTED-EXIT 0$' <<<"$trust" && ! grep -q '^REQUESTS 0$' <<<"$trust"; }
untrusted() { grep -Eq '^UNTRUSTED-EXIT [1-9]' <<<"$trust" && grep -q 'x509: certificate signed by unknown authority' <<<"$trust"; }
check "Litestream reaches an https endpoint signed by a test CA installed in the image's trust store" trusted
check "… and refuses it (x509: unknown authority) once that CA is taken out of the trust store" untrusted
if ! trusted || ! untrusted; then sed 's/^/        /' <<<"$trust" | tail -12; fi

# ---- a production start without SITE_URL ----
# (A server that does start is stopped after 90 s, and the check fails.)
containers+=("$name-nosite")
refusal="$(timeout 90 "$engine" run --rm --name "$name-nosite" -v "$(volume data-nosite):/data" \
  -e SESSION_SECRET=container-check-session-secret "$image" 2>&1 || true)"
"$engine" rm -f "$name-nosite" >/dev/null 2>&1 || true
check "a production start without SITE_URL refuses: 'SITE_URL is required when NODE_ENV=production'" \
  grep -q 'SITE_URL is required when NODE_ENV=production' <<<"$refusal"

if [ "$failures" -gt 0 ]; then
  echo "container:check: $failures check(s) failed, $passed passed. Server log:"
  logs | tail -40
  exit 1
fi
echo "container:check: all $passed checks passed."
