#!/usr/bin/env bash
# Runs the C test binaries CTest-style: one line per test, `PASS name` or
# `FAIL name`, each test's output in a log file, the SKIP notices of
# backends this CPU lacks, and finally the line `N passed, N failed`.
# Exits non-zero when any test failed.
#
#   c-tests/run.sh --logs DIR [--force-bin BIN] [--legacy-bin BIN] BIN...
#
# A binary named *-static must not need libripemd160mb.so; one named
# *-shared must (checked with readelf). --force-bin runs BIN --check-force
# under RMD160MB_FORCE=<each backend name, auto, two bogus names, empty> and
# with it unset; --legacy-bin
# runs BIN with RMD160MB_TEST_OPENSSL_LEGACY=1 (the OpenSSL legacy provider).
set -uo pipefail

logs=target/c-tests/logs
force_bin=
legacy_bin=
bins=()
while [ $# -gt 0 ]; do
    case "$1" in
        --logs) logs=$2; shift 2 ;;
        --force-bin) force_bin=$2; shift 2 ;;
        --legacy-bin) legacy_bin=$2; shift 2 ;;
        --) shift; bins+=("$@"); break ;;
        *) bins+=("$1"); shift ;;
    esac
done
rm -rf "$logs"
mkdir -p "$logs"

timeout_s=${RMD160MB_TEST_TIMEOUT:-600}
passed=0
failed=0
failed_names=()

# run NAME CMD...: runs one test with its output in $logs/NAME.log.
run() {
    local name=$1; shift
    local log=$logs/$name.log
    local status=0 why=
    timeout "$timeout_s" "$@" >"$log" 2>&1 || status=$?
    if [ $status -eq 124 ]; then why="timed out after ${timeout_s}s"
    elif [ $status -ne 0 ]; then why="exit status $status"
    fi
    if [ -z "$why" ]; then why=$(linkage "$name" "$1"); fi
    if [ -z "$why" ]; then
        echo "PASS $name"
        passed=$((passed + 1))
    else
        echo "FAIL $name ($why; log: $log)"
        sed -e 's/^/    /' "$log" | grep -v '^    \(backend\|SKIP\)' | tail -n 25
        failed=$((failed + 1))
        failed_names+=("$name")
    fi
}

# linkage NAME BIN: empty when BIN links libripemd160mb the way NAME says.
linkage() {
    local name=$1 bin=$2 needed
    command -v readelf >/dev/null 2>&1 || return 0
    needed=$(readelf -d "$bin" 2>/dev/null | grep NEEDED || true)
    case "$name" in
        *-static)
            if grep -q 'libripemd160mb' <<<"$needed"; then echo "linked dynamically, expected static"; fi ;;
        *-shared)
            if ! grep -q 'libripemd160mb\.so\.0' <<<"$needed"; then echo "does not need libripemd160mb.so.0"; fi ;;
    esac
}

for bin in "${bins[@]}"; do
    run "$(basename "$bin")" "$bin"
done
if [ -n "$force_bin" ]; then
    # The library's own backend names (contract --list-backends), then auto and an unknown name.
    names=$("$force_bin" --list-backends) || { echo "FAIL: $force_bin --list-backends"; exit 1; }
    for b in $names auto not-a-backend AVX2; do
        run "force-$b" env RMD160MB_FORCE=$b "$force_bin" --check-force
    done
    run force-unset env -u RMD160MB_FORCE "$force_bin" --check-force
    run force-empty env RMD160MB_FORCE= "$force_bin" --check-force
fi
if [ -n "$legacy_bin" ]; then
    run "openssl-legacy-provider" env RMD160MB_TEST_OPENSSL_LEGACY=1 "$legacy_bin"
fi

# Backends skipped (never silently): each notice once, with how many tests printed it.
cat "$logs"/*.log 2>/dev/null | grep '^SKIP' | sort | uniq -c | while read -r count line; do
    echo "$line (in $count test runs)"
done
if [ $failed -gt 0 ]; then echo "failed: ${failed_names[*]}"; fi
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
