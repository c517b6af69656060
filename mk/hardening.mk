# Hardening checks: fuzzing, sanitizers, valgrind, 32-bit and big-endian
# targets. Included by the top Makefile (it uses its NATIVE_STATIC_LIBS and,
# for the cross targets, mk/cross.mk).
#
#   make fuzz [FUZZ_SECONDS=60]  each cargo-fuzz target for N seconds (not in make test)
#   make fuzz-save-corpus        minimize fuzz/corpus and save it as tests/regressions/*/corpus-*
#   make check-asan              C API test under ASan+UBSan, Rust library and std built with ASan
#                                (nightly, -Zbuild-std: needs the rust-src component)
#   make check-valgrind          C API test and Rust test binaries under valgrind memcheck
#   make test-i686               the Rust test suite for i686-unknown-linux-gnu (32-bit size_t),
#                                with the C library of /usr/i686-linux-gnu
#   make test-s390x              the Rust test suite for s390x-unknown-linux-gnu (big-endian, qemu-user),
#                                with the C library of /usr/s390x-linux-gnu
#   make test-length-counter     a 512 MiB message (past 2^32 bits), debug build, optimised hashing
#   make check-asan-rust         the Rust guard/limits/regression/stress/backend tests built with ASan
#                                (nightly; ~3 min cold, not in make test)

CARGO ?= cargo
CC ?= cc
RELEASE_DIR ?= target/release
NIGHTLY ?= +nightly
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= stream batch ffi
FUZZ_MAX_LEN ?= 8192
# C programs run by check-asan and check-valgrind; each is run from the
# repository root with the vector directory as its argument (programs that
# take none ignore it) and exits non-zero on a failure.
HARDENING_C_TESTS := c-tests/guard.c c-tests/contract.c c-tests/vectors.c
HARDENING_HOST := $(shell rustc -vV | sed -n "s/^host: //p")
HARDENING_HOST_ENV := $(shell echo $(HARDENING_HOST) | tr a-z- A-Z_)
HARDENING_ASAN_DIR := target/asan
HARDENING_OUT := target/hardening
HARDENING_SAN_CFLAGS := -g -O1 -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all -Wall -Wextra -Werror -Iinclude -Ic-tests
HARDENING_CFLAGS := -g -O1 -Wall -Wextra -Werror -Iinclude -Ic-tests
# What the steps need besides the host toolchain (mk/require.sh; .ci/run
# installs them).
HARDENING_REQUIRES_asan := rust-toolchain:nightly
HARDENING_REQUIRES_valgrind := cmd:valgrind=valgrind
HARDENING_REQUIRES_i686 := cmd:i686-linux-gnu-gcc=gcc-i686-linux-gnu \
	file:/usr/i686-linux-gnu/lib/crt1.o=libc6-dev-i386-cross \
	file:/usr/i686-linux-gnu/lib/ld-linux.so.2=libc6-i386-cross \
	rust-target:i686-unknown-linux-gnu
HARDENING_REQUIRES_s390x := cmd:s390x-linux-gnu-gcc=gcc-s390x-linux-gnu \
	file:/usr/s390x-linux-gnu/lib/crt1.o=libc6-dev-s390x-cross \
	cmd:qemu-s390x=qemu-user \
	rust-target:s390x-unknown-linux-gnu

# In make test, two at a time (`hardening-pairs`): the sanitizer build has its
# own target directory, valgrind and the emulators one thread each (the
# i686 and s390x builds share target/, so cargo runs them one at a time).
TEST_STEPS += hardening-pairs test-length-counter
.PHONY: hardening-pairs
hardening-pairs:
	@$(MAKE) --no-print-directory -j2 --output-sync=target check-asan check-valgrind test-i686 test-s390x

.PHONY: fuzz fuzz-save-corpus check-asan check-asan-rust check-valgrind test-i686 test-s390x test-length-counter

# Each target in turn (one at a time: libFuzzer uses one core). The corpus
# grows in fuzz/corpus/<target>; tests/regressions/<target> seeds it. A crash
# input is copied to tests/regressions/<target>/ so that `cargo test`
# replays it from then on, and the run fails.
fuzz:
	@for t in $(FUZZ_TARGETS); do \
	  mkdir -p fuzz/corpus/$$t fuzz/artifacts/$$t; \
	  echo "== fuzz $$t for $(FUZZ_SECONDS) s"; \
	  ( cd fuzz && $(CARGO) $(NIGHTLY) fuzz run -O $$t corpus/$$t ../tests/regressions/$$t -- \
	      -max_total_time=$(FUZZ_SECONDS) -max_len=$(FUZZ_MAX_LEN) -timeout=30 -print_final_stats=1 ) \
	    > fuzz/artifacts/$$t.log 2>&1; status=$$?; \
	  grep -a -E 'stat::number_of_executed_units|stat::peak_rss_mb|^Done [0-9]+ runs' fuzz/artifacts/$$t.log | sed "s/^/   $$t: /"; \
	  if [ $$status -ne 0 ]; then \
	    tail -60 fuzz/artifacts/$$t.log; \
	    for f in fuzz/artifacts/$$t/crash-* fuzz/artifacts/$$t/oom-* fuzz/artifacts/$$t/timeout-*; do \
	      [ -f "$$f" ] && cp -v "$$f" tests/regressions/$$t/; \
	    done; \
	    echo "fuzz $$t FAILED: input(s) saved in tests/regressions/$$t/ (replayed by cargo test --test regressions)"; \
	    exit 1; \
	  fi; \
	done

# Minimizes each target's corpus (cargo fuzz cmin) and stores it in
# tests/regressions/<target>/corpus-<sha1>, replacing the previous copy.
fuzz-save-corpus:
	@for t in $(FUZZ_TARGETS); do \
	  ( cd fuzz && $(CARGO) $(NIGHTLY) fuzz cmin -O $$t corpus/$$t ) > fuzz/artifacts/$$t-cmin.log 2>&1 || exit 1; \
	  rm -f tests/regressions/$$t/corpus-*; \
	  for f in fuzz/corpus/$$t/*; do cp "$$f" tests/regressions/$$t/corpus-$$(basename "$$f"); done; \
	  echo "$$t: $$(ls tests/regressions/$$t/corpus-* | wc -l) corpus inputs saved"; \
	done

# The Rust library is built by nightly rustc with AddressSanitizer, std and
# core included (-Zbuild-std, from the rust-src component: a bad access in
# std code the library calls is caught too), the C test with gcc's
# ASan+UBSan, linked together against gcc's runtime. Release profile
# without LTO (cargo builds std from source once; about 2 minutes cold).
HARDENING_RUST_SRC = $(shell rustc $(NIGHTLY) --print sysroot)/lib/rustlib/src/rust/library
check-asan: $(HARDENING_C_TESTS)
	@mk/require.sh $@ $(HARDENING_REQUIRES_asan)
	@test -d "$(HARDENING_RUST_SRC)" || { \
	  echo "check-asan: rust-src is missing (needed by -Zbuild-std): rustup component add rust-src --toolchain nightly (.ci/run does this)"; exit 1; }
	CARGO_PROFILE_RELEASE_LTO=false RUSTFLAGS="-Zsanitizer=address -Cdebuginfo=1" $(CARGO) $(NIGHTLY) rustc --release --lib \
	  --features capi --crate-type staticlib -Zbuild-std=std,panic_unwind --target $(HARDENING_HOST) --target-dir $(HARDENING_ASAN_DIR)
	@echo "check-asan: std instrumented: $$(nm -A $(HARDENING_ASAN_DIR)/$(HARDENING_HOST)/release/libripemd160mb.a 2>/dev/null | grep -c '^[^:]*:std-[^:]*:.* U __asan_report_load') undefined __asan_report_load* references in std's objects"
	@nm -A $(HARDENING_ASAN_DIR)/$(HARDENING_HOST)/release/libripemd160mb.a 2>/dev/null | grep -q '^[^:]*:std-[^:]*:.* U __asan_report_load' \
	  || { echo "check-asan: std's objects in the static library carry no ASan checks: std is not instrumented"; exit 1; }
	@mkdir -p $(HARDENING_OUT)
	@for src in $(HARDENING_C_TESTS); do \
	  exe=$(HARDENING_OUT)/asan-$$(basename $$src .c); \
	  echo "== $$exe"; \
	  $(CC) $(HARDENING_SAN_CFLAGS) $$src -o $$exe $(HARDENING_ASAN_DIR)/$(HARDENING_HOST)/release/libripemd160mb.a $(NATIVE_STATIC_LIBS) || exit 1; \
	  ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:strict_string_checks=1:detect_stack_use_after_return=1 \
	  UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
	    $$exe tests/vectors || exit 1; \
	done
	@echo "== canary: an overread inside the Rust library must be reported"
	$(CC) $(HARDENING_SAN_CFLAGS) c-tests/guard_canary.c -o $(HARDENING_OUT)/asan-canary \
	  $(HARDENING_ASAN_DIR)/$(HARDENING_HOST)/release/libripemd160mb.a $(NATIVE_STATIC_LIBS)
	@if $(HARDENING_OUT)/asan-canary 2> $(HARDENING_OUT)/asan-canary.log; then \
	  echo "check-asan: the canary's overread went unnoticed: the library is not instrumented"; exit 1; \
	fi; \
	grep -q 'heap-buffer-overflow' $(HARDENING_OUT)/asan-canary.log && grep -q 'ripemd160mb' $(HARDENING_OUT)/asan-canary.log \
	  || { cat $(HARDENING_OUT)/asan-canary.log; echo "check-asan: canary failed for another reason"; exit 1; }
	@echo "canary: reported as expected (heap-buffer-overflow inside ripemd160mb)"

# The Rust tests themselves with ASan (their code, the library's and the
# dev-dependencies' instrumented; std not). Not in TEST_STEPS: it compiles
# every dev-dependency once more (about 3 minutes cold).
check-asan-rust:
	@mk/require.sh $@ $(HARDENING_REQUIRES_asan)
	RUSTFLAGS="-Zsanitizer=address" $(CARGO) $(NIGHTLY) test --target $(HARDENING_HOST) --target-dir $(HARDENING_ASAN_DIR) \
	  --test guard_pages --test regressions --test limits --test stress --test backends --test vectors

# valgrind has no AVX-512: the scalar backend is forced (the C test also
# runs AVX2 where valgrind offers it). Release build of the C test's library;
# the Rust guard-page, limits and regression tests run under memcheck too.
# --vex-guest-max-insns=25: shorter translation blocks than the default 50.
# A block of sixteen AVX2 gathers (vpgatherdd, the SHA-256 lane loads of the
# unoptimised test build) exhausts VEX's temporary storage at the default
# and valgrind aborts with "VEX temporary storage exhausted".
HARDENING_VALGRIND := valgrind --vex-guest-max-insns=25 --error-exitcode=99 --leak-check=full --show-leak-kinds=definite --errors-for-leak-kinds=definite -q
check-valgrind: $(HARDENING_C_TESTS)
	@mk/require.sh $@ $(HARDENING_REQUIRES_valgrind)
	$(MAKE) --no-print-directory lib
	@mkdir -p $(HARDENING_OUT)
	@for src in $(HARDENING_C_TESTS); do \
	  exe=$(HARDENING_OUT)/plain-$$(basename $$src .c); \
	  echo "== valgrind $$exe"; \
	  $(CC) $(HARDENING_CFLAGS) $$src -o $$exe $(RELEASE_DIR)/libripemd160mb.a $(NATIVE_STATIC_LIBS) || exit 1; \
	  RMD160MB_FORCE=scalar $(HARDENING_VALGRIND) $$exe tests/vectors || exit 1; \
	done
	@echo "== canary: memcheck must report the contract-breaking overread"
	$(CC) $(HARDENING_CFLAGS) c-tests/guard_canary.c -o $(HARDENING_OUT)/plain-canary $(RELEASE_DIR)/libripemd160mb.a $(NATIVE_STATIC_LIBS)
	@RMD160MB_FORCE=scalar $(HARDENING_VALGRIND) $(HARDENING_OUT)/plain-canary 2> $(HARDENING_OUT)/valgrind-canary.log; \
	if [ $$? -ne 99 ] || ! grep -q 'Invalid read' $(HARDENING_OUT)/valgrind-canary.log; then \
	  cat $(HARDENING_OUT)/valgrind-canary.log; echo "check-valgrind: the canary's overread went unnoticed"; exit 1; \
	fi
	@echo "canary: reported as expected (Invalid read)"
	RMD160MB_FORCE=scalar RMD160MB_SKIP_CORPUS=1 CARGO_TARGET_$(HARDENING_HOST_ENV)_RUNNER="$(HARDENING_VALGRIND)" \
	  $(CARGO) test --test regressions --test limits --test guard_pages

# 32-bit size_t. The runner (mk/cross-run.sh, set in .cargo/config.toml)
# runs the binaries natively through the loader of libc6-i386-cross, with
# the C library of /usr/i686-linux-gnu.
test-i686:
	@mk/require.sh $@ $(HARDENING_REQUIRES_i686)
	@$(call cross_libc_check,$@,i686-unknown-linux-gnu,i686-linux-gnu-gcc)
	CROSS_RUN_STEP=$@ $(CARGO) test --target i686-unknown-linux-gnu

# Big-endian, under qemu-user (runner: mk/cross-run.sh), with the C library
# of /usr/s390x-linux-gnu; only the scalar backend exists there.
test-s390x:
	@mk/require.sh $@ $(HARDENING_REQUIRES_s390x)
	@$(call cross_libc_check,$@,s390x-unknown-linux-gnu,s390x-linux-gnu-gcc)
	RMD160MB_FORCE=scalar CROSS_RUN_STEP=$@ $(CARGO) test --target s390x-unknown-linux-gnu

# The 64-bit length counter needs a message past 2^32 bits: an ignored test
# (too long for every cargo test), run here in make test-cargo's debug
# build (the library at opt-level 1, the ripemd crate at 3: Cargo.toml),
# which is already built; a release build would compile every
# dev-dependency once more, with LTO, for this one test.
test-length-counter:
	$(CARGO) test --test limits -- --ignored --exact length_counter_past_2_pow_32_bits
