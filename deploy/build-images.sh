#!/usr/bin/env bash
# The three images of compose.yaml, from this checkout: localhost/tricklog (Containerfile),
# localhost/tricklog-redis and localhost/tricklog-proxy (deploy/redis, deploy/proxy), all on
# the Debian base of deploy/base-image.sh (built once, then reused). The wheel and its
# dependencies' wheels are made on the host ($PYTHON -m pip wheel) into build/wheelhouse, so
# no build step inside a container needs HTTPS. `make image` and tests/e2e/test_containers.py
# run it; podman's layer cache makes a second run take seconds.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-python3}
IMAGE=${IMAGE:-localhost/tricklog}
deploy/setup-podman.sh
deploy/base-image.sh
rm -rf build  # setuptools would also pack a stale build/lib
# Debian's Python is 3.11.2, where redis-py also needs async-timeout (below 3.11.3); the host's
# pip resolves for its own Python, so that wheel is asked for by name.
# A wheel of the same sources is then the same bytes (zip times from the last commit), so
# podman's layer cache skips the install when nothing changed; the dependencies get their own
# layer below Tricklog's.
SOURCE_DATE_EPOCH=$(git log -1 --format=%ct 2>/dev/null || echo 315532800) \
  "$PYTHON" -m pip wheel --quiet --wheel-dir build/wheelhouse . "async-timeout>=4.0.3" \
  2> >(grep -v "^WARNING: Location" >&2)
mkdir -p build/app && mv build/wheelhouse/tricklog-*.whl build/app/
build() {  # tag context [flags]: build, then drop the image the tag named before (no pile)
  local before
  before=$(podman image inspect --format '{{.Id}}' "$1" 2>/dev/null || true)
  podman build --quiet --format docker --tag "$1" "${@:3}" "$2" >/dev/null
  if [ -n "$before" ] && [ "$before" != "$(podman image inspect --format '{{.Id}}' "$1")" ]; then
    podman rmi "$before" >/dev/null 2>&1 || true
  fi
}
build "$IMAGE-build" . --target build  # tagged, so an old build stage does not linger
build "$IMAGE" .
build localhost/tricklog-redis deploy/redis
build localhost/tricklog-proxy deploy/proxy
