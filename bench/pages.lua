-- Reads a different page on every request, in turn over the paths one a line in
-- $BENCH_PAGE_PATHS ("/list/<userId>/<listId>"), with the run's own headers (-H, such as
-- Accept-Encoding), from many client addresses (serve --trust-proxy). Each thread starts
-- its own share of the way round, so with more paths than the server keeps pages, no
-- thread reads a page another has just read: every request is a page built anew.
dofile(os.getenv("BENCH_LUA_DIR") .. "/status.lua")

local paths = {}
for line in io.lines(os.getenv("BENCH_PAGE_PATHS")) do
  if line ~= "" then paths[#paths + 1] = line end
end
local n = 0

function request()
  n = n + 1
  local headers = {}
  for k, v in pairs(wrk.headers) do headers[k] = v end
  headers["X-Forwarded-For"] = string.format("10.%d.%d.%d", (tid or 0), math.floor(n / 250) % 250, n % 250)
  local at = (n + (tid or 0) * math.floor(#paths / 2)) % #paths + 1
  return wrk.format(nil, paths[at], headers)
end
