#!/usr/bin/env bash
# Puts the JSON schemas the deployment tests validate against into .tools/schemas/ (git-ignored). Each one is
# taken from a pinned release of a Go module on the module proxy: the Go command checks every module it
# downloads against the checksum database, and no copy of a third-party file is committed. Idempotent: a
# schema already taken from its pinned source is left alone, so with everything in place this reads a few
# stamp files and starts nothing.
#
#   bash scripts/schemas.sh        (scripts/test.sh and scripts/jest.sh run it before the tests)
#   bash scripts/schemas.sh crds   the same without promtool (scripts/cluster.sh up: the CRDs it installs, kustomize)
#
# It also builds promtool (scripts/promtool.sh), which the observability tests run on the alert rules.
#
# To add a schema, add a line to SCHEMAS; to update one, change its version. The tests read files by the
# name given here, never by version.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DEST="$ROOT/.tools/schemas"

# name (under .tools/schemas) | module@version | file or folder inside the module
SCHEMAS=(
  # The Compose Specification's schema, as Docker Compose itself embeds it (compose-go validates with it).
  "compose-spec.json github.com/compose-spec/compose-go/v2@v2.16.2 schema/compose-spec.json"
  # Kubernetes' own OpenAPI v3 documents, one per API group and version (api__v1, apis__apps__v1, ...).
  "kubernetes-openapi-v3 k8s.io/kubernetes@v1.37.2 api/openapi-spec/v3"
  # The cluster edge's custom resources (k8s/edge.yaml): each project's CRDs, whose openAPIV3Schema is what the API
  # server validates with. The versions are the add-ons k8s/edge.yaml is written for (CLUSTER_ADDONS in
  # libs/routing/src/cluster-addons.ts; a test keeps the two equal). Gateway API's standard channel: the edge
  # uses no experimental field. Envoy Gateway's own policies from its Helm chart's CRDs.
  "gateway-api-crds sigs.k8s.io/gateway-api@v1.6.1 config/crd/standard"
  "envoy-gateway-crds github.com/envoyproxy/gateway@v1.9.1 charts/gateway-helm/charts/crds/crds/generated"
  "cert-manager-crds github.com/cert-manager/cert-manager@v1.21.2 deploy/crds"
  # KEDA's custom resources (k8s/components/keda scales the workers on queue depth with a ScaledObject).
  "keda-crds github.com/kedacore/keda/v2@v2.21.0 config/crd/bases"
  # The Prometheus Operator's custom resources (k8s/components/observability/: ServiceMonitor, PrometheusRule). v0.85.0 is the
  # newest release the module proxy serves; its example/prometheus-operator-crd folder holds the CRDs as installed.
  "prometheus-operator-crds github.com/prometheus-operator/prometheus-operator@v0.85.0 example/prometheus-operator-crd"
)

log() { printf '[schemas] %s\n' "$*" >&2; }
fail() { printf '[schemas] FAILED: %s\n' "$*" >&2; exit 1; }

# fetch NAME MODULE@VERSION PATH: copies PATH from the module into $DEST/NAME, replacing what was there at once.
fetch() {
  local name=$1 module=$2 path=$3 dir tmp
  command -v go >/dev/null || fail "Go is needed to fetch the $name schema from the module proxy: install Go (https://go.dev/dl)"
  log "fetching $name from $module ($path)"
  # Outside any module (the schemas folder has no go.mod), `go mod download` fetches just the named module.
  dir=$(cd "$DEST" && GOTOOLCHAIN=local GOFLAGS=-mod=mod go mod download -json "$module" |
    sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
  [[ -n "$dir" && -e "$dir/$path" ]] || fail "could not download $module, or it has no $path"
  tmp=$(mktemp -d "$DEST/.tmp.XXXXXX")
  cp -r "$dir/$path" "$tmp/$name" && chmod -R u+w "$tmp/$name"
  rm -rf "${DEST:?}/$name" && mv "$tmp/$name" "$DEST/$name" && rmdir "$tmp"
}

mkdir -p "$DEST"
# One fetcher at a time: two test runs started together must not replace a folder under each other.
exec 9>"$DEST/.lock"
flock 9

for entry in "${SCHEMAS[@]}"; do
  read -r name module path <<<"$entry"
  stamp="$DEST/.$name.source"
  if [[ -e "$DEST/$name" && "$(cat "$stamp" 2>/dev/null)" == "$module $path" ]]; then continue; fi
  fetch "$name" "$module" "$path"
  echo "$module $path" >"$stamp"
done

# Prometheus' rule checker, for the alert rules' unit tests (libs/routing/test/observability-manifests.spec.ts); not for
# `schemas.sh crds`, which scripts/cluster.sh runs for the CRDs and kustomize alone.
[[ "${1:-}" == crds ]] || bash "$ROOT/scripts/promtool.sh"

# kustomize, which renders k8s/overlays/* for the deployment tests exactly as `kubectl apply -k` would
# (libs/routing/test/overlays.spec.ts). v5.8.1: the newest release this machine's Go 1.26 builds (v5.8.3 needs Go 1.27).
(
  # shellcheck source=lib/go-module-build.sh
  source "$ROOT/scripts/lib/go-module-build.sh"
  go_module_build kustomize sigs.k8s.io/kustomize/kustomize/v5@v5.8.1 . -ldflags "-X sigs.k8s.io/kustomize/api/provenance.version=v5.8.1"
)
