#!/bin/sh
# Checks that what a make step needs is installed, and names what is missing
# (`make test` installs nothing: .ci/run does, from the same package names).
#
#   mk/require.sh STEP REQUIREMENT...
#
# REQUIREMENT is one of
#   cmd:NAME=PACKAGE        the command NAME, from the Debian package PACKAGE
#   file:PATH=PACKAGE       the file PATH, from PACKAGE
#   rust-target:TRIPLE      the Rust standard library for TRIPLE (rustup target add)
#   rust-toolchain:NAME     the rustup toolchain NAME (rustup toolchain install)
#
# Exits 1 after listing every missing item, 0 when nothing is missing.
set -u
step=${1:?usage: require.sh STEP REQUIREMENT...}
shift

packages=
targets=
toolchains=
missing=0
for req in "$@"; do
    case "$req" in
    cmd:*=*)
        what=${req#cmd:}; name=${what%%=*}; pkg=${what#*=}
        if ! command -v "$name" >/dev/null 2>&1; then
            echo "$step: missing command $name (Debian package $pkg)" >&2
            packages="$packages $pkg"; missing=1
        fi ;;
    file:*=*)
        what=${req#file:}; path=${what%%=*}; pkg=${what#*=}
        if [ ! -e "$path" ]; then
            echo "$step: missing $path (Debian package $pkg)" >&2
            packages="$packages $pkg"; missing=1
        fi ;;
    rust-target:*)
        triple=${req#rust-target:}
        sysroot=$(rustc --print sysroot 2>/dev/null) || sysroot=
        if [ -z "$sysroot" ] || [ ! -d "$sysroot/lib/rustlib/$triple/lib" ]; then
            echo "$step: missing the Rust standard library for $triple (rustup target add $triple)" >&2
            targets="$targets $triple"; missing=1
        fi ;;
    rust-toolchain:*)
        name=${req#rust-toolchain:}
        if ! rustup run "$name" rustc --version >/dev/null 2>&1; then
            echo "$step: missing the Rust toolchain $name (rustup toolchain install $name --profile minimal)" >&2
            toolchains="$toolchains $name"; missing=1
        fi ;;
    *)
        echo "require.sh: bad requirement '$req'" >&2
        exit 2 ;;
    esac
done

if [ $missing -ne 0 ]; then
    {
        echo "$step: not run. Install what is missing, for example:"
        [ -z "$packages" ] || echo "  apt-get install$packages"
        [ -z "$targets" ] || echo "  rustup target add$targets"
        for t in $toolchains; do echo "  rustup toolchain install $t --profile minimal"; done
        echo "or run .ci/run, which installs everything make test needs."
    } >&2
    exit 1
fi
