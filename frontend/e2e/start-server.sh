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
# A second server of the same run (e2e/four-eyes.spec.ts) reuses the binary the first one built and runs.
if [ -z "${E2E_REUSE_BINARY:-}" ] || [ ! -x bin/ttt-verify ]; then
  go build -o bin/ttt-verify ./cmd/server
fi
DATA_DIR=$(mktemp -d)
export DATA_DIR ADDR="127.0.0.1:$PORT" AUTH_RATE_LIMIT=0 PUBLIC_BASE_URL="http://127.0.0.1:$PORT"
# The lists stay as imported below: no scheduled refresh fetches the real UN list mid-run.
export SCREENING_FETCH_INTERVAL=0
# One approval issues a certificate (the spec's default) unless the caller asks for four eyes.
export FOUR_EYES="${E2E_FOUR_EYES:-off}"
# The suite runs the simulated card provider, whatever the calling shell has configured.
unset STRIPE_SECRET_KEY STRIPE_PUBLISHABLE_KEY STRIPE_WEBHOOK_SECRET DATABASE_URL S3_ENDPOINT SMTP_URL
# E-mail goes to the test SMTP server when make test runs one (e2e/messages.spec.ts reads it back),
# else to the outbox in DATA_DIR.
if [ -n "${TEST_SMTP_URL:-}" ]; then
  export SMTP_URL="$TEST_SMTP_URL"
fi
# The administrator and the 100% coupon of the cross-role journeys (e2e/helpers.ts has the same values).
printf '%s\n' "${E2E_ADMIN_PASSWORD:-admin-e2e-pass}" | bin/ttt-verify create-admin --email "${E2E_ADMIN_EMAIL:-admin@e2e.example}" >/dev/null 2>&1
# A second administrator, so two reviewers can work the queue at once (e2e/claim.spec.ts).
printf '%s\n' "${E2E_ADMIN_PASSWORD:-admin-e2e-pass}" | bin/ttt-verify create-admin --email reviewer@e2e.example >/dev/null 2>&1
# A reviewer by role: works the queue, but not the administrators' pages (e2e/roles.spec.ts).
printf '%s\n' "${E2E_ADMIN_PASSWORD:-admin-e2e-pass}" | bin/ttt-verify create-admin --email checker@e2e.example --role reviewer >/dev/null 2>&1
# A journey that needs history (e2e/overdue.spec.ts, on a server of its own) asks for seeded
# demonstration data: verifications in every status, those in review waiting for up to a year.
if [ -n "${E2E_SEED:-}" ]; then
  bin/ttt-verify seed --verifications "$E2E_SEED" --per-user "$E2E_SEED" >/dev/null 2>&1
fi
bin/ttt-verify coupon create FREE100 100 >/dev/null 2>&1
bin/ttt-verify coupon create HALF50 50 >/dev/null 2>&1
# A small UN list for the screening page (adapters/screening/testdata/un is an excerpt of the real list),
# the PEP fixture and the shipped FATF lists, so that Top verifications run every check (e2e/top-checks.spec.ts).
bin/ttt-verify screening import un adapters/screening/testdata/un/consolidated.xml >/dev/null 2>&1
bin/ttt-verify screening import pep_csv adapters/screening/testdata/pep/pep.csv >/dev/null 2>&1
bin/ttt-verify screening jurisdictions import docs/jurisdictions/fatf-2025-06-13.json >/dev/null 2>&1
# GLEIF and VIES are the stub e2e/registry-checks.spec.ts serves on the next port (no network here);
# while it is not running a lookup is refused at once and recorded as unavailable.
export GLEIF_API_URL="http://127.0.0.1:$((PORT + 1))/api/v1" VIES_API_URL="http://127.0.0.1:$((PORT + 1))/vies" REGISTRY_TIMEOUT=5s
exec bin/ttt-verify serve
