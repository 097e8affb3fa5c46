# TTT Verify. `make run` serves the app on http://localhost:8080; `make test` runs every test.
SHELL := /bin/bash
BIN := bin/ttt-verify
FRONTEND_STAMP := frontend/node_modules/.package-lock.json
# The binary embeds frontend/dist; this placeholder lets Go build before the SPA has been built
# (the server then serves a page saying so). npm run build recreates it.
SPA_PLACEHOLDER := frontend/dist/.gitkeep

.PHONY: run build test dev lint frontend server clean bench bench-smoke soak

run: frontend ## build everything and serve on the embedded defaults (SQLite, ./data, simulated payments)
	go run ./cmd/server serve

build: frontend server ## build the single binary with the SPA embedded

server:
	go build -o $(BIN) ./cmd/server

$(FRONTEND_STAMP): frontend/package-lock.json
	cd frontend && npm install --no-audit --no-fund --loglevel=error

frontend: $(FRONTEND_STAMP) ## build the SPA into frontend/dist
	cd frontend && npm run build

$(SPA_PLACEHOLDER):
	mkdir -p frontend/dist && touch $@

test: $(SPA_PLACEHOLDER) ## install and start test services, run every suite
	scripts/test.sh

bench: frontend ## seed PostgreSQL with 10,000 then 1,000,000 verifications, load-test, upload 30 MB to disk and to MinIO, Lighthouse at 4x and 8x, write docs/performance.md
	scripts/bench.sh

bench-smoke: frontend ## the bench harness at a small size for a few seconds, one Lighthouse run (part of make test)
	scripts/bench.sh -smoke -sizes 500,2000 -duration 1s -out ''

soak: $(SPA_PLACEHOLDER) ## 5 minutes of mixed load on PostgreSQL and MinIO, then injected faults; writes docs/reliability.md (not part of make test)
	scripts/soak.sh

dev: $(FRONTEND_STAMP) $(SPA_PLACEHOLDER) ## the Go server on :8080 and Vite with hot reload on :5173
	trap 'kill 0' EXIT; PUBLIC_BASE_URL=$${PUBLIC_BASE_URL:-http://localhost:5173} go run ./cmd/server serve & (cd frontend && npm run dev)

lint: $(FRONTEND_STAMP) $(SPA_PLACEHOLDER) ## gofmt, go vet, golangci-lint (.golangci.yml), the TypeScript checks
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || { gofmt -l $$(git ls-files '*.go'); exit 1; }
	go vet ./...
	scripts/golangci-lint.sh run --allow-serial-runners ./...
	cd frontend && npx tsc -b --noEmit
	cd frontend && npm run lint

clean:
	rm -rf bin frontend/dist/assets frontend/dist/index.html
