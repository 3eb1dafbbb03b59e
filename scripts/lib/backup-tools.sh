# The backup's tools, built once into .tools/bin from the Go module proxy (sourced by scripts/backup.sh):
#  - rclone, an S3 client that copies and syncs buckets, built with only its S3 and local backends
#    (scripts/lib/rclone-main.go.txt).
# pg_dump and pg_restore come from Debian's postgresql-client (installed here when missing). MongoDB needs no tool:
# scripts/lib/backup-mongo.mjs dumps and restores it with the official driver, because the module proxy refuses every
# version of github.com/mongodb/mongo-tools (mongodump, mongorestore) and Debian does not package them.
# Needs ROOT; sources go-module-build.sh.

RCLONE_VERSION=v1.76.0

rclone_minimal_main() { cp "$ROOT/scripts/lib/rclone-main.go.txt" rclone.go; }

build_backup_tools() {
  # shellcheck source=go-module-build.sh
  source "$ROOT/scripts/lib/go-module-build.sh"
  GO_MODULE_PREPARE=rclone_minimal_main GO_MODULE_STAMP=$(sha256sum "$ROOT/scripts/lib/rclone-main.go.txt" | cut -c1-12) go_module_build rclone "github.com/rclone/rclone@$RCLONE_VERSION" . \
    -ldflags "-s -w -X github.com/rclone/rclone/fs.Version=$RCLONE_VERSION" || return 1
  if ! command -v pg_dump >/dev/null || ! command -v pg_restore >/dev/null; then
    command -v apt-get >/dev/null || { echo "[backup] pg_dump is missing: install PostgreSQL's client tools" >&2; return 1; }
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q postgresql-client >/dev/null 2>&1 ||
      { apt-get update -q >/dev/null 2>&1 && DEBIAN_FRONTEND=noninteractive apt-get install -y -q postgresql-client >/dev/null 2>&1; } ||
      { echo "[backup] could not install postgresql-client from Debian" >&2; return 1; }
  fi
}
