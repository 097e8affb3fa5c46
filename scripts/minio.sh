#!/usr/bin/env bash
# minio.sh builds a MinIO server at a pinned version into a local cache and runs throwaway
# instances of it for tests.
#
#   scripts/minio.sh build              build the binary unless the cache has it; print its path
#   scripts/minio.sh start              start a server on a free loopback port with a fresh data
#                                       directory and random credentials; print `export` lines:
#                                       S3_ENDPOINT S3_ACCESS_KEY S3_SECRET_KEY S3_BUCKET
#                                       MINIO_PID MINIO_DIR MINIO_BIN
#   scripts/minio.sh stop [PID DIR]     stop the server and remove its directory (defaults:
#                                       $MINIO_PID and $MINIO_DIR)
#   scripts/minio.sh run CMD [ARG...]   start a server, run CMD with the TEST_S3_* variables and
#                                       TEST_MINIO_BIN set, stop the server, exit with CMD's status;
#                                       when TEST_S3_ENDPOINT is already set, just run CMD on that
#                                       server (as postgres.sh run does with TEST_DATABASE_URL)
#
# Usage from a Makefile:  scripts/minio.sh run go test ./adapters/storage/...
# or, to keep one server for several commands:
#   env=$(scripts/minio.sh start) || exit 1; eval "$env"; trap 'scripts/minio.sh stop' EXIT
set -euo pipefail

readonly MINIO_MODULE=github.com/minio/minio
readonly MINIO_VERSION=v0.0.0-20260212201848-7aac2a2c5b7c
readonly CACHE_BIN=${TTT_CACHE_DIR:-$HOME/.cache/ttt-verify}/bin
readonly BIN=$CACHE_BIN/minio
readonly BUILD_TIMEOUT=${MINIO_BUILD_TIMEOUT:-1200}  # seconds; a cold build takes about 5 minutes
readonly START_TIMEOUT=${MINIO_START_TIMEOUT:-60}    # seconds until /minio/health/ready answers
readonly MARKER=.ttt-minio                           # marks directories that stop may remove

SCRIPT_NAME=minio.sh
# shellcheck source=scripts/lib.sh
source "$(dirname "$0")/lib.sh"

# wait_for_other_builds waits while another `go install` of MinIO (one started by hand or by a
# concurrent run that does not hold our lock) is writing into the cache.
wait_for_other_builds() {
	local deadline=$((SECONDS + BUILD_TIMEOUT))
	while pgrep -f "go install $MINIO_MODULE@" >/dev/null; do
		((SECONDS < deadline)) || die "another MinIO build is still running after ${BUILD_TIMEOUT}s"
		log "waiting for a MinIO build already running"
		sleep 5
	done
}

cmd_build() {
	if ! have_pinned "$BIN" "$MINIO_MODULE" "$MINIO_VERSION"; then
		wait_for_other_builds
		log "MinIO is not in the cache yet: about 5 minutes on 2 cores"
		build_pinned "$BIN" "$MINIO_MODULE" "$MINIO_VERSION" "$BUILD_TIMEOUT"
	fi
	printf '%s\n' "$BIN"
}

random_hex() { od -An -N"$1" -tx1 /dev/urandom | tr -d ' \n'; }

# launch starts MinIO in dir on a free port; it prints the port and pid once the server is live.
launch() {
	local dir=$1 user=$2 password=$3 port console pid
	port=$(free_port)
	console=$(free_port)
	# setsid: the server must outlive the shell that started it, and its output must not hold
	# open the pipe of a command substitution like $(minio.sh start).
	MINIO_ROOT_USER=$user MINIO_ROOT_PASSWORD=$password MINIO_BROWSER=off MINIO_UPDATE=off \
		setsid "$BIN" server --quiet --address "127.0.0.1:$port" --console-address "127.0.0.1:$console" \
		"$dir/data" </dev/null >>"$dir/minio.log" 2>&1 &
	pid=$!
	wait_ready "$pid" "$dir/minio.log" "$START_TIMEOUT" MinIO \
		curl -fsS -o /dev/null --max-time 2 "http://127.0.0.1:$port/minio/health/ready" || return 1
	printf '%s %s\n' "$port" "$pid"
}

cmd_start() {
	cmd_build >/dev/null
	local dir user password started
	dir=$(mktemp -d "${TMPDIR:-/tmp}/ttt-minio.XXXXXX")
	touch "$dir/$MARKER"
	user=ttt$(random_hex 8)
	password=$(random_hex 20)
	if ! started=$(launch_retrying MinIO "$dir/minio.log" launch "$dir" "$user" "$password"); then
		rm -rf -- "$dir"
		die "MinIO failed to start"
	fi
	local port=${started% *} pid=${started#* }
	printf 'export %s=%q\n' \
		S3_ENDPOINT "127.0.0.1:$port" \
		S3_ACCESS_KEY "$user" \
		S3_SECRET_KEY "$password" \
		S3_BUCKET ttt-verify \
		MINIO_PID "$pid" \
		MINIO_DIR "$dir" \
		MINIO_BIN "$BIN"
}

# serves succeeds when process $1 is the MinIO server that start launched on directory $2.
serves() {
	local cmdline
	cmdline=$({ tr '\0' ' ' <"/proc/$1/cmdline"; } 2>/dev/null) || return 1
	[[ $cmdline == *" server "*" $2/data " ]]
}

cmd_stop() {
	local pid=${1:-${MINIO_PID:-}} dir=${2:-${MINIO_DIR:-}}
	[[ -n $pid && -n $dir ]] || die "usage: minio.sh stop PID DIR (or set MINIO_PID and MINIO_DIR)"
	[[ -f $dir/$MARKER ]] || die "$dir was not made by minio.sh start; leaving it and process $pid alone"
	# Only the server on this directory is stopped: a stale PID may now name another process,
	# and a wrong one must not leave the server running on a removed directory.
	if ! serves "$pid" "$dir"; then
		pid=$(pgrep -f -- "$dir/data" | head -n 1 || true)
	fi
	if [[ -n $pid ]] && serves "$pid" "$dir"; then
		terminate "$pid" 10
	fi
	rm -rf -- "$dir"
}

cmd_run() {
	(($# > 0)) || die "usage: minio.sh run CMD [ARG...]"
	if [[ -n ${TEST_S3_ENDPOINT:-} ]]; then
		exec "$@"
	fi
	local env status=0
	env=$(cmd_start)
	eval "$env"
	trap 'cmd_stop "$MINIO_PID" "$MINIO_DIR"' EXIT
	TEST_S3_ENDPOINT=$S3_ENDPOINT TEST_S3_ACCESS_KEY=$S3_ACCESS_KEY TEST_S3_SECRET_KEY=$S3_SECRET_KEY \
		TEST_MINIO_BIN=$MINIO_BIN "$@" || status=$?
	return "$status"
}

case ${1:-} in
build) cmd_build ;;
start) cmd_start ;;
stop) shift; cmd_stop "$@" ;;
run) shift; cmd_run "$@" ;;
*) die "usage: minio.sh build | start | stop [PID DIR] | run CMD [ARG...]" ;;
esac
