#!/usr/bin/env bash
# `npm run soak [-- --smoke]`: the platform at its deployed shape under mixed load (bench/soak/soak.ts): REPLICAS=2
# up.sh on stores of the soak's own, k6 through the edge, one replica of each app stopped and started again, then the
# checker; beside it the observability check on up.sh's metrics and trace stores. Builds k6 with Go once (into
# .tools/bin). The platform must not be running already (the soak starts its own).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
# shellcheck source=lib/node-env.sh
source scripts/lib/node-env.sh

K6_VERSION=v1.8.1
log() { printf '[soak] %s\n' "$*" >&2; }

bash scripts/install.sh
require_node soak
built=$(go version -m .tools/bin/k6 2>/dev/null | awk '$1 == "mod" && $2 == "go.k6.io/k6" { print $3 }' || true)
if [[ "$built" != "$K6_VERSION" ]]; then
  command -v go >/dev/null || { log "Go is needed to build k6 (https://go.dev/dl)"; exit 1; }
  log "building k6 $K6_VERSION (once; a few minutes)"
  mkdir -p .data
  GOBIN="$ROOT/.tools/bin" GOTOOLCHAIN=local go install "go.k6.io/k6@$K6_VERSION" >.data/k6-build.log 2>&1 ||
    { tail -n 20 .data/k6-build.log >&2; log "k6 did not build; see .data/k6-build.log"; exit 1; }
fi
bash scripts/services.sh
# up.sh starts the metrics and trace stores too (OBSERVABILITY=off leaves them out): beside the soak, the
# observability check (scripts/observability-check.ts --from-traffic) takes one article generation of the soak's
# traffic and proves that Jaeger holds its trace across race-content-api and article-worker and that Prometheus
# scrapes all six apps. It must pass while the platform runs: still running when the soak has stopped it is a failure.
if [[ "${OBSERVABILITY:-on}" == off ]]; then exec node -r @swc-node/register bench/soak/soak.ts "$@"; fi
# Built here, outside the soak's deadline for up.sh to be ready (the first build takes minutes).
bash scripts/observability.sh build
node -r @swc-node/register scripts/observability-check.ts --from-traffic &
check_pid=$!
soak_status=0
node -r @swc-node/register bench/soak/soak.ts "$@" || soak_status=$?
if kill -0 "$check_pid" 2>/dev/null; then
  log "the observability check had not passed when the platform stopped"
  kill "$check_pid" 2>/dev/null || true
fi
check_status=0
wait "$check_pid" || check_status=$?
((soak_status == 0)) || exit "$soak_status"
exit "$check_status"
