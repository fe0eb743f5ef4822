#!/usr/bin/env bash
# `make lighthouse`: serves the built binary on a fresh database with the small demo
# community, audits '/', '/rankings', the most upvoted list page, a castaway's page and a
# season's page with Lighthouse (phone settings, Debian's Chromium) and writes
# docs/lighthouse.md (target: performance >= 98 on each).
#   LIGHTHOUSE_RUNS=3  audits per page (the median is kept)
#   LIGHTHOUSE_DATABASE_URL=...  audit a community already loaded instead (a copy of
#                      make bench's 100,000 lists, say: BENCH_DATA's data-sqlite-100000), with
#   LIGHTHOUSE_COMMUNITY="the 100,000-list demo community"  its words in the report
set -euo pipefail
cd "$(dirname "$0")"
ROOT=$(cd ../.. && pwd)
BIN=${CASTAWAY_BIN:-$ROOT/bin/castaway}
PORT=${LIGHTHOUSE_PORT:-18180}
[[ -x "$BIN" ]] || { echo "lighthouse: $BIN is missing: run make build"; exit 1; }
[[ -f node_modules/.package-lock.json && node_modules/.package-lock.json -nt package-lock.json ]] ||
  npm install --no-audit --no-fund
data=$(mktemp -d)
trap 'kill $server 2>/dev/null || true; rm -rf "$data"' EXIT
db=()
if [[ -n ${LIGHTHOUSE_DATABASE_URL:-} ]]; then
  db=(--database-url "$LIGHTHOUSE_DATABASE_URL")
else
  "$BIN" demo-data --quiet --data-dir "$data" >/dev/null
fi
CASTAWAY_LOG_LEVEL=warn "$BIN" serve --addr "127.0.0.1:$PORT" --data-dir "$data" "${db[@]}" &
server=$!
for _ in $(seq 1 100); do curl -fsS -o /dev/null "http://127.0.0.1:$PORT/readyz" 2>/dev/null && break; sleep 0.1; done
node run.mjs "http://127.0.0.1:$PORT" "$ROOT/docs/lighthouse.md" "${LIGHTHOUSE_RUNS:-3}"
