#!/bin/sh
# make test-windows (mk/windows.mk): the Windows build of `make windows`
# checked under Wine.
#
# 1. The DLL exports exactly the header's functions (mk/exports.sh), and
#    the static library defines each of them.
# 2. The C tests that need no OpenSSL (contract.c: every status and
#    buffer rule; vectors.c: every digest of the vector files of
#    tests/vectors, computed by independent implementations, streaming
#    included), built with MinGW-w64 against the DLL and against the static
#    library, run on every backend this CPU runs (RMD160MB_FORCE, checked
#    to be the backend chosen).
# 3. The library's Rust tests (cargo test, Wine as the runner:
#    mk/wine-run.sh in .cargo/config.toml).
# 4. The CLI where Windows differs, against the Linux CLI's output: text
#    with CRLF line ends, binary output not turned into CRLF, exit statuses.
set -eu
dist=target/windows/dist
out=target/windows/c-tests
cc=${WIN_CC:-x86_64-w64-mingw32-gcc}
objdump=${WIN_OBJDUMP:-x86_64-w64-mingw32-objdump}
run="sh mk/wine-run.sh"
cflags="-O2 -std=c11 -Wall -Wextra -Werror -pedantic -Iinclude -Ic-tests"
mkdir -p "$out"
fail() { echo "FAIL test-windows: $*" >&2; exit 1; }

# --- 1. exports ---------------------------------------------------------
sh mk/exports.sh > "$out/want.txt"
"$objdump" -p "$dist/ripemd160mb.dll" |
    awk '/^\[Ordinal\/Name Pointer\] Table/ { t = 1; next } t && /^\t\[/ { print $NF; next } t && !/^\t/ { t = 0 }' |
    sort > "$out/exports.txt"
[ -s "$out/exports.txt" ] || fail "objdump -p lists no export of ripemd160mb.dll"
if ! cmp -s "$out/want.txt" "$out/exports.txt"; then
    diff "$out/want.txt" "$out/exports.txt" >&2 || true
    fail "ripemd160mb.dll does not export exactly the header's $(wc -l < "$out/want.txt") functions"
fi
echo "PASS windows exports: ripemd160mb.dll exports the header's $(wc -l < "$out/want.txt") functions and nothing else"
"$objdump" -t "$dist/libripemd160mb.a" 2>/dev/null |
    sed -n 's/.*(sec *[1-9][0-9]*)(fl 0x00)(ty *20)(scl *2) (nx 0) 0x[0-9a-f]* \(rmd160mb_[a-z0-9_]*\)$/\1/p' |
    sort -u > "$out/static.txt"
cmp -s "$out/want.txt" "$out/static.txt" || { diff "$out/want.txt" "$out/static.txt" >&2 || true; \
    fail "libripemd160mb.a does not define every function of the header"; }
echo "PASS windows static library: defines the header's $(wc -l < "$out/want.txt") functions"

# --- 2. C tests, DLL and static ----------------------------------------
libs=$(cat "$dist/native-static-libs.txt")
for p in contract vectors; do
    # -static: the C runtime's and winpthreads' parts in the program, so
    # that it needs no MinGW DLL; ripemd160mb.dll through its import library.
    "$cc" $cflags -static -o "$out/$p-dll.exe" "c-tests/$p.c" -L"$dist" -lripemd160mb.dll -lpthread
    # shellcheck disable=SC2086
    "$cc" $cflags -static -o "$out/$p-static.exe" "c-tests/$p.c" "$dist/libripemd160mb.a" $libs -lpthread
done
cp "$dist/ripemd160mb.dll" "$out/"
"$objdump" -p "$out/contract-dll.exe" | grep -q 'DLL Name: ripemd160mb.dll' ||
    fail "contract-dll.exe does not load ripemd160mb.dll"
"$objdump" -p "$out/contract-static.exe" | grep -q 'DLL Name: ripemd160mb.dll' &&
    fail "contract-static.exe loads ripemd160mb.dll (not linked statically)"
backends=$($run "$out/contract-dll.exe" --list-supported | tr -d '\r' | awk '{ print $1 }')
[ -n "$backends" ] || fail "contract --list-supported printed no backend under Wine"
echo "windows: backends this CPU runs under Wine: $(echo $backends)"
n=0
for link in dll static; do
    for b in $backends; do
        for p in contract vectors; do
            if ! RMD160MB_FORCE=$b $run "$out/$p-$link.exe" tests/vectors > "$out/$p-$link-$b.log" 2>&1; then
                tail -n 20 "$out/$p-$link-$b.log" >&2
                fail "$p ($link, RMD160MB_FORCE=$b) under Wine"
            fi
            if [ "$p" = contract ]; then
                head -n 1 "$out/$p-$link-$b.log" | tr -d '\r' | grep -q "backend at start $b\$" ||
                    fail "RMD160MB_FORCE=$b did not choose $b under Wine ($link): $(head -n 1 "$out/$p-$link-$b.log")"
            fi
            n=$((n + 1))
        done
    done
done
echo "PASS windows C tests: contract and vectors, DLL and static, on $(echo $backends | wc -w) backends ($n runs)"

# --- 3. the Rust tests --------------------------------------------------
${CARGO:-cargo} test --target x86_64-pc-windows-gnu --target-dir target/windows/test
echo "PASS windows Rust tests"

# --- 4. the CLI --------------------------------------------------------
# Each against the Linux build's CLI (make test's prebuild made it), whose
# output it must equal byte for byte (Windows line ends taken off text
# output only).
exe="$dist/rmd160mb.exe"
linux=${CLI_BIN:-target/release/rmd160mb}
[ -x "$linux" ] || fail "the Linux CLI $linux is missing (make cli)"
# Text in with CRLF line ends: hash160 of the compressed keys of the vector
# file, and sum -c of a checksum list, both written with CRLF.
awk -F'\t' '!/^#/ { print $2 }' tests/vectors/hash160-pubkeys.tsv | head -n 500 > "$out/keys-lf.txt"
sed 's/$/\r/' "$out/keys-lf.txt" > "$out/keys-crlf.txt"
"$linux" hash160 < "$out/keys-lf.txt" > "$out/h160-linux.txt"
$run "$exe" hash160 < "$out/keys-crlf.txt" | tr -d '\r' > "$out/h160-win.txt"
[ -s "$out/h160-linux.txt" ] && cmp -s "$out/h160-linux.txt" "$out/h160-win.txt" ||
    fail "rmd160mb.exe hash160 of CRLF text differs from the Linux CLI's of the same lines"
"$linux" sum tests/vectors/hash32.tsv tests/vectors/ripemd160-known.tsv | sed 's/$/\r/' > "$out/sums-crlf.txt"
$run "$exe" sum -c "$out/sums-crlf.txt" > "$out/sum-c.log" 2>&1 ||
    { cat "$out/sum-c.log" >&2; fail "rmd160mb.exe sum -c of a CRLF list"; }
# Binary out: raw digests, not a byte changed (no LF turned into CRLF).
head -c 33000 tests/vectors/hash32.tsv > "$out/keys.bin"
"$linux" hash160 --binary --width 33 < "$out/keys.bin" > "$out/h160-linux.bin"
$run "$exe" hash160 --binary --width 33 < "$out/keys.bin" > "$out/h160-win.bin"
lf=$(tr -cd '\n' < "$out/h160-linux.bin" | wc -c)
cmp -s "$out/h160-linux.bin" "$out/h160-win.bin" ||
    fail "rmd160mb.exe hash160 --binary output differs from the Linux CLI's ($lf of its bytes are 0x0a)"
# Exit statuses: a checksum that does not match, a file that is missing,
# an unknown option.
printf '%040d  %s\r\n' 0 tests/vectors/hash32.tsv > "$out/bad-crlf.txt"
for args in "sum -c $out/bad-crlf.txt" "sum $out/no-such-file" "hash160 --no-such-option"; do
    # shellcheck disable=SC2086
    "$linux" $args > /dev/null 2>&1 && want=0 || want=$?
    # shellcheck disable=SC2086
    $run "$exe" $args > /dev/null 2>&1 && got=0 || got=$?
    [ "$got" = "$want" ] || fail "rmd160mb.exe $args exits $got, the Linux CLI $want"
    [ "$want" != 0 ] || fail "rmd160mb $args succeeded"
done
echo "PASS windows CLI: CRLF text (hash160, sum -c), binary output unchanged ($lf LF bytes among $(wc -c < "$out/h160-win.bin")), exit statuses as on Linux"
