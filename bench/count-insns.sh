#!/usr/bin/env bash
# Speed proxy for the arm64 kernels (no arm64 machine at hand): instructions
# per message, counted in the disassembly of the release cross build.
#
#   bench/count-insns.sh [--no-build]
#
# NEON: the instructions of one iteration of the loops of
# `ripemd160mb::simd::neon::hash32` (two 4-lane groups interleaved, then one
# group), divided by the messages per iteration. The kernels are
# straight-line code (80 steps unrolled), so the static count is the dynamic
# count. Scalar: the call-free loop with the most `ror #22`. Keccak-256:
# the round loop of each fixed-width kernel, times 24 rounds.
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
END {
    # NEON: the loops of the neon hash32 entry point whose body holds the
    # unrolled compression function (every rotate is SHL + USRA/SRI, or one
    # TBL for 8): one iteration hashes 8 messages (two groups of 4) when it
    # has over 400 such inserts, else 4.
    for (i = 1; i <= n; i++) {
        if (!is_branch(i) || target(i) > at[i] || index(name[fn[i]], "neon6hash32") == 0) continue
        s = index_of(target(i), fn[i]); if (!s) continue
        ins = 0
        for (k = s; k <= i; k++) if (op[k] == "usra" || op[k] == "sri") ins++
        if (ins < 100) continue
        msgs = (ins > 400) ? 8 : 4
        if (msgs in seen) continue
        seen[msgs] = 1; found = 1
        printf "%-28s %5d instructions / %d messages = %6.1f per message\n", \
            (msgs == 8 ? "NEON, 2 groups of 4 lanes" : "NEON, 1 group of 4 lanes"), i - s + 1, msgs, (i - s + 1) / msgs
    }
    if (!found) { print "NEON hash32 loop not found"; missing = 1 }
    # Scalar: the call-free loop with the most `ror #22` (RIPEMD-160 runs its rol
    # 10 160 times per message; SHA-256, the only other rotate-heavy
    # code, has 64 per block).
    best = 0; bestrors = 0
    for (i = 1; i <= n; i++) {
        if (!is_branch(i) || target(i) > at[i]) continue
        s = index_of(target(i), fn[i]); if (!s) continue
        if (index(name[fn[i]], "neon")) continue
        rors = 0; calls = 0
        for (k = s; k <= i; k++) { if (op[k] == "ror" && arg[k] ~ /#22$/) rors++; if (op[k] == "bl") calls++ }
        if (!calls && rors > bestrors) { bestrors = rors; best = i - s + 1; bestname = name[fn[i]] }
    }
    if (best) printf "%-28s %5d instructions (loop in %s) = %6.1f per message\n", "scalar", best, bestname, best
    else { print "scalar loop not found"; missing = 1 }
    # Keccak-256: the round loop (23 of the 24 rounds; the last is peeled,
    # and the fixed-width kernels drop most of it) of each fixed-width
    # kernel: `neon::keccak256_sha3` (EOR3/RAX1/XAR/BCAX, 2 lanes),
    # `neon::keccak256` (plain NEON inlined, 2 lanes) and the scalar
    # `keccak::sponge::keccak256` (1). Per message of up to 135 bytes (one
    # permutation): 24 rounds of the loop body over the lanes; loads,
    # padding and stores are not counted.
    split("neon14keccak256_sha3 neon9keccak256 sponge9keccak256", kname, " ")
    split("NEON SHA-3, 2 lanes|NEON plain, 2 lanes|scalar", klabel, "|")
    split("2 2 1", klanes, " ")
    for (q = 1; q <= 3; q++) {
        best = 0
        for (i = 1; i <= n; i++) {
            if (!is_branch(i) || target(i) > at[i] || index(name[fn[i]], kname[q]) == 0) continue
            s = index_of(target(i), fn[i]); if (!s) continue
            chi = 0
            for (k = s; k <= i; k++) if (op[k] == "bcax" || op[k] == "bic") chi++
            # One round: 25 chi lanes, and no more than one round.
            if (chi == 25 && (!best || i - s + 1 < best)) best = i - s + 1
        }
        if (best) printf "Keccak-256 %-17s %5d instructions a round x 24 / %d = %6.1f per message\n", klabel[q], best, klanes[q], best * 24 / klanes[q]
        else { print "Keccak-256 " klabel[q] " round loop not found"; missing = 1 }
    }
    exit missing
}' "$asm"
