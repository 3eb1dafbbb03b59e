#!/usr/bin/env bash
# `npm run -s admin -- <command> ...`: operator commands against the local platform that scripts/up.sh runs.
#   idp-token --email <seeded email>   prints an id token of the development identity provider for that user
#                                      (audience ai-webhook: the Bearer of the event-run status read)
# Reads the local secrets (.data/dev-secrets.env, or the file ADMIN_SECRETS_FILE names); DEV_IDP_PORT points at
# another dev IdP port.
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
exec node -r @swc-node/register scripts/admin.ts "$@"
