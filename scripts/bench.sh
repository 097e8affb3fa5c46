#!/usr/bin/env bash
# bench.sh is `make bench`: it builds the server and the harness, installs wrk, starts a throwaway
# PostgreSQL unless TEST_DATABASE_URL is set and a MinIO unless TEST_S3_ENDPOINT is set (for the
# upload-to-MinIO rows), and runs cmd/bench with the given flags. `scripts/bench.sh -only screening`
# runs only the screening rows (no seeding, no MinIO) and replaces them in docs/performance.md;
# `-only scale` likewise the scale-out rows (HAProxy with one and two servers, throttle cost);
# `-only uploads` the upload rows (local files and MinIO, each beside the storage's own speed);
# `-only lists` the admin lists, stats, charts and applicant's list at 100,000 and 1,000,000.
# `-only public` the public certificate routes at 100,000 and 1,000,000 verifications.
# `-only phone` the slow-phone rows: scripts/lighthouse.sh on /, /auth, /dashboard and /v/{publicId}
# at 4x and 8x CPU slowdown (needs the built SPA, as make bench does).
set -euo pipefail
cd "$(dirname "$0")/.."
missing=()
command -v wrk >/dev/null || missing+=(wrk)
command -v haproxy >/dev/null || [[ -x /usr/sbin/haproxy ]] || missing+=(haproxy) # the scale-out rows
if ((${#missing[@]})); then
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi
go build -o bin/ttt-verify ./cmd/server
go build -o bin/bench ./cmd/bench
if [[ " $* " == *" -only phone "* ]]; then
	exec bin/bench -server bin/ttt-verify "$@" # Lighthouse's runs bring their own server on SQLite
fi
if [[ " $* " == *" -only screening "* || " $* " == *" -only scale "* || " $* " == *" -only lists "* || " $* " == *" -only public "* ]]; then
	exec scripts/postgres.sh run bin/bench -server bin/ttt-verify "$@"
fi
exec scripts/minio.sh run scripts/postgres.sh run bin/bench -server bin/ttt-verify "$@"
