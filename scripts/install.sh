#!/usr/bin/env bash
# Installs the npm packages when node_modules is missing or was installed from another package-lock.json.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

node -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 20 || (a === 20 && b >= 19) ? 0 : 1)' ||
  { echo "[install] FAILED: Node.js 20.19 or newer is needed (found $(node --version)); install it from https://nodejs.org" >&2; exit 1; }

stamp=node_modules/.installed-from-lock
lock_hash() { sha256sum package-lock.json | cut -d' ' -f1; }
if [[ -f $stamp && "$(cat "$stamp")" == "$(lock_hash)" ]]; then exit 0; fi
# `npm install`, not `npm ci`: npm 11.19 writes lockfiles without other platforms' optional binaries and
# then refuses them in `npm ci` (docs/decisions.md). With a lockfile in sync, `npm install` installs
# exactly the locked versions and leaves the lockfile as it is.
echo "[install] npm install (locked versions)" >&2
npm install --no-audit --no-fund --loglevel=error
lock_hash > "$stamp"
