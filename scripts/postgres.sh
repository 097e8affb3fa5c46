#!/usr/bin/env bash
# postgres.sh runs a throwaway PostgreSQL cluster for tests, from Debian's server packages.
#
#   scripts/postgres.sh start             initdb in a temp dir, start on a free loopback port and
#                                         print `export` lines: TEST_DATABASE_URL PG_DIR
#   scripts/postgres.sh stop [DIR]        stop the cluster and remove its directory (default $PG_DIR)
#   scripts/postgres.sh run CMD [ARG...]  start, run CMD with TEST_DATABASE_URL set, stop, exit
#                                         with CMD's status
#
# When TEST_DATABASE_URL is already set, `run` uses that server and starts nothing.
set -euo pipefail

SCRIPT_NAME=postgres.sh
# shellcheck source=scripts/lib.sh
source "$(dirname "$0")/lib.sh"

# pg_bin finds the server binaries, installing Debian's package when they are missing.
pg_bin() {
	local dir
	dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n1 || true)
	if [[ -z $dir || ! -x $dir/initdb ]]; then
		log "installing the PostgreSQL server from Debian's packages"
		if [[ $(id -u) -ne 0 ]]; then die "PostgreSQL server binaries are missing and we are not root to install them"; fi
		(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql) >&2 ||
			die "apt-get install postgresql failed"
		dir=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n1)
	fi
	printf '%s\n' "$dir"
}

# as_owner runs a server binary as the cluster's owner: initdb and pg_ctl refuse to run as root.
as_owner() {
	if [[ $(id -u) -eq 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi
}

cmd_start() {
	local bin dir port
	bin=$(pg_bin)
	dir=$(mktemp -d "${TMPDIR:-/tmp}/ttt-pg.XXXXXX")
	chmod 755 "$dir"
	if [[ $(id -u) -eq 0 ]]; then chown postgres: "$dir"; fi
	as_owner "$bin/initdb" -D "$dir/data" -U postgres -A trust --no-sync -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 ||
		{ cat "$dir/initdb.log" >&2; die "initdb failed"; }
	for _ in 1 2 3; do
		port=$(free_port)
		if as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w -t 30 \
			-o "-k $dir -p $port -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
			start >/dev/null 2>&1; then
			printf 'export TEST_DATABASE_URL=%q\n' "postgres://postgres@127.0.0.1:$port/postgres?sslmode=disable"
			printf 'export PG_DIR=%q\n' "$dir"
			return
		fi
	done
	tail -n 20 "$dir/log" >&2 || true
	die "PostgreSQL did not start"
}

cmd_stop() {
	local dir=${1:-${PG_DIR:-}} bin
	[[ -n $dir && -d $dir/data ]] || return 0
	bin=$(pg_bin)
	as_owner "$bin/pg_ctl" -D "$dir/data" -w -m fast stop >/dev/null 2>&1 || true
	rm -rf "$dir"
}

cmd_run() {
	if [[ -n ${TEST_DATABASE_URL:-} ]]; then
		exec "$@"
	fi
	local env
	env=$(cmd_start)
	eval "$env"
	trap 'cmd_stop "$PG_DIR"' EXIT
	set +e
	"$@"
	local rc=$?
	set -e
	return $rc
}

case ${1:-} in
start) cmd_start ;;
stop) shift; cmd_stop "$@" ;;
run) shift; cmd_run "$@" ;;
*) die "usage: postgres.sh start|stop [DIR]|run CMD [ARG...]" ;;
esac
