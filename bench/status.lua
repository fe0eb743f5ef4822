-- Counts responses by status in every wrk thread and prints "status <code> <count>"
-- lines at the end, so 429s and other failures are reported apart from successes.
-- Every endpoint of `make bench` runs with it (the write scripts load it first), so
-- each pays the same small cost of the Lua response hook.
local threads = {}
local counter = 0

function setup(thread)
  counter = counter + 1
  thread:set("tid", counter)
  table.insert(threads, thread)
end

statuses = {}

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end

function done(summary, latency, requests)
  local total = {}
  for _, t in ipairs(threads) do
    for code, n in pairs(t:get("statuses")) do
      total[code] = (total[code] or 0) + n
    end
  end
  for code, n in pairs(total) do
    io.write(string.format("status %d %d\n", code, n))
  end
end
