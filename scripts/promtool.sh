#!/usr/bin/env bash
# Builds promtool, Prometheus' own rule checker, into .tools/bin once (scripts/schemas.sh calls this): the
# observability tests run `promtool check rules` and `promtool test rules` on the PrometheusRule in
# k8s/components/observability/. The module proxy refuses `go install github.com/prometheus/prometheus/cmd/promtool@...`
# (the module's go.mod has replace/exclude directives), so it is built inside a copy of the pinned module
# (scripts/lib/go-module-build.sh, which scripts/observability.sh uses for the Prometheus server too).
# Idempotent: a binary built from the pinned version is left alone.
#
#   bash scripts/promtool.sh
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=lib/go-module-build.sh
source "$ROOT/scripts/lib/go-module-build.sh"
# shellcheck source=lib/prometheus-version.sh
source "$ROOT/scripts/lib/prometheus-version.sh"

go_module_build promtool "$PROMETHEUS_MODULE" ./cmd/promtool -ldflags "$PROMETHEUS_LDFLAGS"
