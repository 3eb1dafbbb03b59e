#!/usr/bin/env bash
# Installs the project's Node.js (exactly PLATFORM_NODE_VERSION of scripts/lib/node-env.sh) into .tools/node when
# it is missing or another version, then the npm packages when node_modules is missing or was installed from
# another package-lock.json or under another Node. Needs only some Node.js with npm to start from.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
# shellcheck source=lib/node-env.sh
source scripts/lib/node-env.sh

fail() { printf '[install] FAILED: %s\n' "$*" >&2; exit 1; }

# Node release builds are published on the npm registry as node-<os>-<arch> (bin/node only); npm pack
# checks the tarball against the registry's integrity hash.
install_node() {
  local arch package tmp
  case "$(uname -s)/$(uname -m)" in
    Linux/x86_64) arch=x64 ;;
    Linux/aarch64 | Linux/arm64) arch=arm64 ;;
    *) fail "no Node.js build for $(uname -s)/$(uname -m) on the npm registry; put Node.js $PLATFORM_NODE_VERSION into .tools/node by hand" ;;
  esac
  package="node-linux-$arch@$PLATFORM_NODE_VERSION"
  command -v npm >/dev/null || fail "npm is needed once to fetch Node.js $PLATFORM_NODE_VERSION: install any Node.js with npm"
  echo "[install] fetching Node.js $PLATFORM_NODE_VERSION ($package from the npm registry) into .tools/node" >&2
  tmp=$(mktemp -d)
  # shellcheck disable=SC2064
  trap "rm -rf '$tmp'" EXIT
  (cd "$tmp" && npm pack "$package" --silent --loglevel=error >/dev/null) || fail "npm pack $package did not succeed"
  tar -xzf "$tmp"/node-linux-"$arch"-"$PLATFORM_NODE_VERSION".tgz -C "$tmp" || fail "could not extract $package"
  [[ "$("$tmp/package/bin/node" --version 2>/dev/null)" == "v$PLATFORM_NODE_VERSION" ]] ||
    fail "$package does not run as Node.js $PLATFORM_NODE_VERSION (found: $("$tmp/package/bin/node" --version 2>&1 | head -n 1))"
  mkdir -p .tools
  rm -rf "$PLATFORM_NODE_HOME"
  mv "$tmp/package" "$PLATFORM_NODE_HOME"
  rm -rf "$tmp"
  trap - EXIT
}

[[ "$("$PLATFORM_NODE_HOME/bin/node" --version 2>/dev/null)" == "v$PLATFORM_NODE_VERSION" ]] || install_node
[[ "$(node --version)" == "v$PLATFORM_NODE_VERSION" ]] ||
  fail "node on PATH is $(command -v node) $(node --version), not .tools/node (Node.js $PLATFORM_NODE_VERSION)"

# A Japanese font, so blog-worker's thumbnails and the public scheduling page's screenshots show their text rather than
# empty boxes; with PLATFORM_BROWSER=1 (scripts/test.sh sets it: only tests use a browser), Debian's Chromium for the
# browser tests (playwright-core drives /usr/bin/chromium; never a browser download).
packages=()
[[ "${PLATFORM_BROWSER:-0}" == 1 && ! -x /usr/bin/chromium ]] && packages+=(chromium)
# Installed, not only known: `dpkg -s` also succeeds for a package removed with its configuration kept.
[[ "$(dpkg-query -W -f='${Status}' fonts-noto-cjk 2>/dev/null)" == "install ok installed" ]] || packages+=(fonts-noto-cjk)
if ((${#packages[@]})); then
  command -v apt-get >/dev/null || fail "missing Debian packages and there is no apt-get: install ${packages[*]}"
  sudo=()
  [[ $(id -u) -eq 0 ]] || sudo=(sudo)
  echo "[install] apt-get install ${packages[*]} (once)" >&2
  "${sudo[@]}" apt-get update -qq >/dev/null || fail "apt-get update did not succeed"
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq "${packages[@]}" >/dev/null ||
    fail "apt-get install ${packages[*]} did not succeed"
fi

stamp=node_modules/.installed-from-lock
# The lockfile and the Node version node_modules was installed under.
install_id() { echo "$(sha256sum package-lock.json | cut -d' ' -f1) node-$PLATFORM_NODE_VERSION"; }
if [[ -f $stamp && "$(cat "$stamp")" == "$(install_id)" ]]; then exit 0; fi
# `npm install`, not `npm ci`: npm 11.19 writes lockfiles without other platforms' optional binaries and
# then refuses them in `npm ci` (docs/decisions.md). With a lockfile in sync, `npm install` installs
# exactly the locked versions and leaves the lockfile as it is.
echo "[install] npm install (locked versions) on Node.js $(node --version)" >&2
npm install --no-audit --no-fund --loglevel=error
install_id > "$stamp"
