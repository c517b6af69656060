# arm64 (aarch64) cross build, tested under qemu-user.
#
#   make test-aarch64        the C library's loader check, the Rust test suite
#                            and the C tests (aarch64_smoke, vectors, contract)
#                            under qemu-aarch64, with the default backend (must
#                            be "neon") and with RMD160MB_FORCE=scalar (the
#                            integration tests: the unit tests run every
#                            kernel set in the first run already)
#   make insn-count-aarch64  instructions per message of the NEON and scalar
#                            kernels, counted in the release build's objdump
#
# Needs the rustup target aarch64-unknown-linux-gnu and Debian's
# gcc-aarch64-linux-gnu, libc6-dev-arm64-cross, binutils-aarch64-linux-gnu
# and qemu-user (.ci/run installs them; `make test` only checks and names
# what is missing). The programs run through mk/cross-run.sh (see
# mk/cross.mk), with the C library of /usr/aarch64-linux-gnu.

CARGO ?= cargo
AARCH64_TARGET := aarch64-unknown-linux-gnu
AARCH64_CC ?= aarch64-linux-gnu-gcc
AARCH64_RUN := CROSS_RUN_STEP=test-aarch64 mk/cross-run.sh $(AARCH64_TARGET)
AARCH64_DIR := $(or $(CARGO_TARGET),target)/$(AARCH64_TARGET)/release
AARCH64_CFLAGS := -O2 -std=c99 -Wall -Wextra -Werror -pedantic -Iinclude
AARCH64_REQUIRES := cmd:$(AARCH64_CC)=gcc-aarch64-linux-gnu \
	file:/usr/aarch64-linux-gnu/lib/crt1.o=libc6-dev-arm64-cross \
	cmd:aarch64-linux-gnu-readelf=binutils-aarch64-linux-gnu \
	cmd:aarch64-linux-gnu-objdump=binutils-aarch64-linux-gnu \
	cmd:qemu-aarch64=qemu-user \
	rust-target:$(AARCH64_TARGET)

# The portable C tests of c-tests/ that need nothing but the library (the
# OpenSSL differential test would need an arm64 libcrypto).
AARCH64_GENERIC_CTESTS := c-tests/vectors.c c-tests/contract.c

.PHONY: require-aarch64 test-aarch64 test-aarch64-loader test-aarch64-rust test-aarch64-c insn-count-aarch64

require-aarch64:
	@mk/require.sh test-aarch64 $(AARCH64_REQUIRES)

test-aarch64: test-aarch64-loader test-aarch64-rust test-aarch64-c

test-aarch64-loader: require-aarch64
	@$(call cross_libc_check,test-aarch64,$(AARCH64_TARGET),$(AARCH64_CC))

test-aarch64-rust: require-aarch64 test-aarch64-loader
	@echo "== aarch64: Rust tests under qemu, default backend (neon)"
	env -u RMD160MB_FORCE CROSS_RUN_STEP=test-aarch64 $(CARGO) test --target $(AARCH64_TARGET)
	@# The library's unit tests (src/tests.rs) run every kernel set the CPU
	@# has whatever RMD160MB_FORCE says; the integration tests go through the
	@# chosen backend, so only they run again with scalar chosen.
	@echo "== aarch64: Rust integration tests under qemu, RMD160MB_FORCE=scalar"
	RMD160MB_FORCE=scalar CROSS_RUN_STEP=test-aarch64 $(CARGO) test --target $(AARCH64_TARGET) --test '*'

test-aarch64-c: require-aarch64 test-aarch64-loader c-tests/aarch64_smoke.c $(AARCH64_GENERIC_CTESTS)
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
	    $(AARCH64_DIR)/libripemd160mb.a $(NATIVE_STATIC_LIBS)
	for link in shared static; do \
	    env -u RMD160MB_FORCE RMD160MB_EXPECT_BACKEND=neon \
	        $(AARCH64_RUN) $(AARCH64_DIR)/aarch64_smoke-$$link tests/vectors || exit 1; \
	    RMD160MB_FORCE=scalar RMD160MB_EXPECT_BACKEND=scalar \
	        $(AARCH64_RUN) $(AARCH64_DIR)/aarch64_smoke-$$link tests/vectors || exit 1; \
	done
	for src in $(AARCH64_GENERIC_CTESTS); do \
	    bin=$(AARCH64_DIR)/ctest-$$(basename $$src .c); \
	    $(AARCH64_CC) $(AARCH64_CFLAGS) -Ic-tests -DTEST_VECTOR_DIR='"$(CURDIR)/tests/vectors"' $$src -o $$bin \
	        $(AARCH64_DIR)/libripemd160mb.a $(NATIVE_STATIC_LIBS) || exit 1; \
	    env -u RMD160MB_FORCE $(AARCH64_RUN) $$bin || exit 1; \
	    RMD160MB_FORCE=scalar $(AARCH64_RUN) $$bin || exit 1; \
	done

insn-count-aarch64: require-aarch64
	bench/count-insns.sh

# In make test it runs beside `coverage` (mk/assurance.mk, coverage-aarch64).
