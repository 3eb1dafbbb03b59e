# The pinned Prometheus, for promtool (scripts/promtool.sh) and the local metrics store (scripts/observability.sh):
# Prometheus 3.16.0, whose Go module is tagged v0.316.0.
PROMETHEUS_MODULE=github.com/prometheus/prometheus@v0.316.0
PROMETHEUS_LDFLAGS="-X github.com/prometheus/common/version.Version=3.16.0"
