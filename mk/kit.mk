# Integration kit: `make test-kit` installs into temporary DESTDIRs
# (PREFIX=/usr, then a multiarch LIBDIR), checks the installed files (SONAME,
# links, only rmd160mb_* exported, the header, the .pc), and builds and runs
# examples/c-kit, examples/cpp-kit, examples/cmake (pkg-config) and
# examples/cmake-config (find_package) from the installation
# shared and static. See examples/kit-test.sh.
#
# Needs: a C and a C++ compiler, pkg-config, cmake (>= 3.13), binutils.

KIT_WORK := $(CURDIR)/target/kit
CMAKE ?= cmake

.PHONY: test-kit
test-kit: all
	CC="$(CC)" CXX="$(CXX)" PKG_CONFIG="$(PKG_CONFIG)" CMAKE="$(CMAKE)" \
	VERSION="$(VERSION)" SOMAJOR="$(SOMAJOR)" RELEASE_DIR="$(RELEASE_DIR)" \
	bash examples/kit-test.sh "$(MAKE)" "$(KIT_WORK)"

TEST_STEPS += test-kit
