# Assurance (issue 13): Miri on the portable paths and a line-coverage floor
# over the Rust and C tests. Included by the top Makefile.
#
#   make miri                 tests/miri.rs and the generic Keccak kernels on u64 lanes under Miri (nightly)
#   make coverage             Rust tests + C tests with -C instrument-coverage (nightly),
#                             one line `coverage: NN.N% lines of src/`, a per-file table;
#                             fails under COVERAGE_MIN percent
#   make coverage COVERAGE_MIN=99.9   shows the failure

CARGO ?= cargo
NIGHTLY ?= +nightly

# --- Miri -------------------------------------------------------------------
# Strict provenance (no integer-to-pointer casts: the tests fabricate wild
# pointers with ptr::without_provenance) and symbolic alignment (alignment
# that merely happens to hold at run time is not enough). Stacked Borrows,
# the data-race detector and the leak check are Miri's defaults.
# Miri's CPU-feature detection reports nothing, so no SIMD kernel can run:
# every batch call takes the scalar kernel (RMD160MB_FORCE=scalar says so
# explicitly, forwarded into the interpreter).
MIRI_FLAGS ?= -Zmiri-strict-provenance -Zmiri-symbolic-alignment-check -Zmiri-env-forward=RMD160MB_FORCE
MIRI_TESTS ?= --test miri

# --- Coverage ---------------------------------------------------------------
COVERAGE_MIN ?= 95
COV_DIR := target/coverage
COV_HOST := $(shell rustc -vV | sed -n "s/^host: //p")
COV_SYSROOT = $(shell rustc $(NIGHTLY) --print sysroot)
COV_BIN = $(COV_SYSROOT)/lib/rustlib/$(COV_HOST)/bin
# coverage_nightly: functions that only run at compile time (const fn
# tables) are marked #[coverage(off)] under it.
COV_RUSTFLAGS := -C instrument-coverage --cfg coverage_nightly
# C programs linked against the instrumented static library (each exits
# non-zero on a failure); contract also runs once per RMD160MB_FORCE name.
COV_C_PROGS := vectors diff contract guard
# Source files of src/ excluded from the floor, by pattern, when this CPU
# cannot run them; the reason is printed with every excluded file. A file
# that is not compiled for this target at all is listed too.
COV_EXCLUDE_neon := $(if $(filter aarch64%,$(COV_HOST)),,neon)
COV_EXCLUDE_avx512 := $(if $(shell grep -qw avx512bw /proc/cpuinfo 2>/dev/null && echo y),,avx512)
COV_EXCLUDE_avx2 := $(if $(shell grep -qw avx2 /proc/cpuinfo 2>/dev/null && echo y),,avx2)
COV_EXCLUDE := $(strip $(COV_EXCLUDE_neon) $(COV_EXCLUDE_avx512) $(COV_EXCLUDE_avx2))

TEST_STEPS += miri coverage

.PHONY: miri coverage

miri:
	@$(CARGO) $(NIGHTLY) miri --version >/dev/null 2>&1 || { \
	  echo "make miri: Miri is missing: rustup component add miri rust-src --toolchain nightly (.ci/run does this)"; exit 1; }
	RMD160MB_FORCE=scalar MIRIFLAGS="$(MIRI_FLAGS)" $(CARGO) $(NIGHTLY) miri test $(MIRI_TESTS)
	@# The generic Keccak kernels on u64 lanes (the fixed-width group driver
	@# and the lane manager): the scalar backend runs neither.
	RMD160MB_FORCE=scalar MIRIFLAGS="$(MIRI_FLAGS)" $(CARGO) $(NIGHTLY) miri test --lib keccak_generic_kernels_on_u64_lanes
	@echo "miri: PASS with $(MIRI_FLAGS) (tests/miri.rs and the library's test of the generic Keccak kernels on u64 lanes); SIMD kernels run: none (scalar only: Miri reports no CPU features, RMD160MB_FORCE=scalar)"
	@echo "miri: skipped: the AVX2/AVX-512/NEON kernels (not reachable under Miri); the other test files and the library's unit test of the generic SHA-256 lanes (their sizes are out of the 10-minute budget, the guard pages' mmap and the fuzz arena's fabricated pointers out of Miri's reach)"

coverage:
	@test -x "$(COV_BIN)/llvm-profdata" && test -x "$(COV_BIN)/llvm-cov" || { \
	  echo "make coverage: llvm-tools is missing: rustup component add llvm-tools --toolchain nightly (.ci/run does this)"; exit 1; }
	@rm -rf $(COV_DIR)/prof $(COV_DIR)/c && mkdir -p $(COV_DIR)/prof $(COV_DIR)/c
	@echo "== coverage: Rust tests (instrumented, nightly)"
	RUSTFLAGS="$(COV_RUSTFLAGS)" LLVM_PROFILE_FILE="$(CURDIR)/$(COV_DIR)/prof/rust-%p-%m.profraw" \
	  $(CARGO) $(NIGHTLY) test --tests --target $(COV_HOST) --target-dir $(COV_DIR)/build
	@echo "== coverage: C tests against the instrumented static library"
	RUSTFLAGS="$(COV_RUSTFLAGS)" $(CARGO) $(NIGHTLY) rustc --lib --features capi --crate-type staticlib \
	  --target $(COV_HOST) --target-dir $(COV_DIR)/build
	@for p in $(COV_C_PROGS); do \
	  $(CC) -std=c11 $(CT_CFLAGS) -o $(COV_DIR)/c/$$p c-tests/$$p.c $(COV_DIR)/build/$(COV_HOST)/debug/lib$(LIB_NAME).a \
	    $(NATIVE_STATIC_LIBS) $(CRYPTO_CFLAGS) $(CRYPTO_LIBS) -pthread || exit 1; \
	  LLVM_PROFILE_FILE="$(CURDIR)/$(COV_DIR)/prof/c-$$p-%p-%m.profraw" $(COV_DIR)/c/$$p tests/vectors > $(COV_DIR)/c/$$p.log 2>&1 \
	    || { tail -20 $(COV_DIR)/c/$$p.log; echo "coverage: C test $$p failed"; exit 1; }; \
	done
	@for b in scalar avx2 avx512 neon auto; do \
	  RMD160MB_FORCE=$$b LLVM_PROFILE_FILE="$(CURDIR)/$(COV_DIR)/prof/c-force-%p-%m.profraw" \
	    $(COV_DIR)/c/contract --check-force > $(COV_DIR)/c/force-$$b.log 2>&1 \
	    || { tail -20 $(COV_DIR)/c/force-$$b.log; echo "coverage: contract --check-force ($$b) failed"; exit 1; }; \
	done
	@"$(COV_BIN)/llvm-profdata" merge -sparse $(COV_DIR)/prof/*.profraw -o $(COV_DIR)/merged.profdata
	@# The test executables of this build only (cargo lists them): deps/ keeps
	@# those of earlier builds too, whose stale line maps would count as missed.
	@objs=$$(RUSTFLAGS="$(COV_RUSTFLAGS)" $(CARGO) $(NIGHTLY) test --tests --no-run --message-format=json \
	    --target $(COV_HOST) --target-dir $(COV_DIR)/build 2>/dev/null | \
	    sed -n 's/.*"executable":"\([^"]*\)".*/-object \1/p' | tr '\n' ' '; \
	  for p in $(COV_C_PROGS); do printf -- '-object %s ' $(COV_DIR)/c/$$p; done); \
	case "$$objs" in *"/deps/"*) ;; *) echo "coverage: cargo listed no test executable"; exit 1;; esac; \
	"$(COV_BIN)/llvm-cov" report --instr-profile $(COV_DIR)/merged.profdata $$objs \
	  --ignore-filename-regex='(/\.cargo/|/rustc/|/library/|/tests/|/fuzz/|/bench/|/examples/|build\.rs)' \
	  > $(COV_DIR)/report.txt || { cat $(COV_DIR)/report.txt; exit 1; }; \
	"$(COV_BIN)/llvm-cov" show --instr-profile $(COV_DIR)/merged.profdata $$objs --show-line-counts-or-regions \
	  --ignore-filename-regex='(/\.cargo/|/rustc/|/library/|/tests/|/fuzz/|/bench/|/examples/|build\.rs)' \
	  > $(COV_DIR)/lines.txt 2>/dev/null || true
	@sh mk/coverage-summary.sh $(COV_DIR)/report.txt "$(COVERAGE_MIN)" "$(COV_EXCLUDE)" "$(COV_HOST)"
