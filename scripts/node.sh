#!/usr/bin/env bash
# `bash scripts/node.sh <arguments>` runs the project's Node.js (.tools/node, see scripts/lib/node-env.sh) with
# the arguments, whichever Node.js runs npm: the npm scripts (benchmarks, ingress generation) go through it.
set -euo pipefail
# shellcheck source=lib/node-env.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/node-env.sh"
require_node node
exec node "$@"
