#!/usr/bin/env bash
# The local metrics and trace stores of README command 1 (scripts/up.sh starts them beside the apps):
#
#   bash scripts/observability.sh build                      # Prometheus and Jaeger into .tools/bin, once each
#   bash scripts/observability.sh built                      # exits 0 when both are built
#   bash scripts/observability.sh prometheus <app:port>...   # runs Prometheus scraping those apps (exec)
#   bash scripts/observability.sh jaeger                     # runs Jaeger, OTLP/HTTP in, in memory (exec)
#
# Both are built with Go from the module proxy at pinned versions, inside a copy of the module (their go.mod has
# replace directives, which `go install` refuses): scripts/lib/go-module-build.sh. Neither web UI is built (they need
# npm builds of their own); the HTTP APIs answer, docs/operations/observability.md shows the queries.
# Ports: PROMETHEUS_PORT (9090), JAEGER_QUERY_PORT (16686; its gRPC one just below), JAEGER_OTLP_PORT (4318), all on
# 127.0.0.1. Data: .data/prometheus (kept across runs, 2 days); Jaeger's traces in memory (gone when it stops).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=lib/go-module-build.sh
source "$ROOT/scripts/lib/go-module-build.sh"
# shellcheck source=lib/prometheus-version.sh
source "$ROOT/scripts/lib/prometheus-version.sh"

# Jaeger v2.13.0: the module's tags follow the v1 numbering (v1.76.0 is v2.13.0); ./cmd/jaeger is the v2 binary
# (an OpenTelemetry Collector with Jaeger's storage and query extensions), the all-in-one with the config below.
JAEGER_MODULE=github.com/jaegertracing/jaeger@v1.76.0
JAEGER_LDFLAGS="-X github.com/jaegertracing/jaeger/internal/version.latestVersion=v2.13.0"
PROMETHEUS_PORT=${PROMETHEUS_PORT:-9090}
JAEGER_QUERY_PORT=${JAEGER_QUERY_PORT:-16686}
JAEGER_OTLP_PORT=${JAEGER_OTLP_PORT:-4318}
RUN="$ROOT/.data/observability"

case "${1:-}" in
  built) # exits 0 when both are built at their pinned versions (up.sh starts them at once, or builds them first)
    go_module_built prometheus "$PROMETHEUS_MODULE" && go_module_built jaeger "$JAEGER_MODULE"
    ;;
  build)
    go_module_build prometheus "$PROMETHEUS_MODULE" ./cmd/prometheus -ldflags "$PROMETHEUS_LDFLAGS"
    go_module_build jaeger "$JAEGER_MODULE" ./cmd/jaeger -ldflags "$JAEGER_LDFLAGS"
    ;;
  prometheus)
    shift
    mkdir -p "$RUN" "$ROOT/.data/prometheus"
    # One job per app, one target per replica; `service` as in the cluster (the ServiceMonitor's), so the dashboard's
    # and the alerts' expressions read the same here.
    {
      printf 'global:\n  scrape_interval: 5s\n  scrape_timeout: 4s\n  evaluation_interval: 5s\nscrape_configs:\n'
      for app in $(printf '%s\n' "$@" | cut -d: -f1 | awk '!seen[$0]++'); do
        printf '  - job_name: %s\n    static_configs:\n      - labels: { service: %s }\n        targets:\n' "$app" "$app"
        for target in "$@"; do [[ "${target%%:*}" == "$app" ]] && printf "          - '127.0.0.1:%s'\n" "${target#*:}"; done
      done
    } >"$RUN/prometheus.yml"
    exec "$ROOT/.tools/bin/prometheus" --config.file="$RUN/prometheus.yml" --storage.tsdb.path="$ROOT/.data/prometheus" \
      --storage.tsdb.retention.time=2d --web.listen-address="127.0.0.1:$PROMETHEUS_PORT"
    ;;
  jaeger)
    mkdir -p "$RUN"
    cat >"$RUN/jaeger.yaml" <<EOF
service:
  extensions: [jaeger_storage, jaeger_query]
  pipelines:
    traces:
      receivers: [otlp]
      processors: [batch]
      exporters: [jaeger_storage_exporter]
  telemetry:
    metrics:
      level: none
    logs:
      level: info
extensions:
  jaeger_storage:
    backends:
      memstore:
        memory:
          max_traces: 100000
  jaeger_query:
    storage:
      traces: memstore
    http:
      endpoint: 127.0.0.1:$JAEGER_QUERY_PORT
    grpc:
      endpoint: 127.0.0.1:$((JAEGER_QUERY_PORT - 1))
receivers:
  otlp:
    protocols:
      http:
        endpoint: 127.0.0.1:$JAEGER_OTLP_PORT
processors:
  batch:
    timeout: 200ms
exporters:
  jaeger_storage_exporter:
    trace_storage: memstore
EOF
    # Jaeger traces itself through the OpenTelemetry SDK, which reads the OTEL_* that up.sh sets for the apps (and
    # otherwise dials localhost:4317 over and over): its own spans stay off.
    # shellcheck disable=SC2046
    unset $(compgen -e | grep '^OTEL_' || true)
    OTEL_SDK_DISABLED=true exec "$ROOT/.tools/bin/jaeger" --config "$RUN/jaeger.yaml"
    ;;
  *)
    echo "usage: bash scripts/observability.sh build | built | prometheus <app:port>... | jaeger" >&2
    exit 2
    ;;
esac
