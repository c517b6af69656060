# The C library as other projects link it (issue 11):
#
#   make test-capi         libripemd160mb.a defines no global symbol but
#                          rmd160mb_* and links into one C program beside
#                          another Rust static library built by nightly and by
#                          stable rustc, plainly and with --whole-archive; a
#                          fully static link prints no glibc warning; the C
#                          artifacts were built with LTO; the .so's symbols
#                          carry the versions of capi/ripemd160mb.map
#                          (RMD160MB_0, a later node's for the names it lists)
#   make test-header-std   the header as C89, C99, C11, C++98 and C++17
#                          (-pedantic -Werror), and an ignored status is an
#                          error under -Werror (RMD160MB_MUST_USE)
#   make test-dependent    tests/dependent: a Rust crate depending on this one,
#                          debug build, hashing on every backend on a 256 KiB
#                          stack; no .a/.so of ripemd160mb built, and its
#                          cdylib exports no rmd160mb_*
#
# Needs: cc, c++, binutils, the nightly toolchain (also for check-asan).

NIGHTLY ?= +nightly
CAPI_WORK := target/capi-test
CAPI_OTHER_MANIFEST := tests/other-staticlib/Cargo.toml
CAPI_WARN := -Wall -Wextra -Werror -pedantic
DEPENDENT_STACK ?= 262144

TEST_STEPS += test-capi test-header-std test-dependent
.PHONY: test-capi test-header-std test-dependent

test-capi: all
	@mkdir -p $(CAPI_WORK)
	@echo "== exports of $(LIB_A)"
	@syms=$$(nm --defined-only -g $(LIB_A) | awk 'NF >= 3 { print $$3 }'); \
	others=$$(printf '%s\n' "$$syms" | grep -v '^rmd160mb_' || true); \
	test -z "$$others" || { echo "FAIL capi: $(LIB_A) defines global symbols besides rmd160mb_*:"; echo "$$others"; exit 1; }; \
	for f in $$(sh mk/exports.sh $(HEADER)); do \
	  printf '%s\n' "$$syms" | grep -qx "$$f" || { echo "FAIL capi: $(LIB_A) lacks $$f"; exit 1; }; \
	done; echo "PASS capi: $(LIB_A) defines only rmd160mb_* ($$(printf '%s\n' "$$syms" | wc -l) functions)"
	@echo "sizes: cargo's archive $$(stat -c %s $(CAPI_OUT)/lib$(LIB_NAME).a) bytes ($$(ar t $(CAPI_OUT)/lib$(LIB_NAME).a | wc -l) members), localized $$(stat -c %s $(LIB_A)) bytes ($$(ar t $(LIB_A) | wc -l) member), $(LIB_SO) $$(stat -c %s $(LIB_SO)) bytes"
	@# LTO merges std and the dependencies into the crate's one object: no
	@# member of cargo's archive comes from std (without LTO, dozens do).
	@n=$$(ar t $(CAPI_OUT)/lib$(LIB_NAME).a | grep -c '^std-' || true); \
	test "$$n" -eq 0 || { echo "FAIL capi: $$n std-* members in cargo's archive: built without LTO"; exit 1; }; \
	echo "PASS capi: the C artifacts are built with LTO (no std-* member in cargo's archive)"
	@echo "== SONAME and symbol versions of $(LIB_SO)"
	@readelf -d $(LIB_SO) | grep -q 'Library soname: \[lib$(LIB_NAME).so.$(SOMAJOR)\]' || \
	  { readelf -d $(LIB_SO) | grep SONAME; echo "FAIL capi: the SONAME is not lib$(LIB_NAME).so.$(SOMAJOR)"; exit 1; }
	@readelf -V $(LIB_SO) | grep -q 'Name: RMD160MB_0' || { readelf -V $(LIB_SO); echo "FAIL capi: no version RMD160MB_0"; exit 1; }
	@dyn=$$(nm -D --defined-only $(LIB_SO) | awk 'NF >= 3 { print $$3 }'); \
	test -n "$$dyn" || { echo "FAIL capi: no dynamic symbols"; exit 1; }; \
	vers=$$(grep -o '^RMD160MB_[0-9.]*' $(VERSION_SCRIPT)); \
	bad=$$(printf '%s\n' "$$dyn" | grep -vxF "$$vers" | grep -v '^rmd160mb_[a-z0-9_]*@@RMD160MB_[0-9.]*$$' || true); \
	test -z "$$bad" || { echo "FAIL capi: exported without a version of $(VERSION_SCRIPT):"; echo "$$bad"; exit 1; }; \
	for s in $$(awk '/^RMD160MB_[0-9.]* *\{/ { v = $$1 } v != "" && /^ *rmd160mb_[a-z0-9_]*;/ { gsub(/[ ;]/, ""); print $$0 "@@" v }' $(VERSION_SCRIPT)); do \
	  printf '%s\n' "$$dyn" | grep -qxF "$$s" || { echo "FAIL capi: $$s not exported (a function named in a later node carries its version)"; exit 1; }; \
	done; \
	echo "PASS capi: every exported symbol is rmd160mb_*@@<a version of $(VERSION_SCRIPT)> ($$(printf '%s\n' "$$dyn" | grep -c rmd160mb_); versions $$(echo $$vers))"
	@# The one list of the C functions (mk/exports.sh, from the header), which
	@# the Windows .def and the macOS exported-symbols list are made of.
	@got=$$(nm -D --defined-only $(LIB_SO) | awk 'NF >= 3 && $$3 ~ /^rmd160mb_/ { sub(/@.*/, "", $$3); print $$3 }' | sort -u); \
	want=$$(sh mk/exports.sh $(HEADER)); \
	test "$$got" = "$$want" || { echo "FAIL capi: $(LIB_SO) does not export exactly mk/exports.sh's list"; \
	  printf '%s\n' "$$want" > $(CAPI_WORK)/want.txt; printf '%s\n' "$$got" | diff $(CAPI_WORK)/want.txt - ; exit 1; }; \
	echo "PASS capi: $(LIB_SO) exports the header's $$(printf '%s\n' "$$want" | wc -l) functions (mk/exports.sh), as the Windows DLL and the macOS dylib do"
	@echo "== beside another Rust static library"
	@for tc in nightly stable; do \
	  flag=; [ $$tc = nightly ] && flag="$(NIGHTLY)"; \
	  $(CARGO) $$flag build --release --quiet --manifest-path $(CAPI_OTHER_MANIFEST) \
	      --target-dir $(CARGO_TARGET)/other-$$tc || { echo "FAIL capi: cargo $$flag build of tests/other-staticlib"; exit 1; }; \
	  other=$(CARGO_TARGET)/other-$$tc/release/libother_staticlib.a; \
	  echo "other: $$($(CARGO) $$flag --version)"; \
	  for mode in plain whole-archive; do \
	    pre=; post=; [ $$mode = whole-archive ] && { pre=-Wl,--whole-archive; post=-Wl,--no-whole-archive; }; \
	    exe=$(CAPI_WORK)/beside-$$tc-$$mode; \
	    $(CC) -std=c99 $(CAPI_WARN) -Iinclude -o $$exe c-tests/beside_rust.c $$pre $(LIB_A) $$other $$post \
	        $(NATIVE_STATIC_LIBS) -pthread 2> $$exe.log || { head -20 $$exe.log; echo "FAIL capi: link beside $$tc Rust ($$mode)"; exit 1; }; \
	    ./$$exe || { echo "FAIL capi: beside $$tc Rust ($$mode) runs wrong"; exit 1; }; \
	    echo "PASS capi: linked beside a $$tc Rust staticlib ($$mode)"; \
	  done; \
	done
	@# The control: cargo's own archive clashes (what the localization fixes).
	@if $(CC) -Iinclude -o $(CAPI_WORK)/beside-raw c-tests/beside_rust.c -Wl,--whole-archive \
	    $(CAPI_OUT)/lib$(LIB_NAME).a $(CARGO_TARGET)/other-nightly/release/libother_staticlib.a -Wl,--no-whole-archive \
	    $(NATIVE_STATIC_LIBS) -pthread > $(CAPI_WORK)/beside-raw.log 2>&1; then \
	  echo "NOTICE capi: cargo's unlocalized archive linked too (the control did not clash)"; \
	else echo "PASS capi: control: cargo's unlocalized archive clashes ($$(grep -c 'multiple definition' $(CAPI_WORK)/beside-raw.log) multiple definitions)"; fi
	@echo "== fully static link: no linker warnings"
	@$(CC) -static -std=c99 $(CAPI_WARN) -Iinclude -o $(CAPI_WORK)/static-full c-tests/header_std.c $(LIB_A) \
	    $(NATIVE_STATIC_LIBS) 2> $(CAPI_WORK)/static-full.log || { cat $(CAPI_WORK)/static-full.log; echo "FAIL capi: cc -static"; exit 1; }
	@test ! -s $(CAPI_WORK)/static-full.log || { cat $(CAPI_WORK)/static-full.log; echo "FAIL capi: cc -static printed warnings"; exit 1; }
	@./$(CAPI_WORK)/static-full > /dev/null || { echo "FAIL capi: the static program"; exit 1; }
	@echo "PASS capi: cc -static with $(LIB_A): no warnings, runs"

test-header-std: all
	@mkdir -p $(CAPI_WORK)
	@for std in c89 c99 c11 c++98 c++17; do \
	  case $$std in c++*) cc="$(CXX) -x c++";; *) cc="$(CC)";; esac; \
	  exe=$(CAPI_WORK)/header-$$std; \
	  $$cc -std=$$std $(CAPI_WARN) -Iinclude -o $$exe c-tests/header_std.c -x none $(CT_SHARED_LINK) \
	    || { echo "FAIL header: does not build as $$std"; exit 1; }; \
	  ./$$exe > /dev/null || { echo "FAIL header: the $$std program"; exit 1; }; \
	  if $$cc -std=$$std $(CAPI_WARN) -Iinclude -c -o $(CAPI_WORK)/unused-$$std.o c-tests/unused_result.c 2> $(CAPI_WORK)/unused-$$std.log; then \
	    echo "FAIL header: an ignored status compiles silently as $$std (RMD160MB_MUST_USE)"; exit 1; fi; \
	  grep -q 'rmd160mb_sum' $(CAPI_WORK)/unused-$$std.log || { cat $(CAPI_WORK)/unused-$$std.log; echo "FAIL header: unused_result.c failed for another reason"; exit 1; }; \
	  echo "PASS header: $$std (-pedantic -Werror), and an ignored status is reported"; \
	done
	@# A status discarded on purpose: (void) silences [[nodiscard]] in C2x and
	@# C++17; every int-returning function of the header is called, and
	@# without the casts each call is reported.
	@want=$$(grep -oE '\bint rmd160mb_[a-z0-9_]+\(' include/ripemd160mb.h | sed 's/^int //; s/($$//' | sort -u); \
	have=$$(grep -oE '^ *\(void\)rmd160mb_[a-z0-9_]+\(' c-tests/discard_void.c | sed 's/.*(void)//; s/($$//' | sort -u); \
	test "$$want" = "$$have" || { echo "FAIL header: c-tests/discard_void.c does not call exactly the header's status functions:"; \
	  echo "header:" $$want; echo "file:" $$have; exit 1; }; \
	sed 's/(void)rmd160mb_/rmd160mb_/' c-tests/discard_void.c > $(CAPI_WORK)/discard_kept.c; \
	for std in c2x c++17; do \
	  case $$std in c++*) cc="$(CXX) -x c++";; *) cc="$(CC)";; esac; \
	  $$cc -std=$$std $(CAPI_WARN) -Iinclude -c -o $(CAPI_WORK)/discard-$$std.o c-tests/discard_void.c \
	    || { echo "FAIL header: a (void) cast does not discard a status as $$std"; exit 1; }; \
	  $$cc -std=$$std $(CAPI_WARN) -Wno-error -Iinclude -c -o $(CAPI_WORK)/kept-$$std.o $(CAPI_WORK)/discard_kept.c \
	    2> $(CAPI_WORK)/kept-$$std.log || { cat $(CAPI_WORK)/kept-$$std.log; echo "FAIL header: discard_kept.c as $$std"; exit 1; }; \
	  for f in $$want; do grep -q "$$f" $(CAPI_WORK)/kept-$$std.log || { cat $(CAPI_WORK)/kept-$$std.log; \
	    echo "FAIL header: $$f's ignored status is not reported as $$std"; exit 1; }; done; \
	  echo "PASS header: $$std: (void) discards every status, $$(echo $$want | wc -w) of them reported without it"; \
	done

# The dependent crate's own target directory; its debug build must contain
# no libripemd160mb.a/.so (Cargo.toml: crate-type rlib only).
DEPENDENT_TARGET := $(CARGO_TARGET)/dependent
test-dependent:
	$(CARGO) build --manifest-path tests/dependent/Cargo.toml --target-dir $(DEPENDENT_TARGET)
	@found=$$(find $(DEPENDENT_TARGET) -regex '.*/libripemd160mb\(-[0-9a-f]+\)?\.\(a\|so\)' | head); \
	test -z "$$found" || { echo "FAIL dependent: the dependent's build made C artifacts of ripemd160mb:"; echo "$$found"; exit 1; }
	@so=$(DEPENDENT_TARGET)/debug/libripemd160mb_dependent.so; \
	nm -D --defined-only $$so | grep -q ' dependent_hash160$$' || { echo "FAIL dependent: $$so lacks its own export"; exit 1; }; \
	leaked=$$(nm -D --defined-only $$so | grep ' rmd160mb_' || true); \
	test -z "$$leaked" || { echo "FAIL dependent: the dependent cdylib exports:"; echo "$$leaked"; exit 1; }; \
	echo "PASS dependent: no libripemd160mb.a/.so built; the dependent cdylib exports no rmd160mb_*"
	RMD160MB_DEPENDENT_STACK=$(DEPENDENT_STACK) $(DEPENDENT_TARGET)/debug/dependent
