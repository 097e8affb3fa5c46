-- wrk script for make bench. Environment: BENCH_METHOD, BENCH_PATH (may contain {id}), BENCH_IDS
-- (a file with one id per line), BENCH_BODY, BENCH_COOKIE, BENCH_ACCEPT. Prints one JSON line at the end.
local method = os.getenv("BENCH_METHOD") or "GET"
local path = os.getenv("BENCH_PATH") or "/"
local body = os.getenv("BENCH_BODY")
local cookie = os.getenv("BENCH_COOKIE")
local idsFile = os.getenv("BENCH_IDS")
local accept = os.getenv("BENCH_ACCEPT")
local ids = {}

wrk.method = method
if body and body ~= "" then
  wrk.body = body
  wrk.headers["Content-Type"] = "application/json"
end
if cookie and cookie ~= "" then
  wrk.headers["Cookie"] = cookie
end
if accept and accept ~= "" then
  wrk.headers["Accept"] = accept
end

function init(args)
  if idsFile and idsFile ~= "" then
    for line in io.lines(idsFile) do ids[#ids + 1] = line end
  end
  math.randomseed(os.time() + math.floor(os.clock() * 1000000))
end

function request()
  if #ids > 0 then
    local p = string.gsub(path, "{id}", ids[math.random(#ids)])
    return wrk.format(nil, p)
  end
  return wrk.format(nil, path)
end

function done(summary, latency, requests)
  local seconds = summary.duration / 1000000
  io.write(string.format(
    'BENCH {"requests":%d,"rps":%.1f,"p50":%.3f,"p95":%.3f,"p99":%.3f,"errors":%d,"non2xx":%d}\n',
    summary.requests, summary.requests / seconds, latency:percentile(50) / 1000, latency:percentile(95) / 1000,
    latency:percentile(99) / 1000,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    summary.errors.status))
end
