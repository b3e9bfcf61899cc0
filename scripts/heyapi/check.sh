#!/usr/bin/env bash
# A third generator: @hey-api/openapi-ts (pinned in package.json/package-lock.json) turns
# openapi.yaml into a fetch SDK (a function per operation, typed requests and answers); `tsc`
# compiles it strictly with play.ts, a program that plays a deal through it, into dist/.
# tests/e2e/test_heyapi_client.py then runs dist/play.js against a server. Any warning of the
# generator or error of the compiler fails. Exit status 3: npm could not install the tools.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here"
if [ ! -x node_modules/.bin/openapi-ts ] || [ ! -x node_modules/.bin/tsc ]; then
  if ! timeout 300 npm ci --no-audit --no-fund --fetch-timeout=30000 --fetch-retries=1 \
      --loglevel=error >/dev/null 2>&1; then
    echo "hey-api check skipped: npm could not install @hey-api/openapi-ts and typescript" >&2
    exit 3
  fi
fi
rm -rf generated dist
log="$(node_modules/.bin/openapi-ts -i ../../openapi.yaml -o generated 2>&1)"
if grep -qiE 'warn|error' <<<"$log"; then
  echo "$log" >&2
  echo "@hey-api/openapi-ts reported problems" >&2
  exit 1
fi
node_modules/.bin/tsc -p .
echo "hey-api: @hey-api/openapi-ts $(node -p 'require("./node_modules/@hey-api/openapi-ts/package.json").version'), tsc $(node_modules/.bin/tsc --version | cut -d' ' -f2): OK"
