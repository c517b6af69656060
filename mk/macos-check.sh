#!/bin/sh
# make check-macos (mk/macos.mk): what can be checked of the macOS builds
# without a Mac, with llvm-nm and llvm-objdump.
#
#   mk/macos-check.sh NM OBJDUMP DIST DYLIB VERSION COMPAT TRIPLE...
#
# For each triple: the archive defines every function of the header
# (mk/exports.sh); the dylib defines and exports exactly those, has the
# install name @rpath/DYLIB and the compatibility and current versions,
# and loads nothing but libSystem; the kernel sets compiled are the
# architecture's (arm64: neon; x86_64: avx2 and avx512).
set -eu
nm=$1 objdump=$2 dist=$3 dylib=$4 version=$5 compat=$6
shift 6
fail() { echo "FAIL check-macos: $*" >&2; exit 1; }
want=$(sh mk/exports.sh --macos)
n=$(echo "$want" | wc -l)
for t in "$@"; do
    d=$dist/$t
    a=$d/libripemd160mb.a
    got=$("$nm" --defined-only -g -j "$a" 2>/dev/null | grep '^_rmd160mb_' | sort -u)
    [ "$got" = "$want" ] || { echo "$want" > "$d/want.txt"; echo "$got" > "$d/got.txt"; diff "$d/want.txt" "$d/got.txt" >&2 || true; \
        fail "$a does not define exactly the header's $n functions"; }
    others=$("$nm" --defined-only -g -j "$a" 2>/dev/null | grep -v ':$' | grep -vc '^_rmd160mb_' || true)
    case $t in
    aarch64-*) sets="neon"; absent="avx2 avx512" ;;
    x86_64-*) sets="avx2 avx512"; absent="neon" ;;
    esac
    "$nm" -C "$a" > "$d/symbols.txt" 2>/dev/null
    for s in $sets; do
        grep -q "ripemd160mb::kernels::$s::" "$d/symbols.txt" || fail "$a holds no $s kernel set"
    done
    for s in $absent; do
        grep -q "ripemd160mb::kernels::$s::" "$d/symbols.txt" && fail "$a holds the $s kernel set, not of this architecture"
    done
    echo "PASS check-macos $t: $a defines the header's $n functions; kernel sets: $sets; $others other global symbols (Rust's runtime, not localized on macOS: use the dylib beside another Rust static library)"
    l=$d/$dylib
    [ -f "$l" ] || fail "$l was not linked"
    exp=$("$nm" --defined-only -g -j "$l" 2>/dev/null | sort -u)
    [ "$exp" = "$want" ] || { echo "$exp" | grep -v '^_rmd160mb_' | head >&2; fail "$l does not export exactly the header's $n functions"; }
    "$objdump" --macho --dylib-id "$l" | grep -qx "@rpath/$dylib" || fail "$l's install name is not @rpath/$dylib"
    "$objdump" --macho --private-headers "$l" > "$d/headers.txt"
    awk '/cmd LC_ID_DYLIB/ { id = 1 } id && /current version/ { print $3; exit }' "$d/headers.txt" | grep -qx "$version" ||
        fail "$l's current version is not $version"
    awk '/cmd LC_ID_DYLIB/ { id = 1 } id && /compatibility version/ { print $3; exit }' "$d/headers.txt" | grep -qx "$compat" ||
        fail "$l's compatibility version is not $compat"
    used=$("$objdump" --macho --dylibs-used "$l" | tail -n +2 | awk '{ print $1 }' | grep -vx "@rpath/$dylib")
    [ "$used" = "/usr/lib/libSystem.B.dylib" ] || fail "$l loads $used, not only libSystem"
    echo "PASS check-macos $t: $l exports exactly the $n functions, install name @rpath/$dylib, versions $compat/$version, loads /usr/lib/libSystem.B.dylib"
done
