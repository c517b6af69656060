# ripemd160mb: build, test, install.
#
#   make            release build: target/release/libripemd160mb.{so,a}
#   make demo       HASH160 of the bundled secp256k1 public keys, verified, with keys/s
#   make test       everything CI runs (cargo tests incl. the header drift test,
#                   the C tests, the install test, and every mk/*.mk step)
#   make check      the C tests only (CTest-style summary)
#   make bench      criterion benches, then one table: ns/message and ratio to the baseline
#   make install    PREFIX=/usr/local DESTDIR= LIBDIR=$(PREFIX)/lib INCLUDEDIR=$(PREFIX)/include
#   make uninstall  same variables
#   make header     regenerate include/ripemd160mb.h with cbindgen
#
# Fragments in mk/*.mk add test steps: `TEST_STEPS += test-something`. They may
# use $(CARGO), $(CC), $(CXX), $(RELEASE_DIR), $(VERSION).

CARGO ?= cargo
CXX ?= g++
PKG_CONFIG ?= pkg-config
RELEASE_DIR := target/release

# Cargo.toml's [package] fields, read here only: $(call cargo_field,NAME).
# .ci/run asks for the minimum Rust with `make -s print-rust-version`.
cargo_field = $(shell sed -n '/^\[package\]/,/^\[/s/^$(1)[[:space:]]*=[[:space:]]*"\([^"]*\)".*/\1/p' Cargo.toml | head -n 1)
# The SONAME major is the version's first component.
VERSION := $(call cargo_field,version)
RUST_VERSION := $(call cargo_field,rust-version)
SOMAJOR := $(word 1,$(subst ., ,$(VERSION)))
ifeq ($(strip $(VERSION)),)
$(error cannot read the package version from Cargo.toml)
endif

LIB_NAME := ripemd160mb
LIB_SO := $(RELEASE_DIR)/lib$(LIB_NAME).so
LIB_SO_MAJOR := $(RELEASE_DIR)/lib$(LIB_NAME).so.$(SOMAJOR)
LIB_A := $(RELEASE_DIR)/lib$(LIB_NAME).a
HEADER := include/$(LIB_NAME).h

# Native libraries the static library needs, as printed by
#   cargo rustc --release --lib --crate-type staticlib -- --print native-static-libs
# minus -lgcc_s: gcc and clang add the unwinder themselves (libgcc_s as
# needed for dynamic executables, libgcc_eh with -static), and Debian ships
# no libgcc_s.a, so an explicit -lgcc_s makes `cc -static` fail.
# `make test-native-libs` checks this list against rustc's.
NATIVE_STATIC_LIBS := -lutil -lrt -lpthread -lm -ldl -lc

# Installation layout (LIBDIR may be multiarch, e.g. $(PREFIX)/lib/x86_64-linux-gnu).
PREFIX ?= /usr/local
LIBDIR ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
DESTDIR ?=
INSTALL ?= install

# pkg-config files: the installed one is generated at install time from
# pkgconfig/ripemd160mb.pc.in; the uninstalled one points at this build tree
# (PKG_CONFIG_PATH=$(CURDIR)/target/pkgconfig pkg-config ... picks it up).
PC_IN := pkgconfig/$(LIB_NAME).pc.in
UNINSTALLED_PC := target/pkgconfig/$(LIB_NAME)-uninstalled.pc

# C tests.
CT := target/c-tests
WARN := -Wall -Wextra -Werror -pedantic
CT_CFLAGS := -O2 -g $(WARN) -Iinclude -Ic-tests -DTEST_VECTOR_DIR='"$(CURDIR)/tests/vectors"'
CT_SHARED_LINK := -L$(RELEASE_DIR) -Wl,-rpath,$(CURDIR)/$(RELEASE_DIR) -l$(LIB_NAME)
CT_STATIC_LINK := $(LIB_A) $(NATIVE_STATIC_LIBS)
CT_PROGS := vectors diff contract
CT_STDS := c99 c11
CT_LINKS := static shared
CT_BINS := $(foreach p,$(CT_PROGS),$(foreach s,$(CT_STDS),$(foreach l,$(CT_LINKS),$(CT)/$(p)-$(s)-$(l))))
CT_CXX_BINS := $(CT)/cxx-static $(CT)/cxx-shared
CT_DEPS := c-tests/testutil.h $(HEADER)
# OpenSSL's libcrypto for the differential test, from pkg-config if it knows it.
CRYPTO_LIBS := $(shell $(PKG_CONFIG) --libs libcrypto 2>/dev/null || echo -lcrypto)
CRYPTO_CFLAGS := $(shell $(PKG_CONFIG) --cflags libcrypto 2>/dev/null)
# Per-program extra flags (only the differential test needs libcrypto).
CT_EXTRA_diff := $(CRYPTO_CFLAGS) $(CRYPTO_LIBS)
CT_EXTRA = $(CT_EXTRA_$(firstword $(subst -, ,$(notdir $@))))

# The demo: linked statically, so the binary runs from anywhere.
DEMO := target/examples/hash160
DEMO_CFLAGS := -O2 $(WARN) -std=c99 -Iinclude

# Test steps of `make test`, in order; fragments append theirs.
TEST_STEPS := test-cargo check test-demo test-install test-native-libs

.PHONY: all lib header test test-cargo check demo bench install uninstall clean \
	test-install test-native-libs test-demo uninstalled-pc print-rust-version

all: lib uninstalled-pc

# cargo decides whether anything is stale; the files below are re-stat'ed
# after it runs, so the C programs relink only when the library changed.
# The .so.$(SOMAJOR) link lets programs linked against the build tree (with
# an rpath, or LD_LIBRARY_PATH) find the SONAME.
lib:
	$(CARGO) build --release
	@ln -sf lib$(LIB_NAME).so $(LIB_SO_MAJOR)

$(LIB_SO) $(LIB_A): lib ;

uninstalled-pc: $(UNINSTALLED_PC)

$(UNINSTALLED_PC): $(PC_IN) Cargo.toml Makefile
	@mkdir -p $(dir $@)
	sed -e 's|@PREFIX@|$(CURDIR)|g' \
	    -e 's|@LIBDIR@|$(CURDIR)/$(RELEASE_DIR)|g' \
	    -e 's|@INCLUDEDIR@|$(CURDIR)/include|g' \
	    -e 's|@VERSION@|$(VERSION)|g' \
	    -e 's|@LIBS_PRIVATE@|$(NATIVE_STATIC_LIBS)|g' \
	    -e 's|@LIBS_EXTRA@|-Wl,-rpath,$${libdir}|g' \
	    $(PC_IN) > $@.tmp && mv $@.tmp $@

header:
	RMD160MB_BLESS_HEADER=1 $(CARGO) test --test header

print-rust-version:
	@echo $(RUST_VERSION)

# ---------------------------------------------------------------------------
# Tests

# Debug build: overflow checks on; the C tests below exercise the release
# library. Includes the header drift test (tests/header.rs).
test-cargo:
	$(CARGO) test

$(CT)/%-c99-static: c-tests/%.c $(CT_DEPS) $(LIB_A)
	@mkdir -p $(CT)
	$(CC) -std=c99 $(CT_CFLAGS) -o $@ $< $(CT_STATIC_LINK) $(CT_EXTRA) -pthread
$(CT)/%-c11-static: c-tests/%.c $(CT_DEPS) $(LIB_A)
	@mkdir -p $(CT)
	$(CC) -std=c11 $(CT_CFLAGS) -o $@ $< $(CT_STATIC_LINK) $(CT_EXTRA) -pthread
$(CT)/%-c99-shared: c-tests/%.c $(CT_DEPS) $(LIB_SO) | lib
	@mkdir -p $(CT)
	$(CC) -std=c99 $(CT_CFLAGS) -o $@ $< $(CT_SHARED_LINK) $(CT_EXTRA) -pthread
$(CT)/%-c11-shared: c-tests/%.c $(CT_DEPS) $(LIB_SO) | lib
	@mkdir -p $(CT)
	$(CC) -std=c11 $(CT_CFLAGS) -o $@ $< $(CT_SHARED_LINK) $(CT_EXTRA) -pthread

$(CT)/cxx-static: c-tests/cxx.cpp $(HEADER) $(LIB_A)
	@mkdir -p $(CT)
	$(CXX) -std=c++11 -O2 $(WARN) -Iinclude -o $@ $< $(CT_STATIC_LINK)
$(CT)/cxx-shared: c-tests/cxx.cpp $(HEADER) $(LIB_SO) | lib
	@mkdir -p $(CT)
	$(CXX) -std=c++11 -O2 $(WARN) -Iinclude -o $@ $< $(CT_SHARED_LINK)

# CTest-style: one PASS/FAIL line per test, then "N passed, N failed".
check: $(CT_BINS) $(CT_CXX_BINS)
	@bash c-tests/run.sh --logs $(CT)/logs --force-bin $(CT)/contract-c11-shared --legacy-bin $(CT)/diff-c11-shared $(CT_BINS) $(CT_CXX_BINS)

# Installs into a temporary DESTDIR with PREFIX=/usr, builds a program with
# nothing but `pkg-config --cflags --libs ripemd160mb` (shared, then --static
# with -static), runs both, uninstalls, and checks nothing is left.
test-install: all
	@bash c-tests/install-test.sh "$(MAKE)" "$(CC)" "$(PKG_CONFIG)"

# The fixed NATIVE_STATIC_LIBS above against what rustc prints (separate
# target dir, so the release build is not disturbed).
test-native-libs:
	@mkdir -p target/native-libs
	@$(CARGO) rustc --release --lib --crate-type staticlib --target-dir target/native-libs \
	    -- --print native-static-libs > target/native-libs/rustc.log 2>&1 || \
	    { cat target/native-libs/rustc.log; echo "FAIL native-static-libs: cargo rustc failed"; exit 1; }
	@printed=$$(sed -n 's/.*native-static-libs: //p' target/native-libs/rustc.log | tail -n 1); \
	echo "rustc: $$printed"; echo "Makefile: $(NATIVE_STATIC_LIBS) (+ the compiler driver's unwinder)"; \
	test -n "$$printed" || { echo "FAIL native-static-libs: rustc printed no list"; exit 1; }; \
	for l in $$printed; do \
	  case " $(NATIVE_STATIC_LIBS) -lgcc_s " in *" $$l "*) ;; \
	  *) echo "FAIL native-static-libs: $$l missing from NATIVE_STATIC_LIBS in the Makefile"; exit 1;; esac; \
	done; echo "PASS native-static-libs"

-include mk/*.mk

test: $(TEST_STEPS)

# ---------------------------------------------------------------------------
# Demo and benchmark

$(DEMO): examples/hash160.c $(HEADER) $(LIB_A)
	@mkdir -p $(dir $@)
	$(CC) $(DEMO_CFLAGS) -o $@ $< $(LIB_A) $(NATIVE_STATIC_LIBS)

# DEMO_ARGS: e.g. `make demo DEMO_ARGS=keys.tsv`.
demo: $(DEMO)
	./$(DEMO) $(DEMO_ARGS)

# The demo verifies every bundled key (exit 1 on a mismatch); it must also
# refuse a malformed file (exit 2) and report a corrupted expected digest.
test-demo: $(DEMO)
	./$(DEMO)
	@printf '1\tzz\t00\t00\t00\n' > target/examples/bad.tsv; \
	./$(DEMO) target/examples/bad.tsv >/dev/null 2>&1; s=$$?; \
	test $$s -eq 2 || { echo "FAIL demo: a malformed file gave exit status $$s, expected 2"; exit 1; }
	@awk -F'\t' -v OFS='\t' '!/^#/ && !done { $$5 = (substr($$5,1,1) == "0" ? "1" : "0") substr($$5,2); done = 1 } 1' \
	    tests/vectors/hash160-pubkeys.tsv > target/examples/corrupt.tsv; \
	cmp -s tests/vectors/hash160-pubkeys.tsv target/examples/corrupt.tsv && { echo "FAIL demo: corrupting failed"; exit 1; }; \
	./$(DEMO) target/examples/corrupt.tsv >/dev/null 2>&1; s=$$?; \
	test $$s -eq 1 || { echo "FAIL demo: a wrong expected digest gave exit status $$s, expected 1"; exit 1; }
	@echo "PASS demo (all keys verified; malformed file and wrong digest refused)"

bench:
	rm -rf target/criterion
	$(CARGO) bench --bench hash -- --noplot
	$(CARGO) bench --bench sha256 -- --noplot "sha256-|hash160-"
	$(CARGO) bench --bench table

# ---------------------------------------------------------------------------
# Install

INSTALLED_FILES = $(DESTDIR)$(LIBDIR)/lib$(LIB_NAME).so.$(VERSION) \
	$(DESTDIR)$(LIBDIR)/lib$(LIB_NAME).so.$(SOMAJOR) \
	$(DESTDIR)$(LIBDIR)/lib$(LIB_NAME).so \
	$(DESTDIR)$(LIBDIR)/lib$(LIB_NAME).a \
	$(DESTDIR)$(INCLUDEDIR)/$(LIB_NAME).h \
	$(DESTDIR)$(PKGCONFIGDIR)/$(LIB_NAME).pc

# Paths in the .pc are written relative to ${prefix} when they are under it.
pc_dir = $(if $(filter $(PREFIX)/%,$(1)),$${prefix}/$(patsubst $(PREFIX)/%,%,$(1)),$(1))

# No dependency on `all`: `make && sudo make install` must not run cargo as root.
install:
	@for f in $(LIB_SO) $(LIB_A) $(HEADER); do \
	  test -f $$f || { echo "error: $$f is missing: run \`make\` first" >&2; exit 1; }; done
	$(INSTALL) -d $(DESTDIR)$(LIBDIR) $(DESTDIR)$(INCLUDEDIR) $(DESTDIR)$(PKGCONFIGDIR)
	$(INSTALL) -m 0755 $(LIB_SO) $(DESTDIR)$(LIBDIR)/lib$(LIB_NAME).so.$(VERSION)
	ln -sf lib$(LIB_NAME).so.$(VERSION) $(DESTDIR)$(LIBDIR)/lib$(LIB_NAME).so.$(SOMAJOR)
	ln -sf lib$(LIB_NAME).so.$(SOMAJOR) $(DESTDIR)$(LIBDIR)/lib$(LIB_NAME).so
	$(INSTALL) -m 0644 $(LIB_A) $(DESTDIR)$(LIBDIR)/lib$(LIB_NAME).a
	$(INSTALL) -m 0644 $(HEADER) $(DESTDIR)$(INCLUDEDIR)/$(LIB_NAME).h
	sed -e 's|@PREFIX@|$(PREFIX)|g' \
	    -e 's|@LIBDIR@|$(call pc_dir,$(LIBDIR))|g' \
	    -e 's|@INCLUDEDIR@|$(call pc_dir,$(INCLUDEDIR))|g' \
	    -e 's|@VERSION@|$(VERSION)|g' \
	    -e 's|@LIBS_PRIVATE@|$(NATIVE_STATIC_LIBS)|g' \
	    -e 's|[[:space:]]*@LIBS_EXTRA@||g' \
	    $(PC_IN) > $(DESTDIR)$(PKGCONFIGDIR)/$(LIB_NAME).pc
	chmod 0644 $(DESTDIR)$(PKGCONFIGDIR)/$(LIB_NAME).pc

uninstall:
	rm -f $(INSTALLED_FILES)

clean:
	$(CARGO) clean
