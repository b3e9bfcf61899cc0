#!/usr/bin/env bash
# A second generator: openapi-typescript (types only, pinned in package.json/package-lock.json)
# turns openapi.yaml into TypeScript; `tsc --noEmit` then compiles those types with usage.ts, a
# small program that narrows views by `ruleset` and events by `type`. Any warning of the
# generator or error of the compiler fails. Exit status 3: npm could not install the tools.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here"
if [ ! -x node_modules/.bin/openapi-typescript ] || [ ! -x node_modules/.bin/tsc ]; then
  if ! timeout 300 npm ci --no-audit --no-fund --fetch-timeout=30000 --fetch-retries=1 \
      --loglevel=error >/dev/null 2>&1; then
    echo "TypeScript check skipped: npm could not install openapi-typescript and typescript" >&2
    exit 3
  fi
fi
mkdir -p generated
log="$(node_modules/.bin/openapi-typescript ../../openapi.yaml -o generated/api.d.ts 2>&1)"
if grep -qiE 'warn|error' <<<"$log"; then
  echo "$log" >&2
  echo "openapi-typescript reported problems" >&2
  exit 1
fi
node_modules/.bin/tsc -p .
echo "TypeScript: openapi-typescript $(node_modules/.bin/openapi-typescript --version 2>/dev/null | tail -1), tsc $(node_modules/.bin/tsc --version | cut -d' ' -f2): OK"
