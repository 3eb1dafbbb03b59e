#!/usr/bin/env bash
# README command 2: installs what is needed, provisions the local services, then runs every check:
# typecheck, lint, and every test (unit and integration against the real services). Extra arguments go
# to Jest, e.g. `bash scripts/test.sh --selectProjects libs/messaging`.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
# shellcheck source=lib/node-env.sh
source scripts/lib/node-env.sh

bash scripts/install.sh
require_node test
bash scripts/services.sh

# Tests read the services' addresses from TEST_* variables (libs/testing); app variables stay unset so
# nothing in a test picks up a real app setting by accident.
set -a
# shellcheck disable=SC1091
source .data/services.env
set +a
export TEST_POSTGRES_URL=$DATABASE_URL TEST_MONGODB_URI=$MONGODB_URI TEST_AMQP_URL=$AMQP_URL TEST_REDIS_URL=$REDIS_URL \
  TEST_S3_ENDPOINT=$S3_ENDPOINT TEST_S3_ACCESS_KEY=$S3_ACCESS_KEY_ID TEST_S3_SECRET_KEY=$S3_SECRET_ACCESS_KEY
unset DATABASE_URL MONGODB_URI AMQP_URL REDIS_URL S3_ENDPOINT S3_ACCESS_KEY_ID S3_SECRET_ACCESS_KEY

echo "== typecheck" >&2
npx tsc -p tsconfig.json --noEmit
echo "== format" >&2
npx prettier --check --log-level=warn "**/*.{ts,mjs}"
echo "== lint" >&2
# @nx/enforce-module-boundaries reads Nx's cached project graph (.nx/workspace-data) and is silently skipped
# when there is none, as on a fresh clone: compute it first (no daemon).
NX_DAEMON=false npx nx show projects >/dev/null
npx eslint .
echo "== tests" >&2
npx jest -c jest.config.ts --maxWorkers=2 "$@"
