#!/usr/bin/env bash
# `make image`: a container image of a linux release binary, FROM scratch (Containerfile.release),
# with this machine's CA certificates and time zones beside it. Needs no base image, so it
# builds offline. Usage: scripts/image.sh BINARY TAG [VERSION]
#
#   CONTAINER_ENGINE    podman or docker (default: podman if installed, else docker if its daemon answers)
#   CONTAINER_FLAGS     flags before `build`, e.g. "--root DIR --storage-driver vfs" for podman
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$1 tag=$2 version=${3:-dev}

engine=${CONTAINER_ENGINE:-}
if [[ -z "$engine" ]]; then
  if command -v podman >/dev/null; then
    engine=podman
  elif command -v docker >/dev/null && docker info >/dev/null 2>&1; then
    engine=docker
  else
    echo "image: needs podman or a running docker; on Debian: sudo apt-get install -y podman" >&2
    exit 1
  fi
fi
ca=/etc/ssl/certs/ca-certificates.crt zones=/usr/share/zoneinfo
if [[ ! -f "$ca" || ! -d "$zones" ]]; then
  echo "image: needs this machine's CA certificates and time zones: sudo apt-get install -y ca-certificates tzdata" >&2
  exit 1
fi

ctx=$(mktemp -d)
trap 'rm -rf "$ctx"' EXIT
install -m 0755 "$bin" "$ctx/castaway"
cp "$ca" "$ctx/ca-certificates.crt"
cp -rL "$zones" "$ctx/zoneinfo"
mkdir -m 0700 "$ctx/data" "$ctx/tmp"

# HEALTHCHECK is part of the docker image format only: podman's default (OCI) drops it.
format=()
[[ "$(basename "$engine")" == podman ]] && format=(--format docker)
# shellcheck disable=SC2086 # CONTAINER_FLAGS is a list of flags
"$engine" ${CONTAINER_FLAGS:-} build "${format[@]}" --build-arg "VERSION=$version" \
  -f "$PWD/Containerfile.release" -t "$tag" "$ctx"
echo "image: built $tag with $engine"
