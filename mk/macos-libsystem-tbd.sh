#!/bin/sh
# Writes a text stub (TAPI .tbd, version 4) of /usr/lib/libSystem.B.dylib
# that exports what a macOS static archive leaves undefined, so that
# ld64.lld links the dylib against libSystem as on a Mac (two-level
# namespace, the real library at run time) without the SDK, whose own stub
# is not here. dyld_stub_binder, which every lazy binding needs, is added.
#
#   mk/macos-libsystem-tbd.sh NM ARCHIVE ARCH   (ARCH: arm64 or x86_64)
set -eu
nm=$1 archive=$2 arch=$3
defined=$(mktemp) undefined=$(mktemp)
trap 'rm -f "$defined" "$undefined"' EXIT
"$nm" --defined-only -g -j "$archive" 2>/dev/null | grep -v ':$' | sort -u > "$defined"
"$nm" -u -j "$archive" 2>/dev/null | grep -v ':$' | sort -u > "$undefined"
symbols=$( { comm -23 "$undefined" "$defined"; echo dyld_stub_binder; } | grep -v '^$' | sort -u | paste -sd, - | sed 's/,/, /g')
cat <<TBD
--- !tapi-tbd
tbd-version:     4
targets:         [ $arch-macos ]
install-name:    '/usr/lib/libSystem.B.dylib'
current-version: 1319
exports:
  - targets:         [ $arch-macos ]
    symbols:         [ $symbols ]
...
TBD
