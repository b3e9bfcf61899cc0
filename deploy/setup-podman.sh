#!/usr/bin/env bash
# Podman (rootful), podman-compose and mmdebstrap from Debian, plus the two containers.conf
# settings these machines need (docs/DEPLOY.md, "Podman here"). Idempotent: installs only what
# is missing and writes the settings only when containers.conf lacks them. Needs root and apt.
set -euo pipefail
PACKAGES="podman runc fuse-overlayfs slirp4netns passt uidmap containernetworking-plugins
golang-github-containernetworking-plugin-dnsname iptables mmdebstrap podman-compose"
CONF=/etc/containers/containers.conf

if ! command -v podman >/dev/null || ! command -v podman-compose >/dev/null \
   || ! command -v mmdebstrap >/dev/null; then
  if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
    echo "setup-podman: podman, podman-compose or mmdebstrap is missing; run as root with apt" >&2
    exit 3
  fi
  # shellcheck disable=SC2086
  apt-get install -y -q --no-install-recommends $PACKAGES || \
    (apt-get update -q && apt-get install -y -q --no-install-recommends $PACKAGES)
fi

# The machine refuses raising the open-files limit past its own, and crun refuses its cgroup
# layout: without these two settings `podman run` fails here.
if [ "$(id -u)" = 0 ] && ! grep -qs '^ *default_ulimits' "$CONF"; then
  mkdir -p "$(dirname "$CONF")"
  if grep -qs '^\[containers\]\|^\[engine\]' "$CONF"; then
    echo "setup-podman: $CONF has its own [containers]/[engine]; add by hand:" >&2
    echo '  default_ulimits = ["nofile=20000:20000", "nproc=32768:32768"]' >&2
    echo '  runtime = "runc"; cgroup_manager = "cgroupfs"; events_logger = "file"' >&2
  else
    cat >> "$CONF" <<'CONF'
[containers]
default_ulimits = ["nofile=20000:20000", "nproc=32768:32768"]
[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"
CONF
  fi
fi
