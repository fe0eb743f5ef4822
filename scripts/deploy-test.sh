#!/usr/bin/env bash
# The distributed deployment, built on this machine: network namespaces joined by one bridge,
# each host on its own address, as compose.yaml lays them out:
#
#   10.231.0.10  Caddy, with deploy/castaway.caddy (the balancing compose.yaml runs), HTTPS
#   10.231.0.11  castaway node 1        10.231.0.12  castaway node 2
#   10.231.0.20  PostgreSQL (a fresh cluster)   10.231.0.21  NATS (the event bus)
#   10.231.0.30  the client: scripts/deploy-journey.mjs in headless Chromium
#
# The bridge lives in a namespace of its own and no namespace has a route off it, so no
# packet leaves the machine and the machine's own network is left as it was. Everything is
# taken down on every exit path. Needs root (ip netns); installs Debian's caddy, postgresql
# and nats-server when missing. Exits 77 with "deploy-test: SKIPPED: why" when it cannot run.
#
#   CASTAWAY_BIN   the binary the nodes run (default bin/castaway: make build)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

skip() {
  echo "deploy-test: SKIPPED: $*"
  exit 77
}
say() { echo "deploy-test: $*"; }

bin=${CASTAWAY_BIN:-bin/castaway}
[[ -x "$bin" ]] || { echo "deploy-test: no castaway binary at $bin: run make build" >&2; exit 1; }
bin=$(realpath "$bin")
[[ "$(id -u)" == 0 ]] || skip "network namespaces need root"
command -v ip >/dev/null || skip "ip (iproute2) is not installed"
[[ -d web/node_modules/playwright-core ]] || { echo "deploy-test: web/node_modules lacks playwright-core: run make test-web" >&2; exit 1; }

missing=()
command -v caddy >/dev/null || missing+=(caddy)
command -v nats-server >/dev/null || missing+=(nats-server)
compgen -G '/usr/lib/postgresql/*/bin/postgres' >/dev/null || missing+=(postgresql)
if ((${#missing[@]})); then
  command -v apt-get >/dev/null || skip "needs ${missing[*]} (Debian packages) and there is no apt-get"
  say "installing Debian's ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  # Debian starts the packaged services; this test runs its own inside the namespaces.
  if [[ " ${missing[*]} " == *" caddy "* ]]; then systemctl disable --now caddy >/dev/null 2>&1 || true; fi
fi
pgbin=$(dirname "$(ls /usr/lib/postgresql/*/bin/postgres | sort -V | tail -1)")

# What the operators get is checked as it stands, before it runs below.
CASTAWAY_UPSTREAMS="a:1 b:2" caddy adapt --config deploy/Caddyfile --adapter caddyfile >/dev/null 2>&1 ||
  { echo "deploy-test: deploy/Caddyfile does not parse:" >&2; CASTAWAY_UPSTREAMS="a:1 b:2" caddy adapt --config deploy/Caddyfile >&2; exit 1; }
if command -v systemd-analyze >/dev/null; then
  unit=$(mktemp -d)
  sed "s|/usr/local/bin/castaway|$bin|" deploy/castaway.service >"$unit/castaway.service"
  systemd-analyze verify "$unit/castaway.service"
  say "systemd unit: $(systemd-analyze security --offline=true "$unit/castaway.service" 2>/dev/null | grep -o 'Overall exposure level.*' || echo verified)"
  rm -rf "$unit"
fi

id=cw$$
sw=$id-sw
hosts=(lb node1 node2 pg nats client)
declare -A addr=([lb]=10.231.0.10 [node1]=10.231.0.11 [node2]=10.231.0.12 [pg]=10.231.0.20 [nats]=10.231.0.21 [client]=10.231.0.30)
tmp=$(mktemp -d /tmp/castaway-deploy.XXXXXX)
chmod 0755 "$tmp"
pids=()

cleanup() {
  local rc=$?
  trap - EXIT INT TERM
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do
    for _ in {1..50}; do kill -0 "$p" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$p" 2>/dev/null || true
  done
  for h in "${hosts[@]}"; do ip netns del "$id-$h" 2>/dev/null || true; done
  ip netns del "$sw" 2>/dev/null || true
  if ((rc != 0 && rc != 77)); then
    for f in "$tmp"/*.log; do [[ -f "$f" ]] && { echo "--- $(basename "$f") (last lines)"; tail -n 30 "$f"; }; done
  fi
  rm -rf "$tmp"
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

ip netns add "$sw" 2>/dev/null || skip "ip netns add failed (no network namespaces here)"
ip -n "$sw" link add br0 type bridge
ip -n "$sw" link set br0 up
for h in "${hosts[@]}"; do
  ns=$id-$h
  ip netns add "$ns"
  ip link add eth0 netns "$ns" type veth peer name "v-$h" netns "$sw"
  ip -n "$sw" link set "v-$h" master br0 up
  ip -n "$ns" addr add "${addr[$h]}/24" dev eth0
  ip -n "$ns" link set eth0 up
  ip -n "$ns" link set lo up
done
say "namespaces up: ${hosts[*]} on 10.231.0.0/24"

on() {
  local h=$1
  shift
  ip netns exec "$id-$h" "$@"
}
# Starts a long-running process in host $1's namespace, logging to $tmp/$1.log; its pid is
# the process itself (ip netns exec and setpriv exec, they do not fork).
start() {
  local h=$1
  shift
  ip netns exec "$id-$h" "$@" >"$tmp/$h.log" 2>&1 &
  pids+=($!)
  disown $!
  declare -g "pid_$h=$!"
}
# Waits up to $1 seconds for the command after it to succeed.
await() {
  local secs=$1
  shift
  for _ in $(seq $((secs * 10))); do "$@" >/dev/null 2>&1 && return 0; sleep 0.1; done
  echo "deploy-test: gave up after ${secs}s waiting for: $*" >&2
  return 1
}

# PostgreSQL: a fresh cluster owned by postgres, listening on its address only.
mkdir "$tmp/pg" && chown postgres: "$tmp/pg"
setpriv --reuid postgres --regid postgres --init-groups "$pgbin/initdb" -D "$tmp/pg" -A trust -U postgres --no-sync >"$tmp/initdb.log"
echo "host all all 10.231.0.0/24 trust" >>"$tmp/pg/pg_hba.conf"
start pg setpriv --reuid postgres --regid postgres --init-groups "$pgbin/postgres" -D "$tmp/pg" \
  -c listen_addresses="${addr[pg]}" -c unix_socket_directories="$tmp/pg" -c fsync=off -c synchronous_commit=off -c full_page_writes=off
start nats setpriv --reuid nobody --regid nogroup --clear-groups nats-server -a "${addr[nats]}" -p 4222
await 30 on client "$pgbin/pg_isready" -q -U postgres -h "${addr[pg]}" -p 5432
await 10 on client timeout 1 bash -c ":</dev/tcp/${addr[nats]}/4222"

# Two nodes started together: the migrations' lock lets one migrate while the other waits.
lb_url=https://${addr[lb]}
for n in node1 node2; do
  mkdir "$tmp/$n-data"
  start "$n" env CASTAWAY_ADDR="${addr[$n]}:8080" CASTAWAY_DATA_DIR="$tmp/$n-data" \
    CASTAWAY_DATABASE_URL="postgres://postgres@${addr[pg]}:5432/postgres?sslmode=disable" \
    CASTAWAY_EVENTS_URL="nats://${addr[nats]}:4222" CASTAWAY_BASE_URL="$lb_url" \
    CASTAWAY_TRUST_PROXY="${addr[lb]}" "$bin" serve
done
for n in node1 node2; do
  await 60 on client "$bin" healthcheck --addr "${addr[$n]}:8080" --timeout 1s
done

# Caddy as compose.yaml runs it, but with its own CA for the address (no public name here),
# its files in $tmp, and which node answered in a response header for the journey to read.
cat >"$tmp/Caddyfile" <<EOF
{
	admin off
	skip_install_trust
	storage file_system $tmp/caddy
}
$lb_url {
	tls internal
	header X-Served-By {http.reverse_proxy.upstream.hostport} {
		defer
	}
	import $root/deploy/castaway.caddy
}
EOF
start lb env HOME="$tmp" XDG_CONFIG_HOME="$tmp" XDG_DATA_HOME="$tmp" \
  CASTAWAY_UPSTREAMS="${addr[node1]}:8080 ${addr[node2]}:8080" caddy run --config "$tmp/Caddyfile" --adapter caddyfile
ca=$tmp/caddy/pki/authorities/local/root.crt
await 30 test -s "$ca"
await 30 on client env NODE_EXTRA_CA_CERTS="$ca" node -e "fetch('$lb_url/readyz').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
say "up: caddy $lb_url, nodes ${addr[node1]} ${addr[node2]}, postgres ${addr[pg]}, nats ${addr[nats]}"

on client env NODE_EXTRA_CA_CERTS="$ca" DEPLOY_LB_URL="$lb_url" \
  DEPLOY_NODES="${addr[node1]}:8080=$pid_node1,${addr[node2]}:8080=$pid_node2" \
  CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}" \
  node --test --test-reporter=spec scripts/deploy-journey.mjs
say "passed"
