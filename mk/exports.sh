#!/bin/sh
# The C API's functions, one name a line, read from the generated header:
# the one list from which every platform's export list is made (the Windows
# DLL's .def file, mk/windows.mk; the macOS exported-symbols list,
# mk/macos.mk), and against which the Linux version script
# (capi/ripemd160mb.map) and each built library are checked.
#
#   mk/exports.sh [HEADER]          the names (default include/ripemd160mb.h)
#   mk/exports.sh --def [HEADER]    a module-definition file for ripemd160mb.dll
#   mk/exports.sh --macos [HEADER]  an exported-symbols list for ld64 (_name)
set -eu
mode=names
case "${1:-}" in --def|--macos) mode=${1#--}; shift;; esac
header=${1:-include/ripemd160mb.h}
# A declaration: a line naming rmd160mb_NAME( after the return type, as
# cbindgen writes them (the arguments may go on over several lines).
names=$(sed -n 's/^[A-Za-z].*[^A-Za-z0-9_]\(rmd160mb_[a-z0-9_]*\)(.*/\1/p' "$header" | sort -u)
[ -n "$names" ] || { echo "exports.sh: no rmd160mb_* function declared in $header" >&2; exit 1; }
case $mode in
names) printf '%s\n' $names ;;
def) printf 'LIBRARY ripemd160mb.dll\nEXPORTS\n'; printf '    %s\n' $names ;;
macos) printf '_%s\n' $names ;;
esac
