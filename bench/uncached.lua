-- The database's cost of a read: run against a server that shares no reads
-- (serve --shared-reads 0), so every request reaches the database, and spread over many
-- client addresses, as a crowd asks, so no one address meets the search limit (the server
-- must trust X-Forwarded-For: serve --trust-proxy). The run's own headers (-H, such as
-- Accept-Encoding) go with every request.
dofile(os.getenv("BENCH_LUA_DIR") .. "/status.lua")

local n = 0

function request()
  n = n + 1
  local headers = {}
  for k, v in pairs(wrk.headers) do headers[k] = v end
  headers["X-Forwarded-For"] = string.format("10.%d.%d.%d", (tid or 0), math.floor(n / 250) % 250, n % 250)
  return wrk.format(nil, nil, headers)
end
