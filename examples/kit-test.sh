#!/usr/bin/env bash
# The integration kit test (`make test-kit`, mk/kit.mk): installs the library
# into temporary DESTDIRs the way a distribution package does, checks the
# installed files, then builds the C, C++ and CMake examples from the
# installation with pkg-config only, shared and static, and runs them.
#
# usage: examples/kit-test.sh MAKE WORKDIR   (run from the repository root)
# Environment: CC, CXX, PKG_CONFIG, CMAKE, VERSION (Cargo.toml's), SOMAJOR.
set -euo pipefail

make_cmd=$1
work=$2
CC=${CC:-cc}
CXX=${CXX:-c++}
PKG_CONFIG=${PKG_CONFIG:-pkg-config}
CMAKE=${CMAKE:-cmake}
: "${VERSION:?}" "${SOMAJOR:?}"
repo=$(pwd)
fails=0

pass() { echo "PASS $*"; }
fail() { echo "FAIL $*"; fails=$((fails + 1)); }
# check NAME COMMAND...: runs the command, PASS or FAIL (output shown on FAIL).
check() {
    local name=$1 out
    shift
    if out=$("$@" 2>&1); then pass "$name"; else fail "$name"; printf '%s\n' "$out" | sed 's/^/    /'; fi
}

rm -rf "$work"
mkdir -p "$work"

# Only rmd160mb_* symbols are exported (each with a symbol version,
# RMD160MB_0 or a later one, whose own absolute symbols nm lists too), and the SONAME is
# versioned.
exports_only_api() {
    local others
    others=$(nm -D --defined-only "$1" | awk 'NF >= 3 && !($2 == "A" && $3 ~ /^RMD160MB_[0-9.]*$/) { sub(/@.*/, "", $3); print $3 }' | grep -v '^rmd160mb_' || true)
    [ -n "$(nm -D --defined-only "$1" | grep ' rmd160mb_hash32@@RMD160MB_0$')" ] || { echo "no rmd160mb_hash32@@RMD160MB_0 in $1"; return 1; }
    [ -z "$others" ] || { echo "symbols exported besides rmd160mb_*:"; echo "$others"; return 1; }
}
soname_is() {
    local got
    got=$(readelf -d "$1" | sed -n 's/.*Library soname: \[\(.*\)\].*/\1/p')
    [ "$got" = "$2" ] || { echo "SONAME of $1 is '$got', want '$2'"; return 1; }
}
release=${RELEASE_DIR:-target/release}
check "exports: build tree .so exports only rmd160mb_*" exports_only_api "$release/libripemd160mb.so"
check "soname: build tree .so has SONAME libripemd160mb.so.$SOMAJOR" \
    soname_is "$release/libripemd160mb.so" "libripemd160mb.so.$SOMAJOR"

# --- Install 1: the layout of `make install DESTDIR=... PREFIX=/usr` -------
root=$work/root
$make_cmd --no-print-directory install DESTDIR="$root" PREFIX=/usr >"$work/install.log" 2>&1 ||
    { cat "$work/install.log"; echo "FAIL make install"; exit 1; }
lib=$root/usr/lib
installed_layout() {
    local d=$1
    [ -f "$d/libripemd160mb.so.$VERSION" ] && [ ! -L "$d/libripemd160mb.so.$VERSION" ] || { echo "no real file libripemd160mb.so.$VERSION"; return 1; }
    [ "$(readlink "$d/libripemd160mb.so.$SOMAJOR")" = "libripemd160mb.so.$VERSION" ] || { echo "libripemd160mb.so.$SOMAJOR is not a relative link to libripemd160mb.so.$VERSION"; return 1; }
    [ -L "$d/libripemd160mb.so" ] && [ "$(readlink -f "$d/libripemd160mb.so")" = "$(readlink -f "$d/libripemd160mb.so.$VERSION")" ] || { echo "libripemd160mb.so does not link to the library"; return 1; }
    [ -f "$d/libripemd160mb.a" ] || { echo "no libripemd160mb.a"; return 1; }
    [ -f "$d/pkgconfig/ripemd160mb.pc" ] || { echo "no pkgconfig/ripemd160mb.pc"; return 1; }
}
check "install: lib/libripemd160mb.so.$VERSION, .so.$SOMAJOR and .so links, .a, pkgconfig/ripemd160mb.pc" installed_layout "$lib"
check "install: include/ripemd160mb.h is the repository's header" cmp "$root/usr/include/ripemd160mb.h" include/ripemd160mb.h
check "install: installed .so exports only rmd160mb_*" exports_only_api "$lib/libripemd160mb.so.$VERSION"
check "install: installed .so has SONAME libripemd160mb.so.$SOMAJOR" soname_is "$lib/libripemd160mb.so.$VERSION" "libripemd160mb.so.$SOMAJOR"
check "install: nothing installed outside PREFIX=/usr" test -z "$(cd "$root" && find . -mindepth 1 -maxdepth 1 ! -name usr)"

# pkg-config sees only this installation: PKG_CONFIG_LIBDIR replaces the
# default search path; the sysroot maps /usr to the DESTDIR.
use_install() {
    export PKG_CONFIG_LIBDIR=$1/pkgconfig PKG_CONFIG_PATH= PKG_CONFIG_SYSROOT_DIR=$2
    unset PKG_CONFIG_DISABLE_UNINSTALLED || true
}
use_install "$lib" "$root"
check "pkg-config: --modversion is $VERSION" test "$($PKG_CONFIG --modversion ripemd160mb)" = "$VERSION"
check "pkg-config: --cflags/--libs point into the installation" \
    bash -c '[[ "$('"$PKG_CONFIG"' --cflags --libs ripemd160mb)" == *"-I'"$root"'/usr/include"*"-L'"$lib"'"*"-lripemd160mb"* ]]'

# needs BINARY: the shared build needs libripemd160mb.so.N and resolves it
# in the installation; the static one needs no libripemd160mb at all.
links_shared() {
    readelf -d "$1" | grep "NEEDED.*\[libripemd160mb.so.$SOMAJOR\]" >/dev/null || { echo "$1 does not need libripemd160mb.so.$SOMAJOR"; return 1; }
    LD_LIBRARY_PATH=$2 ldd "$1" | grep "libripemd160mb.so.$SOMAJOR => $2/" >/dev/null || { echo "$1 does not resolve it in $2:"; LD_LIBRARY_PATH=$2 ldd "$1"; return 1; }
}
# The static library in a dynamic executable: no libripemd160mb needed.
links_static_lib() {
    ! readelf -d "$1" | grep 'NEEDED.*libripemd160mb' >/dev/null || { echo "$1 needs libripemd160mb:"; readelf -d "$1" | grep NEEDED; return 1; }
}
links_static() {
    ! readelf -d "$1" 2>/dev/null | grep NEEDED >/dev/null || { echo "$1 has dynamic dependencies:"; readelf -d "$1" | grep NEEDED; return 1; }
}
run_shared() { LD_LIBRARY_PATH=$1 "${@:2}"; }

kit_logs=$work/logs
mkdir -p "$kit_logs"
# build NAME COMMAND...: output to a log, shown on failure.
build() {
    local name=$1
    shift
    if "$@" >"$kit_logs/$name.log" 2>&1; then pass "build $name"; else fail "build $name"; sed 's/^/    /' "$kit_logs/$name.log"; return 1; fi
}

for mode in shared static; do
    static=0
    [ $mode = static ] && static=1
    b=$work/$mode
    mkdir -p "$b"
    if build "c-kit-$mode" make --no-print-directory -C examples/c-kit BIN="$b/c-kit" STATIC=$static CC="$CC"; then
        check "link c-kit-$mode" links_$mode "$b/c-kit" "$lib"
        check "run c-kit-$mode" run_shared "$lib" "$b/c-kit" "$repo/tests/vectors"
    fi
    if build "cpp-kit-$mode" make --no-print-directory -C examples/cpp-kit BIN="$b/cpp-kit" STATIC=$static CXX="$CXX"; then
        check "link cpp-kit-$mode" links_$mode "$b/cpp-kit" "$lib"
        check "run cpp-kit-$mode" run_shared "$lib" "$b/cpp-kit"
    fi
    cm=$b/cmake
    rmd_static=OFF
    [ $mode = static ] && rmd_static=ON
    if build "cmake-$mode-configure" "$CMAKE" -S examples/cmake -B "$cm" -DRMD_STATIC=$rmd_static -DCMAKE_C_COMPILER="$CC" &&
        build "cmake-$mode" "$CMAKE" --build "$cm"; then
        check "link cmake-$mode" links_$mode "$cm/hash160-demo" "$lib"
        check "run cmake-$mode" run_shared "$lib" "$cm/hash160-demo"
        # With keys as arguments: HASH160 of the uncompressed key of private key 1.
        check "run cmake-$mode with arguments" bash -c '[ "$(LD_LIBRARY_PATH='"$lib"' '"$cm"'/hash160-demo 0479be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8 2>/dev/null)" = 91b24bf9f5288532960ac687abb035127b1d28a5 ]'
    fi
    # The CMake package: find_package(ripemd160mb 0.2 CONFIG REQUIRED), its
    # paths relative to the config file (here inside the DESTDIR).
    cc2=$b/cmake-config
    if build "cmake-config-$mode-configure" "$CMAKE" -S examples/cmake-config -B "$cc2" -DRMD_STATIC=$rmd_static \
            -DCMAKE_PREFIX_PATH="$root/usr" -DCMAKE_C_COMPILER="$CC" &&
        build "cmake-config-$mode" "$CMAKE" --build "$cc2"; then
        check "cmake-config-$mode: found in the installation" grep -q "ripemd160mb $VERSION from $lib/cmake/ripemd160mb" "$kit_logs/cmake-config-$mode-configure.log"
        if [ $mode = static ]; then
            check "link cmake-config-static" links_static_lib "$cc2/hash160-demo"
        else
            check "link cmake-config-shared" links_shared "$cc2/hash160-demo" "$lib"
        fi
        check "run cmake-config-$mode" run_shared "$lib" "$cc2/hash160-demo"
    fi
done

# --- Install 2: a multiarch LIBDIR, as Debian packages it ----------------
multiarch=$($CC -print-multiarch 2>/dev/null || true)
if [ -n "$multiarch" ]; then
    root2=$work/root-multiarch
    lib2=$root2/usr/lib/$multiarch
    $make_cmd --no-print-directory install DESTDIR="$root2" PREFIX=/usr LIBDIR="/usr/lib/$multiarch" >"$work/install2.log" 2>&1 ||
        { cat "$work/install2.log"; echo "FAIL make install LIBDIR=/usr/lib/$multiarch"; exit 1; }
    check "install LIBDIR=/usr/lib/$multiarch: layout" installed_layout "$lib2"
    check "install LIBDIR=/usr/lib/$multiarch: nothing in /usr/lib itself" test -z "$(find "$root2/usr/lib" -maxdepth 1 -type f)"
    use_install "$lib2" "$root2"
    # (without the sysroot, which pkgconf also prepends to variables)
    check "pkg-config: libdir is /usr/lib/$multiarch" \
        test "$(PKG_CONFIG_SYSROOT_DIR= $PKG_CONFIG --variable=libdir ripemd160mb)" = "/usr/lib/$multiarch"
    if build "c-kit-multiarch" make --no-print-directory -C examples/c-kit BIN="$work/c-kit-multiarch" CC="$CC"; then
        check "run c-kit-multiarch" run_shared "$lib2" "$work/c-kit-multiarch"
    fi
else
    echo "NOTICE: $CC -print-multiarch printed nothing: multiarch LIBDIR install not tested"
fi

# --- Install 3 (optional): cargo-c gives the same installation --------------
# Only when cargo-c is installed (building it takes long: it is not a CI
# requirement). Its Libs.private has -lgcc_s, so `cc -static` is not tried.
if command -v cargo-cinstall >/dev/null 2>&1; then
    root3=$work/root-cargo-c
    if build "cargo-cinstall" ${CARGO:-cargo} cinstall --release --destdir "$root3" --prefix /usr --libdir /usr/lib \
        --target-dir "$work/cargo-c-target"; then
        check "cargo-c: installs the same files as make install" \
            diff <(cd "$root" && find . ! -type d | sort) <(cd "$root3" && find . ! -type d | sort)
        check "cargo-c: layout" installed_layout "$root3/usr/lib"
        check "cargo-c: the repository's header" cmp "$root3/usr/include/ripemd160mb.h" include/ripemd160mb.h
        check "cargo-c: exports only rmd160mb_*" exports_only_api "$root3/usr/lib/libripemd160mb.so.$VERSION"
        check "cargo-c: SONAME libripemd160mb.so.$SOMAJOR" soname_is "$root3/usr/lib/libripemd160mb.so.$VERSION" "libripemd160mb.so.$SOMAJOR"
        use_install "$root3/usr/lib" "$root3"
        if build "c-kit-cargo-c" make --no-print-directory -C examples/c-kit BIN="$work/c-kit-cargo-c" CC="$CC"; then
            check "run c-kit-cargo-c" run_shared "$root3/usr/lib" "$work/c-kit-cargo-c"
        fi
    fi
else
    echo "NOTICE: cargo-c not installed: cargo cinstall not compared (cargo install cargo-c --locked; 0.10.24 is the last for Rust 1.95)"
fi

if [ $fails -ne 0 ]; then
    echo "test-kit: $fails checks failed (logs in $kit_logs)"
    exit 1
fi
echo "test-kit: all checks passed"
