# Go package (go/, module github.com/ripemd160mb/ripemd160mb/go): cgo over the
# C API, found through pkg-config. `make test-go` builds the library, writes an
# uninstalled .pc pointing at this build tree (no install needed) and runs
# go vet, gofmt and the Go tests (also with -race and GODEBUG=cgocheck=2),
# offline. `make bench-go` runs the benchmarks.
#
# Needs: golang-go (Go >= 1.19), pkg-config, and for the differential tests
# against golang.org/x/crypto/ripemd160, golang-golang-x-crypto-dev (Debian's
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

# Offline, with cgo; the header's hash in CGO_CFLAGS makes the Go build cache
# recompile the cgo packages when the header changes (it does not track files
# outside the module). -count=1 below: test results are never cached, since
# the library the tests load is not tracked by Go either.
GO_ENV = PKG_CONFIG_PATH=$(GO_PKG_CONFIG_PATH) CGO_ENABLED=1 GOPROXY=off GOFLAGS= GOTOOLCHAIN=local \
	CGO_CFLAGS="-g -O2 -DRMD160MB_H_HASH=$(shell sha256sum include/ripemd160mb.h | cut -c1-16)"

.PHONY: go-pc test-go bench-go

test-go: go-pc
	$(GO_ENV) $(PKG_CONFIG) --cflags --libs ripemd160mb
	@test -z "$$(cd go && gofmt -l .)" || { echo "gofmt: these files need formatting:"; cd go && gofmt -l .; exit 1; }
	cd go && $(GO_ENV) $(GO) vet ./...
	cd go && $(GO_ENV) $(GO) test -count=1 ./...
	# Again under the race detector, with cgo's full pointer checks (every
	# pointer stored or passed is checked against the cgo rules).
	cd go && $(GO_ENV) GODEBUG=cgocheck=2 $(GO) test -count=1 -race ./...
	cd go/xcryptotest && $(GO_ENV) $(GO) vet ./...
	cd go/xcryptotest && $(GO_ENV) $(GO) test -count=1 ./...

# GOMAXPROCS=1 (-cpu 1), so that the cost of one cgo call shows at n = 1.
bench-go: go-pc
	cd go && $(GO_ENV) $(GO) test -run '^$$' -bench . -benchmem -cpu 1 ./ ./hash160
	cd go/xcryptotest && $(GO_ENV) $(GO) test -run '^$$' -bench . -benchmem -cpu 1 ./...

TEST_STEPS += test-go
