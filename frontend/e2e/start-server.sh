#!/usr/bin/env bash
# Builds and starts the real Go server for the Playwright suite. The server embeds frontend/dist,
# so `npm run build` must have run first. PORT comes from playwright.config.ts.
set -euo pipefail
: "${PORT:?PORT must be set}"
cd "$(dirname "$0")/../.."
if [ ! -f frontend/dist/index.html ]; then
  echo "frontend/dist/index.html is missing: run 'npm run build' in frontend/ first" >&2
  exit 1
fi
mkdir -p bin
go build -o bin/ttt-verify ./cmd/server
DATA_DIR=$(mktemp -d)
export DATA_DIR ADDR="127.0.0.1:$PORT" AUTH_RATE_LIMIT=0 PUBLIC_BASE_URL="http://127.0.0.1:$PORT"
exec bin/ttt-verify serve
