#!/usr/bin/env bash
# `make test-install`: installs into a temporary DESTDIR with PREFIX=/usr,
# builds a C program with nothing but the flags of
#   pkg-config --cflags --libs ripemd160mb            (shared library)
#   pkg-config --static --cflags --libs ripemd160mb   (static, with cc -static)
# runs both, checks the installed files (real .so.X.Y.Z, symlinks, SONAME),
# then `make uninstall` and checks that no file is left.
#
#   c-tests/install-test.sh MAKE CC PKG_CONFIG
set -euo pipefail

make_cmd=${1:-make}
cc=${2:-cc}
pkg_config=${3:-pkg-config}

version=$(sed -n 's/^version[[:space:]]*=[[:space:]]*"\([^"]*\)".*/\1/p' Cargo.toml | head -n 1)
major=${version%%.*}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ripemd160mb-install.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
dest=$tmp/root
fail() { echo "FAIL install: $*" >&2; exit 1; }

echo "== make install DESTDIR=$dest PREFIX=/usr"
$make_cmd --no-print-directory install DESTDIR="$dest" PREFIX=/usr >"$tmp/install.log" 2>&1 ||
    { cat "$tmp/install.log"; fail "make install failed"; }

lib=$dest/usr/lib
[ -f "$lib/libripemd160mb.so.$version" ] && [ ! -L "$lib/libripemd160mb.so.$version" ] ||
    fail "libripemd160mb.so.$version is not a regular file"
[ "$(readlink "$lib/libripemd160mb.so.$major")" = "libripemd160mb.so.$version" ] ||
    fail "libripemd160mb.so.$major does not point to libripemd160mb.so.$version"
[ "$(readlink "$lib/libripemd160mb.so")" = "libripemd160mb.so.$major" ] ||
    fail "libripemd160mb.so does not point to libripemd160mb.so.$major"
[ -f "$lib/libripemd160mb.a" ] || fail "no libripemd160mb.a"
[ -f "$dest/usr/include/ripemd160mb.h" ] || fail "no header"
[ -f "$lib/pkgconfig/ripemd160mb.pc" ] || fail "no ripemd160mb.pc"
[ -f "$lib/pkgconfig/ripemd160mb-static.pc" ] || fail "no ripemd160mb-static.pc"
[ -f "$lib/cmake/ripemd160mb/ripemd160mbConfig.cmake" ] || fail "no cmake/ripemd160mb/ripemd160mbConfig.cmake"
[ -f "$lib/cmake/ripemd160mb/ripemd160mbConfigVersion.cmake" ] || fail "no cmake/ripemd160mb/ripemd160mbConfigVersion.cmake"
grep -q '@' "$lib/pkgconfig/ripemd160mb-static.pc" "$lib/cmake/ripemd160mb/"*.cmake && fail "unsubstituted @...@"
if command -v readelf >/dev/null; then
    readelf -d "$lib/libripemd160mb.so.$version" | grep -q "SONAME.*\[libripemd160mb\.so\.$major\]" ||
        fail "SONAME is not libripemd160mb.so.$major"
fi
grep -q "^Version: $version\$" "$lib/pkgconfig/ripemd160mb.pc" || fail "ripemd160mb.pc has the wrong Version"
grep -q '@' "$lib/pkgconfig/ripemd160mb.pc" && fail "unsubstituted @...@ in ripemd160mb.pc"
echo "installed: $(cd "$dest" && find . -type f -o -type l | sort | tr '\n' ' ')"
echo "--- ripemd160mb.pc"; cat "$lib/pkgconfig/ripemd160mb.pc"; echo "---"

# A user's program: every digest is checked against the designers' vector.
cat >"$tmp/user.c" <<'EOF'
#include <ripemd160mb.h>
#include <stdio.h>
#include <string.h>
int main(void)
{
    static const uint8_t want[20] = {0x8e, 0xb2, 0x08, 0xf7, 0xe0, 0x5d, 0x98, 0x7a, 0x9b, 0x04,
                                     0x4a, 0x8e, 0x98, 0xc6, 0xb0, 0x87, 0xf1, 0x5a, 0x0b, 0xfc};
    uint8_t out[20], keys[4 * 33], h[4 * 20];
    memset(keys, 2, sizeof keys);
    if (rmd160mb_sum(out, (const uint8_t *)"abc", 3) != RMD160MB_OK || memcmp(out, want, 20) != 0) return 1;
    if (rmd160mb_hash160(h, keys, 4, 33) != RMD160MB_OK || memcmp(h, h + 60, 20) != 0) return 2;
    printf("ripemd160mb %s via pkg-config: backend %s, RIPEMD-160(\"abc\") ok\n", rmd160mb_version(),
           rmd160mb_backend());
    return 0;
}
EOF

# The uninstalled .pc (target/pkgconfig/ripemd160mb-uninstalled.pc, found by
# pkg-config ahead of an installed one) builds against the build tree, with
# an rpath: the program runs without LD_LIBRARY_PATH.
uninstalled_flags=$(PKG_CONFIG_PATH=$PWD/target/pkgconfig $pkg_config --cflags --libs ripemd160mb) ||
    fail "pkg-config with target/pkgconfig/ripemd160mb-uninstalled.pc"
echo "== uninstalled: $cc user.c $uninstalled_flags"
# shellcheck disable=SC2086
$cc -std=c99 -Wall -Wextra -Werror -pedantic -o "$tmp/user-uninstalled" "$tmp/user.c" $uninstalled_flags ||
    fail "build with the uninstalled .pc"
env -u LD_LIBRARY_PATH "$tmp/user-uninstalled" || fail "the build against the uninstalled .pc does not run"

# pkg-config sees only the temporary prefix; the sysroot makes -I/-L point into it.
export PKG_CONFIG_PATH= PKG_CONFIG_LIBDIR=$lib/pkgconfig PKG_CONFIG_SYSROOT_DIR=$dest
# pkgconf drops -I/usr/include and -L/usr/lib as system directories; in a
# DESTDIR they are not, so keep them.
export PKG_CONFIG_ALLOW_SYSTEM_CFLAGS=1 PKG_CONFIG_ALLOW_SYSTEM_LIBS=1

shared_flags=$($pkg_config --cflags --libs ripemd160mb) || fail "pkg-config --cflags --libs failed"
static_flags=$($pkg_config --static --cflags --libs ripemd160mb) || fail "pkg-config --static failed"
[ "$($pkg_config --modversion ripemd160mb)" = "$version" ] || fail "pkg-config --modversion is not $version"

echo "== shared: $cc user.c $shared_flags"
# shellcheck disable=SC2086
$cc -std=c99 -Wall -Wextra -Werror -pedantic -o "$tmp/user-shared" "$tmp/user.c" $shared_flags ||
    fail "build with pkg-config --cflags --libs"
readelf -d "$tmp/user-shared" | grep -q 'NEEDED.*libripemd160mb\.so\.'"$major" ||
    fail "the shared build does not need libripemd160mb.so.$major"
LD_LIBRARY_PATH=$lib "$tmp/user-shared" || fail "the shared build does not run"

echo "== static: $cc -static user.c $static_flags"
# shellcheck disable=SC2086
$cc -static -std=c99 -Wall -Wextra -Werror -pedantic -o "$tmp/user-static" "$tmp/user.c" $static_flags \
    2>"$tmp/static.log" || { cat "$tmp/static.log"; fail "build with pkg-config --static --cflags --libs"; }
if readelf -d "$tmp/user-static" 2>/dev/null | grep -q NEEDED; then fail "the static build has dynamic dependencies"; fi
env -u LD_LIBRARY_PATH "$tmp/user-static" || fail "the static build does not run"

echo "== make uninstall DESTDIR=$dest PREFIX=/usr"
$make_cmd --no-print-directory uninstall DESTDIR="$dest" PREFIX=/usr >"$tmp/uninstall.log" 2>&1 ||
    { cat "$tmp/uninstall.log"; fail "make uninstall failed"; }
left=$(cd "$dest" && find . ! -type d)
[ -z "$left" ] || fail "files left after uninstall: $left"
left=$(cd "$dest" && find . -name '*ripemd160mb*')
[ -z "$left" ] || fail "directories of the package left after uninstall: $left"
echo "PASS install: install, pkg-config (shared and --static), uninstall"

# --- The README's recipes, as written, against `make install PREFIX=<a
# non-system prefix>` (no DESTDIR): its C example as app.c, each command of
# its "Linking" block, and its CMake example.
unset PKG_CONFIG_LIBDIR PKG_CONFIG_SYSROOT_DIR PKG_CONFIG_ALLOW_SYSTEM_CFLAGS PKG_CONFIG_ALLOW_SYSTEM_LIBS
opt=$tmp/opt
echo "== make install PREFIX=$opt"
$make_cmd --no-print-directory install PREFIX="$opt" >"$tmp/install-opt.log" 2>&1 ||
    { cat "$tmp/install-opt.log"; fail "make install PREFIX=$opt failed"; }
export PKG_CONFIG_PATH=$opt/lib/pkgconfig
app=$tmp/app
mkdir -p "$app"
awk '/^```c$/ { f = 1; next } f && /^```$/ { exit } f' README.md >"$app/app.c"
[ -s "$app/app.c" ] || fail "no C example in README.md"
awk '/^### Linking/ { s = 1 } s && /^```sh$/ { f = 1; next } f && /^```$/ { exit } f' README.md >"$tmp/recipes.sh"
[ "$(grep -c 'app\.c' "$tmp/recipes.sh")" -eq 3 ] || { cat "$tmp/recipes.sh"; fail "README.md: expected 3 link commands under Linking"; }
kind=0
while IFS= read -r line; do
    kind=$((kind + 1))
    echo "== README: $line"
    rm -f "$app/app"
    (cd "$app" && eval "$line") 2>"$tmp/recipe.log" || { cat "$tmp/recipe.log"; fail "README command failed: $line"; }
    [ ! -s "$tmp/recipe.log" ] || { cat "$tmp/recipe.log"; fail "README command printed warnings: $line"; }
    needed=$(readelf -d "$app/app" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')
    case $kind in
    1) case " $needed" in *" libripemd160mb.so.$major "*) ;; *) fail "shared recipe: NEEDED is '$needed'";; esac
       if env -u LD_LIBRARY_PATH "$app/app" >/dev/null 2>&1; then fail "the shared build ran without LD_LIBRARY_PATH from a non-system prefix"; fi
       LD_LIBRARY_PATH=$opt/lib "$app/app" >/dev/null || fail "shared recipe: does not run with LD_LIBRARY_PATH=$opt/lib"
       # The README's rpath alternative.
       (cd "$app" && cc -o app-rpath app.c $(pkg-config --cflags --libs ripemd160mb) -Wl,-rpath,"$(pkg-config --variable=libdir ripemd160mb)") ||
           fail "shared build with the README's rpath"
       env -u LD_LIBRARY_PATH "$app/app-rpath" >/dev/null || fail "the rpath build does not run" ;;
    2) case " $needed" in *libripemd160mb*) fail "static-library recipe: still needs $needed";; esac
       case " $needed" in *" libc.so."*) ;; *) fail "static-library recipe: not a dynamic executable (NEEDED '$needed')";; esac
       # The README names each library the program needs: glibc's (those
       # the .pc names, where the toolchain does not link --as-needed) and
       # the unwinder, libgcc_s, which -static-libgcc links in instead.
       for lib in $needed; do
           case $lib in libc.so.*|ld-linux*|libm.so.*|libpthread.so.*|libdl.so.*|librt.so.*|libutil.so.*|libgcc_s.so.*) ;;
           *) fail "static-library recipe: needs $lib, which the README does not name";; esac
       done
       case " $needed" in *" libgcc_s.so."*) ;; *) fail "static-library recipe: no libgcc_s (NEEDED '$needed'): the README's note on it is stale";; esac
       env -u LD_LIBRARY_PATH "$app/app" >/dev/null || fail "static-library recipe: does not run"
       # The recipe with -static-libgcc (before the line's trailing comment).
       rm -f "$app/app"
       (cd "$app" && eval "${line%%#*} -static-libgcc") 2>"$tmp/recipe.log" || { cat "$tmp/recipe.log"; fail "README command with -static-libgcc failed"; }
       [ ! -s "$tmp/recipe.log" ] || { cat "$tmp/recipe.log"; fail "README command with -static-libgcc printed warnings"; }
       needed_static_libgcc=$(readelf -d "$app/app" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')
       case " $needed_static_libgcc" in *" libgcc_s.so."*) fail "static-library recipe with -static-libgcc: still needs libgcc_s";; esac
       env -u LD_LIBRARY_PATH "$app/app" >/dev/null || fail "static-library recipe with -static-libgcc: does not run" ;;
    3) [ -z "$needed" ] || fail "fully static recipe: NEEDED $needed"
       env -u LD_LIBRARY_PATH "$app/app" >/dev/null || fail "fully static recipe: does not run" ;;
    esac
    echo "PASS README recipe $kind (NEEDED: ${needed:-none})"
done <"$tmp/recipes.sh"

if command -v "${CMAKE:-cmake}" >/dev/null 2>&1; then
    cm=$tmp/cmake-app
    mkdir -p "$cm"
    cp "$app/app.c" "$cm/"
    awk '/^```cmake$/ { f = 1; next } f && /^```$/ { exit } f' README.md >"$cm/CMakeLists.txt"
    grep -q 'find_package(ripemd160mb' "$cm/CMakeLists.txt" || fail "no CMake example in README.md"
    # Moved after installation: the package's paths are relative.
    mv "$opt" "$tmp/opt-moved"
    echo "== README CMake example, installation moved to $tmp/opt-moved"
    "${CMAKE:-cmake}" -S "$cm" -B "$cm/build" -DCMAKE_PREFIX_PATH="$tmp/opt-moved" >"$tmp/cmake.log" 2>&1 &&
        "${CMAKE:-cmake}" --build "$cm/build" >>"$tmp/cmake.log" 2>&1 || { cat "$tmp/cmake.log"; fail "the README's CMake example"; }
    LD_LIBRARY_PATH=$tmp/opt-moved/lib "$cm/build/app" >/dev/null || fail "CMake app (shared) does not run"
    readelf -d "$cm/build/app-static" | grep -q 'NEEDED.*libripemd160mb' && fail "CMake app-static needs the .so"
    env -u LD_LIBRARY_PATH "$cm/build/app-static" >/dev/null || fail "CMake app-static does not run"
    # The version file: the README's version is found, and so is an older
    # minor of the same major (one SONAME, whose ABI only grows: a program
    # written against an older release); a newer minor or another major
    # is not.
    readme_want=$(sed -n 's/^find_package(ripemd160mb \([0-9.]*\) CONFIG.*/\1/p' "$cm/CMakeLists.txt")
    [ -n "$readme_want" ] || fail "no find_package(ripemd160mb VERSION CONFIG ...) line in the README's CMake example"
    minor=${version#*.}
    minor=${minor%%.*}
    older="$major.$((minor > 0 ? minor - 1 : 0))"
    # "EXACT": the README's version, its patch left out, is this one.
    for want in "$older" "$readme_want EXACT" "99.0" "$major.99"; do
        case $want in "$older" | *EXACT) ok=1 ;; *) ok=0 ;; esac
        sed "s/ripemd160mb $readme_want CONFIG/ripemd160mb $want CONFIG/" "$cm/CMakeLists.txt" >"$cm/CMakeLists.txt.v" && mkdir -p "$cm/v"
        cp "$cm/CMakeLists.txt.v" "$cm/v/CMakeLists.txt" && cp "$cm/app.c" "$cm/v/"
        if "${CMAKE:-cmake}" -S "$cm/v" -B "$cm/v/build-$(printf %s "$want" | tr ' ' -)" -DCMAKE_PREFIX_PATH="$tmp/opt-moved" >"$tmp/cmake-v.log" 2>&1; then
            [ $ok = 1 ] || fail "find_package(ripemd160mb $want) accepted version $version"
        else
            [ $ok = 0 ] || { cat "$tmp/cmake-v.log"; fail "find_package(ripemd160mb $want) refused version $version"; }
            grep -q 'compatible with requested version' "$tmp/cmake-v.log" ||
                { cat "$tmp/cmake-v.log"; fail "find_package(ripemd160mb $want) failed for another reason"; }
        fi
    done
    echo "PASS README CMake example (shared and static, relocated installation; versions $older and $readme_want EXACT accepted, 99.0 and $major.99 refused)"
else
    fail "cmake not found: the README's CMake example is not tested"
fi
echo "PASS install: the README's C example, link recipes and CMake example"
