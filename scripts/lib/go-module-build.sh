# Builds one command of a Go module at a pinned version into .tools/bin, once (sourced by scripts/promtool.sh and
# scripts/observability.sh). For modules whose go.mod has replace/exclude directives, which `go install module@version`
# refuses (Prometheus, Jaeger): download the exact version from the module proxy (checked against the checksum
# database), build the command inside a copy of it, as scripts/services.sh does for FerretDB.
#
#   go_module_build <name> <module@version> <package> [go build flags...]
#
# GO_MODULE_PREPARE may name a shell function run inside the copy before the build (assets a module does not ship);
# GO_MODULE_STAMP, a word that changes when what that function puts in does (a checksum), so the binary is rebuilt.
# GO_MODULE_QUERY names a branch whose query answers the pinned pseudo-version, for a proxy that refuses to serve that
# pseudo-version by name (a module whose tags are not semver).
#
# Idempotent: a binary whose stamp (.tools/bin/.<name>.source) names the same module version is left alone. One
# builder at a time per binary (flock): two runs started together do not build over each other. The build log is
# .tools/src/<name>-build.log. Needs ROOT.

# go_module_built <name> <module@version>: true when .tools/bin holds that build already (nothing to do).
go_module_built() {
  local bin="$ROOT/.tools/bin/$1" stamp="$ROOT/.tools/bin/.$1.source"
  [[ -x "$bin" && "$(cat "$stamp" 2>/dev/null)" == "$2${GO_MODULE_STAMP:+ $GO_MODULE_STAMP}" ]]
}

go_module_build() {
  local name=$1 module=$2 package=$3
  shift 3
  local tools="$ROOT/.tools"
  local bin="$tools/bin/$name" stamp="$tools/bin/.$name.source" wanted="$module${GO_MODULE_STAMP:+ $GO_MODULE_STAMP}"
  local work="$tools/src/$name-module" log_file="$tools/src/$name-build.log"
  mkdir -p "$tools/bin" "$tools/src"
  (
    exec 8>"$tools/bin/.$name.lock"
    flock 8
    if [[ -x "$bin" && "$(cat "$stamp" 2>/dev/null)" == "$wanted" ]]; then exit 0; fi
    command -v go >/dev/null || { printf '[%s] Go is needed to build %s once: install Go (https://go.dev/dl)\n' "$name" "$name" >&2; exit 1; }
    export GOTOOLCHAIN=local GOFLAGS=-mod=mod
    printf '[%s] building %s from %s (once; a few minutes)\n' "$name" "$package" "$module" >&2
    local dir download field
    field() { sed -n "s/^[[:space:]]*\"$1\": \"\(.*\)\",\?$/\1/p" | head -1; }
    download=$(cd "$tools/src" && go mod download -json "$module" 2>/dev/null || true)
    dir=$(field Dir <<<"$download")
    # A proxy that serves a pseudo-version only as the answer to a branch query (GO_MODULE_QUERY, e.g. master): ask
    # that, and take it only when it still names the pinned version (the checksum database checks what it sent).
    if [[ -z "$dir" && -n "${GO_MODULE_QUERY:-}" ]]; then
      download=$(cd "$tools/src" && go mod download -json "${module%@*}@$GO_MODULE_QUERY" 2>/dev/null || true)
      if [[ "$(field Version <<<"$download")" != "${module#*@}" ]]; then
        printf '[%s] FAILED: %s@%s is now %s, not the pinned %s: pin the new version after checking it\n' "$name" "${module%@*}" \
          "$GO_MODULE_QUERY" "$(field Version <<<"$download")" "${module#*@}" >&2
        exit 1
      fi
      dir=$(field Dir <<<"$download")
    fi
    [[ -n "$dir" ]] || { printf '[%s] FAILED: could not download %s from the Go module proxy: %s\n' "$name" "$module" "$(field Error <<<"$download")" >&2; exit 1; }
    rm -rf "$work" && cp -r "$dir" "$work" && chmod -R u+w "$work"
    : >"$log_file"
    if [[ -n "${GO_MODULE_PREPARE:-}" ]]; then
      (cd "$work" && "$GO_MODULE_PREPARE") >>"$log_file" 2>&1 ||
        { rm -rf "$work"; printf '[%s] FAILED: preparing %s failed; see %s\n' "$name" "$name" "$log_file" >&2; exit 1; }
    fi
    # A module's go.work (for its own sub-modules) stays out: the build is of the main module alone.
    (cd "$work" && GOWORK=off go build -trimpath "$@" -o "$bin.tmp" "$package") >>"$log_file" 2>&1 ||
      { rm -rf "$work"; printf '[%s] FAILED: %s did not build; see %s\n' "$name" "$name" "$log_file" >&2; exit 1; }
    rm -rf "$work"
    mv "$bin.tmp" "$bin"
    echo "$wanted" >"$stamp"
    printf '[%s] built %s\n' "$name" "$bin" >&2
  )
}
