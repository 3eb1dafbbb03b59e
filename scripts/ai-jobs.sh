#!/usr/bin/env bash
# `npm run -s ai-jobs -- <create|retry|grant> ...`: the AI job operator command (apps/ai-webhook/src/cli/ai-jobs.ts)
# against the local platform that scripts/up.sh runs: its database (platform) and manifests bucket. Prints one
# JSON line. AI_JOBS_DATABASE_URL and AI_JOBS_BUCKET point it elsewhere.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
# shellcheck source=lib/node-env.sh
source scripts/lib/node-env.sh
require_node ai-jobs
set -a
# shellcheck disable=SC1091
source .data/services.env
set +a
platform_url=$(node -e 'const u = new URL(process.argv[1]); u.pathname = "/platform"; console.log(u.toString())' "$DATABASE_URL")
DATABASE_URL=${AI_JOBS_DATABASE_URL:-$platform_url} S3_BUCKET=${AI_JOBS_BUCKET:-platform-ai-manifests} LOG_LEVEL=silent \
  exec node -r @swc-node/register apps/ai-webhook/src/cli/ai-jobs.ts "$@"
