#!/usr/bin/env bash
# lighthouse.sh measures /, /auth, /dashboard and /v/{publicId} with Lighthouse (npm `lighthouse`,
# pinned; its default mobile emulation and simulated throttling) in Debian's Chromium, against the
# real server with the SPA embedded and seeded demonstration data, and prints the median score of
# each category over RUNS runs. Reports (JSON) go to OUT. Not part of `make test`: a full run takes
# several minutes on two cores.
#
# Lighthouse slows the CPU down 4x to emulate a low-end phone from a typical desktop (benchmark
# index about 1000). On a busy shared machine the benchmark index printed below falls far lower,
# and the default then emulates a phone many times slower than intended; -cpu 1 measures with the
# machine's own speed (PageSpeed Insights uses 1.2x on its servers for the same reason).
#
# -json FILE also writes each page's medians there (make bench reads them for its slow-phone rows).
#
#   scripts/lighthouse.sh [-runs N] [-out DIR] [-no-build] [-cpu MULTIPLIER] [-pages 'landing auth dashboard public'] [-json FILE]
set -euo pipefail
SCRIPT_NAME=lighthouse
# shellcheck source=scripts/lib.sh
source "$(dirname "$0")/lib.sh"
cd "$(dirname "$0")/.."

runs=3 out=${TMPDIR:-/tmp}/ttt-lighthouse build=1 cpu= only='landing auth dashboard public' json=
while [[ $# -gt 0 ]]; do
	case $1 in
	-runs) runs=$2 && shift ;;
	-out) out=$2 && shift ;;
	-no-build) build=0 ;;
	-cpu) cpu=$2 && shift ;;
	-pages) only=$2 && shift ;;
	-json) json=$2 && shift ;;
	*) die "unknown argument $1" ;;
	esac
	shift
done

version=13.5.0
tool=$HOME/.cache/ttt-verify/lighthouse-$version
if [[ ! -x $tool/node_modules/.bin/lighthouse ]]; then
	log "installing lighthouse $version into $tool"
	mkdir -p "$tool"
	echo '{"private":true}' >"$tool/package.json"
	(cd "$tool" && npm install --no-audit --no-fund --loglevel=error "lighthouse@$version")
fi
chrome=${CHROMIUM_PATH:-/usr/bin/chromium}
[[ -x $chrome ]] || die "Chromium is missing: apt-get install -y chromium"

if [[ $build == 1 ]]; then
	make frontend >/dev/null
fi
[[ -f frontend/dist/index.html ]] || die "frontend/dist is empty: run make frontend"
mkdir -p bin "$out"
go build -o bin/ttt-verify ./cmd/server

data=$(mktemp -d)
port=$(free_port)
base=http://127.0.0.1:$port
export DATA_DIR=$data ADDR=127.0.0.1:$port PUBLIC_BASE_URL=$base AUTH_RATE_LIMIT=0
unset STRIPE_SECRET_KEY STRIPE_PUBLISHABLE_KEY STRIPE_WEBHOOK_SECRET DATABASE_URL S3_ENDPOINT
bin/ttt-verify seed --verifications 40 --per-user 10 --out "$data/seed.json" >/dev/null 2>&1
bin/ttt-verify serve >"$data/server.log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null; rm -rf "$data"' EXIT
for _ in $(seq 100); do
	curl -fsS "$base/healthz" >/dev/null 2>&1 && break
	sleep 0.1
done

read -r email public_id < <(python3 -c '
import json, sys
s = json.load(open(sys.argv[1]))
print(s["SampleEmail"], s["ApprovedPublicIDs"][0])' "$data/seed.json")
cookie=$(curl -fsS -o /dev/null -c - -H 'Content-Type: application/json' \
	-d "{\"email\":\"$email\",\"password\":\"seed-password\"}" "$base/api/login" | awk '$6 != "" && $7 != "" {c=$6"="$7} END {print c}')
[[ -n $cookie ]] || die "sign-in as $email failed"

flags="--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync"
declare -A pages=([landing]=/ [auth]=/auth [dashboard]=/dashboard [public]=/v/$public_id)
for name in $only; do
	headers='{}'
	[[ $name == dashboard ]] && headers="{\"Cookie\":\"$cookie\"}"
	for i in $(seq "$runs"); do
		# Lighthouse now and then loses the trace of a load (NO_NAVSTART): such a run is tried once more.
		for try in 1 2; do
			rm -rf "$data/chrome-$name-$i"
			"$tool/node_modules/.bin/lighthouse" "$base${pages[$name]}" --quiet --output=json \
				--output-path="$out/$name-$i.json" --chrome-flags="$flags --user-data-dir=$data/chrome-$name-$i" \
				--only-categories=performance,accessibility,best-practices --extra-headers="$headers" \
				--chrome-path="$chrome" ${cpu:+--throttling.cpuSlowdownMultiplier="$cpu"} >/dev/null 2>&1 &&
				python3 -c 'import json, sys; sys.exit(json.load(open(sys.argv[1])).get("runtimeError") is not None)' "$out/$name-$i.json" &&
				break
			[[ $try == 2 ]] && die "lighthouse failed twice on ${pages[$name]}"
		done
	done
done

python3 - "$out" "$runs" "$json" $only <<'EOF'
import json, statistics, sys
out, runs, json_out, only = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4:]
medians = {}
print(f"{'page':<10} {'performance':>11} {'accessibility':>13} {'best-practices':>14}  FCP     LCP     TBT       CLS    benchmark  (median of {runs})")
for name in only:
    reports = [json.load(open(f"{out}/{name}-{i}.json")) for i in range(1, runs + 1)]
    score = lambda c: statistics.median(round(r["categories"][c]["score"] * 100) for r in reports)
    metric = lambda a: statistics.median(r["audits"][a]["numericValue"] for r in reports)
    m = medians[name] = {"performance": score("performance"), "tbt": metric("total-blocking-time"),
                         "lcp": metric("largest-contentful-paint"),
                         "benchmarkIndex": statistics.median(r["environment"]["benchmarkIndex"] for r in reports),
                         "scores": [round(r["categories"]["performance"]["score"] * 100) for r in reports]}
    print(f"{name:<10} {m['performance']:>11} {score('accessibility'):>13} {score('best-practices'):>14}"
          f"  {metric('first-contentful-paint')/1000:.1f} s   {m['lcp']/1000:.1f} s"
          f"   {m['tbt']:>5.0f} ms  {metric('cumulative-layout-shift'):.3f}  {m['benchmarkIndex']:>6.0f}")
    for r in reports[:1]:
        for cat in ["accessibility", "best-practices"]:
            for ref in r["categories"][cat]["auditRefs"]:
                a = r["audits"][ref["id"]]
                if ref["weight"] > 0 and a["score"] is not None and a["score"] < 1:
                    print(f"           {cat}: {ref['id']}: {a['title']}")
if json_out:
    json.dump(medians, open(json_out, "w"))
EOF
