#!/usr/bin/env bash
# Instructions per message of the x86_64 kernels, counted in the disassembly
# of the release library: for every loop (a backward branch) of the AVX-512,
# AVX2 and scalar hash32 functions whose body holds the unrolled compression
# function (at least 100 rotates), the instructions of one iteration divided
# by the messages it hashes. The 80 steps are straight-line code, so the
# static count of one iteration is its dynamic count.
#
#   bench/count-insns-x86.sh [--no-build]
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" != --no-build ]; then
    make --no-print-directory --quiet lib   # the C library: target/release/libripemd160mb.so
fi
objdump -d --no-show-raw-insn target/release/libripemd160mb.so | awk '
function hex(s,   v, k) { v = 0; s = tolower(s); for (k = 1; k <= length(s); k++) v = v * 16 + index("0123456789abcdef", substr(s, k, 1)) - 1; return v }
/^[0-9a-f]+ <.*>:$/ { fname = $2; next }
/^ +[0-9a-f]+:\t/ {
    split($0, t, "\t"); a = t[1]; gsub(/[ :]/, "", a)
    n++; addr[n] = hex(a); fnm[n] = fname
    op[n] = t[2]; sub(/ .*/, "", op[n]); arg[n] = t[2]; sub(/^[^ ]* */, "", arg[n])
}
END {
    for (i = 1; i <= n; i++) {
        if (op[i] !~ /^j/) continue
        tg = arg[i]; sub(/ <.*/, "", tg); tg = hex(tg)
        if (tg >= addr[i]) continue
        for (s = i; s > 1 && addr[s] > tg; s--) ;
        if (fnm[s] != fnm[i]) continue
        rot = 0; wide = 0
        for (k = s; k <= i; k++) {
            if (op[k] ~ /^(vprold|rol|ror|rorx|vpslld)/) rot++
            if (arg[k] ~ /zmm/) wide = 16; else if (arg[k] ~ /ymm/ && wide < 8) wide = 8
        }
        if (rot < 100) continue
        kernel = "scalar"; lanes = 1
        if (fnm[i] ~ /avx512/) { kernel = "avx512"; lanes = 16 } else if (fnm[i] ~ /avx2/) { kernel = "avx2"; lanes = 8 }
        # The AVX-512 main loop hashes two 16-lane groups per iteration.
        msgs = lanes
        if (kernel == "avx512" && rot > 400) msgs = 32
        if (kernel == "avx2" && rot > 800) msgs = 16
        if (kernel == "scalar" && rot > 200) msgs = int(rot / 160 + 0.5)
        key = kernel " " msgs
        if (key in seen) continue
        seen[key] = 1
        printf "%-7s loop of %5d instructions for %2d messages: %6.1f instructions per message\n", kernel, i - s + 1, msgs, (i - s + 1) / msgs
    }
}'
