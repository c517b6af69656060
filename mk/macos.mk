# macOS arm64 (Apple Silicon) and x86_64, cross-built from Linux with clang
# and rustc's lld; built, not run (no macOS here). Included by the top Makefile.
#
#   make macos        target/macos/dist/<triple>/: libripemd160mb.a and,
#                     libripemd160mb.<major>.dylib (linked by rust-lld)
#                     (install name @rpath/libripemd160mb.<major>.dylib, its
#                     compatibility and current versions from the crate's),
#                     libripemd160mb.dylib (a link to it) and ripemd160mb.pc
#   make check-macos  (in make test: mk/platforms.mk) llvm-nm and llvm-objdump: each archive
#                     and dylib defines every function of the header, the
#                     dylib exports nothing else and has its install name
#                     and versions, the arm64 build holds the NEON kernel set
#                     (and the x86_64 one the AVX2 and AVX-512 sets); and
#                     cargo clippy for aarch64-apple-darwin is clean
#
# The sha2 crate assembles its Armv8 SHA-2 code with the C compiler: clang
# with --target (Debian's gcc does not know -arch arm64). The dylib's
# exported symbols come from mk/exports.sh, the one list the Windows .def
# and the Linux version script's check are made from. It links against
# /usr/lib/libSystem.B.dylib through a text stub (.tbd) that names the
# library's undefined symbols (read from the archive): macOS's own stub is
# in the SDK, which is not here.

MACOS_TRIPLES := aarch64-apple-darwin x86_64-apple-darwin
MACOS_CLANG ?= clang
# The linker and the binary tools of rustc's own LLVM: rustc's rust-lld
# (ld64.lld, -flavor darwin), and llvm-nm and llvm-objdump of the nightly
# toolchain's llvm-tools (the compiler_builtins members of the archive are
# LLVM bitcode, which an older LLVM cannot read).
MACOS_HOST := $(shell rustc -vV | sed -n "s/^host: //p")
MACOS_LLD ?= $(shell rustc --print sysroot)/lib/rustlib/$(MACOS_HOST)/bin/rust-lld
MACOS_LLVM_BIN ?= $(shell rustc +nightly --print sysroot 2>/dev/null)/lib/rustlib/$(MACOS_HOST)/bin
MACOS_NM ?= $(MACOS_LLVM_BIN)/llvm-nm
MACOS_OBJDUMP ?= $(MACOS_LLVM_BIN)/llvm-objdump
MACOS_MIN := 11.0
MACOS_TARGET_DIR := $(CARGO_TARGET)/macos
MACOS_DIST := target/macos/dist
# clang's name of each target: arm64-apple-macos11, x86_64-apple-macos11.
macos_clang_target = $(if $(filter aarch64%,$(1)),arm64,x86_64)-apple-macos$(MACOS_MIN)
macos_arch = $(if $(filter aarch64%,$(1)),arm64,x86_64)
macos_env = $(subst -,_,$(1))
MACOS_REQUIRES := cmd:$(MACOS_CLANG)=clang $(foreach t,$(MACOS_TRIPLES),rust-target:$(t)) \
	rust-toolchain:nightly
# The dylib's versions: compatibility major.minor.0, current the crate's.
MACOS_COMPAT := $(word 1,$(subst ., ,$(VERSION))).$(word 2,$(subst ., ,$(VERSION))).0
MACOS_DYLIB := lib$(LIB_NAME).$(SOMAJOR).dylib

# In make test: mk/platforms.mk.
.PHONY: macos check-macos $(MACOS_TRIPLES:%=macos-%)

macos: $(MACOS_TRIPLES:%=macos-%)

$(MACOS_TRIPLES:%=macos-%): macos-%:
	@mk/require.sh macos $(MACOS_REQUIRES)
	@test -x "$(MACOS_NM)" && test -x "$(MACOS_OBJDUMP)" || { \
	  echo "macos: llvm-tools is missing: rustup component add llvm-tools --toolchain nightly (.ci/run does this)"; exit 1; }
	@mkdir -p $(MACOS_DIST)/$*
	CC_$(call macos_env,$*)=$(MACOS_CLANG) CFLAGS_$(call macos_env,$*)=--target=$(call macos_clang_target,$*) \
	  $(CARGO) rustc --release --lib --features capi --crate-type staticlib --target $* \
	  --target-dir $(MACOS_TARGET_DIR) -- --print native-static-libs 2> $(MACOS_DIST)/$*/rustc.log \
	  || { cat $(MACOS_DIST)/$*/rustc.log; exit 1; }
	@sed -n 's/.*native-static-libs: //p' $(MACOS_DIST)/$*/rustc.log | tail -n 1 > $(MACOS_DIST)/$*/native-static-libs.txt
	cp $(MACOS_TARGET_DIR)/$*/release/lib$(LIB_NAME).a $(MACOS_DIST)/$*/lib$(LIB_NAME).a
	@sh mk/exports.sh --macos $(HEADER) > $(MACOS_DIST)/$*/exported_symbols.txt
	@sh mk/macos-libsystem-tbd.sh $(MACOS_NM) $(MACOS_DIST)/$*/lib$(LIB_NAME).a $(call macos_arch,$*) \
	  > $(MACOS_DIST)/$*/libSystem.tbd
	$(MACOS_LLD) -flavor darwin -arch $(call macos_arch,$*) -platform_version macos $(MACOS_MIN) $(MACOS_MIN) -dylib \
	  -install_name @rpath/$(MACOS_DYLIB) -compatibility_version $(MACOS_COMPAT) -current_version $(VERSION) \
	  -exported_symbols_list $(MACOS_DIST)/$*/exported_symbols.txt -dead_strip \
	  $$(sed 's/^/-u /' $(MACOS_DIST)/$*/exported_symbols.txt) \
	  -o $(MACOS_DIST)/$*/$(MACOS_DYLIB) $(MACOS_DIST)/$*/lib$(LIB_NAME).a $(MACOS_DIST)/$*/libSystem.tbd
	@ln -sf $(MACOS_DYLIB) $(MACOS_DIST)/$*/lib$(LIB_NAME).dylib
	@sed -e 's|@PREFIX@|/usr/local|g' -e 's|@LIBDIR@|$${prefix}/lib|g' \
	    -e 's|@INCLUDEDIR@|$${prefix}/include|g' -e 's|@VERSION@|$(VERSION)|g' \
	    -e "s|@LIBS_PRIVATE@|$$(cat $(MACOS_DIST)/$*/native-static-libs.txt)|g" -e 's|[[:space:]]*@LIBS_EXTRA@||g' \
	    pkgconfig/$(LIB_NAME).pc.in > $(MACOS_DIST)/$*/$(LIB_NAME).pc
	@echo "macos $*: $(MACOS_DIST)/$*/lib$(LIB_NAME).a $(MACOS_DIST)/$*/$(MACOS_DYLIB) (built, not run)"

check-macos: macos
	@sh mk/macos-check.sh "$(MACOS_NM)" "$(MACOS_OBJDUMP)" $(MACOS_DIST) $(MACOS_DYLIB) $(VERSION) $(MACOS_COMPAT) $(MACOS_TRIPLES)
	CC_aarch64_apple_darwin=$(MACOS_CLANG) CFLAGS_aarch64_apple_darwin=--target=$(call macos_clang_target,aarch64-apple-darwin) \
	  $(CARGO) clippy --lib --features capi --target aarch64-apple-darwin --target-dir $(MACOS_TARGET_DIR)/clippy -- -D warnings
