#!/usr/bin/env bash
# stripe-mock.sh builds stripe-mock (Stripe's API double) at a pinned version into a local cache
# and runs throwaway instances of it for tests.
#
#   scripts/stripe-mock.sh build             build the binary unless the cache has it; print its path
#   scripts/stripe-mock.sh start             start on a free loopback port; print `export` lines:
#                                            TEST_STRIPE_MOCK_URL STRIPE_MOCK_PID
#   scripts/stripe-mock.sh stop [PID]        stop it (default $STRIPE_MOCK_PID)
#   scripts/stripe-mock.sh run CMD [ARG...]  start, run CMD with TEST_STRIPE_MOCK_URL set, stop, exit
#                                            with CMD's status
#
# When TEST_STRIPE_MOCK_URL is already set, `run` uses that server and starts nothing.
# Usage from a Makefile:  scripts/stripe-mock.sh run go test ./...
set -euo pipefail

readonly MOCK_MODULE=github.com/stripe/stripe-mock
readonly MOCK_VERSION=v0.203.0
readonly CACHE_BIN=${TTT_CACHE_DIR:-$HOME/.cache/ttt-verify}/bin
readonly BIN=$CACHE_BIN/stripe-mock
readonly BUILD_TIMEOUT=${STRIPE_MOCK_BUILD_TIMEOUT:-600} # seconds; a cold build takes about 25 s
readonly START_TIMEOUT=${STRIPE_MOCK_START_TIMEOUT:-30}  # seconds until it answers

SCRIPT_NAME=stripe-mock.sh
# shellcheck source=scripts/lib.sh
source "$(dirname "$0")/lib.sh"

cmd_build() {
	build_pinned "$BIN" "$MOCK_MODULE" "$MOCK_VERSION" "$BUILD_TIMEOUT"
	printf '%s\n' "$BIN"
}

# launch starts stripe-mock on a free port; it prints the port and pid once the server answers.
launch() {
	local logfile=$1 port pid
	port=$(free_port)
	# setsid: the server outlives the shell that started it and does not hold open the pipe of a
	# command substitution like $(stripe-mock.sh start).
	setsid "$BIN" -http-addr "127.0.0.1:$port" -https-addr "127.0.0.1:" </dev/null >>"$logfile" 2>&1 &
	pid=$!
	# Any HTTP answer means it is up (without a key it answers 401).
	wait_ready "$pid" "$logfile" "$START_TIMEOUT" stripe-mock \
		curl -sS -o /dev/null --max-time 2 "http://127.0.0.1:$port/v1/payment_intents" || return 1
	printf '%s %s\n' "$port" "$pid"
}

cmd_start() {
	cmd_build >/dev/null
	local logfile started
	logfile=$(mktemp "${TMPDIR:-/tmp}/ttt-stripe-mock.XXXXXX.log")
	started=$(launch_retrying stripe-mock "$logfile" launch "$logfile") || die "stripe-mock failed to start"
	local port=${started% *} pid=${started#* }
	printf 'export %s=%q\n' TEST_STRIPE_MOCK_URL "http://127.0.0.1:$port" STRIPE_MOCK_PID "$pid"
}

# is_mock succeeds when process $1 is a stripe-mock started from the cached binary.
is_mock() {
	local exe
	exe=$(readlink "/proc/$1/exe" 2>/dev/null) || return 1
	[[ $exe == "$BIN" ]]
}

cmd_stop() {
	local pid=${1:-${STRIPE_MOCK_PID:-}}
	[[ -n $pid ]] || die "usage: stripe-mock.sh stop PID (or set STRIPE_MOCK_PID)"
	# A stale PID may name another process by now: only a stripe-mock is stopped.
	if is_mock "$pid"; then
		terminate "$pid"
	fi
}

cmd_run() {
	(($# > 0)) || die "usage: stripe-mock.sh run CMD [ARG...]"
	if [[ -n ${TEST_STRIPE_MOCK_URL:-} ]]; then
		exec "$@"
	fi
	local env status=0
	env=$(cmd_start)
	eval "$env"
	trap 'cmd_stop "$STRIPE_MOCK_PID"' EXIT
	TEST_STRIPE_MOCK_URL=$TEST_STRIPE_MOCK_URL "$@" || status=$?
	return "$status"
}

case ${1:-} in
build) cmd_build ;;
start) cmd_start ;;
stop) shift; cmd_stop "$@" ;;
run) shift; cmd_run "$@" ;;
*) die "usage: stripe-mock.sh build | start | stop [PID] | run CMD [ARG...]" ;;
esac
