-- Reads a different list page on every request, in turn over the lists named one
-- "<userId>/<listId>" a line in $BENCH_LIST_PATHS: list pages as a crowd reads many lists,
-- each read at most once a second per list, so mostly past the server's shared cache.
dofile(os.getenv("BENCH_LUA_DIR") .. "/status.lua")

local paths = {}
for line in io.lines(os.getenv("BENCH_LIST_PATHS")) do
  if line ~= "" then paths[#paths + 1] = line end
end
local n = 0

function request()
  n = n + 1
  return wrk.format(nil, "/api/lists/" .. paths[(n + (tid or 0) * 37) % #paths + 1])
end
