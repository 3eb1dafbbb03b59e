#!/usr/bin/env bash
# Backs up and restores the platform's data with the stores' own tools (docs/operations/backup.md says what a backup
# holds, what consistency it gives across stores and how to restore in Kubernetes).
#
#   bash scripts/backup.sh backup [TARGET]   TARGET: a folder (default .data/backups/<UTC time>) or s3://bucket/prefix
#                                            (the backup goes to <prefix>/<UTC time>)
#   bash scripts/backup.sh restore SOURCE    a folder or s3://bucket/prefix/<UTC time> written by `backup`; replaces
#                                            what the stores hold, then repairs what a restore leaves inconsistent
#   bash scripts/backup.sh verify SOURCE     checks every file of a backup against its SHA256SUMS
#   bash scripts/backup.sh tools             only builds the tools (rclone; pg_dump from Debian)
#
# The stores are named by the apps' own variables: DATABASE_URL (PostgreSQL; schemas BACKUP_PG_SCHEMAS, default
# "recruiting survey_builder ai_jobs"), MONGODB_URI and MONGODB_DB, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID,
# S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE, MEDIA_S3_BUCKET and MANIFESTS_S3_BUCKET, REDIS_URL and AUTH_KEY_PREFIX.
# With none of them set, the local platform of scripts/up.sh (.data/services.env, database "platform").
#
# A backup folder: postgres.dump (pg_dump, custom format: one snapshot of every schema), mongo/<collection>.json.gz
# (canonical Extended JSON written with the official driver, as mongoexport writes it: scripts/lib/backup-mongo.mjs),
# s3/media and s3/ai-manifests (rclone, each object with its metadata), manifest.json, SHA256SUMS.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=lib/node-env.sh
source "$ROOT/scripts/lib/node-env.sh"
# shellcheck source=lib/backup-tools.sh
source "$ROOT/scripts/lib/backup-tools.sh"
# The tools: built into .tools/bin here; BACKUP_TOOLS names where an image keeps them (docker/backup.Dockerfile).
BIN=${BACKUP_TOOLS:-$ROOT/.tools/bin}
# Where a backup to S3 is written first: BACKUP_STAGING (an image's emptyDir), else .data/backups.
STAGING=${BACKUP_STAGING:-$ROOT/.data/backups}

log() { printf '[backup %s] %s\n' "$(date -u +%T)" "$*" >&2; }
fail() { printf '[backup] FAILED: %s\n' "$*" >&2; exit 1; }

local_defaults() {
  if [[ -z "${DATABASE_URL:-}" && -f "$ROOT/.data/services.env" ]]; then
    set -a
    # shellcheck disable=SC1091
    source "$ROOT/.data/services.env"
    set +a
    DATABASE_URL=$(node -e 'const u = new URL(process.argv[1]); u.pathname = "/" + process.argv[2]; console.log(u.toString())' \
      "$DATABASE_URL" "${PLATFORM_DATABASE:-platform}")
    export DATABASE_URL MONGODB_DB=${MONGODB_DB:-race_content} S3_FORCE_PATH_STYLE=${S3_FORCE_PATH_STYLE:-true}
    export MEDIA_S3_BUCKET=${MEDIA_S3_BUCKET:-${BUCKET_PREFIX:-platform}-media}
    export MANIFESTS_S3_BUCKET=${MANIFESTS_S3_BUCKET:-${BUCKET_PREFIX:-platform}-ai-manifests}
  fi
  local name
  for name in DATABASE_URL MONGODB_URI MONGODB_DB MEDIA_S3_BUCKET MANIFESTS_S3_BUCKET REDIS_URL; do
    [[ -n "${!name:-}" ]] || fail "$name is not set (and there is no local platform in .data/services.env)"
  done
  SCHEMAS=${BACKUP_PG_SCHEMAS:-recruiting survey_builder ai_jobs}
  # rclone's remote "store": the platform's S3 (an empty S3_ENDPOINT is AWS itself)
  export RCLONE_CONFIG_STORE_TYPE=s3 RCLONE_CONFIG_STORE_ENV_AUTH=false
  export RCLONE_CONFIG_STORE_PROVIDER=$([[ -n "${S3_ENDPOINT:-}" ]] && echo Other || echo AWS)
  export RCLONE_CONFIG_STORE_ENDPOINT=${S3_ENDPOINT:-} RCLONE_CONFIG_STORE_REGION=${S3_REGION:-us-east-1}
  export RCLONE_CONFIG_STORE_ACCESS_KEY_ID=${S3_ACCESS_KEY_ID:-} RCLONE_CONFIG_STORE_SECRET_ACCESS_KEY=${S3_SECRET_ACCESS_KEY:-}
  export RCLONE_CONFIG_STORE_FORCE_PATH_STYLE=${S3_FORCE_PATH_STYLE:-false} RCLONE_CONFIG_STORE_NO_CHECK_BUCKET=true
  export RCLONE_CONFIG=/dev/null
}

# The logical name of each bucket in a backup, and the bucket it is in this environment.
buckets() { printf 'media %s\nai-manifests %s\n' "$MEDIA_S3_BUCKET" "$MANIFESTS_S3_BUCKET"; }
rclone() { "$BIN/rclone" --log-level ERROR --metadata "$@"; }
# The stores' tools read credentials from their URLs; a password on the command line would show in `ps`, so it goes
# through the environment (PGPASSWORD beside a URL without it) or a config file readable only by us.
pg() {
  local url password
  url=$(node -e 'const u = new URL(process.env.DATABASE_URL); u.password = ""; console.log(u.toString())')
  password=$(node -e 'console.log(decodeURIComponent(new URL(process.env.DATABASE_URL).password))')
  PGPASSWORD=$password "$@" --dbname="$url"
}

# Whether a bucket exists: listing it answers rclone's exit code 3 ("directory not found") when it does not. Only the
# bucket itself is asked, so a key that may not list every bucket of the account will do.
bucket_exists() {
  local rc=0
  rclone lsjson --max-depth 1 --files-only "store:$1" >/dev/null 2>&1 || rc=$?
  case $rc in
    0) return 0 ;;
    3) return 1 ;;
    *) fail "cannot read the S3 bucket $1 at ${S3_ENDPOINT:-AWS} (rclone exit $rc)" ;;
  esac
}
make_bucket() { bucket_exists "$1" || RCLONE_CONFIG_STORE_NO_CHECK_BUCKET=false rclone mkdir "store:$1"; }

write_backup() { # folder
  local dir=$1 started
  started=$(date -u +%FT%TZ)
  mkdir -p "$dir/s3"
  log "PostgreSQL: schemas $SCHEMAS, one snapshot"
  # shellcheck disable=SC2046
  pg pg_dump --format=custom --no-owner --no-privileges $(printf -- '--schema=%s ' $SCHEMAS) --file="$dir/postgres.dump"
  log "MongoDB: database $MONGODB_DB"
  node "$ROOT/scripts/lib/backup-mongo.mjs" dump "$dir/mongo" "$MONGODB_DB" >/dev/null
  local name bucket
  while read -r name bucket; do
    mkdir -p "$dir/s3/$name"
    if bucket_exists "$bucket"; then
      log "S3: bucket $bucket"
      rclone copy "store:$bucket" "$dir/s3/$name"
    else
      log "S3: bucket $bucket does not exist yet (an empty backup of it)"
    fi
  done < <(buckets)
  node "$ROOT/scripts/lib/backup-manifest.mjs" "$dir" "$started" "$MONGODB_DB" "$SCHEMAS" >"$dir/manifest.json"
  (cd "$dir" && find . -type f ! -name SHA256SUMS -printf '%P\n' | LC_ALL=C sort | xargs -r -d '\n' sha256sum >SHA256SUMS)
}

cmd_backup() {
  local target=${1:-$ROOT/.data/backups} stamp
  stamp=$(date -u +%Y%m%dT%H%M%SZ)
  local t0=$SECONDS
  if [[ "$target" == s3://* ]]; then
    local path=${target#s3://}
    STAGED="$STAGING/.staging-$stamp"
    trap 'rm -rf "$STAGED"' EXIT
    write_backup "$STAGED"
    make_bucket "${path%%/*}"
    rclone copy "$STAGED" "store:$path/$stamp"
    log "backup written to $target/$stamp in $((SECONDS - t0)) s"
    echo "$target/$stamp"
  else
    [[ -n "${1:-}" && ! -e "$target" ]] || target="$target/$stamp"
    [[ ! -e "$target" ]] || fail "$target exists: a backup is never written over another"
    write_backup "$target"
    log "backup written to $target in $((SECONDS - t0)) s ($(du -sh "$target" | cut -f1))"
    echo "$target"
  fi
}

fetched() { # source -> a local folder holding it
  if [[ "$1" == s3://* ]]; then
    FETCHED="$STAGING/.fetched-$(date -u +%Y%m%dT%H%M%SZ)-$$"
    trap 'rm -rf "$FETCHED"' EXIT
    rclone copy "store:${1#s3://}" "$FETCHED"
  else
    FETCHED=$1
  fi
  [[ -f "$FETCHED/SHA256SUMS" ]] || fail "$1 is not a backup (no SHA256SUMS)"
}

cmd_verify() {
  fetched "$1"
  (cd "$FETCHED" && sha256sum --quiet --strict -c SHA256SUMS) || fail "$1 does not match its SHA256SUMS"
  log "$1: every file matches SHA256SUMS"
}

cmd_restore() {
  [[ -n "${1:-}" ]] || fail "usage: bash scripts/backup.sh restore <folder or s3://bucket/prefix/time>"
  [[ -f "$ROOT/scripts/backup-finalize.ts" ]] || fail "restore runs from a checkout of the platform, not from the backup image (docs/operations/backup.md)"
  cmd_verify "$1"
  local dir=$FETCHED t0=$SECONDS source_db
  source_db=$(node -e 'console.log(require(process.argv[1]).mongo.database)' "$dir/manifest.json")
  log "PostgreSQL: schemas $SCHEMAS replaced in one transaction"
  # The schemas are dropped first, so nothing made after the backup (a table of a later migration) survives.
  {
    echo "SET client_min_messages = warning;"
    for schema in $SCHEMAS; do echo "DROP SCHEMA IF EXISTS \"$schema\" CASCADE;"; done
    pg_restore --no-owner --no-privileges --file=- "$dir/postgres.dump"
  } | pg psql --quiet --no-psqlrc --set ON_ERROR_STOP=1 --single-transaction >/dev/null
  log "MongoDB: database $MONGODB_DB replaced (from $source_db)"
  node "$ROOT/scripts/lib/backup-mongo-drop.mjs" "$MONGODB_URI" "$MONGODB_DB"
  # Indexes come from the code (backup-finalize.ts), as the apps make them at start.
  node "$ROOT/scripts/lib/backup-mongo.mjs" restore "$dir/mongo" "$MONGODB_DB" >/dev/null
  local name bucket
  while read -r name bucket; do
    log "S3: bucket $bucket synced to the backup's $name"
    make_bucket "$bucket"
    rclone sync "$dir/s3/$name" "store:$bucket"
  done < <(buckets)
  log "repairing what the restore leaves behind (scripts/backup-finalize.ts)"
  bash "$ROOT/scripts/node.sh" -r @swc-node/register "$ROOT/scripts/backup-finalize.ts"
  log "restored $1 in $((SECONDS - t0)) s"
}

case "${1:-}" in
  tools) build_backup_tools ;;
  backup | restore | verify)
    [[ -n "${BACKUP_TOOLS:-}" ]] || build_backup_tools
    local_defaults
    "cmd_$1" "${@:2}"
    ;;
  *) fail "usage: bash scripts/backup.sh backup [folder | s3://bucket/prefix] | restore SOURCE | verify SOURCE | tools" ;;
esac
