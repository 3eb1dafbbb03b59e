#!/usr/bin/env bash
# `npm run -s admin -- <command> ...`: operator commands against the local platform that scripts/up.sh runs.
#   issue-token --email <email> --role <admin|member|viewer> [--name <name>]
#                                      creates or updates that recruiting user (its email vouched for: verified) and
#                                      prints one access token; a changed role revokes the user's earlier tokens
#   delete-user (--email <email> | --id <user id>)
#                                      deletes that recruiting user; its tokens stop working at every app
#   idp-token --email <seeded email>   prints an id token of the development identity provider for that user
#                                      (audience ai-webhook: the Bearer of the event-run status read)
# Reads the local secrets (.data/dev-secrets.env, or the file ADMIN_SECRETS_FILE names), the platform database of up.sh
# (ADMIN_DATABASE_URL points elsewhere) and the local Redis of the token versions (REDIS_URL and AUTH_KEY_PREFIX point
# elsewhere); DEV_IDP_PORT points at another dev IdP port.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
# shellcheck source=lib/node-env.sh
source scripts/lib/node-env.sh
require_node admin
SECRETS=${ADMIN_SECRETS_FILE:-.data/dev-secrets.env}
[[ -f "$SECRETS" ]] || { echo "admin: no $SECRETS; start the platform with bash scripts/up.sh first" >&2; exit 1; }
set -a
# shellcheck disable=SC1090
source "$SECRETS"
set +a
if [[ -z "${ADMIN_DATABASE_URL:-}" && -f .data/services.env ]]; then
  services_db=$(set -a && source .data/services.env && echo "$DATABASE_URL")
  ADMIN_DATABASE_URL=$(node -e 'const u = new URL(process.argv[1]); u.pathname = "/platform"; console.log(u.toString())' "$services_db")
  export ADMIN_DATABASE_URL
fi
if [[ -z "${REDIS_URL:-}" && -f .data/services.env ]]; then
  REDIS_URL=$(set -a && source .data/services.env && echo "$REDIS_URL")
  export REDIS_URL
fi
exec node -r @swc-node/register scripts/admin.ts "$@"
