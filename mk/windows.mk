# Windows x86_64 with MinGW-w64 (the toolchain of Bitcoin Core's Windows
# releases), cross-built from Linux and tested under Wine. Included by the
# top Makefile.
#
#   make windows       target/windows/dist/: ripemd160mb.dll, its import
#                      library libripemd160mb.dll.a, the static
#                      libripemd160mb.a, rmd160mb.exe, ripemd160mb.def and
#                      ripemd160mb.pc
#   make test-windows  (in make test: mk/platforms.mk) under Wine: the C tests against the DLL
#                      and the static library on every backend this CPU runs,
#                      the library's Rust tests, and the CLI where Windows
#                      differs (CRLF text, binary output)
#
# The DLL exports exactly the header's functions: its .def file is made by
# mk/exports.sh from the header, the list the Linux version script is
# checked against too. The static library is the C library build's archive
# (cargo rustc --crate-type staticlib, LTO) as rustc makes it; what it needs
# from the system is read from rustc (--print native-static-libs) into the
# .pc's Libs.private.

WIN_TRIPLE := x86_64-pc-windows-gnu
WIN_CC ?= x86_64-w64-mingw32-gcc
WIN_OBJDUMP ?= x86_64-w64-mingw32-objdump
WINE ?= wine
WIN_TARGET_DIR := $(CARGO_TARGET)/windows
WIN_RAW := $(WIN_TARGET_DIR)/$(WIN_TRIPLE)/release
WIN_DIST := target/windows/dist
WIN_DLL := $(WIN_DIST)/$(LIB_NAME).dll
WIN_IMPLIB := $(WIN_DIST)/lib$(LIB_NAME).dll.a
WIN_LIB_A := $(WIN_DIST)/lib$(LIB_NAME).a
WIN_EXE := $(WIN_DIST)/rmd160mb.exe
WIN_DEF := $(WIN_DIST)/$(LIB_NAME).def
WIN_PC := $(WIN_DIST)/$(LIB_NAME).pc
WIN_LIBS_FILE := $(WIN_DIST)/native-static-libs.txt
# Wine's own prefix, inside target/ (created on first use), quiet.
WIN_ENV := WINEPREFIX=$(CURDIR)/target/windows/wine WINEDEBUG=-all
WIN_REQUIRES := cmd:$(WIN_CC)=gcc-mingw-w64-x86-64 cmd:$(WIN_OBJDUMP)=binutils-mingw-w64-x86-64 \
	rust-target:$(WIN_TRIPLE)
WIN_TEST_REQUIRES := $(WIN_REQUIRES) cmd:$(WINE)=wine file:/usr/lib/wine/wine64=wine64
WIN_CT := target/windows/c-tests
WIN_CT_CFLAGS := -O2 -std=c11 $(WARN) -Iinclude -Ic-tests -D__USE_MINGW_ANSI_STDIO=1

# In make test: mk/platforms.mk.
.PHONY: windows test-windows windows-lib windows-cli

windows: windows-lib windows-cli
	@echo "windows: $(WIN_DLL) $(WIN_IMPLIB) $(WIN_LIB_A) $(WIN_EXE) $(WIN_PC)"

# The archive, the DLL linked from it with the .def file (which also writes
# the import library), and the .pc with rustc's list of system libraries.
# The DLL takes from the archive what the C functions reach (each named
# undefined), not the whole archive: that would import every DLL std can
# call (bcryptprimitives.dll among them, which Wine 8 lacks) for nothing.
windows-lib:
	@mk/require.sh windows $(WIN_REQUIRES)
	@mkdir -p $(WIN_DIST)
	$(CARGO) rustc --release --lib --features capi --crate-type staticlib --target $(WIN_TRIPLE) \
	  --target-dir $(WIN_TARGET_DIR) -- --print native-static-libs 2> $(WIN_DIST)/rustc.log || { cat $(WIN_DIST)/rustc.log; exit 1; }
	@sed -n 's/.*native-static-libs: //p' $(WIN_DIST)/rustc.log | tail -n 1 > $(WIN_LIBS_FILE)
	@test -s $(WIN_LIBS_FILE) || { cat $(WIN_DIST)/rustc.log; echo "windows: rustc printed no native-static-libs"; exit 1; }
	cp $(WIN_RAW)/lib$(LIB_NAME).a $(WIN_LIB_A)
	sh mk/exports.sh --def $(HEADER) > $(WIN_DEF)
	$(WIN_CC) -shared -o $(WIN_DLL) $(WIN_DEF) -Wl,--out-implib,$(WIN_IMPLIB) \
	  $$(sh mk/exports.sh $(HEADER) | sed 's/^/-Wl,--undefined=/') $(WIN_LIB_A) \
	  -Wl,--gc-sections -Wl,--strip-debug -static-libgcc $$(cat $(WIN_LIBS_FILE))
	@sed -e 's|@PREFIX@|/usr/x86_64-w64-mingw32|g' -e 's|@LIBDIR@|$${prefix}/lib|g' \
	    -e 's|@INCLUDEDIR@|$${prefix}/include|g' -e 's|@VERSION@|$(VERSION)|g' \
	    -e "s|@LIBS_PRIVATE@|$$(cat $(WIN_LIBS_FILE))|g" -e 's|[[:space:]]*@LIBS_EXTRA@||g' \
	    pkgconfig/$(LIB_NAME).pc.in > $(WIN_PC)
	@echo "windows: Libs.private (rustc): $$(cat $(WIN_LIBS_FILE))"

windows-cli:
	@mk/require.sh windows $(WIN_REQUIRES)
	@mkdir -p $(WIN_DIST)
	$(CARGO) build --release -p rmd160mb-cli --target $(WIN_TRIPLE) --target-dir $(WIN_TARGET_DIR)
	cp $(WIN_TARGET_DIR)/$(WIN_TRIPLE)/release/rmd160mb.exe $(WIN_EXE)

# The CLI's checks compare with the Linux CLI (`cli`, built by prebuild).
test-windows: windows cli
	@mk/require.sh $@ $(WIN_TEST_REQUIRES)
	@sh mk/windows-test.sh
