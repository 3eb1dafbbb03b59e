# The stores' own backup tools, built once into .tools/bin from the Go module proxy (sourced by scripts/backup.sh):
#  - mongodump and mongorestore, MongoDB's database tools. The proxy lists no version of github.com/mongodb/mongo-tools
#    (its tags are r100.x.y, not semver), so the pin is the pseudo-version of its master branch on the day it was
#    chosen; the commit is the one the 100.x line releases from.
#  - rclone, an S3 client that copies and syncs buckets, built with only its S3 and local backends
#    (scripts/lib/rclone-main.go.txt).
# pg_dump and pg_restore come from Debian's postgresql-client (installed here when missing).
# Needs ROOT; sources go-module-build.sh.

MONGO_TOOLS_MODULE=github.com/mongodb/mongo-tools@v0.0.0-20260702221138-e4f25276abe9
RCLONE_VERSION=v1.76.0

rclone_minimal_main() { cp "$ROOT/scripts/lib/rclone-main.go.txt" rclone.go; }

build_backup_tools() {
  # shellcheck source=go-module-build.sh
  source "$ROOT/scripts/lib/go-module-build.sh"
  local commit=${MONGO_TOOLS_MODULE##*-}
  # The proxy answers this pseudo-version to `@master` while refusing it by name (403, "not available").
  export GO_MODULE_QUERY=master
  go_module_build mongodump "$MONGO_TOOLS_MODULE" ./mongodump/main \
    -ldflags "-s -w -X main.VersionStr=master-$commit -X main.GitCommit=$commit" &
  local dump=$!
  go_module_build mongorestore "$MONGO_TOOLS_MODULE" ./mongorestore/main \
    -ldflags "-s -w -X main.VersionStr=master-$commit -X main.GitCommit=$commit" &
  local restore=$!
  unset GO_MODULE_QUERY
  GO_MODULE_PREPARE=rclone_minimal_main GO_MODULE_STAMP=$(sha256sum "$ROOT/scripts/lib/rclone-main.go.txt" | cut -c1-12) go_module_build rclone "github.com/rclone/rclone@$RCLONE_VERSION" . \
    -ldflags "-s -w -X github.com/rclone/rclone/fs.Version=$RCLONE_VERSION" || return 1
  wait "$dump" && wait "$restore" || return 1
  if ! command -v pg_dump >/dev/null || ! command -v pg_restore >/dev/null; then
    command -v apt-get >/dev/null || { echo "[backup] pg_dump is missing: install PostgreSQL's client tools" >&2; return 1; }
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q postgresql-client >/dev/null 2>&1 ||
      { apt-get update -q >/dev/null 2>&1 && DEBIAN_FRONTEND=noninteractive apt-get install -y -q postgresql-client >/dev/null 2>&1; } ||
      { echo "[backup] could not install postgresql-client from Debian" >&2; return 1; }
  fi
}
