#!/usr/bin/env bash
# `make test`'s look at the container image: builds it as `make image` does, in a throwaway
# podman store (or with a running docker), and checks what it promises: non-root user, the
# binary as entrypoint, port 8080, /data a volume, the healthcheck through `castaway
# healthcheck`, and (podman) the files inside. Installs Debian's podman as root when neither
# is there. Exits 77 with "image-check: SKIPPED: why" when it cannot build.
set -euo pipefail
cd "$(dirname "$0")/.."

skip() {
  echo "image-check: SKIPPED: $*"
  exit 77
}

if ! command -v podman >/dev/null && ! { command -v docker >/dev/null && docker info >/dev/null 2>&1; }; then
  if [[ "$(id -u)" == 0 ]] && command -v apt-get >/dev/null; then
    echo "image-check: installing Debian's podman"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq podman >/dev/null
  else
    skip "neither podman nor a running docker (install one: sudo apt-get install -y podman)"
  fi
fi

tag=localhost/castaway-check:$$
store=$(mktemp -d)
if command -v podman >/dev/null; then
  engine=(podman --root "$store/root" --runroot "$store/run" --storage-driver vfs)
  export CONTAINER_ENGINE=podman CONTAINER_FLAGS="--root $store/root --runroot $store/run --storage-driver vfs"
else
  engine=(docker)
  export CONTAINER_ENGINE=docker CONTAINER_FLAGS=
fi
cleanup() {
  if [[ "${engine[0]}" == podman ]]; then
    "${engine[@]}" image unmount --all >/dev/null 2>&1 || true
  else
    docker image rm "$tag" >/dev/null 2>&1 || true
  fi
  rm -rf "$store"
}
trap cleanup EXIT

# web was built by the steps before (-o web: not again).
if ! make --no-print-directory -o web image IMAGE="$tag" >"$store/build.log" 2>&1; then
  cat "$store/build.log"
  echo "image-check: the image did not build" >&2
  exit 1
fi
"${engine[@]}" image inspect "$tag" >"$store/inspect.json"
version=$(node - "$store/inspect.json" <<'EOF'
const assert = require('node:assert/strict');
const [image] = JSON.parse(require('node:fs').readFileSync(process.argv[2], 'utf8'));
const c = image.Config;
assert.equal(c.User, '65532:65532', 'runs as a numeric non-root user');
assert.deepEqual(c.Entrypoint, ['/castaway']);
assert.deepEqual(c.Cmd, ['serve']);
assert.ok('8080/tcp' in (c.ExposedPorts ?? {}), 'exposes 8080');
assert.ok('/data' in (c.Volumes ?? {}), '/data is a volume');
assert.ok(c.Env.includes('CASTAWAY_ADDR=0.0.0.0:8080') && c.Env.includes('CASTAWAY_DATA_DIR=/data'), c.Env.join(' '));
const health = image.Healthcheck ?? c.Healthcheck; // podman ; docker
assert.deepEqual(health?.Test, ['CMD', '/castaway', 'healthcheck'], 'HEALTHCHECK runs castaway healthcheck');
assert.ok(c.Labels?.['org.opencontainers.image.version'], 'the version label');
console.log(c.Labels['org.opencontainers.image.version']);
EOF
)

if [[ "${engine[0]}" == podman ]]; then
  root=$("${engine[@]}" image mount "$tag")
  got=$("$root/castaway" version)
  [[ "$got" == "$version" ]] || { echo "image-check: /castaway version says $got, the image's label $version" >&2; exit 1; }
  [[ -s "$root/etc/ssl/certs/ca-certificates.crt" ]] || { echo "image-check: no CA certificates" >&2; exit 1; }
  [[ -f "$root/usr/share/zoneinfo/Europe/Paris" ]] || { echo "image-check: no time zones" >&2; exit 1; }
  [[ "$(stat -c %u:%g "$root/data")" == 65532:65532 ]] || { echo "image-check: /data is not the user's" >&2; exit 1; }
  [[ "$(find "$root" -mindepth 1 -maxdepth 1 | wc -l)" -le 6 ]] || { echo "image-check: more than the binary, certificates, zones, /data and /tmp:" >&2; ls "$root" >&2; exit 1; }
fi
echo "image-check: $tag built with ${engine[0]}: user 65532, entrypoint /castaway serve, port 8080, VOLUME /data, HEALTHCHECK castaway healthcheck, version $version"
