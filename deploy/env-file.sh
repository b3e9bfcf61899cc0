#!/usr/bin/env bash
# .env for compose.yaml: a random Redis password (hex, so it needs no escaping in a URL) when
# .env has none. .env is git-ignored; keep it, or the API loses its store's password.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! grep -qs '^TRICKLOG_REDIS_PASSWORD=' .env; then
  echo "TRICKLOG_REDIS_PASSWORD=$(python3 -c 'import secrets; print(secrets.token_hex(24))')" >> .env
  chmod 600 .env
  echo "wrote a Redis password into .env"
fi
