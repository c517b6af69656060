#!/bin/sh
# Runs a program built for another architecture, with the C libraries of the
# cross sysroot it was linked against and a time limit. It is the cargo
# runner of the cross targets (.cargo/config.toml) and runs the cross-built C
# tests of mk/aarch64.mk and mk/cross.mk.
#
#   mk/cross-run.sh TRIPLE PROGRAM [ARG...]   run PROGRAM
#   mk/cross-run.sh --sysroot TRIPLE          print the sysroot of TRIPLE
#
# The loader's search path is set explicitly to the sysroot's lib/ (qemu's
# -L only redirects the loader's file lookups, which fall back to the host's
# files when the sysroot lacks one): otherwise a C library installed through
# Debian multiarch (libc6:arm64 in /lib/aarch64-linux-gnu, listed in the
# host's /etc/ld.so.cache) is loaded instead of the sysroot's, and the
# program can hang.
#
# Environment: CROSS_RUN_TIMEOUT (seconds, default 900) and CROSS_RUN_STEP
# (the make step, named when the limit is hit); AARCH64_SYSROOT,
# S390X_SYSROOT, I686_SYSROOT override the Debian cross sysroots.
set -u

sysroot_of() {
    case "$1" in
    aarch64-unknown-linux-gnu) echo "${AARCH64_SYSROOT:-/usr/aarch64-linux-gnu}" ;;
    s390x-unknown-linux-gnu) echo "${S390X_SYSROOT:-/usr/s390x-linux-gnu}" ;;
    i686-unknown-linux-gnu) echo "${I686_SYSROOT:-/usr/i686-linux-gnu}" ;;
    *) echo "cross-run.sh: unknown target $1" >&2; return 1 ;;
    esac
}

if [ "${1:-}" = --sysroot ]; then
    sysroot_of "${2:?usage: cross-run.sh --sysroot TRIPLE}"
    exit
fi
if [ $# -lt 2 ]; then
    echo "usage: cross-run.sh TRIPLE PROGRAM [ARG...]" >&2
    exit 2
fi
triple=$1
shift
sysroot=$(sysroot_of "$triple") || exit 2
lib=$sysroot/lib
case "$triple" in
aarch64-*)
    multiarch=aarch64-linux-gnu
    set -- qemu-aarch64 -L "$sysroot" -E "LD_LIBRARY_PATH=$lib" "$@" ;;
s390x-*)
    multiarch=s390x-linux-gnu
    set -- qemu-s390x -L "$sysroot" -E "LD_LIBRARY_PATH=$lib" "$@" ;;
i686-*)
    # The x86_64 kernel runs i686 code natively: the sysroot's loader, named
    # explicitly, with the sysroot's lib/ first in its search path.
    multiarch=i386-linux-gnu
    set -- "$lib/ld-linux.so.2" --library-path "$lib" "$@" ;;
esac

limit=${CROSS_RUN_TIMEOUT:-900}
timeout --kill-after=10 "$limit" "$@"
status=$?
if [ $status -eq 124 ] || [ $status -eq 137 ]; then
    step=${CROSS_RUN_STEP:-cargo test --target $triple}
    {
        echo
        echo "FAIL $step: a program for $triple did not finish within $limit s and was stopped:"
        echo "  $*"
        echo "Likely cause: it loaded a C library from outside $lib (for example a"
        echo "multiarch one in /lib/$multiarch or /usr/lib/$multiarch) and hangs; or the"
        echo "machine is too loaded for the limit (raise CROSS_RUN_TIMEOUT, now $limit)."
    } >&2
fi
exit $status
