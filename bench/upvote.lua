-- Upvote and withdraw it in turn (PUT, then DELETE) over the lists named one
-- "<userId>/<listId>" a line in $BENCH_LIST_PATHS, by the users of bench/writers.lua
-- (each user's PUT and DELETE of a list come in turn).
dofile(os.getenv("BENCH_LUA_DIR") .. "/status.lua")
dofile(os.getenv("BENCH_LUA_DIR") .. "/writers.lua")
dofile(os.getenv("BENCH_LUA_DIR") .. "/listpaths.lua")
local n = 0

function request()
  local i = n
  n = n + 1
  local k = math.floor(i / 2) + (tid or 0) * 7
  local p = paths[k % #paths + 1]
  local method = "PUT"
  if i % 2 == 1 then method = "DELETE" end
  return wrk.format(method, "/api/lists/" .. p .. "/upvote", writer(math.floor(i / 2), {}), nil)
end
