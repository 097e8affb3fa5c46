#!/usr/bin/env bash
# golangci-lint.sh builds golangci-lint at a pinned version into the local cache (once; later runs
# reuse the binary, so CI pays for the build only on a cold cache) and runs it with the arguments
# given. The linter is a tool, not a dependency: it stays out of the project's go.mod.
#
#   scripts/golangci-lint.sh build          build unless the cache has it; print its path
#   scripts/golangci-lint.sh run [ARG...]   golangci-lint run ARG... on the module
#   scripts/golangci-lint.sh fmt [ARG...]   golangci-lint fmt ARG...: gofmt and goimports, in place
set -euo pipefail

readonly LINT_MODULE=github.com/golangci/golangci-lint/v2
readonly LINT_VERSION=v2.15.0
readonly CACHE_BIN=${TTT_CACHE_DIR:-$HOME/.cache/ttt-verify}/bin
readonly BIN=$CACHE_BIN/golangci-lint
readonly BUILD_TIMEOUT=${GOLANGCI_LINT_BUILD_TIMEOUT:-1800} # seconds; a cold build took 13 minutes on 2 busy cores

SCRIPT_NAME=golangci-lint.sh
# shellcheck source=scripts/lib.sh
source "$(dirname "$0")/lib.sh"

cmd_build() {
	build_pinned "$BIN" "$LINT_MODULE" "$LINT_VERSION" "$BUILD_TIMEOUT" "$LINT_MODULE/cmd/golangci-lint"
	printf '%s\n' "$BIN"
}

case ${1:-} in
build) cmd_build ;;
run | fmt)
	cmd_build >/dev/null
	cd "$(dirname "$0")/.."
	exec "$BIN" "$@"
	;;
*) die "usage: golangci-lint.sh build | run [ARG...] | fmt [ARG...]" ;;
esac
