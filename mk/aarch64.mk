# arm64 (aarch64) cross build, tested under qemu-user (issue 4).
#
#   make test-aarch64        Rust test suite and the C tests (aarch64_smoke,
#                            and vectors/contract where present) under
#                            qemu-aarch64, with the default backend (must be
#                            "neon") and with RMD160MB_FORCE=scalar
#   make insn-count-aarch64  instructions per message of the NEON and scalar
#                            kernels, counted in the release build's objdump
#
# Needs the rustup target aarch64-unknown-linux-gnu and Debian's
# gcc-aarch64-linux-gnu, libc6-dev-arm64-cross, binutils-aarch64-linux-gnu
# and qemu-user; `aarch64-deps` installs whichever is missing (apt-get as
# root). The linker and the qemu runner of `cargo test` are set in
# .cargo/config.toml.

CARGO ?= cargo
AARCH64_TARGET := aarch64-unknown-linux-gnu
AARCH64_CC ?= aarch64-linux-gnu-gcc
AARCH64_SYSROOT ?= /usr/aarch64-linux-gnu
AARCH64_QEMU ?= qemu-aarch64 -L $(AARCH64_SYSROOT)
AARCH64_DIR := $(or $(CARGO_TARGET),target)/$(AARCH64_TARGET)/release
AARCH64_APT := gcc-aarch64-linux-gnu libc6-dev-arm64-cross binutils-aarch64-linux-gnu qemu-user
AARCH64_CFLAGS := -O2 -std=c99 -Wall -Wextra -Werror -pedantic -Iinclude
# The static library's native dependencies (rustc --print native-static-libs,
# less -lgcc_s which gcc adds itself).
AARCH64_STATIC_LIBS := -lutil -lrt -lpthread -lm -ldl -lc

# The portable C tests of c-tests/ that need nothing but the library (the
# OpenSSL differential test would need an arm64 libcrypto).
AARCH64_GENERIC_CTESTS := $(wildcard c-tests/vectors.c c-tests/contract.c)

.PHONY: aarch64-deps test-aarch64 test-aarch64-rust test-aarch64-c insn-count-aarch64

aarch64-deps:
	@missing=; for p in $(AARCH64_APT); do \
	    dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	    echo "aarch64: installing$$missing"; \
	    apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $$missing; \
	fi
	rustup target add $(AARCH64_TARGET)

test-aarch64: aarch64-deps test-aarch64-rust test-aarch64-c

test-aarch64-rust: aarch64-deps
	@echo "== aarch64: Rust tests under qemu, default backend (neon)"
	env -u RMD160MB_FORCE $(CARGO) test --target $(AARCH64_TARGET)
	@echo "== aarch64: Rust tests under qemu, RMD160MB_FORCE=scalar"
	RMD160MB_FORCE=scalar $(CARGO) test --target $(AARCH64_TARGET)

test-aarch64-c: aarch64-deps
	@echo "== aarch64: C library and C tests under qemu"
	$(CARGO) rustc --release --lib --features capi --crate-type staticlib,cdylib --target $(AARCH64_TARGET) \
	    -- -C link-arg=-Wl,-soname,libripemd160mb.so.$(or $(SOMAJOR),0)
	@# The loader looks the library up by its SONAME: link it beside the .so.
	soname=$$(aarch64-linux-gnu-readelf -d $(AARCH64_DIR)/libripemd160mb.so | sed -n 's/.*Library soname: \[\(.*\)\]/\1/p'); \
	    test -n "$$soname" || { echo "libripemd160mb.so has no SONAME"; exit 1; }; \
	    ln -sf libripemd160mb.so $(AARCH64_DIR)/$$soname
	$(AARCH64_CC) $(AARCH64_CFLAGS) c-tests/aarch64_smoke.c -o $(AARCH64_DIR)/aarch64_smoke-shared \
	    -L$(AARCH64_DIR) -Wl,-rpath,$(abspath $(AARCH64_DIR)) -lripemd160mb
	$(AARCH64_CC) $(AARCH64_CFLAGS) c-tests/aarch64_smoke.c -o $(AARCH64_DIR)/aarch64_smoke-static \
	    $(AARCH64_DIR)/libripemd160mb.a $(AARCH64_STATIC_LIBS)
	for link in shared static; do \
	    env -u RMD160MB_FORCE RMD160MB_EXPECT_BACKEND=neon \
	        $(AARCH64_QEMU) $(AARCH64_DIR)/aarch64_smoke-$$link tests/vectors || exit 1; \
	    RMD160MB_FORCE=scalar RMD160MB_EXPECT_BACKEND=scalar \
	        $(AARCH64_QEMU) $(AARCH64_DIR)/aarch64_smoke-$$link tests/vectors || exit 1; \
	done
	@# The portable C tests of c-tests/ (vectors, contract), where present.
	for src in $(AARCH64_GENERIC_CTESTS); do \
	    bin=$(AARCH64_DIR)/ctest-$$(basename $$src .c); \
	    $(AARCH64_CC) $(AARCH64_CFLAGS) -Ic-tests -DTEST_VECTOR_DIR='"$(CURDIR)/tests/vectors"' $$src -o $$bin \
	        $(AARCH64_DIR)/libripemd160mb.a $(AARCH64_STATIC_LIBS) || exit 1; \
	    env -u RMD160MB_FORCE $(AARCH64_QEMU) $$bin || exit 1; \
	    RMD160MB_FORCE=scalar $(AARCH64_QEMU) $$bin || exit 1; \
	done

insn-count-aarch64: aarch64-deps
	bench/count-insns.sh

TEST_STEPS += test-aarch64
