#!/usr/bin/env bash
# Runs scripts/observability-check.ts (what it checks, and its --from-traffic mode for the soak: there) against the
# platform of README command 1, whose metrics and trace stores it proves.
#
#   bash scripts/observability-check.sh [--from-traffic]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
# shellcheck source=lib/node-env.sh
source scripts/lib/node-env.sh
require_node observability-check
exec node -r @swc-node/register scripts/observability-check.ts "$@"
