#!/bin/sh
# The container's entry point. Started as root (the default), it only makes the
# data folder (the folder of DATABASE_PATH, and MAIL_OUTBOX_DIR) belong to the
# app user, then replaces itself with the command run as that user, with no
# capabilities left. A volume that a platform or a bind mount gives to root is
# then still writable by the app, and the app never runs as root.
# Started as another user (docker run --user …), it runs the command as is.
set -eu

app_user="${APP_USER:-node}"

if [ "$(id -u)" = "0" ]; then
  uid="$(id -u "$app_user")"
  gid="$(id -g "$app_user")"
  for dir in "$(dirname "${DATABASE_PATH:-/data/app.db}")" "${MAIL_OUTBOX_DIR:-}"; do
    [ -n "$dir" ] || continue
    mkdir -p "$dir"
    # The folder and what is in it, nothing else; -h: a link is re-owned, never what it points to.
    find "$dir" -xdev \( \! -user "$uid" -o \! -group "$gid" \) -exec chown -h "$uid:$gid" {} +
  done
  exec setpriv --reuid="$uid" --regid="$gid" --init-groups --inh-caps=-all -- "$@"
fi

exec "$@"
