-- Draws share images: GET share.png over the lists named one "<userId>/<listId>" a
-- line in $BENCH_LIST_PATHS, each request from its own client address (X-Forwarded-For,
-- believed because the bench server runs with --trust-proxy), so the per-client draw
-- limit is not what gets measured. Every answer is a full draw (no If-None-Match).
dofile(os.getenv("BENCH_LUA_DIR") .. "/status.lua")
dofile(os.getenv("BENCH_LUA_DIR") .. "/listpaths.lua")
local n = 0

function request()
  n = n + 1
  local k = n + (tid or 0) * 7
  local p = paths[k % #paths + 1]
  local ip = string.format("10.%d.%d.%d", tid or 0, math.floor(n / 256) % 256, n % 256)
  return wrk.format("GET", "/api/lists/" .. p .. "/share.png", { ["X-Forwarded-For"] = ip }, nil)
end
