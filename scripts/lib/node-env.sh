# Sourced by every script (never run on its own): the project's Node.js runtime comes first on PATH, so
# `node`, `npm` and `npx` (npm is a node script) and everything they start run on it.
# scripts/install.sh puts exactly PLATFORM_NODE_VERSION into .tools/node (git-ignored), fetched from the npm
# registry's node-linux-<arch> package; docs/decisions.md says why Node 24.
PLATFORM_NODE_VERSION=24.21.0
PLATFORM_NODE_MAJOR=${PLATFORM_NODE_VERSION%%.*}
PLATFORM_NODE_HOME="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/.tools/node"
[[ "$PATH" == "$PLATFORM_NODE_HOME/bin:"* ]] || export PATH="$PLATFORM_NODE_HOME/bin:$PATH"

# require_node TAG: stops with one line unless the `node` on PATH is the project's major version.
require_node() {
  local found
  found=$(node --version 2>/dev/null || echo "no node")
  if [[ "$found" != "v$PLATFORM_NODE_MAJOR."* ]]; then
    echo "[$1] FAILED: Node.js $PLATFORM_NODE_MAJOR is needed (found $found); bash scripts/install.sh puts $PLATFORM_NODE_VERSION into .tools/node" >&2
    exit 1
  fi
}
