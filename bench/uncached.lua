-- Requests the URL given to wrk with an ignored parameter that differs every time, so no
-- request is answered from the server's one-second shared cache: the database's cost.
dofile(os.getenv("BENCH_LUA_DIR") .. "/status.lua")

local n = 0

function request()
  n = n + 1
  local sep = "?"
  if string.find(wrk.path, "?", 1, true) then sep = "&" end
  return wrk.format(nil, wrk.path .. sep .. "_=" .. (tid or 0) .. "-" .. n)
end
