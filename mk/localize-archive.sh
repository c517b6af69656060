#!/bin/sh
# Makes the C library's static archive safe to link beside any other Rust
# static library (of any rustc, with or without --whole-archive): the
# archive cargo makes holds Rust's runtime (allocator shims,
# rust_eh_personality, compiler builtins) as global symbols, which clash.
#
#   mk/localize-archive.sh RAW.a OUT.a
#
# 1. ld -r: every member prelinked into one relocatable object, keeping
#    only the sections reachable from the rmd160mb_* functions
#    (--gc-sections with each of them as a root; this also drops the parts
#    of std the library never calls, and with them glibc's static-link
#    warnings about getpwuid_r and getaddrinfo);
# 2. objcopy: COMDAT group signatures renamed (private to this library),
#    every defined symbol except rmd160mb_* made local, embedded bitcode and
#    debug info removed;
# 3. ar: an archive of that one object.
# Fails if the result defines any other global symbol, or misses one.
set -eu
raw=$1
out=$2
LD=${LD:-ld}
OBJCOPY=${OBJCOPY:-objcopy}
NM=${NM:-nm}
AR=${AR:-ar}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/localize.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

api=$("$NM" --defined-only -g "$raw" 2>/dev/null | awk 'NF >= 3 && $3 ~ /^rmd160mb_/ { print $3 }' | sort -u)
[ -n "$api" ] || { echo "localize-archive: no rmd160mb_* symbol in $raw (built without --features capi?)" >&2; exit 1; }
roots=
for s in $api; do roots="$roots -u $s"; done

# shellcheck disable=SC2086
"$LD" -r --gc-sections $roots -o "$tmp/ripemd160mb.o" --whole-archive "$raw" --no-whole-archive
# COMDAT groups are deduplicated by signature across all objects of a
# link: our group DW.ref.rust_eh_personality would be kept in place of the
# other Rust library's and, its symbol now local, leave that library's
# references undefined. Each group signature gets a name of our own.
redef=
for g in $(readelf -g -W "$tmp/ripemd160mb.o" | sed -n 's/^COMDAT group section.*\[\(.*\)\] contains.*/\1/p'); do
    redef="$redef --redefine-sym $g=rmd160mb.private.$g"
done
if [ -n "$redef" ]; then
    # shellcheck disable=SC2086
    "$OBJCOPY" $redef "$tmp/ripemd160mb.o"
fi
# .llvmbc/.llvmcmd: the bitcode rustc embeds in compiler_builtins' objects,
# concatenated by ld -r into something no LTO plugin can read (nm and ar
# crash on it); debug info: as cargo's release profile strips it.
"$OBJCOPY" -w --keep-global-symbol='rmd160mb_*' --remove-section=.llvmbc --remove-section=.llvmcmd \
    --strip-debug "$tmp/ripemd160mb.o"
rm -f "$tmp/out.a"
"$AR" rcsD "$tmp/out.a" "$tmp/ripemd160mb.o"

others=$("$NM" --defined-only -g "$tmp/out.a" | awk 'NF >= 3 && $3 !~ /^rmd160mb_/ { print $3 }')
[ -z "$others" ] || { echo "localize-archive: still global besides rmd160mb_*:" >&2; echo "$others" >&2; exit 1; }
got=$("$NM" --defined-only -g "$tmp/out.a" | awk 'NF >= 3 { print $3 }' | sort -u)
[ "$got" = "$api" ] || { echo "localize-archive: the API symbols changed:" >&2; echo "$got" >&2; exit 1; }
mv "$tmp/out.a" "$out"
