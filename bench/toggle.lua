-- A write and its undoing in turn, by the users of bench/writers.lua, over the targets
-- in $BENCH_TOGGLE_TARGETS, one a line: "<path>" or "<path> <userId>", where userId is
-- a fan who may not make this write (following oneself): their turn goes to the next
-- target. Each writer's first request (method $BENCH_TOGGLE_ON, body $BENCH_TOGGLE_ON_BODY)
-- is followed by its second ($BENCH_TOGGLE_OFF, $BENCH_TOGGLE_OFF_BODY) on the same
-- target, so a run leaves the data much as it found it (a favorite and its removal, a
-- follow and an unfollow, a comment's upvote and its withdrawal, one ballot and another).
-- $BENCH_WRITER_IDS holds the writers' user ids, one a line beside $BENCH_COOKIES.
dofile(os.getenv("BENCH_LUA_DIR") .. "/status.lua")
dofile(os.getenv("BENCH_LUA_DIR") .. "/writers.lua")

local targets = {}
for line in io.lines(os.getenv("BENCH_TOGGLE_TARGETS")) do
  local path, avoid = line:match("^(%S+)%s*(%S*)$")
  if path then targets[#targets + 1] = {path = path, avoid = avoid} end
end
local ids = {}
for line in io.lines(os.getenv("BENCH_WRITER_IDS")) do
  if line ~= "" then ids[#ids + 1] = line end
end
local on, off = os.getenv("BENCH_TOGGLE_ON") or "PUT", os.getenv("BENCH_TOGGLE_OFF") or "DELETE"
local onBody, offBody = os.getenv("BENCH_TOGGLE_ON_BODY"), os.getenv("BENCH_TOGGLE_OFF_BODY")
if onBody == "" then onBody = nil end
if offBody == "" then offBody = nil end
local n = 0

function request()
  local i = n
  n = n + 1
  local w = math.floor(i / 2)
  local k = (w + (tid or 0) * 7) % #targets + 1
  if targets[k].avoid ~= "" and targets[k].avoid == ids[w % #ids + 1] then
    k = k % #targets + 1
  end
  local headers = writer(w, {})
  local method, body = on, onBody
  if i % 2 == 1 then method, body = off, offBody end
  if body then headers["Content-Type"] = "application/json" end
  return wrk.format(method, targets[k].path, headers, body)
end
