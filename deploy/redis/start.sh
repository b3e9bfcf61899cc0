#!/bin/sh
# Redis for Tricklog: AOF on /data (a named volume), the password from REDIS_PASSWORD (or the
# file REDIS_PASSWORD_FILE names, e.g. a secret), read through stdin so it is in no command
# line. appendfsync from REDIS_APPENDFSYNC: everysec (default) or always (docs/DEPLOY.md).
# maxmemory from REDIS_MAXMEMORY (1gb): once full, writes are refused (noeviction), and the
# API answers 507 store-full; no event log is ever evicted to make room.
# Arguments are redis-server options on top (a cluster node: --port N --cluster-enabled yes).
set -eu
if [ -n "${REDIS_PASSWORD_FILE:-}" ]; then REDIS_PASSWORD=$(cat "$REDIS_PASSWORD_FILE"); fi
: "${REDIS_PASSWORD:?set REDIS_PASSWORD or REDIS_PASSWORD_FILE}"
exec redis-server - "$@" <<CONF
bind 0.0.0.0 -::*
protected-mode yes
requirepass $REDIS_PASSWORD
dir /data
appendonly yes
appendfsync ${REDIS_APPENDFSYNC:-everysec}
save ""
maxmemory ${REDIS_MAXMEMORY:-1gb}
maxmemory-policy noeviction
CONF
