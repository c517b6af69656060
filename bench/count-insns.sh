#!/usr/bin/env bash
# Speed proxy for the arm64 kernels (no arm64 machine at hand): instructions
# per message, counted in the disassembly of the release cross build.
#
#   bench/count-insns.sh [--no-build]
#
# NEON: every instruction of one call of the group function
# (`ripemd160mb::neon::hash_group8`, 8 messages: two 4-lane groups
# interleaved; `hash_group4` for a lone group of 4) plus the instructions of
# the loop around its call in the caller, divided by the messages per call.
# The kernels are straight-line code (80 steps unrolled), so the static count
# is the dynamic count.
# Scalar: `ripemd160mb::scalar::hash32_one` (one message) plus the loop
# around its call; if LTO inlined it, the call-free loop with the most
# `ror #22` (RIPEMD-160's rol 10 runs 160 times per message; SHA-256, the
# only other rotate-heavy code, has 64 per block).
set -euo pipefail
cd "$(dirname "$0")/.."

target=aarch64-unknown-linux-gnu
objdump=${OBJDUMP:-aarch64-linux-gnu-objdump}
if [ "${1:-}" != --no-build ]; then
    cargo rustc --quiet --release --lib --features capi --crate-type cdylib --target "$target"
fi
so=target/$target/release/libripemd160mb.so
asm=$(mktemp)
trap 'rm -f "$asm"' EXIT
"$objdump" -d --no-show-raw-insn "$so" >"$asm"

awk '  # POSIX awk (mawk or gawk)

# Instructions: n, with function index fn[i], address at[i] (numeric),
# mnemonic op[i] and operands arg[i]; functions: name[f], first[f], last[f].
/^[0-9a-f]+ <.*>:$/ {
    nf++; name[nf] = $2; gsub(/[<>:]/, "", name[nf]); first[nf] = n + 1; last[nf] = n; next
}
/^ +[0-9a-f]+:\t/ && nf {
    split($0, t, "\t"); n++
    a = t[1]; gsub(/[ :]/, "", a)
    fn[n] = nf; at[n] = hex(a)
    op[n] = t[2]; arg[n] = t[3]; last[nf] = n
}
function hex(s,   v, k) { v = 0; for (k = 1; k <= length(s); k++) v = v * 16 + index("0123456789abcdef", substr(s, k, 1)) - 1; return v }
function is_branch(i) { return op[i] ~ /^(b|b\..*|cbz|cbnz|tbz|tbnz)$/ }
function target(i,   a) {  # branch target address of instruction i
    a = arg[i]; sub(/ <.*/, "", a); sub(/.*, */, "", a); sub(/^#?(0x)?/, "", a); return hex(a)
}
function index_of(addr, f,   i) { for (i = first[f]; i <= last[f]; i++) if (at[i] == addr) return i; return 0 }
function find_function(pat,   f) { for (f = 1; f <= nf; f++) if (index(name[f], pat)) return f; return 0 }
# Instructions of the innermost loop around instruction c (0 if none).
function loop_around(c,   f, i, s, best) {
    f = fn[c]; best = 0
    for (i = c; i <= last[f]; i++)
        if (is_branch(i) && target(i) <= at[c]) {
            s = index_of(target(i), f)
            if (s && (best == 0 || i - s + 1 < best)) best = i - s + 1
        }
    return best
}
function report_group(label, pat, msgs,   f, body, c, overhead) {
    f = find_function(pat)
    if (!f) { printf "%-28s function %s not found\n", label, pat; missing = 1; return }
    body = last[f] - first[f] + 1; overhead = 0
    for (c = 1; c <= n; c++)
        if (op[c] == "bl" && index(arg[c], pat) && loop_around(c) > 0) { overhead = loop_around(c); break }
    printf "%-28s %5d + loop %2d instructions / %d message%s = %6.1f per message\n", \
        label, body, overhead, msgs, (msgs > 1 ? "s" : " "), (body + overhead) / msgs
}
END {
    report_group("NEON, 2 groups of 4 lanes", "neon11hash_group8", 8)
    report_group("NEON, 1 group of 4 lanes", "neon11hash_group4", 4)
    # Scalar: the out-of-line one-message function and its caller loop, or
    # else the call-free loop with the most `ror #22`.
    if (find_function("scalar10hash32_one")) { report_group("scalar", "scalar10hash32_one", 1); exit missing }
    best = 0; bestrors = 0
    for (i = 1; i <= n; i++) {
        if (!is_branch(i) || target(i) > at[i]) continue
        s = index_of(target(i), fn[i]); if (!s) continue
        rors = 0; calls = 0
        for (k = s; k <= i; k++) { if (op[k] == "ror" && arg[k] ~ /#22$/) rors++; if (op[k] == "bl") calls++ }
        if (!calls && rors > bestrors) { bestrors = rors; best = i - s + 1; bestname = name[fn[i]] }
    }
    if (best) printf "%-28s %5d instructions (loop in %s) = %6.1f per message\n", "scalar", best, bestname, best
    else { print "scalar loop not found"; missing = 1 }
    exit missing
}' "$asm"
