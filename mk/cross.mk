# Cross targets: what mk/aarch64.mk and mk/hardening.mk share, and
# `make test-multiarch`.
#
# Cross-built programs run through mk/cross-run.sh (also the cargo runner of
# these targets, in .cargo/config.toml): qemu-user or the sysroot's loader,
# with the loader's search path set to the cross sysroot's lib/ and a time
# limit (CROSS_RUN_TIMEOUT seconds per program, 900 by default; a run that
# hits it fails with the step's name and the likely cause).
#
#   make test-multiarch   the cross steps (test-aarch64, test-i686, test-s390x)
#                         on a machine that has the multiarch C libraries of
#                         those architectures installed (libc6:arm64,
#                         libc6:i386, libc6:s390x): checks that they are, then
#                         runs the steps. Not in make test (it needs dpkg
#                         architectures a plain machine does not have);
#                         `.ci/run test-multiarch` installs them first.

CROSS_DIR := target/cross
CROSS_PROBE_CFLAGS := -O2 -std=c99 -Wall -Wextra -Werror -pedantic

# $(call cross_libc_check,STEP,TRIPLE,CC): builds c-tests/which_libc.c for
# TRIPLE and runs it through mk/cross-run.sh; fails unless the C library it
# loaded is the sysroot's. One recipe line.
cross_libc_check = mkdir -p $(CROSS_DIR) && \
	$(3) $(CROSS_PROBE_CFLAGS) -o $(CROSS_DIR)/which-libc-$(2) c-tests/which_libc.c && \
	sysroot=$$(mk/cross-run.sh --sysroot $(2)) && \
	libc=$$(CROSS_RUN_STEP=$(1) mk/cross-run.sh $(2) $(CROSS_DIR)/which-libc-$(2)) && \
	case "$$libc" in \
	  "$$sysroot"/lib/*) echo "PASS $(1): the C library comes from the sysroot: $$libc";; \
	  *) echo "FAIL $(1): a program for $(2) loaded the C library '$$libc', not the sysroot's ($$sysroot/lib)"; exit 1;; \
	esac

# The multiarch C libraries whose presence used to make the emulated runs
# load the wrong libc (and hang), as file=package pairs for mk/require.sh.
MULTIARCH_LIBCS := file:/lib/aarch64-linux-gnu/libc.so.6=libc6:arm64 \
	file:/lib/i386-linux-gnu/libc.so.6=libc6:i386 \
	file:/lib/s390x-linux-gnu/libc.so.6=libc6:s390x

.PHONY: test-multiarch
test-multiarch:
	@mk/require.sh $@ $(MULTIARCH_LIBCS) || { \
	  echo "test-multiarch: add the architectures first: dpkg --add-architecture arm64 (i386, s390x); apt-get update" >&2; exit 1; }
	@echo "== multiarch C libraries present: $(patsubst file:%,%,$(foreach r,$(MULTIARCH_LIBCS),$(firstword $(subst =, ,$(r)))))"
	$(MAKE) --no-print-directory test-aarch64 test-i686 test-s390x
	@echo "PASS test-multiarch: test-aarch64, test-i686 and test-s390x pass with the multiarch C libraries installed"
