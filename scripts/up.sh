#!/usr/bin/env bash
# README command 1: installs what is needed, provisions the local services, builds, runs the migrations,
# and starts the six apps and the edge (Caddy: http://localhost:8080 and https://localhost:8443). Ctrl-C stops
# everything it started, the backing services it had to start included.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
# shellcheck source=lib/node-env.sh
source scripts/lib/node-env.sh

APPS=(recruiting-api survey-builder-api race-content-api ai-webhook article-worker blog-worker)
MIGRATED_APPS=(recruiting-api survey-builder-api ai-webhook)
# The edge: HTTP for curl, HTTPS with a local certificate authority (its root: $EDGE_DIR/storage/pki/authorities/local/root.crt).
GATEWAY_PORT=${EDGE_HTTP_PORT:-${GATEWAY_PORT:-8080}}
EDGE_HTTPS_PORT=${EDGE_HTTPS_PORT:-8443}
EDGE_DIR="$ROOT/.data/edge"
LOGS="$ROOT/.data/logs"

# Every progress line says how long the command has been running (minutes:seconds), so a slow step shows itself.
log() { printf '[up %d:%02d] %s\n' $((SECONDS / 60)) $((SECONDS % 60)) "$*" >&2; }

log "installing Node.js and the npm packages (once)"
bash scripts/install.sh
require_node up
mkdir -p "$LOGS"
started_services="$ROOT/.data/run/started-by-up"
mkdir -p "$(dirname "$started_services")" && : > "$started_services"
log "starting the local services (a first run builds FerretDB, versitygw and Caddy with Go, side by side)"
# Mailpit (the local mail catcher) serves no request: a first run builds it behind the running platform (below).
MAILPIT=later SERVICES_STARTED_FILE="$started_services" bash scripts/services.sh

set -a
# shellcheck disable=SC1091
source .data/services.env
set +a

# Local-only secrets and identities, generated once per machine and kept out of git (.data/); a key missing
# from a file an earlier run wrote is added. The survey builder gets a development administrator and an import
# key, so every role and the x-api-key path can be tried locally (docs/getting-started.md, "Local identities and secrets").
DEV_SECRETS=.data/dev-secrets.env
random_key() { node -e 'process.stdout.write(require("node:crypto").randomBytes(32).toString("base64url"))'; }
add_secret() { grep -q "^$1=" "$DEV_SECRETS" || echo "$1=$2" >> "$DEV_SECRETS"; }
touch "$DEV_SECRETS" && chmod 600 "$DEV_SECRETS"
add_secret JWT_SECRET "$(random_key)"
add_secret SURVEY_ADMIN_EMAILS admin@example.com
add_secret SURVEY_IMPORT_API_KEY "$(random_key)"
add_secret AI_WEBHOOK_API_KEY "$(random_key)"
add_secret OIDC_CLIENT_SECRET "$(random_key)"
add_secret DEV_IDP_TOOL_CLIENT_SECRET "$(random_key)"
set -a
# shellcheck disable=SC1091
source "$DEV_SECRETS"
set +a
export MONGODB_DB=${MONGODB_DB:-race_content} AI_PROVIDER=${AI_PROVIDER:-local} S3_CREATE_BUCKET=true LOG_LEVEL=${LOG_LEVEL:-info}
# ai-webhook: the dev identity provider whose JWTs the event-run status read accepts (override to point elsewhere).
# Its audience is the dev IdP client `ai-webhook` that `npm run -s admin -- idp-token` signs in with.
export IDP_ISSUER=${IDP_ISSUER:-http://127.0.0.1:${DEV_IDP_PORT:-9400}} IDP_JWKS_URL=${IDP_JWKS_URL:-http://127.0.0.1:${DEV_IDP_PORT:-9400}/jwks} \
  IDP_AUDIENCE=${IDP_AUDIENCE:-ai-webhook}

# The apps' schemas live in a database of their own, created on the first run. PLATFORM_DATABASE, MONGODB_DB,
# QUEUE_PREFIX, BUCKET_PREFIX and REDIS_KEY_PREFIX name the stores otherwise (the soak runs the platform on its own).
PLATFORM_DATABASE=${PLATFORM_DATABASE:-platform}
[[ "$PLATFORM_DATABASE" =~ ^[a-z_][a-z0-9_]*$ ]] || { log "PLATFORM_DATABASE must be a lower-case identifier"; exit 1; }
DATABASE_URL=$(PLATFORM_DATABASE=$PLATFORM_DATABASE DATABASE_URL=$DATABASE_URL node -e '
  const { Client } = require("pg");
  (async () => {
    const admin = new Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const name = process.env.PLATFORM_DATABASE;
    const { rowCount } = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (!rowCount) await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = "/" + name;
    console.log(url.toString());
  })().catch((e) => { console.error("[up] could not prepare the platform database: " + e.message); process.exit(1); });
')
export DATABASE_URL

# The local metrics and trace stores (scripts/observability.sh): Prometheus scrapes every replica's /metrics, Jaeger
# receives the apps' spans over OTLP/HTTP (sampling everything unless OTEL_TRACES_SAMPLER* say otherwise).
# OBSERVABILITY=off leaves both out, and the apps' tracing off unless OTEL_EXPORTER_OTLP_ENDPOINT is set. When they are
# built already they start beside the apps; on a first run they are built in the background once the platform answers,
# and start when built (the apps drop their spans until Jaeger listens): the platform does not wait for them.
OBSERVABILITY=${OBSERVABILITY:-on}
[[ "$OBSERVABILITY" == on || "$OBSERVABILITY" == off ]] || { log "OBSERVABILITY must be on or off"; exit 1; }
PROMETHEUS_PORT=${PROMETHEUS_PORT:-9090} JAEGER_QUERY_PORT=${JAEGER_QUERY_PORT:-16686} JAEGER_OTLP_PORT=${JAEGER_OTLP_PORT:-4318}
export PROMETHEUS_PORT JAEGER_QUERY_PORT JAEGER_OTLP_PORT
observability_built=false
if [[ "$OBSERVABILITY" == on ]]; then
  bash scripts/observability.sh built && observability_built=true
  export OTEL_EXPORTER_OTLP_ENDPOINT=${OTEL_EXPORTER_OTLP_ENDPOINT:-http://127.0.0.1:$JAEGER_OTLP_PORT}
  export OTEL_TRACES_SAMPLER=${OTEL_TRACES_SAMPLER:-parentbased_traceidratio} OTEL_TRACES_SAMPLER_ARG=${OTEL_TRACES_SAMPLER_ARG:-1.0}
fi

log "building the apps"
npx nx run-many -t build --parallel=2 --outputStyle=static >"$LOGS/build.log" 2>&1 || { tail -n 30 "$LOGS/build.log"; log "build failed; see $LOGS/build.log"; exit 1; }

log "migrating the PostgreSQL schemas"
for app in "${MIGRATED_APPS[@]}"; do
  node "dist/apps/$app/apps/$app/src/migrate.js" >>"$LOGS/migrate.log" 2>&1 || { tail -n 5 "$LOGS/migrate.log"; log "migrations of $app failed"; exit 1; }
done

# recruiting-api's survey answer warehouse: schema `warehouse` of the platform database, seeded with three surveys
# (idempotent; npm run -s warehouse:seed). The app refreshes its survey metadata cache from it at start-up.
export WAREHOUSE_URL=${WAREHOUSE_URL:-$DATABASE_URL}
log "seeding the survey warehouse"
WAREHOUSE_URL=$WAREHOUSE_URL DATABASE_URL=$DATABASE_URL bash scripts/warehouse.sh seed >>"$LOGS/migrate.log" 2>&1 || { tail -n 5 "$LOGS/migrate.log"; log "seeding the warehouse failed"; exit 1; }

pids=()
stopped=false
stop_all() {
  $stopped && return
  stopped=true
  # A second Ctrl-C does not cut the cleanup short (the local services would keep running).
  trap '' INT TERM
  log "stopping"
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  if [[ -s "$started_services" ]]; then
    # shellcheck disable=SC2046
    bash scripts/services.sh stop $(sort -u "$started_services")
  fi
  log "stopped"
}
# Ctrl-C (the whole process group gets SIGINT) and SIGTERM only exit; the cleanup runs once, in the EXIT trap, at the
# top level: running it from the signal's trap while a function was executing (a wait, a readiness loop) left bash
# unable to run it ("pop_var_context: head of shell_variables not a function context") and the services running.
trap 'exit 0' INT TERM
trap stop_all EXIT

bucket_of() {
  case "$1" in
    ai-webhook) echo "${BUCKET_PREFIX:-platform}-ai-manifests" ;;
    *) echo "${BUCKET_PREFIX:-platform}-media" ;;
  esac
}

# The development identity provider (libs/dev-idp; seeded users in docs/getting-started.md) for recruiting-api's login; the
# app discovers it on the first login, so it starts after the apps (their pids keep indices 0 to 5).
DEV_IDP_PORT=${DEV_IDP_PORT:-9400}
export OIDC_ISSUER_URL="http://127.0.0.1:$DEV_IDP_PORT" OIDC_CLIENT_ID=recruiting-api
export OIDC_REDIRECT_URL="http://localhost:$GATEWAY_PORT/api/v1/auth/idp/callback"
# The login lands on {FRONTEND_URL}/login?token=...; no console runs here, so the edge's address stands in.
export FRONTEND_URL=${FRONTEND_URL:-http://localhost:$GATEWAY_PORT} ADMIN_EMAILS=${ADMIN_EMAILS:-admin@example.com}
# Recruiting invitations link to the public page behind the edge. Mail is sent (PROTOTYPE_MODE=false) to the local mail
# catcher, Mailpit (SMTP_URL from .data/services.env), so nothing leaves this machine and a developer reads there the mail
# a candidate would get; the calendar has a switch of its own and stays off (CALENDAR_PROVIDER=none).
export PUBLIC_SCHEDULING_URL=${PUBLIC_SCHEDULING_URL:-http://localhost:$GATEWAY_PORT/schedule} PROTOTYPE_MODE=${PROTOTYPE_MODE:-false} \
  CALENDAR_PROVIDER=${CALENDAR_PROVIDER:-none}

# recruiting-api runs with the V8 heap caps of its k8s Deployment (a 100,000-row TSV import stays near 200 MB RSS),
# survey-builder-api with its young-generation size (ten 1,000-question saves stay under 256 MB RSS).
node_flags_of() {
  case "$1" in
    recruiting-api) echo "--max-old-space-size=256 --max-semi-space-size=16" ;;
    survey-builder-api) echo "--max-semi-space-size=16" ;;
  esac
}

# The AI workers take 16 jobs at once (they mostly wait on the provider and the store), as in k8s and compose.
prefetch_of() { [[ "$1" == *-worker ]] && echo 16 || echo "${JOB_PREFETCH:-4}"; }

# REPLICAS (1 by default; 2 is the deployed shape) processes of each app: the first on the app's port, the others 100,
# 200, ... above it, each with its own log ($LOGS/<app>.log, <app>-2.log, ...); the edge spreads requests over them.
# A replica that exits is started again (as Kubernetes restarts a pod), so one can be killed to see the others carry on.
export REPLICAS=${REPLICAS:-1}
# A replica told to stop (SIGTERM) keeps serving for 3 s with readiness at 503 first, so the edge's health checks (every
# 2 s) take it out before it stops accepting; Kubernetes does this with the endpoint update and a preStop pause.
((REPLICAS > 1)) && export SHUTDOWN_DELAY_MS=${SHUTDOWN_DELAY_MS:-3000}
ports=(3001 3002 3003 3004 3005 3006)
replica_app=() replica_port=() replica_log=() replica_pid=()
start_replica() {
  local i=$1 app=${replica_app[$1]}
  # shellcheck disable=SC2046
  PORT=${replica_port[$i]} S3_BUCKET=$(bucket_of "$app") JOB_PREFETCH=$(prefetch_of "$app") \
    node $(node_flags_of "$app") "dist/apps/$app/apps/$app/src/main.js" >>"${replica_log[$i]}" 2>&1 &
  replica_pid[i]=$!
  pids+=($!)
}
for a in "${!APPS[@]}"; do
  for ((r = 0; r < REPLICAS; r++)); do
    i=${#replica_app[@]}
    replica_app[i]=${APPS[$a]}
    replica_port[i]=$((ports[a] + 100 * r))
    replica_log[i]="$LOGS/${APPS[$a]}.log"
    ((r == 0)) || replica_log[i]="$LOGS/${APPS[$a]}-$((r + 1)).log"
    : >"${replica_log[$i]}"
    start_replica "$i"
  done
done
log "starting ${#replica_app[@]} app processes"
# The stores (OBSERVABILITY=on): Jaeger and Prometheus, scraping every replica started above; ready checked below.
targets=()
for i in "${!replica_app[@]}"; do targets+=("${replica_app[$i]}:${replica_port[$i]}"); done
start_observability() {
  bash scripts/observability.sh jaeger >"$LOGS/jaeger.log" 2>&1 &
  jaeger_pid=$!
  bash scripts/observability.sh prometheus "${targets[@]}" >"$LOGS/prometheus.log" 2>&1 &
  prometheus_pid=$!
}
# Both answer, or the name of the one that did not (30 s).
observability_ready() {
  local deadline=$((SECONDS + 30)) store name pid url
  for store in "prometheus $prometheus_pid http://127.0.0.1:$PROMETHEUS_PORT/-/ready" \
    "jaeger $jaeger_pid http://127.0.0.1:$JAEGER_QUERY_PORT/api/services"; do
    read -r name pid url <<<"$store"
    until curl -fs -o /dev/null "$url"; do
      if ! kill -0 "$pid" 2>/dev/null || ((SECONDS > deadline)); then echo "$name"; return 1; fi
      sleep 0.2
    done
  done
}
if [[ "$OBSERVABILITY" == on ]] && $observability_built; then
  start_observability
  pids+=($jaeger_pid $prometheus_pid)
fi
DEV_IDP_PORT=$DEV_IDP_PORT DEV_IDP_CLIENTS="[{\"clientId\":\"$OIDC_CLIENT_ID\",\"clientSecret\":\"$OIDC_CLIENT_SECRET\",\"redirectUris\":[\"$OIDC_REDIRECT_URL\",\"http://127.0.0.1:3001/api/v1/auth/idp/callback\"]},{\"clientId\":\"$IDP_AUDIENCE\",\"clientSecret\":\"$DEV_IDP_TOOL_CLIENT_SECRET\",\"redirectUris\":[\"http://127.0.0.1:9/idp-token\"]}]" \
  node libs/dev-idp/src/dev-idp-server.mjs >"$LOGS/dev-idp.log" 2>&1 &
idp_pid=$!
pids+=($idp_pid)
deadline=$((SECONDS + 30))
until curl -fs -o /dev/null "$OIDC_ISSUER_URL/.well-known/openid-configuration"; do
  if ! kill -0 "$idp_pid" 2>/dev/null || ((SECONDS > deadline)); then tail -n 5 "$LOGS/dev-idp.log" >&2; log "the dev IdP did not start; see $LOGS/dev-idp.log"; exit 1; fi
  sleep 0.2
done

# Ready when every replica's readiness probe answers 200 (race-content-api's is /v1/ping/deep).
probe_of() { [[ "$1" == race-content-api ]] && echo "http://127.0.0.1:$2/v1/ping/deep" || echo "http://127.0.0.1:$2/health/ready"; }
deadline=$((SECONDS + 90 + 30 * (REPLICAS - 1)))
for i in "${!replica_app[@]}"; do
  app=${replica_app[$i]}
  until curl -fs -o /dev/null "$(probe_of "$app" "${replica_port[$i]}")"; do
    if ! kill -0 "${replica_pid[$i]}" 2>/dev/null; then
      tail -n 5 "${replica_log[$i]}" >&2
      log "$app exited during start-up; see ${replica_log[$i]}"
      exit 1
    fi
    if ((SECONDS > deadline)); then log "$app is not ready after 90 s; see ${replica_log[$i]}"; exit 1; fi
    sleep 0.3
  done
done

if [[ "$OBSERVABILITY" == on ]] && $observability_built; then
  failed=$(observability_ready) || { tail -n 5 "$LOGS/$failed.log" >&2; log "$failed did not start; see $LOGS/$failed.log"; exit 1; }
fi

log "starting the edge"

# The edge, configured from the route table (libs/routing): routing, the builder's identity check, CORS for the console
# origins (CORS_ALLOWED_ORIGINS, default http://localhost:5173), body limits, request ids and a JSON access log.
mkdir -p "$EDGE_DIR"
export CORS_ALLOWED_ORIGINS=${CORS_ALLOWED_ORIGINS:-http://localhost:5173}
# The API reference the edge serves at /docs, rendered from the committed OpenAPI documents (a few seconds).
node -r @swc-node/register scripts/reference.ts "$ROOT/.data/reference" >/dev/null || { log "could not render the API reference"; exit 1; }
REFERENCE_DIR="$ROOT/.data/reference" EDGE_HTTP_PORT=$GATEWAY_PORT EDGE_HTTPS_PORT=$EDGE_HTTPS_PORT node -r @swc-node/register scripts/edge-config.ts local \
  "$EDGE_DIR/Caddyfile" "$EDGE_DIR" "$LOGS" || { log "could not write the edge configuration"; exit 1; }
XDG_DATA_HOME="$EDGE_DIR/xdg" XDG_CONFIG_HOME="$EDGE_DIR/xdg" "$ROOT/.tools/bin/caddy" run --config "$EDGE_DIR/Caddyfile" \
  --adapter caddyfile >"$LOGS/edge.log" 2>&1 &
edge_pid=$!
pids+=($edge_pid)
deadline=$((SECONDS + 30))
until [[ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$GATEWAY_PORT/edge-unrouted")" == 404 ]]; do
  if ! kill -0 "$edge_pid" 2>/dev/null || ((SECONDS > deadline)); then tail -n 5 "$LOGS/edge.log" >&2; log "the edge did not start; see $LOGS/edge.log"; exit 1; fi
  sleep 0.2
done
EDGE_ROOT_CA="$EDGE_DIR/storage/pki/authorities/local/root.crt"
log "the platform answers through the edge, $((SECONDS / 60)) min $((SECONDS % 60)) s after the start"

# The dev IdP's viewer is a viewer here (first logins are members): provisioned once with its email vouched for, and
# linked by that email at its login (the dev IdP says it is verified).
DATABASE_URL=$DATABASE_URL node -e '
  const { Client } = require("pg");
  (async () => {
    const db = new Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
    await db.query("INSERT INTO recruiting.users (email, name, role, email_verified) VALUES ($1, $2, $3, true) ON CONFLICT DO NOTHING", ["viewer@example.com", "Dev Viewer", "viewer"]);
    await db.end();
  })().catch((e) => { console.error(e.message); process.exit(1); });'

cat >&2 <<EOF

  The platform is up. Everything is reachable through the edge (Caddy), on HTTP and on HTTPS:

    http://localhost:$GATEWAY_PORT/...  and  https://localhost:$EDGE_HTTPS_PORT/...
      /docs/        the API reference of the four services (rendered from docs/openapi)
      /api/v1/...   recruiting-api       (docs http://localhost:3001/docs; public page /schedule/<token>)
      /api/...      survey-builder-api   (docs http://localhost:3002/docs; needs a platform access token)
      /v1/...       race-content-api     (docs http://localhost:3003/docs)
      /api/v1/webhooks, /api/v1/organizations   ai-webhook (docs http://localhost:3004/docs)
    workers: article-worker http://localhost:3005/health/ready, blog-worker http://localhost:3006/health/ready
    HTTPS: trust the local authority $EDGE_ROOT_CA
      curl --cacert $EDGE_ROOT_CA https://localhost:$EDGE_HTTPS_PORT/v1/ping
    CORS: console origins $CORS_ALLOWED_ORIGINS (CORS_ALLOWED_ORIGINS)

    a platform access token (recruiting, race content and the survey builder take it):
      token=\$(npm run -s admin -- issue-token --email $SURVEY_ADMIN_EMAILS --role admin --name Admin)
      curl http://localhost:$GATEWAY_PORT/api/surveys -H "authorization: Bearer \$token"
    survey builder administrator: $SURVEY_ADMIN_EMAILS; import key x-api-key: $SURVEY_IMPORT_API_KEY (kept in $DEV_SECRETS)

    ai-webhook: X-API-Key $AI_WEBHOOK_API_KEY (POST /api/v1/webhooks/ai-status; kept in $DEV_SECRETS)
      rows: npm run -s ai-jobs -- create --kind wf2des --org 1 --project 1
    mail: everything the platform sends (PROTOTYPE_MODE=$PROTOTYPE_MODE) is caught by Mailpit, SMTP $SMTP_URL
      read it at $MAILPIT_URL (a candidate's invitation with its link; the email log keeps the link masked)
    dev identity provider: $OIDC_ISSUER_URL (seeded users in docs/getting-started.md)
      recruiting login: open http://localhost:$GATEWAY_PORT/api/v1/auth/idp in a browser (lands on /login?token=...)
      ai-webhook status read token: npm run -s admin -- idp-token --email member@example.com

    try:  curl http://localhost:$GATEWAY_PORT/v1/ping/deep
    logs: $LOGS/<app>.log, the edge's access log $LOGS/edge-access.log          Ctrl-C stops everything.
EOF
if [[ "$OBSERVABILITY" == on ]]; then
  cat >&2 <<EOF
    metrics (Prometheus, API only; scrapes every app's /metrics each 5 s; queries in docs/operations/observability.md):
      curl -s http://127.0.0.1:$PROMETHEUS_PORT/api/v1/query --data-urlencode 'query=sum by (job) (rate(http_server_request_duration_seconds_count[1m]))'
    traces (Jaeger, API only; every app exports every trace to $OTEL_EXPORTER_OTLP_ENDPOINT):
      curl -s http://127.0.0.1:$JAEGER_QUERY_PORT/api/services
      curl -s 'http://127.0.0.1:$JAEGER_QUERY_PORT/api/traces?service=race-content-api&limit=5'
    check both: bash scripts/observability-check.sh   (one article generation: its trace, and samples of all six apps)
EOF
fi
echo >&2

# Where each replica answers and its pid, for tools that exercise the replicas (the soak kills and watches them).
for i in "${!replica_app[@]}"; do echo "${replica_app[$i]} ${replica_port[$i]} ${replica_pid[$i]} ${replica_log[$i]}"; done >"$ROOT/.data/run/replicas"

# A process and everything it started (a build's compilers), youngest first.
kill_tree() {
  local child
  for child in $(pgrep -P "$1"); do kill_tree "$child"; done
  kill -TERM "$1" 2>/dev/null || true
}
# A first run: the metrics and trace stores are built now, behind the running platform and at a lower priority, and
# started when built. Stopping up.sh stops the build (and the stores) with everything else.
observability_pid=
if [[ "$OBSERVABILITY" == on ]] && ! $observability_built; then
  log "building the metrics and trace stores in the background (once, several minutes; $LOGS/observability-build.log): they start when built"
  (
    trap 'for job in $(jobs -p); do kill_tree "$job"; done; wait; exit 0' TERM INT
    nice -n 10 bash scripts/observability.sh build >"$LOGS/observability-build.log" 2>&1 &
    wait $! || { log "the metrics and trace stores did not build; see $LOGS/observability-build.log"; exit 0; }
    start_observability
    if failed=$(observability_ready); then
      log "the metrics and trace stores are ready: Prometheus http://127.0.0.1:$PROMETHEUS_PORT, Jaeger http://127.0.0.1:$JAEGER_QUERY_PORT"
    else
      log "$failed did not start; see $LOGS/$failed.log"
    fi
    wait
  ) &
  observability_pid=$!
  pids+=($observability_pid)
fi

# A first run: Mailpit is built now, behind the running platform and at a lower priority, and started when built
# (services.sh again). Until then a send is answered with the mail server's unreachable error and nothing is sent.
mailpit_pid=
if ! curl -fs -o /dev/null "$MAILPIT_URL/livez"; then
  log "building Mailpit in the background (once, a few minutes; $LOGS/mailpit-build.log): mail is refused until it starts"
  (
    trap 'for job in $(jobs -p); do kill_tree "$job"; done; wait; exit 0' TERM INT
    SERVICES_STARTED_FILE="$started_services" nice -n 10 bash scripts/services.sh >"$LOGS/mailpit-build.log" 2>&1 &
    if wait $!; then
      log "Mailpit is ready: mail lands on $MAILPIT_URL"
    else
      log "Mailpit did not build or start; see $LOGS/mailpit-build.log"
    fi
  ) &
  mailpit_pid=$!
  pids+=($mailpit_pid)
fi

# Runs until Ctrl-C. An app replica that exits is started again; any other process (the edge, the dev IdP) that exits
# stops everything, but for the background builds of a first run (the metrics and trace stores, Mailpit), which only
# say so.
set +e
while :; do
  wait -n -p exited "${pids[@]}"
  alive=()
  for pid in "${pids[@]}"; do [[ "$pid" != "$exited" ]] && alive+=("$pid"); done
  pids=("${alive[@]}")
  if [[ -n "$observability_pid" && "$exited" == "$observability_pid" ]]; then
    log "the metrics and trace stores stopped; see $LOGS/prometheus.log and $LOGS/jaeger.log"
    continue
  fi
  [[ -n "$mailpit_pid" && "$exited" == "$mailpit_pid" ]] && continue
  replica=
  for i in "${!replica_pid[@]}"; do [[ "${replica_pid[$i]}" == "$exited" ]] && replica=$i; done
  if [[ -z "$replica" ]]; then
    log "a process exited unexpectedly; see $LOGS"
    exit 1
  fi
  log "${replica_app[$replica]} on ${replica_port[$replica]} exited: starting it again"
  start_replica "$replica"
  sed -i "s/^${replica_app[$replica]} ${replica_port[$replica]} [0-9]* /${replica_app[$replica]} ${replica_port[$replica]} ${replica_pid[$replica]} /" "$ROOT/.data/run/replicas"
done
