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
