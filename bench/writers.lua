-- Spreads write requests over many signed-in demo users and client addresses, as a crowd
-- writes: one account or one address alone meets its rate limit within seconds. Reads
-- "castaway_session=..." cookies, one a line, from $BENCH_COOKIES; the server must trust
-- X-Forwarded-For (serve --trust-proxy).
local cookies = {}
for line in io.lines(os.getenv("BENCH_COOKIES")) do
  if line ~= "" then cookies[#cookies + 1] = line end
end

-- writer returns the headers of the i-th write: a cookie and an address in turn.
function writer(i, headers)
  headers["Cookie"] = cookies[i % #cookies + 1]
  headers["X-Forwarded-For"] = string.format("10.%d.%d.%d", (tid or 0), math.floor(i / 250) % 250, i % 250)
  return headers
end
