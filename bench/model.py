#!/usr/bin/env python3
"""Each x86_64 kernel's block loop, modelled by llvm-mca on the CPU models
that have AVX-512, in cycles per message.

    bench/model.py LIB MCA [--cpus A,B,..] [--measured BENCH_JSON --ghz GHZ]
                   [--write BASELINE | --check BASELINE]

`make bench-model`, `make model-baseline` and `make check-model` run it on
the release C library (LIB, whose own symbols are v0-mangled, so generic
arguments name each fixed-width copy) with MCA, an `llvm-mca` binary.

For every kernel below and each instruction set (avx512, avx2) the kernel's
functions are found by name (a kernel whose function is missing fails,
naming it). Its block loop is the largest backward branch in them that
holds the compression function, or, where the loop calls the group function
(a closure the compiler did not inline), that closure's whole body; for
Keccak-256 the innermost loop that holds a round. The loop is handed to
llvm-mca as it is in the disassembly (branches to a label at its top).

Messages per iteration are derived from the code, not typed in: the lanes
of the registers the loop uses (zmm 16 32-bit words or 8 64-bit ones, ymm 8
or 4), times the groups in flight: the loop's rotations and shifts divided
by those the algorithm needs for one group (RIPEMD-160: 2 rotations a step,
160 steps; SHA-256: 6 a round, 64 rounds, and 4 rotations and 2 shifts for
each of the 48 schedule words of a block that holds message bytes; two
shifts stand for a rotation where the ISA has no rotate). A count that is
not within a fifth of a whole number of groups fails, naming the kernel.
A Keccak-256 iteration is one round of the 24 (src/keccak/consts.rs).

Printed, one line per kernel, instruction set and CPU model:
  model kernel=hash32 isa=avx512 cpu=sapphirerapids msgs=32 cycles_per_msg=33.7 bound_per_msg=22.2 ratio=0.66
where bound_per_msg is llvm-mca's block reciprocal throughput (the port
pressure alone) per message and ratio = bound / cycles. With --measured and
--ghz, the host's own kernels' measured cycles per message (`rmd160mb bench
--json`) follow, beside the model closest to this CPU.
"""
import argparse
import concurrent.futures
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CPUS = ["znver4", "sapphirerapids", "graniterapids", "icelake-server", "skylake-avx512"]
ISAS = ["avx512", "avx2"]
ITERATIONS = 50
# A rise of the modelled cycles per message beyond this fails check-model.
TOLERANCE = 0.03

# What one group (a message per lane) of each algorithm costs in the shift
# class: (rotations, shifts) per message block.
RIPEMD160_BLOCK = (2 * 160, 0)
SHA256_ROUNDS = (6 * 64, 0)
SHA256_SCHEDULE = (4 * 48, 2 * 48)


def keccak_rounds():
    """Keccak-f[1600]'s round count, as the library defines it."""
    text = open(os.path.join(ROOT, "src/keccak/consts.rs")).read()
    return int(re.search(r"pub const ROUNDS: usize = (\d+);", text).group(1))


def sha256_blocks(width):
    """Shift-class cost of SHA-256 of `width` bytes: every block's rounds,
    and the schedule of each block that holds message bytes (a block of
    padding only has a constant schedule)."""
    blocks = (width + 9 + 63) // 64
    rot = shifts = 0
    for b in range(blocks):
        rot += SHA256_ROUNDS[0]
        if 64 * b < width:
            rot += SHA256_SCHEDULE[0]
            shifts += SHA256_SCHEDULE[1]
    return rot, shifts


def plus(*costs):
    return tuple(map(sum, zip(*costs)))


# (kernel name, function name pattern after `kernels::<isa>::`, cost of one
# group, row of `rmd160mb bench` that times it or None). A `None` cost:
# Keccak, whose loop is one round.
KERNELS = [
    ("hash32", r"hash32", RIPEMD160_BLOCK, "ripemd160-32"),
    ("hash160-32", r"hash160_fused::fused::<\S*W32>", plus(sha256_blocks(32), RIPEMD160_BLOCK), None),
    ("hash160-33", r"hash160_fused::fused::<\S*W33>", plus(sha256_blocks(33), RIPEMD160_BLOCK), "hash160-33"),
    ("hash160-65", r"hash160_fused::fused::<\S*W65>", plus(sha256_blocks(65), RIPEMD160_BLOCK), "hash160-65"),
    ("sha256-32", r"sha256_groups::fixed::<\S*W32, false>", sha256_blocks(32), "sha256-32"),
    ("sha256-33", r"sha256_groups::fixed::<\S*W33, false>", sha256_blocks(33), None),
    ("sha256-64", r"sha256_groups::fixed::<\S*W64, false>", sha256_blocks(64), "sha256-64"),
    ("sha256-65", r"sha256_groups::fixed::<\S*W65, false>", sha256_blocks(65), None),
    ("sha256d-64", r"sha256_groups::fixed::<\S*W64, true>", plus(sha256_blocks(64), sha256_blocks(32)), "sha256d-64"),
    # Block headers.
    ("sha256d-80", r"sha256_groups::fixed::<\S*W80, true>", plus(sha256_blocks(80), sha256_blocks(32)), "sha256d-80"),
    # General widths: one 64-byte block of each message per iteration.
    ("sha256-general-block", r"sha256_groups::general::<false>", plus(SHA256_ROUNDS, SHA256_SCHEDULE), None),
    ("keccak256", r"keccak256", None, "keccak256-32"),
    # Ethereum addresses: Keccak-256 of 64-byte keys, the same kernel and
    # loop (one block of the 136-byte rate), the address cut from the digest.
    ("eth_address", r"keccak256", None, "eth-address-64"),
    ("ripemd160-many", r"many_lanes::<\S*Ripemd160, 20>", RIPEMD160_BLOCK, None),
    ("sha256-many-block", r"many_lanes::<\S*Sha256, 32>", plus(SHA256_ROUNDS, SHA256_SCHEDULE), None),
    ("keccak256-many", r"keccak256_many", None, None),
]

SHIFT = re.compile(r"^v(psrl|psll)[dq]$")
ROTATE = re.compile(r"^vpro[lr][dq]$")


def functions(lib):
    """{demangled name: [(address, mnemonic, operands)]} (AT&T syntax)."""
    dump = subprocess.run(["objdump", "-d", "--no-show-raw-insn", "-C", lib], check=True, capture_output=True, text=True).stdout
    funcs, cur = {}, None
    for line in dump.splitlines():
        m = re.match(r"^[0-9a-f]+ <(.*)>:$", line)
        if m:
            cur = funcs.setdefault(m.group(1).replace("ripemd160mb::", ""), [])
            continue
        m = re.match(r"^ +([0-9a-f]+):\t(\S+)\s*(.*)$", line)
        if m and cur is not None:
            cur.append((int(m.group(1), 16), m.group(2), m.group(3)))
    return funcs


def loops(insns):
    """Bodies of the loops of one function: every backward branch within it."""
    index = {a: i for i, (a, _, _) in enumerate(insns)}
    for i, (a, op, args) in enumerate(insns):
        if not op.startswith("j"):
            continue
        t = re.match(r"([0-9a-f]+) ", args + " ")
        if t and int(t.group(1), 16) < a and int(t.group(1), 16) in index:
            yield insns[index[int(t.group(1), 16)] : i + 1]


def shift_class(body):
    rot = sum(1 for _, o, _ in body if ROTATE.match(o))
    sh = sum(1 for _, o, _ in body if SHIFT.match(o))
    return rot, sh


class ModelError(Exception):
    pass


def block_loop(funcs, isa, kernel, pattern, cost):
    """(body, messages per iteration) of one kernel."""
    full = re.compile(r"^kernels::%s::%s$" % (isa, pattern))
    names = [n for n in funcs if full.match(n)]
    if not names:
        raise ModelError(f"kernel {kernel} ({isa}): no function kernels::{isa}::{pattern} in the library")
    # The function and the closures it calls (group functions not inlined).
    candidates = []
    for n in funcs:
        if any(n == m or n.startswith(m + "::{closure") for m in names):
            bodies = list(loops(funcs[n]))
            if "{closure" in n and not any(shift_class(b) != (0, 0) for b in bodies):
                bodies.append(funcs[n])  # straight-line group function
            candidates += bodies
    candidates = [b for b in candidates if not any(o.startswith("call") for _, o, _ in b)]
    if cost is None:
        # Keccak: the innermost (smallest) loop holding a round's rotations.
        rounds = [b for b in candidates if sum(shift_class(b)) >= 20]
        if not rounds:
            raise ModelError(f"kernel {kernel} ({isa}): no loop of Keccak rounds found in {names}")
        body = min(rounds, key=len)
    else:
        body = max(candidates, key=lambda b: sum(shift_class(b)), default=None)
        if body is None or sum(shift_class(body)) < 100:
            raise ModelError(f"kernel {kernel} ({isa}): no block loop found in {names}")
    wide = any("zmm" in x for _, _, x in body)
    if not wide and not any("ymm" in x for _, _, x in body):
        raise ModelError(f"kernel {kernel} ({isa}): its loop uses no vector register")
    word_bits = 64 if cost is None else 32
    lanes = (512 if wide else 256) // word_bits
    rot, sh = shift_class(body)
    if cost is None:
        # One round an iteration: messages per iteration are lanes / rounds.
        return body, lanes / keccak_rounds(), rot, sh
    # Rotations are one instruction with AVX-512's vprol/vpror, two shifts
    # (and an or) without.
    per_rot = 1 if rot else 2
    want = cost[0] * per_rot + cost[1]
    groups = (rot + sh) / want
    whole = round(groups)
    if whole < 1 or abs(groups - whole) > 0.2:
        raise ModelError(f"kernel {kernel} ({isa}): {rot + sh} rotations and shifts in its loop, "
                         f"{groups:.2f} groups of {want}: cannot derive messages per iteration")
    return body, lanes * whole, rot, sh


def mca_source(body):
    """The loop as llvm-mca reads it: AT&T syntax, branches to its top."""
    out = [".Lloop:"]
    for _, op, args in body:
        args = re.sub(r"\s*#.*$", "", args)
        args = re.sub(r"\s*<[^>]*>$", "", args)
        if op.startswith("j"):
            out.append(f"{op} .Lloop")
        elif op.startswith("nop") or op in ("cs", "ds", "data16"):
            continue  # alignment padding (`cs nopw ...`)
        else:
            out.append(f"{op} {args}".strip())
    return "\n".join(out) + "\n"


def mca(binary, cpu, source):
    r = subprocess.run([binary, f"-mcpu={cpu}", f"-iterations={ITERATIONS}", "-summary-view",
                        "-resource-pressure=0", "-instruction-info=0"],
                       input=source, capture_output=True, text=True)
    if r.returncode != 0:
        raise ModelError(f"llvm-mca -mcpu={cpu} failed: {r.stderr.strip()[:400]}")
    total = float(re.search(r"Total Cycles:\s+(\d+)", r.stdout).group(1))
    rthroughput = float(re.search(r"Block RThroughput:\s+([\d.]+)", r.stdout).group(1))
    return total / ITERATIONS, rthroughput


def closest_model(flags, vendor):
    """The CPU model of the list nearest to this host, or None."""
    if "avx512f" not in flags:
        return None
    if vendor == "AuthenticAMD":
        return "znver4"  # Zen 4; llvm-mca's znver5 is Zen 4's model too
    if "amx_tile" in flags:
        return "sapphirerapids"
    if "avx512_vbmi2" in flags:
        return "icelake-server"
    return "skylake-avx512"


def host():
    info = open("/proc/cpuinfo").read()
    flags = set(re.search(r"^flags\s*:\s*(.*)$", info, re.M).group(1).split())
    vendor = re.search(r"^vendor_id\s*:\s*(\S+)", info, re.M).group(1)
    family = int(re.search(r"^cpu family\s*:\s*(\d+)", info, re.M).group(1))
    model = int(re.search(r"^model\s*:\s*(\d+)", info, re.M).group(1))
    name = re.search(r"^model name\s*:\s*(.*)$", info, re.M).group(1).strip()
    return flags, vendor, family, model, name


def read_baseline(path):
    rows = {}
    for line in open(path):
        if line.startswith("#") or not line.strip():
            continue
        kernel, isa, cpu, msgs, cycles = line.split("\t")[:5]
        rows[(kernel, isa, cpu)] = float(cycles)
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("lib")
    ap.add_argument("mca")
    ap.add_argument("--cpus", default=",".join(CPUS))
    ap.add_argument("--measured")
    ap.add_argument("--ghz", type=float)
    ap.add_argument("--write")
    ap.add_argument("--check")
    args = ap.parse_args()
    cpus = args.cpus.split(",")

    funcs = functions(args.lib)
    jobs, errors = [], []
    for isa in ISAS:
        for kernel, pattern, cost, row in KERNELS:
            try:
                body, msgs, rot, sh = block_loop(funcs, isa, kernel, pattern, cost)
            except ModelError as e:
                errors.append(str(e))
                continue
            jobs.append((kernel, isa, row, body, msgs))
    if errors:
        for e in errors:
            print(f"model: FAIL: {e}", file=sys.stderr)
        sys.exit(1)

    results = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        futures = {}
        for kernel, isa, row, body, msgs in jobs:
            src = mca_source(body)
            for cpu in cpus:
                futures[pool.submit(mca, args.mca, cpu, src)] = (kernel, isa, cpu, msgs)
        for f in concurrent.futures.as_completed(futures):
            kernel, isa, cpu, msgs = futures[f]
            try:
                cycles, rthroughput = f.result()
            except ModelError as e:
                print(f"model: FAIL: kernel {kernel} ({isa}): {e}", file=sys.stderr)
                sys.exit(1)
            results[(kernel, isa, cpu)] = (msgs, cycles / msgs, rthroughput / msgs)

    def fmt_msgs(m):
        return f"{m:g}" if m >= 1 else f"{m:.3f}"

    for kernel, isa, row, body, msgs in jobs:
        for cpu in cpus:
            m, c, b = results[(kernel, isa, cpu)]
            print(f"model kernel={kernel} isa={isa} cpu={cpu} msgs={fmt_msgs(m)} cycles_per_msg={c:.1f} "
                  f"bound_per_msg={b:.1f} ratio={b / c:.2f}")

    if args.measured and args.ghz:
        flags, vendor, family, model, name = host()
        near = closest_model(flags, vendor)
        bench = {r["backend"]: r for r in json.load(open(args.measured))["rows"]}
        print(f"\nthis host: {name} (family {family} model {model}), clock {args.ghz:.2f} GHz; "
              f"closest model: {near or 'none (no AVX-512)'}")
        for kernel, isa, row, body, msgs in jobs:
            if not row or isa not in bench or row not in bench[isa]:
                continue
            if isa == "avx2" and "sha_ni" in flags and ("sha256" in row or "hash160" in row):
                continue  # the avx2 backend's SHA-256 runs on SHA-NI here, not on the lanes modelled
            measured = bench[isa][row]["ns_per_msg"] * args.ghz
            modelled = f"{results[(kernel, isa, near)][1]:.1f}" if near and (kernel, isa, near) in results else "-"
            print(f"measured kernel={kernel} isa={isa} row={row} cycles_per_msg={measured:.1f} model_{near}={modelled}")

    if args.write:
        with open(args.write, "w") as f:
            version = subprocess.run([args.mca, "--version"], capture_output=True, text=True).stdout
            llvm = re.search(r"LLVM version (\S+)", version)
            rustc = subprocess.run(["rustc", "--version"], capture_output=True, text=True).stdout.strip()
            f.write("# Modelled cycles per message of each kernel's block loop (make model-baseline;\n")
            f.write("# make check-model fails on a rise of more than 3%). Written with\n")
            f.write(f"# llvm-mca {llvm.group(1) if llvm else '?'}, {ITERATIONS} iterations, from the release library of {rustc}.\n")
            f.write("# kernel\tisa\tcpu\tmsgs\tcycles_per_msg\n")
            for kernel, isa, row, body, msgs in jobs:
                for cpu in cpus:
                    m, c, _ = results[(kernel, isa, cpu)]
                    f.write(f"{kernel}\t{isa}\t{cpu}\t{fmt_msgs(m)}\t{c:.2f}\n")
        print(f"model: wrote {args.write}")

    if args.check:
        base = read_baseline(args.check)
        failed = []
        for key, was in base.items():
            kernel, isa, cpu = key
            if key not in results:
                failed.append(f"{kernel} ({isa}) on {cpu}: in the baseline, not modelled now")
                continue
            now = results[key][1]
            if now > was * (1 + TOLERANCE):
                failed.append(f"{kernel} ({isa}) on {cpu}: {was:.2f} -> {now:.2f} cycles per message "
                              f"(+{100 * (now / was - 1):.1f}%, more than {100 * TOLERANCE:.0f}%)")
        new = [k for k in results if k not in base]
        if new:
            print(f"check-model: not in the baseline (make model-baseline): {', '.join(sorted({f'{k[0]} ({k[1]})' for k in new}))}")
        if failed:
            for f in failed:
                print(f"check-model: FAIL: {f}", file=sys.stderr)
            print("check-model: a rise made on purpose updates bench/model-baseline.tsv (make model-baseline) "
                  "in the same commit, the reason in its message", file=sys.stderr)
            sys.exit(1)
        print(f"check-model: PASS: {len(base)} kernel, instruction set and CPU model figures within "
              f"{100 * TOLERANCE:.0f}% of {args.check}")


if __name__ == "__main__":
    main()
