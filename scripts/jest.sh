#!/usr/bin/env bash
# Runs Jest alone, with the local services' addresses exported the way scripts/test.sh does, for quick runs of
# one file or project while working: `bash scripts/jest.sh apps/recruiting-api/test/auth.spec.ts`. No install,
# typecheck or lint (scripts/test.sh does those); starts the local services when they do not answer and fetches
# the deployment tests' schemas when they are missing (scripts/schemas.sh).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
# shellcheck source=lib/node-env.sh
source scripts/lib/node-env.sh
require_node jest
bash scripts/services.sh >/dev/null
bash scripts/schemas.sh
set -a
# shellcheck disable=SC1091
source .data/services.env
set +a
export TEST_POSTGRES_URL=$DATABASE_URL TEST_MONGODB_URI=$MONGODB_URI TEST_AMQP_URL=$AMQP_URL TEST_REDIS_URL=$REDIS_URL \
  TEST_S3_ENDPOINT=$S3_ENDPOINT TEST_S3_ACCESS_KEY=$S3_ACCESS_KEY_ID TEST_S3_SECRET_KEY=$S3_SECRET_ACCESS_KEY \
  TEST_SMTP_URL=${SMTP_URL:-} TEST_MAILPIT_URL=${MAILPIT_URL:-}
unset DATABASE_URL MONGODB_URI AMQP_URL REDIS_URL S3_ENDPOINT S3_ACCESS_KEY_ID S3_SECRET_ACCESS_KEY SMTP_URL MAILPIT_URL
export TEST_RUN_ID=${TEST_RUN_ID:-$(node -e 'process.stdout.write(Date.now().toString(36))')}
status=0
npx jest -c jest.config.ts "$@" || status=$?
# What the run left on the shared services is a leak (scripts/test-leaks.ts): removed, reported, and the run fails.
node -r @swc-node/register scripts/test-leaks.ts || status=$((status ? status : 1))
exit "$status"
