# llvm-mca models of the x86_64 kernels' block loops (issue 35; bench/model.py).
# Included by the top Makefile.
#
#   make bench-model      every AVX-512 and AVX2 kernel on each CPU model (MODEL_CPUS),
#                         one line each, then this host's kernels measured beside the
#                         closest model (needs the CLI: `rmd160mb bench`)
#   make model-baseline   writes bench/model-baseline.tsv from the release library
#   make check-model      fails when a kernel's modelled cycles per message rise more
#                         than 3% on any CPU model (part of make test)
#
# A rise made on purpose updates the baseline (make model-baseline) in the
# same commit, with the reason in the commit message; a new rustc that
# changes code generation is one. The baseline was written with llvm-mca 19
# (Debian's llvm-19): another version models differently.

LLVM_MCA ?= llvm-mca-19
MODEL_CPUS ?= znver4,sapphirerapids,graniterapids,icelake-server,skylake-avx512
MODEL_BASELINE := bench/model-baseline.tsv
MODEL_DIR := target/model
MODEL_REQUIRES := cmd:$(LLVM_MCA)=llvm-19 cmd:python3=python3 cmd:objdump=binutils
MODEL_RUN = python3 bench/model.py $(LIB_SO) $(LLVM_MCA) --cpus $(MODEL_CPUS)
# The kernels modelled are x86_64's: elsewhere the targets say so and stop.
MODEL_X86 := $(filter x86_64,$(shell uname -m))

.PHONY: bench-model model-baseline check-model

TEST_STEPS += check-model

# The C library and the CLI (for the measured column) built side by side, as
# `prebuild` does: each is one core's work for minutes.
bench-model:
	@$(MAKE) --no-print-directory -j2 lib cli
ifeq ($(MODEL_X86),)
	@echo "bench-model: the modelled kernels are x86_64's; this host is $$(uname -m)"
else
	@mk/require.sh $@ $(MODEL_REQUIRES)
	@mkdir -p $(MODEL_DIR)
	@$(CC) -O2 -o $(MODEL_DIR)/clock bench/clock.c
	$(CLI_BIN) bench --json --time-ms 200 -j 1 > $(MODEL_DIR)/bench.json
	$(MODEL_RUN) --measured $(MODEL_DIR)/bench.json --ghz $$($(MODEL_DIR)/clock)
endif

model-baseline: lib
	@mk/require.sh $@ $(MODEL_REQUIRES)
	$(MODEL_RUN) --write $(MODEL_BASELINE) > /dev/null
	@echo "model-baseline: wrote $(MODEL_BASELINE)"

check-model: lib
ifeq ($(MODEL_X86),)
	@echo "check-model: skipped: the modelled kernels are x86_64's; this host is $$(uname -m)"
else
	@mk/require.sh $@ $(MODEL_REQUIRES)
	@mkdir -p $(MODEL_DIR)
	@$(MODEL_RUN) --check $(MODEL_BASELINE) > $(MODEL_DIR)/check.log || { grep -v '^model ' $(MODEL_DIR)/check.log; exit 1; }
	@grep '^check-model' $(MODEL_DIR)/check.log
endif
