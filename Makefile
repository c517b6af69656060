# ripemd160mb: build, test, install.
#
#   make            release build: target/release/libripemd160mb.{so,a}
#                   (target/ is $CARGO_TARGET_DIR when that is set)
#   make demo       HASH160 and Ethereum addresses of the bundled secp256k1 public
#                   keys, verified, with keys/s
#   make test       everything CI runs (cargo tests incl. the header drift test,
#                   the C tests, the install test, and every mk/*.mk step),
#                   then the time of each step (mk/steps.sh)
#   make test-quick the cargo tests, the C tests and the CLI tests (minutes, not
#                   make test's half hour), with the time of each
#   make check      the C tests only (CTest-style summary)
#   make check-inlined  no out-of-line intrinsic call in the library's kernels
#   make bench      criterion benches, then one table: ns/message and ratio to the baseline
#   make bench-ports  this CPU's issue rates, each x86_64 kernel's bound per message
#                   and how near the measured speed is to it
#   make install    PREFIX=/usr/local DESTDIR= LIBDIR=$(PREFIX)/lib INCLUDEDIR=$(PREFIX)/include
#   make uninstall  same variables
#   make header     regenerate include/ripemd160mb.h with cbindgen
#
# Fragments in mk/*.mk add test steps: `TEST_STEPS += test-something`. They may
# use $(CARGO), $(CC), $(CXX), $(RELEASE_DIR), $(VERSION), $(CAPI_BUILD).

CARGO ?= cargo
CXX ?= g++
comma := ,
space := $(subst ,, )
PKG_CONFIG ?= pkg-config
# Cargo's target directory ($CARGO_TARGET_DIR, build.target-dir, or
# target/), as cargo itself reports it.
CARGO_TARGET := $(or $(shell $(CARGO) metadata --format-version 1 --no-deps 2>/dev/null | \
	sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p'),$(CURDIR)/target)
# The C library's files (relative when inside this tree).
# The C library's cargo profile: `release` (LTO, one codegen unit: what is
# installed and shipped), or `quick` for make test-quick (Cargo.toml: the
# same code at opt-level 1, without LTO, on 16 codegen units), whose files
# go to target/quick-lib.
CAPI_PROFILE ?= release
RELEASE_DIR := $(patsubst $(CURDIR)/%,%,$(CARGO_TARGET)/$(if $(filter release,$(CAPI_PROFILE)),release,$(CAPI_PROFILE)-lib))
RELEASE_ABS := $(abspath $(RELEASE_DIR))
# The C library build: Cargo.toml's crate-type is only rlib (so Rust
# dependents build no .a/.so of this crate); the C library comes from
# `cargo rustc --crate-type staticlib` with the capi feature (the C
# symbols), which gets the release profile's LTO, in its own target
# directory (cargo's archive there is the raw one). $(LIB_A) is that
# archive localized (mk/localize-archive.sh); $(LIB_SO) is linked from it
# with the SONAME and the symbol versions of capi/ripemd160mb.map (rustc's
# own cdylib link passes an anonymous version script of its own, which
# overrides any other, so the symbols would stay unversioned). cargo-c
# (`cargo cbuild`) links its own .so, with its own SONAME.
# rustc also prints the archive's native libraries (a note, which cargo
# replays when nothing is rebuilt): `make test-native-libs` reads them from
# this same build instead of compiling the library once more.
CAPI_TARGET_DIR := $(CARGO_TARGET)/capi
CAPI_OUT := $(CAPI_TARGET_DIR)/$(CAPI_PROFILE)
# The crate's own symbols (local in the archive and the .so) are mangled
# the v0 way, which keeps generic arguments: `make bench-model` finds each
# fixed-width kernel by its name (`sha256_groups::fixed::<..W64, false>`).
CAPI_BUILD := $(CARGO) rustc --profile $(CAPI_PROFILE) --lib --features capi --crate-type staticlib \
	--target-dir $(CAPI_TARGET_DIR) -- --print native-static-libs -C symbol-mangling-version=v0
VERSION_SCRIPT := capi/ripemd160mb.map
SO_LDFLAGS = -shared -Wl,-soname,libripemd160mb.so.$(SOMAJOR) -Wl,--version-script=$(VERSION_SCRIPT) \
	-Wl,--gc-sections -Wl,-z,relro,-z,now -Wl,-z,noexecstack -Wl,--as-needed

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

# Native libraries the static library needs, as rustc prints them in
# `make lib` (note: native-static-libs: ...),
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
CMAKEDIR ?= $(LIBDIR)/cmake/$(LIB_NAME)
DESTDIR ?=
INSTALL ?= install

# pkg-config files, all made by make_pc below from pkgconfig/*.pc.in:
# ripemd160mb.pc (shared; --static adds Libs.private for a fully static
# link) and ripemd160mb-static.pc (the archive by path, into a dynamic or a
# static executable). The installed ones are written at install time; the
# uninstalled ones point at this build tree with an rpath
# (PKG_CONFIG_PATH=$(CURDIR)/target/pkgconfig pkg-config ... picks them up).
PC_NAMES := $(LIB_NAME) $(LIB_NAME)-static
UNINSTALLED_PC_DIR := target/pkgconfig
UNINSTALLED_PC := $(UNINSTALLED_PC_DIR)/$(LIB_NAME)-uninstalled.pc
UNINSTALLED_PCS := $(PC_NAMES:%=$(UNINSTALLED_PC_DIR)/%-uninstalled.pc)

# $(call make_pc,TEMPLATE,OUTPUT,PREFIX,LIBDIR,INCLUDEDIR,LIBS_EXTRA): the
# one .pc generator (uninstalled and installed; cargo-c writes its own).
make_pc = sed -e 's|@PREFIX@|$(3)|g' \
	    -e 's|@LIBDIR@|$(4)|g' \
	    -e 's|@INCLUDEDIR@|$(5)|g' \
	    -e 's|@VERSION@|$(VERSION)|g' \
	    -e 's|@LIBS_PRIVATE@|$(NATIVE_STATIC_LIBS)|g' \
	    -e 's|[[:space:]]*@LIBS_EXTRA@|$(6)|g' \
	    $(1) > $(2).tmp && mv $(2).tmp $(2) && chmod 0644 $(2)

# C tests.
CT := target/c-tests
WARN := -Wall -Wextra -Werror -pedantic
CT_CFLAGS := -O2 -g $(WARN) -Iinclude -Ic-tests -DTEST_VECTOR_DIR='"$(CURDIR)/tests/vectors"'
CT_SHARED_LINK := -L$(RELEASE_DIR) -Wl,-rpath,$(RELEASE_ABS) -l$(LIB_NAME)
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

# The demo: linked statically, so the binaries run from anywhere.
DEMO := target/examples/hash160
ETH_DEMO := target/examples/eth_address
DEMO_CFLAGS := -O2 $(WARN) -std=c99 -Iinclude

# Test steps of `make test`, in order; fragments append theirs.
TEST_STEPS := test-fmt prebuild test-cargo check test-demo test-install test-native-libs check-inlined

.PHONY: all lib header prebuild test test-quick test-fmt test-cargo check demo bench bench-ports install uninstall clean \
	test-install test-native-libs check-inlined test-demo uninstalled-pc print-rust-version FORCE

all: lib uninstalled-pc

# cargo decides whether anything is stale; the files below are re-stat'ed
# after it runs, so the C programs relink only when the library changed.
# The .so.$(SOMAJOR) link lets programs linked against the build tree (with
# an rpath, or LD_LIBRARY_PATH) find the SONAME.
# The archive is localized (mk/localize-archive.sh: one prelinked object in
# which every symbol but rmd160mb_* is local, unused sections dropped) only
# when cargo made a new one, and the .so relinked only when the archive or
# the version script changed.
lib:
	$(CAPI_BUILD)
	@mkdir -p $(RELEASE_DIR)
	@if [ ! -f $(LIB_A) ] || [ $(CAPI_OUT)/lib$(LIB_NAME).a -nt $(LIB_A) ]; then \
	  echo "localize $(CAPI_OUT)/lib$(LIB_NAME).a -> $(LIB_A)"; \
	  sh mk/localize-archive.sh $(CAPI_OUT)/lib$(LIB_NAME).a $(LIB_A) || exit 1; fi
	@if [ ! -f $(LIB_SO) ] || [ $(LIB_A) -nt $(LIB_SO) ] || [ $(VERSION_SCRIPT) -nt $(LIB_SO) ]; then \
	  echo "link $(LIB_SO)"; \
	  $(CC) $(SO_LDFLAGS) -o $(LIB_SO).tmp -Wl,--whole-archive $(LIB_A) -Wl,--no-whole-archive \
	      $(NATIVE_STATIC_LIBS) && mv $(LIB_SO).tmp $(LIB_SO) || exit 1; fi
	@ln -sf lib$(LIB_NAME).so $(LIB_SO_MAJOR)

$(LIB_SO) $(LIB_A): lib ;

uninstalled-pc: $(UNINSTALLED_PCS)

# Rewritten every time: they name the build directory, which follows
# CARGO_TARGET_DIR.
$(UNINSTALLED_PC_DIR)/%-uninstalled.pc: pkgconfig/%.pc.in FORCE
	@mkdir -p $(dir $@)
	$(call make_pc,$<,$@,$(CURDIR),$(RELEASE_ABS),$(CURDIR)/include, -Wl$(comma)-rpath$(comma)$${libdir})

FORCE:

header:
	RMD160MB_BLESS_HEADER=1 $(CARGO) test --test header

print-rust-version:
	@echo $(RUST_VERSION)

# ---------------------------------------------------------------------------
# Tests

# Debug build: overflow checks on; the C tests below exercise the release
# library. Includes the header drift test (tests/header.rs).
# The Rust sources as rustfmt writes them (rustfmt.toml; `cargo fmt` fixes).
test-fmt:
	@$(CARGO) fmt --version >/dev/null 2>&1 || { echo "test-fmt: rustfmt is missing: rustup component add rustfmt (.ci/run does this)"; exit 1; }
	$(CARGO) fmt --all --check

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

# No kernel calls a core::arch intrinsic out of line (mk/check-inlined.sh:
# an intrinsic called in a closure is not inlined, and the kernel slows).
check-inlined: lib
	@sh mk/check-inlined.sh $(LIB_SO)

# The fixed NATIVE_STATIC_LIBS above against what rustc prints for the C
# library: `lib`'s own build (the same command, so cargo rebuilds nothing
# and replays rustc's note).
test-native-libs:
	@mkdir -p target/native-libs
	@$(CAPI_BUILD) > target/native-libs/rustc.log 2>&1 || \
	    { cat target/native-libs/rustc.log; echo "FAIL native-static-libs: cargo rustc failed"; exit 1; }
	@printed=$$(sed -n 's/.*native-static-libs: //p' target/native-libs/rustc.log | tail -n 1); \
	echo "rustc: $$printed"; echo "Makefile: $(NATIVE_STATIC_LIBS) (+ the compiler driver's unwinder)"; \
	test -n "$$printed" || { echo "FAIL native-static-libs: rustc printed no list"; exit 1; }; \
	for l in $$printed; do \
	  case " $(NATIVE_STATIC_LIBS) -lgcc_s " in *" $$l "*) ;; \
	  *) echo "FAIL native-static-libs: $$l missing from NATIVE_STATIC_LIBS in the Makefile"; exit 1;; esac; \
	done; echo "PASS native-static-libs"

-include mk/*.mk

# Every step in turn, then a table of their durations (mk/steps.sh).
# The release C library (target/capi) and the CLI (target/release) side by
# side: two cargo target directories, so neither waits for the other's lock,
# and each crate's last codegen unit keeps one core busy.
prebuild:
	@$(MAKE) --no-print-directory -j2 all cli

test:
	@sh mk/steps.sh "make test" "$(MAKE)" $(TEST_STEPS)

# The library's unit and property tests, the C tests and the CLI tests on
# this machine's backends: the few minutes' answer (the README gives both
# durations). The release build of the library's crate (LTO, one codegen
# unit) takes one core for over two minutes, so test-quick builds the C
# library once, with the `quick` profile (opt-level 1, no LTO, 16 codegen
# units, target/quick-lib), while the other core builds the debug tests and the
# debug CLI; the CLI tests run on that binary (the same kernels, with
# overflow checks). `make test` tests the LTO library and the release CLI.
TEST_QUICK_STEPS := quick-build test-cargo check test-cli-quick
test-quick:
	@sh mk/steps.sh "make test-quick" "$(MAKE) CAPI_PROFILE=quick" $(TEST_QUICK_STEPS)

.PHONY: quick-build quick-dev-build test-cli-quick
quick-build:
	@$(MAKE) --no-print-directory -j2 lib quick-dev-build

quick-dev-build:
	$(CARGO) test --no-run
	$(CARGO) test --no-run -p rmd160mb-cli --test cli

test-cli-quick:
	$(CARGO) test -p rmd160mb-cli --test cli
	@bash cli/tests/readme-examples.sh "$(CARGO_TARGET)/debug/rmd160mb" README.md

# ---------------------------------------------------------------------------
# Demo and benchmark

target/examples/%: examples/%.c $(HEADER) $(LIB_A)
	@mkdir -p $(dir $@)
	$(CC) $(DEMO_CFLAGS) -o $@ $< $(LIB_A) $(NATIVE_STATIC_LIBS)

# DEMO_ARGS: e.g. `make demo DEMO_ARGS=keys.tsv` (hash160-pubkeys.tsv's
# format); ETH_DEMO_ARGS the same for eth-addresses.tsv's format.
demo: $(DEMO) $(ETH_DEMO) uninstalled-pc
	./$(DEMO) $(DEMO_ARGS)
	./$(ETH_DEMO) $(ETH_DEMO_ARGS)

# The demos verify every bundled key (exit 1 on a mismatch); each must also
# refuse a malformed file (exit 2) and report a corrupted expected digest.
test-demo: $(DEMO) $(ETH_DEMO)
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
	./$(ETH_DEMO)
	@printf '1\t04zz\t00\t00\n' > target/examples/bad-eth.tsv; \
	./$(ETH_DEMO) target/examples/bad-eth.tsv >/dev/null 2>&1; s=$$?; \
	test $$s -eq 2 || { echo "FAIL eth demo: a malformed file gave exit status $$s, expected 2"; exit 1; }
	@awk -F'\t' -v OFS='\t' '!/^#/ && !done { $$4 = (substr($$4,1,1) == "0" ? "1" : "0") substr($$4,2); done = 1 } 1' \
	    tests/vectors/eth-addresses.tsv > target/examples/corrupt-eth.tsv; \
	cmp -s tests/vectors/eth-addresses.tsv target/examples/corrupt-eth.tsv && { echo "FAIL eth demo: corrupting failed"; exit 1; }; \
	./$(ETH_DEMO) target/examples/corrupt-eth.tsv >/dev/null 2>&1; s=$$?; \
	test $$s -eq 1 || { echo "FAIL eth demo: a wrong expected address gave exit status $$s, expected 1"; exit 1; }
	@echo "PASS eth demo (all addresses verified; malformed file and wrong address refused)"

bench:
	rm -rf target/criterion
	$(CARGO) bench --bench hash -- --noplot
	$(CARGO) bench --bench sha256 -- --noplot "sha256-|hash160-|sha256d-|merkle-"
	$(CARGO) bench --bench many -- --noplot
	$(CARGO) bench --bench keccak -- --noplot
	$(CARGO) bench --bench table

# The issue rates of the kernels' instructions on this CPU (bench/ports.rs),
# turned into a bound per message for each x86_64 kernel and set beside
# what `rmd160mb bench` measures (bench/bound.py; needs python3 and
# objdump). The loops timed are the CLI's (its own LTO copy of the kernels,
# whose legacy symbol names carry no widths); the shared library is read for
# the AVX-512 SHA-256 groups and the SHA-NI kernel's instruction mix, which
# its v0-mangled names give per width.
bench-ports: cli lib
	@command -v python3 >/dev/null || { echo "make bench-ports needs python3 (apt-get install python3)" >&2; exit 1; }
	$(CARGO) bench --bench ports -- --json $(CARGO_TARGET)/ports.json
	$(CLI_BIN) bench --json > $(CARGO_TARGET)/bench.json
	python3 bench/bound.py $(CARGO_TARGET)/ports.json $(CLI_BIN) $(CARGO_TARGET)/bench.json $(LIB_SO)

# ---------------------------------------------------------------------------
# Install

INSTALLED_FILES = $(DESTDIR)$(LIBDIR)/lib$(LIB_NAME).so.$(VERSION) \
	$(DESTDIR)$(LIBDIR)/lib$(LIB_NAME).so.$(SOMAJOR) \
	$(DESTDIR)$(LIBDIR)/lib$(LIB_NAME).so \
	$(DESTDIR)$(LIBDIR)/lib$(LIB_NAME).a \
	$(DESTDIR)$(INCLUDEDIR)/$(LIB_NAME).h \
	$(DESTDIR)$(PKGCONFIGDIR)/$(LIB_NAME).pc \
	$(DESTDIR)$(PKGCONFIGDIR)/$(LIB_NAME)-static.pc \
	$(DESTDIR)$(CMAKEDIR)/$(LIB_NAME)Config.cmake \
	$(DESTDIR)$(CMAKEDIR)/$(LIB_NAME)ConfigVersion.cmake

# Paths in the .pc are written relative to ${prefix} when they are under it.
pc_dir = $(if $(filter $(PREFIX)/%,$(1)),$${prefix}/$(patsubst $(PREFIX)/%,%,$(1)),$(1))

# The CMake package: ripemd160mbConfig.cmake finds the library and the
# header relative to its own directory (relocatable: the relative paths
# from CMAKEDIR to LIBDIR and INCLUDEDIR are computed here).
PTR_BYTES = $(shell echo $$(( $$(rustc --print cfg | sed -n 's/^target_pointer_width="\(.*\)"/\1/p') / 8 )))
CMAKE_NATIVE_LIBS := $(subst $(space),;,$(strip $(patsubst -l%,%,$(NATIVE_STATIC_LIBS))))
make_cmake_config = rel_lib=$$(realpath -m -s --relative-to=$(CMAKEDIR) $(LIBDIR)) && \
	rel_inc=$$(realpath -m -s --relative-to=$(CMAKEDIR) $(INCLUDEDIR)) && \
	for f in $(LIB_NAME)Config.cmake $(LIB_NAME)ConfigVersion.cmake; do \
	  sed -e "s|@REL_LIBDIR@|$$rel_lib|g" -e "s|@REL_INCLUDEDIR@|$$rel_inc|g" \
	      -e 's|@VERSION@|$(VERSION)|g' -e 's|@SOMAJOR@|$(SOMAJOR)|g' \
	      -e 's|@NATIVE_LIBS@|$(CMAKE_NATIVE_LIBS)|g' -e 's|@SIZEOF_VOID_P@|$(PTR_BYTES)|g' cmake/$$f.in > $(1)/$$f && chmod 0644 $(1)/$$f || exit 1; \
	done

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
	$(foreach n,$(PC_NAMES),$(call make_pc,pkgconfig/$(n).pc.in,$(DESTDIR)$(PKGCONFIGDIR)/$(n).pc,$(PREFIX),$(call pc_dir,$(LIBDIR)),$(call pc_dir,$(INCLUDEDIR)),) &&) true
	$(INSTALL) -d $(DESTDIR)$(CMAKEDIR)
	$(call make_cmake_config,$(DESTDIR)$(CMAKEDIR))

# The files install wrote, then the one directory that is the package's
# own (the CMake config's; rmdir: only if nothing else is in it).
uninstall:
	rm -f $(INSTALLED_FILES)
	rmdir $(DESTDIR)$(CMAKEDIR) 2>/dev/null || true

clean:
	$(CARGO) clean
