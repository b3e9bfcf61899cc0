#!/usr/bin/env bash
# The base image, localhost/bookworm-py: Debian bookworm (minbase) with python3 and venv, made
# with mmdebstrap from the apt mirror this machine already uses (no registry serves base images
# here). Skipped when the image exists, unless FORCE=1. Needs root (podman rootful).
set -euo pipefail
IMAGE=${BASE_IMAGE:-localhost/bookworm-py}
if [ "${FORCE:-0}" != 1 ] && podman image exists "$IMAGE"; then
  exit 0
fi
MIRROR=$(grep -rhoE 'https?://[^ ]+/debian/?( |$)' /etc/apt/sources.list \
  /etc/apt/sources.list.d/ 2>/dev/null | head -1 | tr -d ' ' || true)
MIRROR=${MIRROR:-http://deb.debian.org/debian}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
mmdebstrap --quiet --variant=minbase --include=python3,python3-venv,ca-certificates \
  --aptopt='Acquire::Retries "3"' \
  --customize-hook='rm -rf "$1"/var/cache/apt/* "$1"/var/lib/apt/lists/* "$1"/usr/share/doc/* "$1"/usr/share/man/*' \
  bookworm "$WORK/rootfs.tar" "$MIRROR"
podman import --change 'CMD ["/bin/bash"]' "$WORK/rootfs.tar" "$IMAGE" >/dev/null
echo "built $IMAGE"
