#!/usr/bin/env bash
# Builds promtool, Prometheus' own rule checker, into .tools/bin once (scripts/schemas.sh calls this): the
# observability tests run `promtool check rules` and `promtool test rules` on the PrometheusRule in
# k8s/observability/. The module proxy refuses `go install github.com/prometheus/prometheus/cmd/promtool@...`
# (the module's go.mod has replace/exclude directives), so, as scripts/services.sh does for FerretDB: download
# the exact version (checked against the checksum database), build ./cmd/promtool inside a copy of it.
# Idempotent: a binary built from the pinned version is left alone.
#
#   bash scripts/promtool.sh
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TOOLS="$ROOT/.tools"
# Prometheus 3.16.0 (its Go module is tagged v0.316.0).
PROMETHEUS_MODULE=github.com/prometheus/prometheus@v0.316.0
BIN="$TOOLS/bin/promtool"
STAMP="$TOOLS/bin/.promtool.source"

log() { printf '[promtool] %s\n' "$*" >&2; }
fail() { printf '[promtool] FAILED: %s\n' "$*" >&2; exit 1; }

mkdir -p "$TOOLS/bin" "$TOOLS/src"
# One builder at a time: two test runs started together must not build over each other.
exec 8>"$TOOLS/bin/.promtool.lock"
flock 8
if [[ -x "$BIN" && "$(cat "$STAMP" 2>/dev/null)" == "$PROMETHEUS_MODULE" ]]; then exit 0; fi

command -v go >/dev/null || fail "Go is needed to build promtool once: install Go (https://go.dev/dl)"
export GOTOOLCHAIN=local GOFLAGS=-mod=mod
log "building promtool from $PROMETHEUS_MODULE (once; a few minutes)"
work="$TOOLS/src"
dir=$(cd "$work" && go mod download -json "$PROMETHEUS_MODULE" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
[[ -n "$dir" ]] || fail "could not download $PROMETHEUS_MODULE from the Go module proxy"
rm -rf "$work/prometheus" && cp -r "$dir" "$work/prometheus" && chmod -R u+w "$work/prometheus"
version=${PROMETHEUS_MODULE##*@v0.}
version="${version:0:1}.${version:1:2}.${version##*.}"
log_file="$TOOLS/src/promtool-build.log"
# The module has a go.work (for its own sub-modules); the build is of the main module alone.
(cd "$work/prometheus" && GOWORK=off go build -trimpath \
  -ldflags "-X github.com/prometheus/common/version.Version=$version" \
  -o "$BIN.tmp" ./cmd/promtool) >"$log_file" 2>&1 || fail "promtool did not build; see $log_file"
mv "$BIN.tmp" "$BIN"
echo "$PROMETHEUS_MODULE" >"$STAMP"
rm -rf "$work/prometheus"
log "built $BIN ($("$BIN" --version 2>&1 | head -n 1))"
