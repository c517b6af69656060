# Assurance (issue 13): Miri on the portable paths and a line-coverage floor
# over the Rust and C tests. Included by the top Makefile.
#
#   make miri                 tests/miri.rs and the generic Keccak kernels on u64 lanes under Miri (nightly)
#   make miri-simd            tests/miri_simd.rs: the AVX2, AVX-512 and SHA-NI kernels under Miri,
#                             on any x86-64 host (nightly)
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
# Without target features Miri's CPU-feature detection reports nothing, so no SIMD kernel runs here (make miri-simd runs them):
# every batch call takes the scalar kernel (RMD160MB_FORCE=scalar says so
# explicitly, forwarded into the interpreter).
MIRI_FLAGS ?= -Zmiri-strict-provenance -Zmiri-symbolic-alignment-check -Zmiri-env-forward=RMD160MB_FORCE
MIRI_TESTS ?= --test miri

# --- Coverage ---------------------------------------------------------------
COVERAGE_MIN ?= 95
# COVERAGE_HIDE=avx512 (or avx2, sha-ni; several may be given): measure as
# on a CPU without it (detection reports it missing: --cfg rmd160mb_hide,
# src/kernels/mod.rs), in a build directory of its own.
COVERAGE_HIDE ?=
COV_DIR := target/coverage$(if $(strip $(COVERAGE_HIDE)),-without-$(subst $(space),-,$(strip $(COVERAGE_HIDE))))
COV_HOST := $(shell rustc -vV | sed -n "s/^host: //p")
COV_SYSROOT = $(shell rustc $(NIGHTLY) --print sysroot)
COV_BIN = $(COV_SYSROOT)/lib/rustlib/$(COV_HOST)/bin
# coverage_nightly: functions that only run at compile time (const fn
# tables) are marked #[coverage(off)] under it.
COV_RUSTFLAGS := -C instrument-coverage --cfg coverage_nightly $(foreach i,$(COVERAGE_HIDE),--cfg rmd160mb_hide="$(i)")
# C programs linked against the instrumented static library (each exits
# non-zero on a failure); contract also runs once per RMD160MB_FORCE name.
COV_C_PROGS := vectors diff contract guard
# The floor (mk/coverage-floor.py) holds for the portable lines of src/,
# those of the functions every CPU runs, counted from their own executions;
# the code of an instruction set (the rule of src/kernels/mod.rs,
# "Instruction-set code") is reported beside it where this CPU runs it
# (contract --list-supported: the library's own detection) and left to
# make miri-simd or make test-aarch64 where it does not. Symbols are
# demangled with llvm-cxxfilt (Rust's v0 names).
COV_DEMANGLER ?= llvm-cxxfilt-19
COV_IGNORE := (/\.cargo/|/rustc/|/library/|/tests/|/fuzz/|/bench/|/examples/|build\.rs)

# --- Miri on the SIMD kernels -----------------------------------------------
# tests/miri_simd.rs under Miri, built with the x86-64 target features that
# the avx2, avx512 and SHA-NI backends' detection asks for: std's detection
# then reports them, so the real kernels run in Miri's interpreter whatever
# this CPU has (src/simd/emulated.rs stands in for the few intrinsics Miri
# lacks). Two builds at once, each in its own target directory and with a
# test of its own: with SHA-NI (the avx2 backend's SHA-256 runs on SHA-NI)
# and without it (the lanes take all of SHA-256, as on a CPU without the SHA
# extensions); between them every entry point runs on every backend. Each
# log ends with the kernels it ran; the last line says which ran in both.
MIRI_SIMD_ISA := +avx2,+avx512f,+avx512vl,+avx512bw,+ssse3,+sse4.1
MIRI_SIMD_DIR := target/miri-simd
# Miri's checks but Stacked Borrows (bounds, alignment, initialization,
# provenance stay on): the kernels take their pointers from slices, and
# the aliasing model, which `make miri` checks on the C boundary and the
# drivers, would cost a fifth of the time budget here.
MIRI_SIMD_FLAGS ?= -Zmiri-strict-provenance -Zmiri-symbolic-alignment-check -Zmiri-disable-stacked-borrows
MIRI_SIMD_RUN = RUSTFLAGS="-C target-feature=$(MIRI_SIMD_ISA)$(1)" MIRIFLAGS="$(MIRI_SIMD_FLAGS)" \
	$(CARGO) $(NIGHTLY) miri test --target-dir $(MIRI_SIMD_DIR)/$(2) --test miri_simd -- --exact $(3) --nocapture

# In `make test`, `miri` and `miri-simd` run side by side (`miri-both`):
# three interpreters, each on one thread, share the two cores, where one
# after the other left a core idle for `miri`'s whole run. `coverage` and
# `test-aarch64` (mk/aarch64.mk) run side by side too: each has stretches on
# one core (its longest test, its LTO link), and their cargo target
# directories differ, so neither waits for the other's lock.
TEST_STEPS += miri-both coverage-aarch64

.PHONY: miri coverage miri-simd miri-both coverage-aarch64

miri-both:
	@$(MAKE) --no-print-directory -j2 --output-sync=target miri miri-simd

coverage-aarch64:
	@$(MAKE) --no-print-directory -j2 --output-sync=target coverage test-aarch64

miri-simd:
	@$(CARGO) $(NIGHTLY) miri --version >/dev/null 2>&1 || { \
	  echo "make miri-simd: Miri is missing: rustup component add miri rust-src --toolchain nightly (.ci/run does this)"; exit 1; }
	@mkdir -p $(MIRI_SIMD_DIR)
	@echo "miri-simd: two Miri runs at once (logs: $(MIRI_SIMD_DIR)/sha-ni.log, $(MIRI_SIMD_DIR)/lanes.log)"
	@( $(call MIRI_SIMD_RUN,$(comma)+sha,sha-ni,simd_kernels_sha_ni_build) ) > $(MIRI_SIMD_DIR)/sha-ni.log 2>&1 & a=$$!; \
	( $(call MIRI_SIMD_RUN,,lanes,simd_kernels_lanes_build) ) > $(MIRI_SIMD_DIR)/lanes.log 2>&1; b=$$?; \
	wait $$a; a=$$?; \
	for r in sha-ni:$$a lanes:$$b; do \
	  log=$(MIRI_SIMD_DIR)/$${r%%:*}.log; \
	  if [ "$${r#*:}" != 0 ]; then echo "== $$log (failed)"; tail -n 60 $$log; else echo "== $$log"; grep -E '^(NOTICE|miri-simd:)|test result' $$log; fi; \
	done; \
	test $$a = 0 && test $$b = 0 || { echo "miri-simd: FAIL"; exit 1; }; \
	with=$$(sed -n 's/^miri-simd: kernels run: //p' $(MIRI_SIMD_DIR)/sha-ni.log); \
	without=$$(sed -n 's/^miri-simd: kernels run: //p' $(MIRI_SIMD_DIR)/lanes.log); \
	for k in "avx2 (" "avx512 (" "sha-ni ("; do \
	  case "$$with" in *"$$k"*) ;; *) echo "miri-simd: FAIL: the kernel $${k% (} did not run (built without its target features?)"; exit 1;; esac; \
	done; \
	echo "miri-simd: with SHA-NI: $$with"; \
	echo "miri-simd: without SHA-NI: $$without"; \
	printf '%s, %s\n' "$$with" "$$without" | sed 's/), /)\n/g' | \
	  awk '{ k = $$1; sub(/^[^ ]* [(]/, ""); sub(/[)]$$/, ""); n = split($$0, e, ", "); \
	         if (!(k in list)) order[++nk] = k; \
	         for (i = 1; i <= n; i++) if (!((k, e[i]) in seen)) { seen[k, e[i]] = 1; list[k] = list[k] (list[k] == "" ? "" : ", ") e[i] } } \
	       END { printf "miri-simd: kernels run:"; for (i = 1; i <= nk; i++) printf "%s %s (%s)", (i > 1 ? "," : ""), order[i], list[order[i]]; print "" }'

miri:
	@$(CARGO) $(NIGHTLY) miri --version >/dev/null 2>&1 || { \
	  echo "make miri: Miri is missing: rustup component add miri rust-src --toolchain nightly (.ci/run does this)"; exit 1; }
	RMD160MB_FORCE=scalar MIRIFLAGS="$(MIRI_FLAGS)" $(CARGO) $(NIGHTLY) miri test $(MIRI_TESTS)
	@# The generic Keccak kernels on u64 lanes (the fixed-width group driver
	@# and the lane manager): the scalar backend runs neither.
	RMD160MB_FORCE=scalar MIRIFLAGS="$(MIRI_FLAGS)" $(CARGO) $(NIGHTLY) miri test --lib keccak_generic_kernels_on_u64_lanes
	@echo "miri: PASS with $(MIRI_FLAGS) (tests/miri.rs and the library's test of the generic Keccak kernels on u64 lanes); SIMD kernels run: none (scalar only: Miri reports no CPU features, RMD160MB_FORCE=scalar)"
	@echo "miri: skipped: the AVX2/AVX-512 kernels (make miri-simd runs them under Miri) and NEON (qemu, make test-aarch64); the other test files and the library's unit test of the generic SHA-256 lanes (their sizes are out of the 10-minute budget, the guard pages' mmap and the fuzz arena's fabricated pointers out of Miri's reach)"

coverage:
	@test -x "$(COV_BIN)/llvm-profdata" && test -x "$(COV_BIN)/llvm-cov" || { \
	  echo "make coverage: llvm-tools is missing: rustup component add llvm-tools --toolchain nightly (.ci/run does this)"; exit 1; }
	@mk/require.sh coverage cmd:$(COV_DEMANGLER)=llvm-19 cmd:python3=python3
	@rm -rf $(COV_DIR)/prof $(COV_DIR)/c && mkdir -p $(COV_DIR)/prof $(COV_DIR)/c
	@echo "== coverage: Rust tests (instrumented, nightly)"
	RUSTFLAGS='$(COV_RUSTFLAGS)' LLVM_PROFILE_FILE="$(CURDIR)/$(COV_DIR)/prof/rust-%p-%m.profraw" \
	  $(CARGO) $(NIGHTLY) test --tests --target $(COV_HOST) --target-dir $(COV_DIR)/build
	@echo "== coverage: C tests against the instrumented static library"
	RUSTFLAGS='$(COV_RUSTFLAGS)' $(CARGO) $(NIGHTLY) rustc --lib --features capi --crate-type staticlib \
	  --target $(COV_HOST) --target-dir $(COV_DIR)/build
	@for p in $(COV_C_PROGS); do \
	  $(CC) -std=c11 $(CT_CFLAGS) -o $(COV_DIR)/c/$$p c-tests/$$p.c $(COV_DIR)/build/$(COV_HOST)/debug/lib$(LIB_NAME).a \
	    $(NATIVE_STATIC_LIBS) $(CRYPTO_CFLAGS) $(CRYPTO_LIBS) -pthread || exit 1; \
	  LLVM_PROFILE_FILE="$(CURDIR)/$(COV_DIR)/prof/c-$$p-%p-%m.profraw" $(COV_DIR)/c/$$p tests/vectors > $(COV_DIR)/c/$$p.log 2>&1 \
	    || { tail -20 $(COV_DIR)/c/$$p.log; echo "coverage: C test $$p failed"; exit 1; }; \
	done
	@for b in $$($(COV_DIR)/c/contract --list-backends) auto; do \
	  RMD160MB_FORCE=$$b LLVM_PROFILE_FILE="$(CURDIR)/$(COV_DIR)/prof/c-force-%p-%m.profraw" \
	    $(COV_DIR)/c/contract --check-force > $(COV_DIR)/c/force-$$b.log 2>&1 \
	    || { tail -20 $(COV_DIR)/c/force-$$b.log; echo "coverage: contract --check-force ($$b) failed"; exit 1; }; \
	done
	@"$(COV_BIN)/llvm-profdata" merge -sparse $(COV_DIR)/prof/*.profraw -o $(COV_DIR)/merged.profdata
	@# The test executables of this build only (cargo lists them): deps/ keeps
	@# those of earlier builds too, whose stale line maps would count as missed.
	@objs=$$(RUSTFLAGS='$(COV_RUSTFLAGS)' $(CARGO) $(NIGHTLY) test --tests --no-run --message-format=json \
	    --target $(COV_HOST) --target-dir $(COV_DIR)/build 2>/dev/null | \
	    sed -n 's/.*"executable":"\([^"]*\)".*/-object \1/p' | tr '\n' ' '; \
	  for p in $(COV_C_PROGS); do printf -- '-object %s ' $(COV_DIR)/c/$$p; done); \
	case "$$objs" in *"/deps/"*) ;; *) echo "coverage: cargo listed no test executable"; exit 1;; esac; \
	"$(COV_BIN)/llvm-cov" report --instr-profile $(COV_DIR)/merged.profdata $$objs \
	  --ignore-filename-regex='$(COV_IGNORE)' \
	  > $(COV_DIR)/report.txt || { cat $(COV_DIR)/report.txt; exit 1; }; \
	"$(COV_BIN)/llvm-cov" export --format=text --instr-profile $(COV_DIR)/merged.profdata $$objs \
	  --ignore-filename-regex='$(COV_IGNORE)' > $(COV_DIR)/export.json || exit 1; \
	"$(COV_BIN)/llvm-cov" show --instr-profile $(COV_DIR)/merged.profdata $$objs --show-line-counts-or-regions \
	  --ignore-filename-regex='$(COV_IGNORE)' \
	  > $(COV_DIR)/lines.txt 2>/dev/null || true
	@$(COV_DIR)/c/contract --list-supported > $(COV_DIR)/supported.txt || { echo "coverage: contract --list-supported failed"; exit 1; }
	@python3 mk/coverage-floor.py $(COV_DIR)/export.json "$(COVERAGE_MIN)" src "$(COV_HOST)" \
	  "$$(cat $(COV_DIR)/supported.txt)" $(COV_DIR) "$(COV_DEMANGLER)"

# The floor's portable lines are the same set whatever the CPU runs: the
# coverage run as this CPU has it and one as a CPU without AVX-512
# (COVERAGE_HIDE=avx512) side by side, each held to the floor, then their
# portable line sets compared. Not in make test (two coverage runs); run it
# after a change to the rule, the kernel sets or coverage-floor.py.
.PHONY: coverage-compare
coverage-compare:
	@$(MAKE) --no-print-directory -j2 --output-sync=target coverage coverage-without-avx512
	@cmp -s target/coverage/portable-lines.txt target/coverage-without-avx512/portable-lines.txt || { \
	  diff target/coverage/portable-lines.txt target/coverage-without-avx512/portable-lines.txt | head -20; \
	  echo "coverage-compare: FAIL: the portable lines differ with AVX-512 hidden"; exit 1; }
	@echo "coverage-compare: PASS: the same $$(wc -l < target/coverage/portable-lines.txt) portable lines with and without AVX-512"
.PHONY: coverage-without-avx512
coverage-without-avx512:
	@$(MAKE) --no-print-directory coverage COVERAGE_HIDE=avx512
