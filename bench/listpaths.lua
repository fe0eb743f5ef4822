-- The lists a write or read script walks over: "<userId>/<listId>" one a line in
-- $BENCH_LIST_PATHS (bench/run.sh writes it from the first browse pages).
paths = {}
for line in io.lines(os.getenv("BENCH_LIST_PATHS")) do
  if line ~= "" then paths[#paths + 1] = line end
end
