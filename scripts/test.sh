#!/usr/bin/env bash
# test.sh is `make test`: it installs and starts what the tests need (PostgreSQL, MinIO, stripe-mock,
# MailDev as the SMTP server, Chromium, poppler), runs every suite, and stops the services again.
# Under CI=true a missing component fails the run instead of skipping tests.
set -euo pipefail
cd "$(dirname "$0")/.."

# log names each stage with the minutes and seconds since the start, so a slow CI run shows where.
log() { printf '\n== [%d:%02d] %s\n' $((SECONDS / 60)) $((SECONDS % 60)) "$*" >&2; }

# ensure_packages installs Debian packages whose commands are missing.
ensure_packages() {
	local missing=()
	command -v chromium >/dev/null || missing+=(chromium)
	command -v pdftotext >/dev/null || missing+=(poppler-utils)
	command -v wrk >/dev/null || missing+=(wrk)
	command -v haproxy >/dev/null || [[ -x /usr/sbin/haproxy ]] || missing+=(haproxy) # the two-server test, make bench
	if ((${#missing[@]})); then
		log "installing ${missing[*]} from Debian's packages"
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
	fi
}

cleanup() {
	local rc=$?
	[[ -n ${STRIPE_MOCK_PID:-} ]] && scripts/stripe-mock.sh stop >/dev/null 2>&1 || true
	[[ -n ${SMTP_DIR:-} ]] && scripts/smtp.sh stop >/dev/null 2>&1 || true
	[[ -n ${MINIO_DIR:-} ]] && scripts/minio.sh stop >/dev/null 2>&1 || true
	[[ -n ${PG_DIR:-} ]] && scripts/postgres.sh stop "$PG_DIR" >/dev/null 2>&1 || true
	[[ -n ${results:-} ]] && rm -rf "$results"
	exit $rc
}
trap cleanup EXIT

ensure_packages

log "starting services"
if [[ -z ${TEST_DATABASE_URL:-} ]]; then
	env=$(scripts/postgres.sh start) || exit 1
	eval "$env"
fi
env=$(scripts/minio.sh start) || exit 1
eval "$env"
export TEST_S3_ENDPOINT=$S3_ENDPOINT TEST_S3_ACCESS_KEY=$S3_ACCESS_KEY TEST_S3_SECRET_KEY=$S3_SECRET_KEY TEST_MINIO_BIN=$MINIO_BIN
if [[ -x scripts/stripe-mock.sh ]]; then
	env=$(scripts/stripe-mock.sh start) || exit 1
	eval "$env"
fi
if [[ -z ${TEST_SMTP_URL:-} ]]; then
	env=$(scripts/smtp.sh start) || exit 1
	eval "$env"
fi

log "lint (make lint: gofmt, go vet, golangci-lint, TypeScript)"
make lint

log "go test (domain, application, adapters, integration on SQLite and PostgreSQL, MinIO, stripe-mock, SMTP)"
# Six tests at a time: the integration tests wait on PostgreSQL, disks and sockets more than on the cores.
results=$(mktemp -d)
go test -count=1 -v -parallel 6 ./... >"$results/go.log" 2>&1 || { grep -E -- '^(ok|FAIL|panic)|--- FAIL|_test.go:[0-9]+:' "$results/go.log"; exit 1; }
grep -E '^(ok|FAIL)' "$results/go.log"

# npm install rather than npm ci: the registry here lacks the optional binaries of other platforms
# that the lock file lists, which npm ci refuses; the lock still pins every version installed.
log "frontend: install, unit tests, build"
(cd frontend && npm install --no-audit --no-fund --loglevel=error && npm test && npm run build) | tee "$results/vitest.log"

# After the build: the smoke run's Lighthouse row loads the built SPA.
log "bench harness smoke run (every scenario must run; figures not checked)"
scripts/bench.sh -smoke -sizes 500,2000 -duration 1s -out ''

log "browser end-to-end tests (Playwright, Debian Chromium, real server)"
(cd frontend && npm run e2e) | tee "$results/e2e.log"

# One closing line for every suite: Go tests and subtests, Vitest tests, Playwright tests.
strip() { sed 's/\x1b\[[0-9;]*m//g' "$1"; }
go_passed=$(grep -c -- '--- PASS' "$results/go.log" || true)
unit_passed=$(strip "$results/vitest.log" | sed -n 's/^ *Tests *\([0-9]*\) passed.*/\1/p' | tail -n1)
e2e_passed=$(strip "$results/e2e.log" | sed -n 's/^ *\([0-9]*\) passed.*/\1/p' | tail -n1)
log "done"
printf '\n%s passed, 0 failed\n' "$((go_passed + ${unit_passed:-0} + ${e2e_passed:-0}))"
