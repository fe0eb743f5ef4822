#!/usr/bin/env bash
# The HTTP benchmark behind `make bench` (not part of `make test`).
#
# For each engine (SQLite, PostgreSQL) and each size, it loads the demo community with
# `castaway demo-data`, times `castaway verify` and `verify --repair` on it, starts `castaway serve` on loopback and measures every endpoint
# with wrk at a fixed concurrency, next to a minimal Go net/http handler measured in
# the same run. Then bench/report turns the raw wrk output into docs/benchmarks.md.
#
# Settings (environment):
#   BENCH_LISTS=100000         lists for the per-endpoint table (users: a tenth, at least 100)
#   BENCH_SCALE="10000 100000 1000000"  sizes at which home, the feed, browse, the consensus pages and (not shared)
#                              a list page and its comments are measured
#                              (the 1,000,000-list load is about 36 million rows: tens of minutes
#                              per engine and a few GB of memory for the loader)
#   BENCH_SCALE_POSTGRES=...   PostgreSQL's sizes when they differ (default BENCH_SCALE)
#   BENCH_ENGINES="sqlite postgres"
#   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/castaway_bench?sslmode=disable
#                              a database of its own: created when missing, emptied by each load
#   BENCH_DURATION=10s BENCH_CONNECTIONS=32 BENCH_THREADS=2
#   BENCH_WRITERS=8000         demo users signed in for the write measurements (at most the users loaded)
#   BENCH_TIMEOUT=10s          a slower response counts as a wrk timeout (reported), not in p99
#   BENCH_WARMUP=2s            an unrecorded run before each read's measured one, and the upvote
#                              toggle's (it leaves the data as it found it), so p99 is the steady
#                              state's, not a cold server's (0 skips it; writes that add rows never
#                              warm up: a warm-up would change what they measure)
#   BENCH_IMPORT_LISTS=100000  lists in the generated Firestore export whose import is timed (users: a tenth;
#                              0 skips the import)
#   BENCH_DATA=DIR             keep the demo data and reuse it on later runs, so the 1,000,000-list
#                              loads happen once: SQLite in DIR/data-sqlite-<size>/castaway.db, PostgreSQL
#                              in the database <BENCH_PG_URL's name>_<size>, each with its load record
#                              DIR/load__<engine>__<size>.txt (delete the record to load again)
#   BENCH_LOAD_ONLY=1          with BENCH_DATA: load what is missing and stop (one engine per process may
#                              load at once: BENCH_ENGINES=postgres BENCH_LOAD_ONLY=1 ...)
#   BENCH_VERIFY_ONLY=1        with BENCH_DATA: load what is missing, time verify and verify --repair at every size
#                              (or BENCH_ONLY_SIZES), and put them into the report's recount section (no HTTP
#                              measurement; sizes not timed keep their rows, and a note names this run's)
#   BENCH_ONLY_SIZES="1000000"  measure only these of the sizes (default all): with the BENCH_OUT of an
#                              earlier run, adds a size to its results without measuring the others again
#   BENCH_VERIFY=0             skip timing verify and verify --repair (BENCH_VERIFY_ONLY=1 times them alone)
#   BENCH_QUICK=1              try the harness: 2,000 lists, scale 1,000 and 2,000, 3 s a run
#   BENCH_OUT=bench/results/<date>   raw output;  BENCH_REPORT=docs/benchmarks.md
#   BENCH_NOTE="..."           a paragraph put at the top of the report
#   BENCH_STREAMS=1            the live streams' soak at full size on each engine (TestStreamSoak; 0 skips it)
#   BENCH_STREAMS_RATES="1000 0"  its stream cycles a second (0: flat out)
#   BENCH_ROWS="minimal list_page ..."  measure only these rows (default all): try a change on a few
#                              rows; the writes' sign-ins and the sign-up burst run only when one of theirs is named
#   BENCH_BURST=30             sign-ups sent at once, each from its own address, at the main size (0 skips it)
#   CASTAWAY_BIN=bin/castaway  the binary to measure (make bench builds it)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

if [[ "${BENCH_QUICK:-}" == 1 ]]; then
  : "${BENCH_LISTS:=2000}" "${BENCH_SCALE:=1000 2000}" "${BENCH_DURATION:=3s}" "${BENCH_IMPORT_LISTS:=2000}"
fi
BENCH_IMPORT_LISTS=${BENCH_IMPORT_LISTS:-100000}
BENCH_LISTS=${BENCH_LISTS:-100000}
BENCH_SCALE=${BENCH_SCALE:-10000 100000 1000000}
BENCH_ENGINES=${BENCH_ENGINES:-sqlite postgres}
BENCH_PG_URL=${BENCH_PG_URL:-postgres://postgres@127.0.0.1:5432/castaway_bench?sslmode=disable}
BENCH_DURATION=${BENCH_DURATION:-10s}
BENCH_CONNECTIONS=${BENCH_CONNECTIONS:-32}
BENCH_THREADS=${BENCH_THREADS:-2}
BENCH_TIMEOUT=${BENCH_TIMEOUT:-10s}
BENCH_WARMUP=${BENCH_WARMUP:-2s}
BENCH_OUT=${BENCH_OUT:-$ROOT/bench/results/$(date -u +%Y%m%d-%H%M%S)}
BENCH_REPORT=${BENCH_REPORT:-$ROOT/docs/benchmarks.md}
BIN=${CASTAWAY_BIN:-$ROOT/bin/castaway}
APP_PORT=${BENCH_APP_PORT:-18080}
MIN_PORT=${BENCH_MINIMAL_PORT:-18090}
APP=http://127.0.0.1:$APP_PORT

command -v wrk >/dev/null || { echo "bench: wrk is missing (apt-get install -y wrk)"; exit 1; }
command -v jq >/dev/null || { echo "bench: jq is missing (apt-get install -y jq)"; exit 1; }
[[ -x "$BIN" ]] || { echo "bench: $BIN is missing: run make build"; exit 1; }
mkdir -p "$BENCH_OUT"
BENCH_OUT=$(cd "$BENCH_OUT" && pwd)
echo "bench: raw results in $BENCH_OUT"

go build -o "$BENCH_OUT/minimal" ./bench/minimal
go build -o "$BENCH_OUT/sessions" ./bench/sessions
export BENCH_LUA_DIR=$ROOT/bench

pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap cleanup EXIT

wait_ready() { # url
  for _ in $(seq 1 300); do
    curl -fsS -o /dev/null "$1" 2>/dev/null && return 0
    sleep 0.2
  done
  echo "bench: $1 did not answer"; return 1
}

LOAD_ONLY=${BENCH_LOAD_ONLY:-}
VERIFY_ONLY=${BENCH_VERIFY_ONLY:-}
if [[ ($LOAD_ONLY == 1 || $VERIFY_ONLY == 1) && -z ${BENCH_DATA:-} ]]; then
  echo "bench: BENCH_LOAD_ONLY and BENCH_VERIFY_ONLY need BENCH_DATA"; exit 1
fi
if [[ $LOAD_ONLY != 1 && $VERIFY_ONLY != 1 ]]; then
  "$BENCH_OUT/minimal" -addr "127.0.0.1:$MIN_PORT" &
  pids+=($!)
  wait_ready "http://127.0.0.1:$MIN_PORT/"
fi

pg_admin() { # url: the same server's postgres database, there before the benchmark's own
  local base=${1%%\?*}
  local db=${base##*/}
  echo "${1/\/$db/\/postgres}"
}

cat > "$BENCH_OUT/run.env" <<EOF
date=$(date -u +%Y-%m-%dT%H:%MZ)
duration=$BENCH_DURATION
connections=$BENCH_CONNECTIONS
threads=$BENCH_THREADS
timeout=$BENCH_TIMEOUT
warmup=$BENCH_WARMUP
main_lists=$BENCH_LISTS
scale=$BENCH_SCALE
engines=$BENCH_ENGINES
nproc=$(nproc)
cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')
memory=$(free -g | awk '/^Mem:/ {print $2 " GiB"}')
kernel=$(uname -r)
go=$(go env GOVERSION)
wrk=$(wrk --version 2>&1 | head -1 | awk '{print $2}')
version=$("$BIN" version)
postgres=$(psql "$(pg_admin "$BENCH_PG_URL")" -tAc 'SHOW server_version' 2>/dev/null || echo unknown)
note=${BENCH_NOTE:-}
EOF

# wanted NAME...: whether BENCH_ROWS (default: every row) names one of them.
wanted() {
  [[ -z ${BENCH_ROWS:-} ]] && return 0
  local n
  for n in "$@"; do [[ " $BENCH_ROWS " == *" $n "* ]] && return 0; done
  return 1
}

# measure NAME URL [wrk args...]: one wrk run, its output kept for the report.
measure() {
  local name=$1 url=$2; shift 2
  wanted "$name" || return 0
  local out="$BENCH_OUT/wrk__${engine}__${size}__${name}.txt"
  echo "bench: $engine $size $name"
  if [[ $BENCH_WARMUP != 0 ]]; then
    wrk -t"$BENCH_THREADS" -c"$BENCH_CONNECTIONS" -d"$BENCH_WARMUP" --timeout "$BENCH_TIMEOUT" "$@" "$url" > /dev/null 2>&1 || true
  fi
  wrk -t"$BENCH_THREADS" -c"$BENCH_CONNECTIONS" -d"$BENCH_DURATION" --timeout "$BENCH_TIMEOUT" --latency -s "$ROOT/bench/status.lua" "$@" "$url" > "$out" 2>&1 || true
  { grep -E 'Requests/sec|99%|Socket errors|^status [^2]' "$out" || tail -n 3 "$out"; } | tr -s ' ' | paste -sd' ' | sed 's/^/       /'
}

# serve [flags...]: (re)starts castaway serve on the loaded data ($engine, $size, $db), with its log.
serve() {
  [[ -n ${server:-} ]] && { kill "$server"; wait "$server" 2>/dev/null || true; }
  CASTAWAY_LOG_LEVEL=warn "$BIN" serve --addr "127.0.0.1:$APP_PORT" --data-dir "$BENCH_OUT/srv" \
    --database-url "$db" --trust-proxy "$@" >> "$BENCH_OUT/serve__${engine}__${size}.log" 2>&1 &
  server=$!
  pids+=($server)
  wait_ready "$APP/readyz"
}

pg_ready() { # [url]: creates the URL's database when missing
  local url=${1:-$BENCH_PG_URL}
  local base=${url%%\?*}
  local db=${base##*/}
  local admin
  admin=$(pg_admin "$url")
  if ! psql "$url" -tAc 'SELECT 1' >/dev/null 2>&1; then
    echo "bench: creating PostgreSQL database $db" >&2
    psql "$admin" -tAc "CREATE DATABASE $db" >/dev/null
  fi
}

pg_sized() { # size: the URL of the kept database for that size, created when missing
  local base=${BENCH_PG_URL%%\?*}
  local url=${BENCH_PG_URL/\/${base##*/}/\/${base##*/}_$1}
  pg_ready "$url"
  echo "$url"
}

# time_verify ENGINE SIZE DB: castaway verify on the loaded data (all consistent), then
# verify --repair after the upvote counts of one user's lists are put wrong, which rebuilds every
# aggregate: what an operator runs after trouble. It leaves the data consistent.
time_verify() {
  local engine=$1 size=$2 db=$3 start check repair
  local broken="UPDATE lists SET upvote_count = upvote_count + 1 WHERE user_id = (SELECT min(user_id) FROM lists)"
  echo "bench: timing verify and verify --repair on $size $engine lists"
  # Data kept from an older build (BENCH_DATA) is migrated first, untimed.
  "$BIN" migrate --database-url "$db" --data-dir "$BENCH_OUT/srv" > "$BENCH_OUT/migrate__${engine}__${size}.log" 2>&1
  start=$(date +%s%N)
  "$BIN" verify --database-url "$db" --data-dir "$BENCH_OUT/srv" > "$BENCH_OUT/verify__${engine}__${size}.log" 2>&1
  check=$(( ($(date +%s%N) - start) / 1000000 ))
  if [[ $engine == sqlite ]]; then
    command -v sqlite3 >/dev/null || { echo "bench: sqlite3 is missing, verify --repair not timed"; return; }
    sqlite3 "$db" "$broken"
  else
    psql "$db" -qc "$broken"
  fi
  start=$(date +%s%N)
  "$BIN" verify --repair --database-url "$db" --data-dir "$BENCH_OUT/srv" >> "$BENCH_OUT/verify__${engine}__${size}.log" 2>&1
  repair=$(( ($(date +%s%N) - start) / 1000000 ))
  printf 'verify_ms=%s\nrepair_ms=%s\n' "$check" "$repair" > "$BENCH_OUT/verify__${engine}__${size}.txt"
}

# server_cpu_ms: the CPU time (user and system) the running server has used, in ms.
server_cpu_ms() {
  awk -v hz="$(getconf CLK_TCK)" '{print int(($14 + $15) * 1000 / hz)}' "/proc/$server/stat"
}

# signup_burst N: N sign-ups sent at once, each from its own client address (X-Forwarded-For,
# as the server trusts its loopback proxy), after an episode airs; how many succeed and how
# long the last took. Bounded: each waits at most 60 s.
signup_burst() {
  local n=$1 run start end codes cpu0 cpu1 load
  run=$(date +%s%N)
  echo "bench: $engine $size $n sign-ups at once"
  load=$(cut -d' ' -f1 /proc/loadavg)
  cpu0=$(server_cpu_ms)
  start=$(date +%s%N)
  codes=$(seq 1 "$n" | xargs -P "$n" -I{} curl -sS -o /dev/null -w '%{http_code}\n' --max-time 60 \
    -H 'Content-Type: application/json' -H "X-Forwarded-For: 198.51.100.{}" \
    -d "{\"email\":\"burst-$run-{}@example.com\",\"password\":\"purple-rock-idol-2024\"}" "$APP/api/auth/signup" || true)
  end=$(date +%s%N)
  cpu1=$(server_cpu_ms)
  {
    echo "n=$n"
    echo "cpu_ms=$(( cpu1 - cpu0 ))"
    echo "load=$load"
    echo "ok=$(grep -c '^20[01]$' <<< "$codes" || true)"
    echo "ms=$(( (end - start) / 1000000 ))"
    echo "codes=$(sort <<< "$codes" | uniq -c | awk '{printf "%s%s× %s", sep, $1, $2; sep=", "}')"
  } > "$BENCH_OUT/burst__${engine}__${size}.txt"
  sed 's/^/       /' "$BENCH_OUT/burst__${engine}__${size}.txt" | paste -sd' '
}

for engine in $BENCH_ENGINES; do
  scale=$BENCH_SCALE
  if [[ $engine == postgres ]]; then
    pg_ready
    db=$BENCH_PG_URL
    scale=${BENCH_SCALE_POSTGRES:-$BENCH_SCALE}
  fi
  sizes=$(printf '%s\n' "$BENCH_LISTS" $scale | sort -n -u)
  for size in $sizes; do
    [[ " ${BENCH_ONLY_SIZES:-$size} " == *" $size "* ]] || continue
    users=$(( size / 10 < 100 ? 100 : size / 10 ))
    kept=""
    data=${BENCH_DATA:-$BENCH_OUT}
    if [[ $engine == sqlite ]]; then
      db=$data/data-sqlite-$size/castaway.db
      [[ -f $db ]] || rm -f "$data/load__sqlite__$size.txt"
    elif [[ -n ${BENCH_DATA:-} ]]; then
      db=$(pg_sized "$size")
      psql "$db" -tAc 'SELECT 1' >/dev/null 2>&1 || rm -f "$data/load__postgres__$size.txt"
    fi
    if [[ -n ${BENCH_DATA:-} && -f $data/load__${engine}__$size.txt ]]; then
      kept=$data/load__${engine}__$size.txt
    fi
    if [[ -n $kept ]]; then
      echo "bench: reusing the $size-list $engine data"
      cp "$kept" "$BENCH_OUT/load__${engine}__${size}.txt"
    else
      echo "bench: loading $size lists, $users users into $engine"
      [[ $engine == sqlite ]] && rm -rf "$data/data-sqlite-$size"
      start=$(date +%s%N)
      "$BIN" demo-data --force --quiet --users "$users" --lists "$size" --database-url "$db" \
        --data-dir "$BENCH_OUT/srv" 2> "$BENCH_OUT/load__${engine}__${size}.log"
      end=$(date +%s%N)
      echo "ms=$(( (end - start) / 1000000 ))" > "$BENCH_OUT/load__${engine}__${size}.txt"
      echo "users=$users" >> "$BENCH_OUT/load__${engine}__${size}.txt"
      # The closing line, not whatever a debug log (CASTAWAY_LOG_LEVEL=debug) put before it.
      echo "summary=$(grep -m1 '^demo data in' "$BENCH_OUT/load__${engine}__${size}.log")" >> "$BENCH_OUT/load__${engine}__${size}.txt"
      tail -2 "$BENCH_OUT/load__${engine}__${size}.log"
      if [[ -n ${BENCH_DATA:-} ]]; then
        cp "$BENCH_OUT/load__${engine}__${size}.txt" "$data/load__${engine}__$size.txt"
      fi
    fi
    [[ $LOAD_ONLY == 1 ]] && continue
    [[ ${BENCH_VERIFY:-1} == 0 ]] || time_verify "$engine" "$size" "$db"
    [[ $VERIFY_ONLY == 1 ]] && continue

    serve

    # A signed-in demo user, the most upvoted list and a set of lists to write to.
    cookie=$(curl -fsS -D - -o "$BENCH_OUT/me.json" -H 'Content-Type: application/json' \
      -d "{\"email\":\"demo1@example.com\",\"password\":\"demo-password\"}" "$APP/api/auth/login" |
      tr -d '\r' | awk -F'[:;] *' 'tolower($1) == "set-cookie" && $2 ~ /^castaway_session=/ {print $2}')
    [[ -n $cookie ]] || { echo "bench: sign-in failed"; exit 1; }
    # demo2 follows 2,000 fans (or everyone, in a smaller community); demo1 follows 5.
    cookie_many=$(curl -fsS -D - -o /dev/null -H 'Content-Type: application/json' \
      -d "{\"email\":\"demo2@example.com\",\"password\":\"demo-password\"}" "$APP/api/auth/login" |
      tr -d '\r' | awk -F'[:;] *' 'tolower($1) == "set-cookie" && $2 ~ /^castaway_session=/ {print $2}')
    [[ -n $cookie_many ]] || { echo "bench: sign-in failed"; exit 1; }
    top=$(curl -fsS "$APP/api/lists?sort=mostVotes" | jq -r '.lists[0] | .userId + "/" + .id')
    total_pages=$(curl -fsS "$APP/api/lists" | jq -r '.totalPages')
    deep=$(( total_pages / 2 > 500 ? 500 : (total_pages / 2 < 1 ? 1 : total_pages / 2) ))
    echo "deep_page=$deep" >> "$BENCH_OUT/load__${engine}__${size}.txt"
    # The last full page of the lists' sitemap (50,000 lists each), or the only one.
    sitemap_page=$(curl -fsS "$APP/sitemap.xml" | grep -c '/sitemap-lists-' || true)
    sitemap_page=$(( sitemap_page > 1 ? sitemap_page - 1 : 1 ))
    export BENCH_LIST_PATHS=$BENCH_OUT/paths__${engine}__${size}.txt
    : > "$BENCH_LIST_PATHS"
    for p in 2 3 4 5 6 7 8 9; do
      curl -fsS "$APP/api/lists?page=$p" | jq -r '.lists[] | .userId + "/" + .id' >> "$BENCH_LIST_PATHS"
    done
    # The HTML pages: a list's in turn over those lists, and one-off: over the lists of the
    # first sitemap page (up to 20,000: more than the server keeps built), each a page built anew.
    top_user=${top%%/*}
    pages_many=$BENCH_OUT/pages_many__${engine}__${size}.txt
    sed 's#^#/list/#' "$BENCH_LIST_PATHS" > "$pages_many"
    pages_oneoff=$BENCH_OUT/pages_oneoff__${engine}__${size}.txt
    curl -fsS "$APP/sitemap-lists-1.xml" > "$BENCH_OUT/sitemap.xml"
    { grep -o '/list/[^<]*' "$BENCH_OUT/sitemap.xml" || true; } | head -n 20000 > "$pages_oneoff"

    if [[ $size == "$BENCH_LISTS" ]]; then
      measure minimal "http://127.0.0.1:$MIN_PORT/"
    fi
    measure home_out "$APP/api/home"
    measure home_in "$APP/api/home" -H "Cookie: $cookie"
    measure feed_follows_5 "$APP/api/feed" -H "Cookie: $cookie"
    measure feed_follows_2000 "$APP/api/feed" -H "Cookie: $cookie_many"
    measure browse_newest "$APP/api/lists?sort=newest"
    measure browse_votes_tag "$APP/api/lists?sort=mostVotes&tag=strategic"
    measure browse_search "$APP/api/lists?q=parvati"
    measure browse_deep "$APP/api/lists?page=$deep"
    measure consensus_season "$APP/api/seasons/s20/consensus"
    measure consensus_seasons "$APP/api/seasons/consensus"
    # The demo's season on air, every demo fan's prediction of it scored (a tenth of the lists).
    measure prediction_board "$APP/api/seasons/s51/predictions"
    measure castaway "$APP/api/contestants/parvati-shallow"
    measure season_game "$APP/api/seasons/s20/game" -H "Accept-Encoding: gzip"
    measure season_page "$APP/seasons/s20" -H "Accept-Encoding: gzip"
    measure castaway_game "$APP/api/contestants/parvati-shallow/game" -H "Accept-Encoding: gzip"
    measure castaway_page "$APP/castaways/parvati-shallow" -H "Accept-Encoding: gzip"
    measure sitemap_lists "$APP/sitemap-lists-$sitemap_page.xml" -H "Accept-Encoding: gzip"
    measure home_page "$APP/" -H "Accept-Encoding: gzip"
    measure user_page "$APP/rankings/user/$top_user" -H "Accept-Encoding: gzip"
    measure list_page "$APP/list/$top" -H "Accept-Encoding: gzip"
    export BENCH_PAGE_PATHS=$pages_many
    measure list_page_many "$APP/" -H "Accept-Encoding: gzip" -s "$ROOT/bench/pages.lua"
    if [[ $size == "$BENCH_LISTS" ]]; then
      measure list "$APP/api/lists/$top"
      # A tier list and a ranked list of the same 20 entries (s20's cast), made by the demo
      # user and read side by side: a tier list reads as a ranked one does.
      entries=$(curl -fsS "$APP/api/catalog/seasons" |
        jq -c '[.seasons[] | select(.id == "s20") | .contestants[:20][] | {id, isSeason: false, seasonId: "s20"}]')
      save_list() { curl -fsS -H 'Content-Type: application/json' -H "Cookie: $cookie" -d @- "$APP/api/lists" | jq -r '.userId + "/" + .id'; }
      twin=$(jq -n --argjson e "$entries" '{name: "Bench ranked twin", contestants: $e}' | save_list)
      tiered=$(jq -n --argjson e "$entries" '{name: "Bench tiers", format: "tiers", tiers: [range(0; 6) as $t |
        {label: (["S", "A", "B", "C", "D", "F"][$t]), color: (["red", "orange", "yellow", "green", "blue", "gray"][$t]),
         contestants: $e[$t * 4:($t + 1) * 4]}]}' | save_list)
      measure list_ranked_twin "$APP/api/lists/$twin"
      measure list_tiers "$APP/api/lists/$tiered"
      measure browse_tiers "$APP/api/lists?format=tiers"
      measure list_many "$APP/" -s "$ROOT/bench/lists.lua"
      measure comments "$APP/api/lists/$top/comments"
      measure catalog "$APP/api/catalog/seasons" -H "Accept-Encoding: gzip, deflate, br"
      measure catalog_identity "$APP/api/catalog/seasons"
    fi
    # Every read again from the server restarted to share none (--shared-reads 0): what a long
    # tail of different pages, or a second node, costs the database.
    serve --shared-reads 0
    measure home_out_uncached "$APP/api/home" -s "$ROOT/bench/uncached.lua"
    measure browse_newest_uncached "$APP/api/lists?sort=newest" -s "$ROOT/bench/uncached.lua"
    measure browse_votes_tag_uncached "$APP/api/lists?sort=mostVotes&tag=strategic" -s "$ROOT/bench/uncached.lua"
    measure browse_search_uncached "$APP/api/lists?q=parvati" -s "$ROOT/bench/uncached.lua"
    measure consensus_season_uncached "$APP/api/seasons/s20/consensus" -s "$ROOT/bench/uncached.lua"
    measure consensus_seasons_uncached "$APP/api/seasons/consensus" -s "$ROOT/bench/uncached.lua"
    measure prediction_board_uncached "$APP/api/seasons/s51/predictions" -s "$ROOT/bench/uncached.lua"
    measure list_uncached "$APP/api/lists/$top" -s "$ROOT/bench/uncached.lua"
    measure comments_uncached "$APP/api/lists/$top/comments" -s "$ROOT/bench/uncached.lua"
    measure castaway_uncached "$APP/api/contestants/parvati-shallow" -s "$ROOT/bench/uncached.lua"
    measure season_game_uncached "$APP/api/seasons/s20/game" -H "Accept-Encoding: gzip" -s "$ROOT/bench/uncached.lua"
    measure season_page_uncached "$APP/seasons/s20" -H "Accept-Encoding: gzip" -s "$ROOT/bench/uncached.lua"
    measure castaway_game_uncached "$APP/api/contestants/parvati-shallow/game" -H "Accept-Encoding: gzip" -s "$ROOT/bench/uncached.lua"
    measure castaway_page_uncached "$APP/castaways/parvati-shallow" -H "Accept-Encoding: gzip" -s "$ROOT/bench/uncached.lua"
    measure sitemap_lists_uncached "$APP/sitemap-lists-$sitemap_page.xml" -s "$ROOT/bench/uncached.lua"
    measure home_page_uncached "$APP/" -H "Accept-Encoding: gzip" -s "$ROOT/bench/uncached.lua"
    measure user_page_uncached "$APP/rankings/user/$top_user" -H "Accept-Encoding: gzip" -s "$ROOT/bench/uncached.lua"
    measure list_page_uncached "$APP/list/$top" -H "Accept-Encoding: gzip" -s "$ROOT/bench/uncached.lua"
    export BENCH_PAGE_PATHS=$pages_many
    measure list_page_many_uncached "$APP/" -H "Accept-Encoding: gzip" -s "$ROOT/bench/pages.lua"
    export BENCH_PAGE_PATHS=$pages_oneoff
    measure list_page_oneoff_uncached "$APP/" -H "Accept-Encoding: gzip" -s "$ROOT/bench/pages.lua"
    if [[ $size == "$BENCH_LISTS" ]]; then
      measure list_many_uncached "$APP/" -s "$ROOT/bench/lists.lua"
      serve
      # Writes come from many users and addresses (bench/writers.lua): one alone meets its limits,
      # and so do a thousand at the comments' and the ballots' (ten comments a minute, twenty
      # ballots in ten minutes each: 0.1x the minimal handler for 10 s is about 55,000 writes).
      # Their sessions are stored straight (bench/sessions), as thousands of sign-ins would
      # cost an argon2id each.
      export BENCH_COOKIES=$BENCH_OUT/cookies__${engine}__${size}.txt BENCH_WRITER_IDS=$BENCH_OUT/writers__${engine}__${size}.txt
      : > "$BENCH_COOKIES"; : > "$BENCH_WRITER_IDS"
      writers=${BENCH_WRITERS:-8000}
      if wanted comment_post upvote favorite follow comment_vote ballot; then
        "$BENCH_OUT/sessions" -database-url "$db" -users $(( writers < users ? writers : users )) \
          -cookies "$BENCH_COOKIES" -ids "$BENCH_WRITER_IDS" | sed 's/^/       /'
      fi
      # The targets of the toggled writes (bench/toggle.lua): the lists of $BENCH_LIST_PATHS,
      # their owners, their comments, and the first open poll with two ballots of its cast.
      targets() { echo "$BENCH_OUT/targets__${engine}__${size}__$1.txt"; }
      sed 's|^|/api/lists/|; s|$|/favorite|' "$BENCH_LIST_PATHS" > "$(targets favorite)"
      cut -d/ -f1 "$BENCH_LIST_PATHS" | sort -u | awk '{print "/api/me/following/" $1 " " $1}' > "$(targets follow)"
      : > "$(targets comment_vote)"
      while read -r p; do
        { curl -fsS "$APP/api/lists/$p/comments" | jq -r '.. | objects | select(has("text") and has("id")) | "/api/comments/" + .id + "/vote"' >> "$(targets comment_vote)"; } || true
      done < <(head -n 40 "$BENCH_LIST_PATHS")
      poll=$(curl -fsS "$APP/api/global-rankings" | jq -c '[.polls[] | select(.isOpen)][0] | {id, seasonId}')
      ballot=$(curl -fsS "$APP/api/catalog/seasons" | jq -c --argjson p "$poll" '[.seasons[] | select(.id == $p.seasonId) | .contestants[].id]')
      echo "/api/global-rankings/$(jq -r .id <<< "$poll")/submission" > "$(targets ballot)"
      BENCH_WARMUP=0 measure comment_post "$APP/" -s "$ROOT/bench/comment.lua"
      # Each writer's PUT is followed by its DELETE, so the toggle warms up as a read does.
      measure upvote "$APP/" -s "$ROOT/bench/upvote.lua"
      BENCH_TOGGLE_TARGETS=$(targets favorite) measure favorite "$APP/" -s "$ROOT/bench/toggle.lua"
      BENCH_TOGGLE_TARGETS=$(targets follow) measure follow "$APP/" -s "$ROOT/bench/toggle.lua"
      # A comment's upvote, then the vote taken back (value 0). Comment votes and ballots
      # have tighter limits (120 and 20 a writer per 10 minutes): no warm-up.
      BENCH_WARMUP=0 BENCH_TOGGLE_TARGETS=$(targets comment_vote) BENCH_TOGGLE_ON=PUT BENCH_TOGGLE_OFF=PUT \
        BENCH_TOGGLE_ON_BODY='{"value":1}' BENCH_TOGGLE_OFF_BODY='{"value":0}' measure comment_vote "$APP/" -s "$ROOT/bench/toggle.lua"
      # A ballot of the poll's season's first ten, then of its last ten (each replaces the last).
      BENCH_WARMUP=0 BENCH_TOGGLE_TARGETS=$(targets ballot) BENCH_TOGGLE_ON=PUT BENCH_TOGGLE_OFF=PUT \
        BENCH_TOGGLE_ON_BODY=$(jq -c '{ranking: .[:10]}' <<< "$ballot") BENCH_TOGGLE_OFF_BODY=$(jq -c '{ranking: .[-10:]}' <<< "$ballot") \
        measure ballot "$APP/" -s "$ROOT/bench/toggle.lua"
      # Share images: a browser's revisit (304, nothing drawn) and first draws, which are
      # bounded to 2 at a time (past a 2 s wait: 503), so few connections.
      etag=$(curl -fsS -o /dev/null -D - "$APP/api/lists/$top/share.png" | tr -d '\r' | awk -F': ' 'tolower($1) == "etag" {print $2}')
      measure share_304 "$APP/api/lists/$top/share.png" -H "If-None-Match: $etag"
      BENCH_WARMUP=0 BENCH_CONNECTIONS=4 measure share_draw "$APP/" -s "$ROOT/bench/share.lua"
      if [[ ${BENCH_BURST:-30} != 0 ]] && wanted signup_burst; then signup_burst "${BENCH_BURST:-30}"; fi
    fi
    kill "$server"; wait "$server" 2>/dev/null || true
    server=""
    if [[ $size == "$BENCH_LISTS" ]]; then
      # Every kept-in-step count checked against its rows after the writes (the tally's
      # catching up included): exact under concurrency, or the report says not.
      if "$BIN" verify --database-url "$db" --data-dir "$BENCH_OUT/srv" > "$BENCH_OUT/verify_after_writes__${engine}__${size}.log" 2>&1; then
        echo "clean=1" > "$BENCH_OUT/verify_after_writes__${engine}__${size}.txt"
      else
        echo "clean=0" > "$BENCH_OUT/verify_after_writes__${engine}__${size}.txt"
        echo "bench: castaway verify found differences after the writes (see verify_after_writes__${engine}__${size}.log)"
      fi
    fi
  done
done

# The earlier product's data: a generated Firestore export, imported into an empty
# database of each engine with castaway import-firestore.
if [[ $LOAD_ONLY == 1 ]]; then
  echo "bench: the data is loaded in $BENCH_DATA"; exit 0
fi
if [[ $VERIFY_ONLY == 1 ]]; then
  go run ./bench/report -verify-only -dir "$BENCH_OUT" -out "$BENCH_REPORT"
  echo "bench: verify timings in $BENCH_REPORT"; exit 0
fi
if (( BENCH_IMPORT_LISTS > 0 )); then
  import_users=$(( BENCH_IMPORT_LISTS / 10 < 100 ? 100 : BENCH_IMPORT_LISTS / 10 ))
  echo "bench: generating a Firestore export of $BENCH_IMPORT_LISTS lists, $import_users users"
  "$BIN" demo-data --firestore-export "$BENCH_OUT/firestore-export.json" --users "$import_users" --lists "$BENCH_IMPORT_LISTS"
  for engine in $BENCH_ENGINES; do
    if [[ $engine == postgres ]]; then
      base=${BENCH_PG_URL%%\?*}
      psql "${BENCH_PG_URL/\/${base##*/}/\/postgres}" -tAc "DROP DATABASE IF EXISTS ${base##*/}" >/dev/null
      pg_ready
      db=$BENCH_PG_URL
    else
      rm -rf "$BENCH_OUT/data-import"
      db=$BENCH_OUT/data-import/castaway.db
    fi
    echo "bench: importing it into $engine"
    start=$(date +%s%N)
    "$BIN" import-firestore "$BENCH_OUT/firestore-export.json" --quiet --database-url "$db" --data-dir "$BENCH_OUT/srv" \
      > "$BENCH_OUT/import__${engine}.log"
    end=$(date +%s%N)
    { echo "ms=$(( (end - start) / 1000000 ))"; echo "users=$import_users"; echo "lists=$BENCH_IMPORT_LISTS"; } > "$BENCH_OUT/import__${engine}.txt"
    sed -n '3,13p' "$BENCH_OUT/import__${engine}.log"
  done
fi

if [[ ${BENCH_STREAMS:-1} != 0 ]]; then
  # The soak is a Go test on a fresh database of each engine (PostgreSQL: a schema of its own
  # in the tests' database, BENCH_STREAMS_PG_URL).
  pg_url=""
  [[ " $BENCH_ENGINES " == *" postgres "* ]] && pg_url=${BENCH_STREAMS_PG_URL:-postgres://postgres@127.0.0.1:5432/test?sslmode=disable}
  echo "bench: the live streams' soak (100,000 stream cycles, 500 stalled readers) on $BENCH_ENGINES"
  for rate in ${BENCH_STREAMS_RATES:-1000 0}; do
    CASTAWAY_STREAM_SOAK=full CASTAWAY_STREAM_SOAK_RATE=$rate CASTAWAY_STREAM_SOAK_OUT="$BENCH_OUT" CASTAWAY_TEST_POSTGRES_URL="$pg_url" \
      go test -count=1 -run '^TestStreamSoak$' -v -timeout 60m ./internal/server >> "$BENCH_OUT/stream_soak.log" 2>&1 \
      || echo "bench: the streams' soak at $rate/s missed a target (see $BENCH_OUT/stream_soak.log and the report)"
  done
fi

mkdir -p "$(dirname "$BENCH_REPORT")"
go run ./bench/report -dir "$BENCH_OUT" -out "$BENCH_REPORT"
echo "bench: wrote $BENCH_REPORT"
