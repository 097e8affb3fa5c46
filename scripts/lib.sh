# lib.sh holds the helpers the test-service scripts share. Source it after setting SCRIPT_NAME.
# shellcheck shell=bash

log() { printf '%s: %s\n' "${SCRIPT_NAME:-script}" "$*" >&2; }
die() { log "$@"; exit 1; }

# free_port prints a loopback TCP port that nothing listens on.
free_port() {
	local port
	for _ in $(seq 50); do
		port=$((20000 + RANDOM % 40000))
		if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
			printf '%s\n' "$port"
			return
		fi
	done
	die "no free port found"
}

# alive succeeds while process $1 runs (a zombie does not count).
alive() {
	local state
	state=$(ps -o stat= -p "$1" 2>/dev/null) && [[ $state != Z* ]]
}

# have_pinned BIN MODULE VERSION succeeds when BIN exists and was built from MODULE@VERSION.
have_pinned() {
	local info
	[[ -x $1 ]] && info=$(go version -m "$1" 2>/dev/null) || return 1
	grep -qE "^[[:space:]]+mod[[:space:]]+$2[[:space:]]+$3([[:space:]]|$)" <<<"$info"
}

# build_pinned BIN MODULE VERSION TIMEOUT [PACKAGE] installs MODULE@VERSION (or PACKAGE, a command
# inside MODULE, at that version) into BIN's folder unless it is there. A lock serialises concurrent
# runs; the check inside it skips a build another run finished.
build_pinned() {
	local bin=$1 module=$2 version=$3 timeout=$4 package=${5:-$2} dir
	have_pinned "$bin" "$module" "$version" && return 0
	dir=$(dirname "$bin")
	mkdir -p "$dir"
	exec 9>"$dir/.$(basename "$bin").lock"
	flock -w "$timeout" 9 || die "timed out waiting for the build lock"
	if ! have_pinned "$bin" "$module" "$version"; then
		log "building $module@$version into $dir"
		GOBIN=$dir timeout "$timeout" go install "$package@$version" >&2 || die "building $module failed"
		have_pinned "$bin" "$module" "$version" || die "$bin was built but does not report version $version"
	fi
	exec 9>&-
}

# wait_ready PID LOGFILE TIMEOUT NAME CMD [ARG...] runs CMD until it succeeds. It returns 1 when
# process PID exits first (most likely its port was taken meanwhile, so the caller may retry on
# another) and dies, showing the log's tail, when TIMEOUT seconds pass.
wait_ready() {
	local pid=$1 logfile=$2 timeout=$3 name=$4 deadline
	shift 4
	deadline=$((SECONDS + timeout))
	until "$@" 2>/dev/null; do
		alive "$pid" || return 1
		if ((SECONDS >= deadline)); then
			kill -KILL "$pid" 2>/dev/null || true
			tail -n 20 "$logfile" >&2 || true
			die "$name did not answer within ${timeout}s"
		fi
		sleep 0.1
	done
}

# terminate PID [SECONDS] asks process PID to stop and kills it if it still runs after SECONDS
# (default 5).
terminate() {
	local pid=$1 deadline=$((SECONDS + ${2:-5}))
	kill -TERM "$pid" 2>/dev/null || true
	while alive "$pid" && ((SECONDS < deadline)); do
		sleep 0.1
	done
	kill -KILL "$pid" 2>/dev/null || true
}

# launch_retrying NAME LOGFILE CMD [ARG...] runs CMD, a launch function that prints what it
# started, up to three times: a free port may be taken before the server binds it. It prints
# CMD's output, or shows the log's tail and returns 1 when every try failed.
launch_retrying() {
	local name=$1 logfile=$2 started
	shift 2
	for _ in 1 2 3; do
		if started=$("$@"); then
			printf '%s\n' "$started"
			return
		fi
		log "$name exited during start; retrying on other ports"
	done
	tail -n 20 "$logfile" >&2 || true
	return 1
}
