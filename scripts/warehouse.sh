#!/usr/bin/env bash
# `npm run -s warehouse:seed` / `npm run -s warehouse:sync` (scripts/warehouse.ts). Without WAREHOUSE_URL and DATABASE_URL
# both point at the platform database of scripts/up.sh (the warehouse is its schema `warehouse`).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
# shellcheck source=lib/node-env.sh
source scripts/lib/node-env.sh
require_node warehouse
if [[ -z "${DATABASE_URL:-}" || -z "${WAREHOUSE_URL:-}" ]]; then
  [[ -f .data/services.env ]] || { echo "warehouse: no .data/services.env; run bash scripts/services.sh (or scripts/up.sh) first" >&2; exit 1; }
  services_db=$(set -a && source .data/services.env && echo "$DATABASE_URL")
  platform_db=$(node -e 'const u = new URL(process.argv[1]); u.pathname = "/platform"; console.log(u.toString())' "$services_db")
  export DATABASE_URL=${DATABASE_URL:-$platform_db} WAREHOUSE_URL=${WAREHOUSE_URL:-$platform_db}
fi
exec node -r @swc-node/register scripts/warehouse.ts "$@"
