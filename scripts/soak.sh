#!/usr/bin/env bash
# soak.sh is `make soak` (not part of `make test`): it builds the server and the harness, starts a
# PostgreSQL and a MinIO of its own (the soak stops and restarts them, so it never uses the ones
# named by TEST_DATABASE_URL or TEST_S3_ENDPOINT), runs bin/bench -soak and writes
# docs/reliability.md. Flags are passed on, e.g. `scripts/soak.sh -soak 10m`.
set -euo pipefail
cd "$(dirname "$0")/.."
go build -o bin/ttt-verify ./cmd/server
go build -o bin/bench ./cmd/bench
args=("$@")
if [[ " $* " != *" -soak "* ]]; then
	args=(-soak 5m "${args[@]}")
fi
unset TEST_DATABASE_URL TEST_S3_ENDPOINT TEST_S3_ACCESS_KEY TEST_S3_SECRET_KEY
exec scripts/minio.sh run scripts/postgres.sh run bin/bench -server bin/ttt-verify "${args[@]}"
