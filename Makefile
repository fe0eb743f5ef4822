# castaway — Survivor Rankings. `make run` to try it, `make test` for every test.
SHELL := /bin/bash
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS := -s -w -X castaway/internal/app.Version=$(VERSION)

.PHONY: run build release image web test test-go test-web e2e generate check-generated check-tracked vet lint bench bench-go bench-streams lighthouse fuzz clean

run: build
	./bin/castaway serve

build: web
	go build -ldflags "$(LDFLAGS)" -o bin/castaway ./cmd/castaway

# Static binaries (no cgo: the SQLite driver is pure Go) for every target in dist/, the
# version stamped, with SHA256SUMS beside them.
RELEASE_TARGETS ?= linux/amd64 linux/arm64 darwin/arm64 windows/amd64
RELEASE_BINARIES := $(foreach t,$(RELEASE_TARGETS),dist/castaway-$(VERSION)-$(subst /,-,$(t))$(if $(filter windows/%,$(t)),.exe))

release: $(RELEASE_BINARIES)
	cd dist && sha256sum $(notdir $(RELEASE_BINARIES)) > SHA256SUMS
	@cat dist/SHA256SUMS

dist/castaway-$(VERSION)-%: web
	@stem=$*; os=$${stem%%-*}; arch=$${stem#*-}; arch=$${arch%.exe}; \
	echo "release: $@"; \
	CGO_ENABLED=0 GOOS=$$os GOARCH=$$arch go build -trimpath -ldflags "$(LDFLAGS)" -o $@ ./cmd/castaway

# A container image (IMAGE, default castaway:VERSION) of this machine's linux binary, with
# podman or docker: FROM scratch, see Containerfile.release and scripts/image.sh.
IMAGE ?= castaway:$(VERSION)
image: dist/castaway-$(VERSION)-linux-$(shell go env GOARCH)
	@scripts/image.sh $< $(IMAGE) $(VERSION)

# `npm install` with the committed lock file rather than `npm ci`: the lock file cannot list
# the other platforms' optional builds (rollup, esbuild) when the registry does not serve
# them, and `npm ci` refuses such a lock file. The versions installed are the locked ones.
web/node_modules/.package-lock.json: web/package-lock.json web/package.json
	cd web && npm install --no-audit --no-fund

web: web/node_modules/.package-lock.json
	cd web && npm run build

# Types and messages for both sides come from api/openapi.yaml.
generate: web/node_modules/.package-lock.json
	go tool oapi-codegen -config api/oapi-codegen.yaml api/openapi.yaml
	go run ./internal/problem/gen
	go run ./internal/shareimage/gen
	cd web && npm run generate

# Fails when the committed generated code no longer matches the contract. Works in a
# private temporary folder, so two checkouts on one machine never share files.
check-generated: web/node_modules/.package-lock.json
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	sed "s|^output:.*|output: $$tmp/api.gen.go|" api/oapi-codegen.yaml > $$tmp/oapi-codegen.yaml && \
	go tool oapi-codegen -config $$tmp/oapi-codegen.yaml api/openapi.yaml && \
	go run ./internal/problem/gen -o $$tmp/messages.gen.go && \
	go run ./internal/shareimage/gen -o $$tmp/palette.gen.go && \
	(cd web && npx openapi-typescript ../api/openapi.yaml -o $$tmp/schema.gen.ts >/dev/null) && \
	{ diff -q $$tmp/api.gen.go internal/api/api.gen.go && diff -q $$tmp/messages.gen.go internal/problem/messages.gen.go && diff -q $$tmp/palette.gen.go internal/shareimage/palette.gen.go && diff -q $$tmp/schema.gen.ts web/src/api/schema.gen.ts \
		&& (cd web && node scripts/generate-contract.mjs --check); } \
		|| { echo "generated code is out of date with api/openapi.yaml: run 'make generate'"; exit 1; }

vet: web
	@test -z "$$(gofmt -l cmd internal web/*.go)" || { gofmt -l cmd internal web/*.go; echo "gofmt needed"; exit 1; }
	go vet ./...

# Go tests run on SQLite, and on PostgreSQL too when CASTAWAY_TEST_POSTGRES_URL is set.
# The store and server packages take minutes on a busy 2-core machine: go test's default
# 10-minute limit per package would fail them for the machine's load, not their code.
# The one test that compares two times (verify --repair at 2,500 and 10,000 lists) runs
# after the others, alone, so that the other packages' tests cannot load one size's
# rounds more than the other's.
SCALE_TESTS := TestVerifyRepairScalesLinearly
test-go: web
	go test -count=1 -timeout 30m -skip '^($(SCALE_TESTS))$$' ./...
	go test -count=1 -timeout 30m -run '^($(SCALE_TESTS))$$' ./internal/store

test-web: web/node_modules/.package-lock.json
	cd web && npm run typecheck && npm test

# ESLint on the web app: TypeScript, hooks, accessibility, and the layers' import boundaries.
lint: web/node_modules/.package-lock.json
	cd web && npm run lint

# Journeys in headless Chromium against the real binary on a fresh database, two files at a
# time (web/package.json), each with its own server and data. Three at once on 2 cores
# stretched each file's own time (keyboard 169 s against 21 s alone) until waits timed
# out: all of them took 1,041-1,053 s at two against 1,304 s at three.
e2e: build
	cd web && CASTAWAY_BIN=$(CURDIR)/bin/castaway npm run e2e

# No build output in the repository: a tracked file over 1 MB must be on the script's list.
check-tracked:
	@scripts/check-tracked.sh

# Every test, with its own set-up (Chromium, the PostgreSQL half when one answers): see scripts/test.sh.
test:
	@scripts/test.sh

# HTTP benchmark on the demo data, SQLite and PostgreSQL, with wrk; writes docs/benchmarks.md.
# Sizes and engines from BENCH_* variables (see bench/run.sh); BENCH_QUICK=1 tries it small.
bench: build
	bash bench/run.sh

# The live streams' soak alone, at full size on SQLite and (when one answers) PostgreSQL:
# 100,000 stream open/close cycles over 1,000 accounts and 200 addresses with 500 stalled
# readers present, at each of BENCH_STREAMS_RATES. `make bench` runs it too; this puts its figures into docs/benchmarks.md's
# live streams section and leaves the rest of the report as it was.
BENCH_PG_URL ?= postgres://postgres@127.0.0.1:5432/test?sslmode=disable
# 1,000 cycles a second (a node's audience reconnecting), then flat out (0).
BENCH_STREAMS_RATES ?= 1000 0
bench-streams: web
	@out=$(CURDIR)/bench/results/streams-$$(date -u +%Y%m%d-%H%M%S) && mkdir -p $$out && \
	pg=$$(timeout 2 bash -c ':</dev/tcp/127.0.0.1/5432' 2>/dev/null && echo "$(BENCH_PG_URL)") ; \
	for rate in $(BENCH_STREAMS_RATES); do \
		CASTAWAY_STREAM_SOAK=full CASTAWAY_STREAM_SOAK_RATE=$$rate CASTAWAY_STREAM_SOAK_OUT=$$out CASTAWAY_TEST_POSTGRES_URL="$$pg" \
			go test -count=1 -run '^TestStreamSoak$$' -v -timeout 60m ./internal/server >> $$out/stream_soak.log 2>&1; \
	done; \
	grep -E 'stream cycles|want under' $$out/stream_soak.log; \
	go run ./bench/report -streams-only -dir $$out -out docs/benchmarks.md && echo "bench-streams: wrote docs/benchmarks.md"

# Lighthouse (phone settings, Debian's Chromium) on home, browse, a list, a castaway and a season page; writes
# docs/lighthouse.md. Not part of `make test`: its scores follow how busy the machine is.
lighthouse: build
	bash bench/lighthouse/run.sh

# Go fuzzing, longer than `make test` (which runs every seed corpus): FUZZTIME per target.
FUZZTIME ?= 30s
fuzz: web
	@grep -rl --include='*_test.go' '^func Fuzz' internal | xargs -n1 dirname | sort -u | while read -r pkg; do \
		for target in $$(grep -ho '^func Fuzz[A-Za-z0-9_]*' $$pkg/*_test.go | sed 's/^func //'); do \
			echo "fuzz: $$pkg $$target"; go test -run '^$$' -fuzz "^$$target\$$" -fuzztime $(FUZZTIME) ./$$pkg || exit 1; \
		done; \
	done

# The in-process Go benchmarks of the handlers.
bench-go: web
	go test -run '^$$' -bench . -benchmem ./...

clean:
	rm -rf bin dist web/dist
