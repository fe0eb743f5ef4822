-- Reads a different list page on every request, in turn over the lists named one
-- "<userId>/<listId>" a line in $BENCH_LIST_PATHS (64 lists): each is read from the
-- database at most once a second and otherwise from the server's shared cache, as when a
-- crowd reads a few dozen popular lists.
dofile(os.getenv("BENCH_LUA_DIR") .. "/status.lua")
dofile(os.getenv("BENCH_LUA_DIR") .. "/listpaths.lua")
local n = 0

function request()
  n = n + 1
  return wrk.format(nil, "/api/lists/" .. paths[(n + (tid or 0) * 37) % #paths + 1])
end
