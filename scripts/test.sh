#!/usr/bin/env bash
# README command 2: installs what is needed, provisions the local services and the deployment tests' schemas
# (scripts/schemas.sh), then runs every check: typecheck, lint, every test (unit and integration against the real
# services), every benchmark in smoke mode, and the leak check. Extra arguments go to Jest, e.g.
# `bash scripts/test.sh --selectProjects libs/messaging`.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
# shellcheck source=lib/node-env.sh
source scripts/lib/node-env.sh

PLATFORM_BROWSER=1 bash scripts/install.sh
require_node test
bash scripts/services.sh
bash scripts/schemas.sh
# The backup's tools (rclone, pg_dump) for scripts/test/backup.spec.ts.
bash scripts/backup.sh tools

# Tests read the services' addresses from TEST_* variables (libs/testing); app variables stay unset so
# nothing in a test picks up a real app setting by accident.
set -a
# shellcheck disable=SC1091
source .data/services.env
set +a
export TEST_POSTGRES_URL=$DATABASE_URL TEST_MONGODB_URI=$MONGODB_URI TEST_AMQP_URL=$AMQP_URL TEST_REDIS_URL=$REDIS_URL \
  TEST_S3_ENDPOINT=$S3_ENDPOINT TEST_S3_ACCESS_KEY=$S3_ACCESS_KEY_ID TEST_S3_SECRET_KEY=$S3_SECRET_ACCESS_KEY \
  TEST_SMTP_URL=${SMTP_URL:-} TEST_MAILPIT_URL=${MAILPIT_URL:-}
unset DATABASE_URL MONGODB_URI AMQP_URL REDIS_URL S3_ENDPOINT S3_ACCESS_KEY_ID S3_SECRET_ACCESS_KEY SMTP_URL MAILPIT_URL

echo "== typecheck" >&2
npx tsc -p tsconfig.json --noEmit
echo "== format" >&2
npx prettier --check --log-level=warn "**/*.{ts,mjs}"
echo "== lint" >&2
# @nx/enforce-module-boundaries reads Nx's cached project graph (.nx/workspace-data) and is silently skipped
# when there is none, as on a fresh clone: compute it first (no daemon).
NX_DAEMON=false npx nx show projects >/dev/null
npx eslint .
# Every app's image, built from docker/Dockerfile (buildah; reused layer by layer on later runs): docker/test starts each
# under its Deployment's security context.
echo "== images" >&2
bash scripts/images.sh build
echo "== tests" >&2
# Every database, queue and bucket a test or bench makes carries the run id (uniqueName in libs/testing); whatever
# still carries it after Jest and the benches is a leak, removed and reported by scripts/test-leaks.ts, and the run fails.
export TEST_RUN_ID=${TEST_RUN_ID:-$(node -e 'process.stdout.write(Date.now().toString(36))')}
status=0
npx jest -c jest.config.ts --maxWorkers=2 "$@" || status=$?
# Every benchmark in smoke mode (tiny sizes, targets not judged): one that cannot start or crashes fails the run.
echo "== benchmarks (smoke)" >&2
bash scripts/bench-smoke.sh || status=$((status ? status : 1))
# The soak in smoke mode (bench/soak/soak.ts): two replicas of every app behind the edge, 30 s of mixed traffic with a
# replica stopped and started, then the checker (zero 5xx, jobs final, exact imports, no double booking, dense versions).
echo "== soak (smoke)" >&2
bash scripts/soak.sh --smoke || status=$((status ? status : 1))
echo "== leaks" >&2
node -r @swc-node/register scripts/test-leaks.ts || status=$((status ? status : 1))
exit "$status"
