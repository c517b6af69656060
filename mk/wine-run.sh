#!/bin/sh
# Runs a Windows program under Wine: the cargo runner of
# x86_64-pc-windows-gnu (.cargo/config.toml) and mk/windows-test.sh's.
# Wine's prefix is target/windows/wine (made on first use, with the
# stand-in of mk/wine/bcryptprimitives.c where Wine lacks that DLL), its
# own messages are off, and the program is stopped after WINE_RUN_TIMEOUT
# seconds (default 900).
#
#   mk/wine-run.sh PROGRAM.exe [ARG...]
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
export WINEPREFIX="${WINEPREFIX:-$top/target/windows/wine}"
export WINEDEBUG="${WINEDEBUG:--all}"
# No desktop integration or Mono/Gecko prompts when the prefix is made.
export WINEDLLOVERRIDES="${WINEDLLOVERRIDES:-mscoree,mshtml=}"
mkdir -p "$WINEPREFIX"
if [ ! -f "$WINEPREFIX/system.reg" ] || ! grep -q 'rmd160mb: no debugger' "$WINEPREFIX/system.reg"; then
    wineboot --init >/dev/null 2>&1 || true
    # An unhandled exception ends the program with its code (an access
    # violation: 0xC0000005, as on Windows without a debugger), instead of
    # starting winedbg: tests/guard_pages.rs reads that code.
    wine reg add 'HKLM\Software\Microsoft\Windows NT\CurrentVersion\AeDebug' /v Debugger /d '' /f >/dev/null 2>&1 || true
    wine reg add 'HKLM\Software\Microsoft\Windows NT\CurrentVersion\AeDebug' /v Auto /d 0 /f >/dev/null 2>&1 || true
    wine reg add 'HKLM\Software\rmd160mb' /v Note /d 'rmd160mb: no debugger' /f >/dev/null 2>&1 || true
    wineserver --wait 2>/dev/null || true
fi
# Wine 8 lacks bcryptprimitives.dll (Rust's std imports ProcessPrng from it):
# a stand-in goes into the prefix (mk/wine/bcryptprimitives.c).
sys32=$WINEPREFIX/drive_c/windows/system32
if [ -d "$sys32" ] && [ ! -f "$sys32/bcryptprimitives.dll" ]; then
    ${WIN_CC:-x86_64-w64-mingw32-gcc} -O2 -shared -o "$sys32/bcryptprimitives.dll" \
        "$top/mk/wine/bcryptprimitives.c" "$top/mk/wine/bcryptprimitives.def" -ladvapi32 ||
        echo "wine-run.sh: could not build the bcryptprimitives.dll stand-in" >&2
fi
timeout --kill-after=10 "${WINE_RUN_TIMEOUT:-900}" wine "$@"
status=$?
if [ $status -eq 124 ] || [ $status -eq 137 ]; then
    echo "FAIL: $* did not finish under Wine within ${WINE_RUN_TIMEOUT:-900} s" >&2
fi
exit $status
