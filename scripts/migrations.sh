#!/usr/bin/env bash
# An app's migrations, by hand (docs/operations/upgrade.md): what is applied and pending, and reverting the last one.
# Runs the app's own migrate entry point, as its init container does (libs/persistence migrate-main.ts).
#
#   bash scripts/migrations.sh <app> status
#   bash scripts/migrations.sh <app> revert [--accept-data-loss]
#   bash scripts/migrations.sh <app> apply
#
# <app>: recruiting-api, survey-builder-api or ai-webhook. DATABASE_URL names the database; unset, the local platform
# of scripts/up.sh (.data/services.env, database PLATFORM_DATABASE or "platform"). In Kubernetes the same commands run
# in an app's image: kubectl -n platform exec deploy/<app> -- node dist/apps/<app>/apps/<app>/src/migrate.js status
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
app=${1:-}
case "$app" in
  recruiting-api | survey-builder-api | ai-webhook) ;;
  *) echo "usage: bash scripts/migrations.sh <recruiting-api|survey-builder-api|ai-webhook> <status|revert [--accept-data-loss]|apply>" >&2; exit 2 ;;
esac
if [[ -z "${DATABASE_URL:-}" ]]; then
  [[ -f .data/services.env ]] || { echo "[migrations] DATABASE_URL is not set and there is no local platform (.data/services.env)" >&2; exit 1; }
  DATABASE_URL=$(grep '^DATABASE_URL=' .data/services.env | cut -d= -f2-)
  DATABASE_URL=$(bash scripts/node.sh -e 'const u = new URL(process.argv[1]); u.pathname = "/" + process.argv[2]; console.log(u.toString())' \
    "$DATABASE_URL" "${PLATFORM_DATABASE:-platform}")
  export DATABASE_URL
fi
exec bash scripts/node.sh -r @swc-node/register "apps/$app/src/migrate.ts" "${@:2}"
