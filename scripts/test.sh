#!/usr/bin/env bash
# `make test`: sets up what a fresh Debian machine lacks, then runs every test. The Go
# tests and the multi-server journey run on PostgreSQL too whenever one answers.
#
#   CASTAWAY_TEST_POSTGRES_URL  the PostgreSQL to test on (default: 127.0.0.1:5432, database test, if it answers)
#   CASTAWAY_TEST_POSTGRES=off  skip the PostgreSQL half on purpose
#   CHROMIUM_PATH               the browser for the journeys (default /usr/bin/chromium)
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

make --no-print-directory check-generated vet test-go test-web e2e

echo
echo "test: SQLite half: ran"
echo "test: PostgreSQL half: ${pg_status}"
