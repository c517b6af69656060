# Go package (go/, module github.com/ripemd160mb/ripemd160mb/go): cgo over the
# C API, found through pkg-config. `make test-go` builds the library, writes an
# uninstalled .pc pointing at this build tree (no install needed) and runs
# go vet, gofmt and the Go tests with statement coverage (the package,
# hash160, keccak, bitcoin and internal/each must each reach GO_COVER_MIN
# percent), again with -race and GODEBUG=cgocheck=2, offline. `make test-go-static`
# runs them with the build tag ripemd160mb_static (libripemd160mb.a linked
# in, checked with ldd).
# `make test-go-module` builds go/README.md's go.mod and program as a new
# module outside the tree, offline (go/newmodule-test.sh). `make bench-go`
# runs the benchmarks.
#
# Needs: golang-go (Go >= 1.19), pkg-config, and for the differential tests
# against golang.org/x/crypto/ripemd160 and sha3, golang-golang-x-crypto-dev (Debian's
# copy under /usr/share/gocode, used through a `replace` in
# go/xcryptotest/go.mod: the Go module proxy is never contacted).

CARGO ?= cargo
RELEASE_DIR ?= target/release
GO ?= go
PKG_CONFIG ?= pkg-config

GO_DIR := $(CURDIR)/target/go

ifdef UNINSTALLED_PC
# Under the top Makefile: its uninstalled .pc (include/ and target/release of
# this build tree, with an rpath; `lib` adds the libripemd160mb.so.N link the
# test binaries need at run time).
GO_PKG_CONFIG_PATH := $(CURDIR)/$(patsubst %/,%,$(dir $(UNINSTALLED_PC)))
go-pc: lib uninstalled-pc
else
# Standalone (`make -f mk/go.mk test-go`): an equivalent .pc of our own.
GO_PKG_CONFIG_PATH := $(GO_DIR)/pkgconfig
GO_LIB := $(GO_DIR)/lib
RMD160MB_VERSION := $(shell sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)
go-pc:
	$(MAKE) --no-print-directory lib
	mkdir -p $(GO_PKG_CONFIG_PATH) $(GO_LIB)
	ln -sf $(abspath $(RELEASE_DIR))/libripemd160mb.so $(GO_LIB)/libripemd160mb.so.0
	ln -sf libripemd160mb.so.0 $(GO_LIB)/libripemd160mb.so
	ln -sf $(CURDIR)/$(RELEASE_DIR)/libripemd160mb.a $(GO_LIB)/libripemd160mb.a
	printf '%s\n' \
	  'libdir=$(GO_LIB)' \
	  'includedir=$(CURDIR)/include' \
	  '' \
	  'Name: ripemd160mb' \
	  'Description: Multi-buffer RIPEMD-160 and HASH160 (uninstalled, build tree)' \
	  'Version: $(RMD160MB_VERSION)' \
	  'Cflags: -I$${includedir}' \
	  'Libs: -L$${libdir} -Wl,-rpath,$${libdir} -lripemd160mb' \
	  > $(GO_PKG_CONFIG_PATH)/ripemd160mb-uninstalled.pc
endif

# Offline, with cgo; the headers' hashes in CGO_CFLAGS make the Go build cache
# recompile the cgo packages when a header changes (it tracks only the files
# of the package it builds: neither the library's header nor HashEach's shim
# in go/internal/each, which the four cgo packages include). -count=1 below:
# test results are never cached, since the library the tests load is not
# tracked by Go either.
GO_ENV = PKG_CONFIG_PATH=$(GO_PKG_CONFIG_PATH) CGO_ENABLED=1 GOPROXY=off GOFLAGS= GOTOOLCHAIN=local \
	CGO_CFLAGS="-g -O2 -DRMD160MB_H_HASH=$(shell sha256sum include/ripemd160mb.h | cut -c1-16) \
	-DRMD160MB_GO_EACH_H_HASH=$(shell sha256sum go/internal/each/rmd160mb_go_each.h | cut -c1-16)"

.PHONY: go-pc test-go test-go-static test-go-module bench-go

# The statement-coverage floor, in percent, of the Go library packages (the
# Go library this package replaces enforces the same floor), internal/each
# (HashEach's buffers, shared by the four) included. The test program
# internal/compat and the test helper internal/testvec have their coverage
# printed only: internal/compat's uncovered statements are main() and the
# branches taken when two API functions disagree.
GO_COVER_MIN ?= 95

test-go: go-pc
	$(GO_ENV) $(PKG_CONFIG) --cflags --libs ripemd160mb
	@test -z "$$(cd go && gofmt -l .)" || { echo "gofmt: these files need formatting:"; cd go && gofmt -l .; exit 1; }
	cd go && $(GO_ENV) $(GO) vet ./...
	cd go && $(GO_ENV) $(GO) vet -tags ripemd160mb_static ./...
	@mkdir -p $(GO_DIR)
	cd go && $(GO_ENV) $(GO) test -count=1 -cover ./... > $(GO_DIR)/cover.txt 2>&1 || { cat $(GO_DIR)/cover.txt; exit 1; }
	@cat $(GO_DIR)/cover.txt
	@awk -v min=$(GO_COVER_MIN) '/coverage: [0-9.]+%/ { \
	    for (i = 1; i <= NF; i++) if ($$i == "coverage:") p = $$(i + 1); sub("%", "", p); \
	    internal = ($$2 ~ /\/internal\/(compat|testvec)$$/); ok = internal || (p + 0 >= min); n++; \
	    printf "go coverage: %5.1f%% of statements  %s%s\n", p, $$2, \
	      internal ? "   (internal test program: reported, not under the floor)" : ok ? "" : "   FAIL: under " min "%"; \
	    if (!ok) bad = 1 } \
	  END { if (n == 0) { print "go coverage: no package reported coverage"; exit 1 } exit bad }' $(GO_DIR)/cover.txt
	@for p in 'github.com/ripemd160mb/ripemd160mb/go' 'github.com/ripemd160mb/ripemd160mb/go/hash160' \
	    'github.com/ripemd160mb/ripemd160mb/go/keccak' 'github.com/ripemd160mb/ripemd160mb/go/bitcoin' \
	    'github.com/ripemd160mb/ripemd160mb/go/internal/each'; do \
	  grep -q "^ok[[:space:]]*$$p[[:space:]].*coverage: " $(GO_DIR)/cover.txt || { echo "go coverage: $$p not measured"; exit 1; }; done
	# Again under the race detector, with cgo's full pointer checks (every
	# pointer stored or passed is checked against the cgo rules).
	cd go && $(GO_ENV) GODEBUG=cgocheck=2 $(GO) test -count=1 -race ./...
	cd go/xcryptotest && $(GO_ENV) $(GO) vet ./...
	cd go/xcryptotest && $(GO_ENV) $(GO) test -count=1 ./...

# The static-link option: the tests under -race with libripemd160mb.a linked
# in, and a program built with the tag must not need libripemd160mb.so.
test-go-static: go-pc
	cd go && $(GO_ENV) GODEBUG=cgocheck=2 $(GO) test -count=1 -race -tags ripemd160mb_static . ./hash160 ./keccak ./bitcoin
	@mkdir -p $(GO_DIR)
	cd go && $(GO_ENV) $(GO) build -tags ripemd160mb_static -o $(GO_DIR)/compat-static ./internal/compat
	@ldd $(GO_DIR)/compat-static
	@if ldd $(GO_DIR)/compat-static | grep -q libripemd160mb; then \
	  echo "FAIL test-go-static: the ripemd160mb_static build needs libripemd160mb.so"; exit 1; fi
	@out=$$(echo 0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798 | env -u LD_LIBRARY_PATH $(GO_DIR)/compat-static); \
	  test "$$out" = 751e76e8199196d454941c45d1b3a323f1433bd6 || { echo "FAIL test-go-static: compat-static printed '$$out'"; exit 1; }
	@if ! ldd $(GO_DIR)/compat-static | grep -q libgcc_s; then \
	  echo "FAIL test-go-static: the ripemd160mb_static build needs no libgcc_s: go/README.md's note on it is stale"; exit 1; fi
	cd go && $(GO_ENV) CGO_LDFLAGS=-static-libgcc $(GO) build -tags ripemd160mb_static -o $(GO_DIR)/compat-static-libgcc ./internal/compat
	@if ldd $(GO_DIR)/compat-static-libgcc | grep -q libgcc_s; then \
	  echo "FAIL test-go-static: with CGO_LDFLAGS=-static-libgcc the program still needs libgcc_s (go/README.md says it does not)"; exit 1; fi
	@out=$$(echo 0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798 | env -u LD_LIBRARY_PATH $(GO_DIR)/compat-static-libgcc); \
	  test "$$out" = 751e76e8199196d454941c45d1b3a323f1433bd6 || { echo "FAIL test-go-static: compat-static-libgcc printed '$$out'"; exit 1; }
	@echo "test-go-static: OK (no libripemd160mb.so needed, none of libgcc_s with -static-libgcc, HASH160 of a public key right)"

# go/README.md's go.mod (require + replace) and program, and its `go work`
# alternative, as a new module in a temporary directory, offline.
test-go-module: go-pc
	$(GO_ENV) GO=$(GO) sh go/newmodule-test.sh $(CURDIR)

# GOMAXPROCS=1 (-cpu 1), so that the cost of one cgo call shows at n = 1.
bench-go: go-pc
	cd go && $(GO_ENV) $(GO) test -run '^$$' -bench . -benchmem -cpu 1 ./ ./hash160 ./keccak ./bitcoin
	cd go/xcryptotest && $(GO_ENV) $(GO) test -run '^$$' -bench . -benchmem -cpu 1 ./...

TEST_STEPS += test-go test-go-static test-go-module
