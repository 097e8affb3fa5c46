#!/usr/bin/env bash
# smtp.sh installs MailDev (a real SMTP server that keeps what it receives and shows it over a
# REST API) at a pinned version from the npm registry into a local cache, and runs throwaway
# instances of it for tests.
#
#   scripts/smtp.sh build              install MailDev unless the cache has it; print its path
#   scripts/smtp.sh start              start a server on free loopback ports with a fresh mail
#                                      directory and random SMTP credentials; print `export` lines:
#                                      TEST_SMTP_URL (smtp://user:pass@127.0.0.1:PORT)
#                                      TEST_SMTP_API (http://127.0.0.1:PORT/api: GET /email lists
#                                      the messages, DELETE /email/all empties the box)
#                                      SMTP_PID SMTP_DIR
#   scripts/smtp.sh stop [PID DIR]     stop the server and remove its directory (defaults:
#                                      $SMTP_PID and $SMTP_DIR)
#   scripts/smtp.sh run CMD [ARG...]   start, run CMD with TEST_SMTP_URL and TEST_SMTP_API set, stop,
#                                      exit with CMD's status; when TEST_SMTP_URL is already set,
#                                      just run CMD
#
# MailHog, the Go alternative, no longer builds from the Go module proxy (its dependencies are
# not served there), so the server comes from npm.
set -euo pipefail

readonly MAILDEV_VERSION=3.0.0
readonly CACHE=${TTT_CACHE_DIR:-$HOME/.cache/ttt-verify}
readonly PREFIX=$CACHE/maildev-$MAILDEV_VERSION
readonly BIN=$PREFIX/node_modules/maildev/dist/bin/maildev.js
readonly INSTALL_TIMEOUT=${SMTP_INSTALL_TIMEOUT:-600} # seconds; a cold install takes about 1 minute
readonly START_TIMEOUT=${SMTP_START_TIMEOUT:-30}      # seconds until the API answers
readonly MARKER=.ttt-smtp                              # marks directories that stop may remove

SCRIPT_NAME=smtp.sh
# shellcheck source=scripts/lib.sh
source "$(dirname "$0")/lib.sh"

installed() {
	[[ -f $BIN ]] && grep -q "\"version\": \"$MAILDEV_VERSION\"" "$PREFIX/node_modules/maildev/package.json" 2>/dev/null
}

cmd_build() {
	command -v node >/dev/null && command -v npm >/dev/null || die "node and npm are needed for MailDev"
	if ! installed; then
		mkdir -p "$CACHE"
		exec 9>"$CACHE/.maildev.lock"
		flock -w "$INSTALL_TIMEOUT" 9 || die "timed out waiting for the install lock"
		if ! installed; then
			log "installing maildev@$MAILDEV_VERSION from npm into $PREFIX"
			mkdir -p "$PREFIX"
			timeout "$INSTALL_TIMEOUT" npm install --prefix "$PREFIX" --no-audit --no-fund --loglevel=error \
				--no-save "maildev@$MAILDEV_VERSION" >&2 || die "npm install maildev failed"
			installed || die "maildev was installed but is not version $MAILDEV_VERSION"
		fi
		exec 9>&-
	fi
	printf '%s\n' "$BIN"
}

random_hex() { od -An -N"$1" -tx1 /dev/urandom | tr -d ' \n'; }

# up SMTP_PORT WEB_PORT succeeds once both the API and the SMTP port answer.
up() {
	curl -fsS -o /dev/null --max-time 2 "http://127.0.0.1:$2/api/healthz" && (exec 3<>"/dev/tcp/127.0.0.1/$1")
}

# launch starts MailDev in dir; it prints the SMTP port, web port and pid once the API answers.
launch() {
	local dir=$1 user=$2 password=$3 smtp web pid
	smtp=$(free_port)
	web=$(free_port)
	# setsid: the server outlives the shell that started it and does not hold open the pipe of a
	# command substitution like $(smtp.sh start).
	setsid node "$BIN" --smtp "$smtp" --ip 127.0.0.1 --web "$web" --web-ip 127.0.0.1 \
		--incoming-user "$user" --incoming-pass "$password" --mail-directory "$dir/mail" --silent \
		</dev/null >>"$dir/maildev.log" 2>&1 &
	pid=$!
	wait_ready "$pid" "$dir/maildev.log" "$START_TIMEOUT" MailDev up "$smtp" "$web" || return 1
	printf '%s %s %s\n' "$smtp" "$web" "$pid"
}

cmd_start() {
	cmd_build >/dev/null
	local dir user password started
	dir=$(mktemp -d "${TMPDIR:-/tmp}/ttt-smtp.XXXXXX")
	touch "$dir/$MARKER"
	mkdir -p "$dir/mail"
	user=ttt$(random_hex 6)
	password=$(random_hex 16)
	if ! started=$(launch_retrying MailDev "$dir/maildev.log" launch "$dir" "$user" "$password"); then
		rm -rf -- "$dir"
		die "MailDev failed to start"
	fi
	local smtp web pid
	read -r smtp web pid <<<"$started"
	printf 'export %s=%q\n' \
		TEST_SMTP_URL "smtp://$user:$password@127.0.0.1:$smtp" \
		TEST_SMTP_API "http://127.0.0.1:$web/api" \
		SMTP_PID "$pid" \
		SMTP_DIR "$dir"
}

# serves succeeds when process $1 is the MailDev that start launched on directory $2.
serves() {
	local cmdline
	cmdline=$({ tr '\0' ' ' <"/proc/$1/cmdline"; } 2>/dev/null) || return 1
	[[ $cmdline == *" --mail-directory $2/mail "* ]]
}

cmd_stop() {
	local pid=${1:-${SMTP_PID:-}} dir=${2:-${SMTP_DIR:-}}
	[[ -n $pid && -n $dir ]] || die "usage: smtp.sh stop PID DIR (or set SMTP_PID and SMTP_DIR)"
	[[ -f $dir/$MARKER ]] || die "$dir was not made by smtp.sh start; leaving it and process $pid alone"
	# A stale PID may name another process by now: only the server on this directory is stopped.
	if serves "$pid" "$dir"; then
		terminate "$pid"
	fi
	rm -rf -- "$dir"
}

cmd_run() {
	(($# > 0)) || die "usage: smtp.sh run CMD [ARG...]"
	[[ -z ${TEST_SMTP_URL:-} ]] || exec "$@"
	local env
	env=$(cmd_start)
	eval "$env" # exports TEST_SMTP_URL and TEST_SMTP_API for CMD
	trap 'cmd_stop "$SMTP_PID" "$SMTP_DIR"' EXIT
	"$@"
}

command=${1:-}
(($# == 0)) || shift
case $command in
build | start | stop | run) "cmd_$command" "$@" ;;
*) die "usage: smtp.sh build | start | stop [PID DIR] | run CMD [ARG...]" ;;
esac
