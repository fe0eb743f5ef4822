-- POST a comment with a text of its own on each request, over the lists named one
-- "<userId>/<listId>" a line in $BENCH_LIST_PATHS, by the users of bench/writers.lua.
dofile(os.getenv("BENCH_LUA_DIR") .. "/status.lua")
dofile(os.getenv("BENCH_LUA_DIR") .. "/writers.lua")
dofile(os.getenv("BENCH_LUA_DIR") .. "/listpaths.lua")
local n = 0
local run = os.time()

function init(args)
  wrk.headers["Content-Type"] = "application/json"
end

function request()
  n = n + 1
  local p = paths[(n + (tid or 0) * 17) % #paths + 1]
  local body = string.format('{"text":"Benchmark comment %d, thread %d, run %d"}', n, tid or 0, run)
  return wrk.format("POST", "/api/lists/" .. p .. "/comments", writer(n, {["Content-Type"] = "application/json"}), body)
end
