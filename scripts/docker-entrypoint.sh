#!/bin/sh
# The container's entry point. Started as root (the default), it only makes the
# folders the app writes to belong to the app user — the data folder (the
# folder of DATABASE_PATH), MAIL_OUTBOX_DIR, and the replica folder when
# LITESTREAM_REPLICA_URL is a file:// address (a second volume, say) — then
# replaces itself with the command run as that user, with no capabilities left.
# A volume that a platform or a bind mount gives to root is then still writable
# by the app and by Litestream, and the app never runs as root.
# Started as another user (docker run --user …), it runs the command as is.
set -eu

app_user="${APP_USER:-node}"

# The folder of a file:// replica address (file:///replica/app.db -> /replica/app.db).
replica_dir=""
case "${LITESTREAM_REPLICA_URL:-}" in
  file:///*) replica_dir="${LITESTREAM_REPLICA_URL#file://}" ;;
esac

if [ "$(id -u)" = "0" ]; then
  uid="$(id -u "$app_user")"
  gid="$(id -g "$app_user")"
  for dir in "$(dirname "${DATABASE_PATH:-/data/app.db}")" "${MAIL_OUTBOX_DIR:-}" "$replica_dir"; do
    [ -n "$dir" ] || continue
    case "$dir" in
      # Never the system's own folders, whatever a variable says.
      / | /app | /app/* | /bin | /bin/* | /boot | /boot/* | /dev | /dev/* | /etc | /etc/* | /lib | /lib/* | \
        /lib64 | /lib64/* | /proc | /proc/* | /sbin | /sbin/* | /sys | /sys/* | /usr | /usr/*)
        echo "docker-entrypoint: not giving $dir to $app_user (a system folder); choose another folder" >&2
        continue
        ;;
    esac
    mkdir -p "$dir" || continue
    # The folder and what is in it, nothing else; -h: a link is re-owned, never what it points to.
    # A folder that cannot be changed (a read-only mount) is left as it is: the
    # server then says what it cannot write (the data folder stops the start,
    # a replica folder is reported by /healthz/replication and the dashboard).
    find "$dir" -xdev \( \! -user "$uid" -o \! -group "$gid" \) -exec chown -h "$uid:$gid" {} + ||
      echo "docker-entrypoint: could not give all of $dir to $app_user" >&2
  done
  exec setpriv --reuid="$uid" --regid="$gid" --init-groups --inh-caps=-all -- "$@"
fi

exec "$@"
