#!/usr/bin/env bash
# `make test`: sets up what a fresh Debian machine lacks, then runs every test. The Go
# tests and the multi-server journey run on PostgreSQL too whenever one answers.
#
#   CASTAWAY_TEST_POSTGRES_URL  the PostgreSQL to test on (default: 127.0.0.1:5432, database test, if it answers)
#   CASTAWAY_TEST_POSTGRES=off  skip the PostgreSQL half on purpose
#   CHROMIUM_PATH               the browser for the journeys (default /usr/bin/chromium)
#   CASTAWAY_TEST_IMAGE=off     skip the container image check (scripts/image-check.sh)
#   CASTAWAY_TEST_DEPLOY=off    skip the deployment journey (scripts/deploy-test.sh)
set -euo pipefail
cd "$(dirname "$0")/.."

chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [[ ! -x "$chromium" ]]; then
  if [[ "$(id -u)" == 0 ]] && command -v apt-get >/dev/null; then
    echo "test: installing Debian's chromium for the journeys"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "test: the journeys need Chromium. Install it with:  sudo apt-get install -y chromium" >&2
    exit 1
  fi
fi

# Port probe without a client: bash's /dev/tcp, bounded by timeout.
answers() { timeout 2 bash -c ":</dev/tcp/$1/$2" 2>/dev/null; }

pg_status=""
if [[ "${CASTAWAY_TEST_POSTGRES:-}" == off ]]; then
  unset CASTAWAY_TEST_POSTGRES_URL
  pg_status="skipped (CASTAWAY_TEST_POSTGRES=off)"
elif [[ -n "${CASTAWAY_TEST_POSTGRES_URL:-}" ]]; then
  pg_status="ran on ${CASTAWAY_TEST_POSTGRES_URL%%\?*}"
else
  probe="${CASTAWAY_TEST_POSTGRES_PROBE:-127.0.0.1:5432}"
  if answers "${probe%:*}" "${probe##*:}"; then
    export CASTAWAY_TEST_POSTGRES_URL="postgres://postgres@${probe}/test?sslmode=disable"
    pg_status="ran on postgres://postgres@${probe}/test"
  else
    pg_status="SKIPPED: nothing answers on ${probe} (start PostgreSQL or set CASTAWAY_TEST_POSTGRES_URL)"
  fi
fi
export CASTAWAY_TEST_POSTGRES_URL

make --no-print-directory check-tracked check-generated vet lint test-go test-web e2e

# An optional part: runs scripts/$1, which exits 77 with "...: SKIPPED: why" when this
# machine cannot run it. Sets status to what the summary says.
optional() {
  local log rc
  log=$(mktemp)
  set +e
  "scripts/$1" 2>&1 | tee "$log"
  rc=${PIPESTATUS[0]}
  set -e
  case $rc in
    0) status="ran" ;;
    77) status=$(grep -o 'SKIPPED: .*' "$log" | tail -1) ;;
    *) rm -f "$log"; echo "test: scripts/$1 failed" >&2; exit "$rc" ;;
  esac
  rm -f "$log"
}

if [[ "${CASTAWAY_TEST_IMAGE:-}" == off ]]; then
  image_status="skipped (CASTAWAY_TEST_IMAGE=off)"
else
  optional image-check.sh
  image_status=$status
fi
if [[ "${CASTAWAY_TEST_DEPLOY:-}" == off ]]; then
  deploy_status="skipped (CASTAWAY_TEST_DEPLOY=off)"
else
  optional deploy-test.sh
  deploy_status=$status
fi

echo
echo "test: SQLite half: ran"
echo "test: PostgreSQL half: ${pg_status}"
echo "test: container image: ${image_status}"
echo "test: deployment journey: ${deploy_status}"
