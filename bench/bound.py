#!/usr/bin/env python3
"""The lower bound on each x86_64 kernel's time per message on this machine,
from the instructions in its loop and the issue rates `bench/ports.rs`
measured, beside the time `rmd160mb bench` measures.

    bench/bound.py PORTS_JSON BINARY [BENCH_JSON [LIBRARY_SO]]

`make bench-ports` runs it with target/ports.json, the `rmd160mb` binary
and `rmd160mb bench --json`: the kernels counted are the very ones timed;
LIBRARY_SO (the shared library, whose symbols carry their generic
arguments) gives the AVX-512 SHA-256 groups by width and the SHA-NI
kernel's instruction mix for 64-byte messages, to tell whether SHA-NI
rounds beside the lanes could pay on this CPU.

The loops: every backward branch whose body holds an unrolled compression
function (100 or more rotations or shifts), and a function with no such
loop that holds one (a group function a loop calls). The 64 or 80 steps are
straight-line code, so the static count of one iteration is its dynamic
count. Per loop, the vector ALU instructions fall in two classes:

- the shift class (rotations and shifts), which this CPU issues at the
  rate measured for them (`zmm_rol_shift`: a rotation and a shift
  alternating, so that two ports show as two; on Intel cores one port takes
  512-bit shifts and rotations);
- every vector ALU instruction (the shift class included), which issues at
  the best rate measured for additions or ternary logic.

The bound in cycles is the larger of (shift class / its rate) and (all /
their rate); loads, stores, register moves and the loop's scalar
instructions go to other ports and are not counted, and a gather
(`vpgatherdd`) is a third limit, at the rate measured for gathers of one
word from each of 16 cache lines (the load ports). It is a floor, not a prediction:
a kernel at 90% of it has 10% left to gain at most.
"""
import functools
import json
import re
import subprocess
import sys

SHIFTS = re.compile(r"^v(prol|pror|psrl|psll|psra)[dq]$")
ALU = re.compile(
    r"^v(padd[dq]|psub[dq]|pternlog[dq]|pxor[dq]?|por[dq]?|pand[dq]?|pandn[dq]?|pshufb|pshufd|"
    r"perm[it]2[dq]|permd|permq|punpck[lh]\w+|inserti\w+|extracti\w+|pblendd|palignr|"
    r"prol[dq]|pror[dq]|psrl[dq]|psll[dq]|psra[dq])$"
)


@functools.lru_cache(maxsize=None)
def disassembly(so, demangle=False):
    """[(function, [(address, mnemonic, operands)])] of `so`, Intel syntax,
    names demangled with `demangle`; each file is disassembled once."""
    dump = subprocess.run(
        ["objdump", "-d", "--no-show-raw-insn", "-M", "intel"] + (["-C"] if demangle else []) + [so],
        check=True, capture_output=True, text=True
    ).stdout
    func, insns = None, []
    funcs = []
    for line in dump.splitlines():
        m = re.match(r"^[0-9a-f]+ <(.*)>:$", line)
        if m:
            func, insns = m.group(1), []
            funcs.append((func, insns))
            continue
        m = re.match(r"^ +([0-9a-f]+):\t(\S+)\s*(.*)$", line)
        if m and func:
            insns.append((int(m.group(1), 16), m.group(2), m.group(3)))
    return funcs


def loops(so, demangle=False):
    """(function, [(mnemonic, operands)]) for each loop body in `so`
    (function names demangled with `demangle`)."""
    funcs = disassembly(so, demangle)

    def heavy(body):
        return sum(1 for _, o, _ in body if SHIFTS.match(o) or o in ("rol", "ror", "rorx")) >= 100

    for func, insns in funcs:
        addrs = [a for a, _, _ in insns]
        found = False
        for i, (a, op, args) in enumerate(insns):
            if not op.startswith("j"):
                continue
            t = re.match(r"([0-9a-f]+)", args)
            if not t:
                continue
            target = int(t.group(1), 16)
            if target >= a or target not in addrs:
                continue
            body = insns[addrs.index(target) : i + 1]
            if heavy(body):
                found = True
                yield func, [(o, x) for _, o, x in body]
        # A group function the loop calls (the AVX-512 SHA-256 group of
        # 64-byte messages is one): straight-line code, one call a group.
        if not found and heavy(insns):
            yield func, [(o, x) for _, o, x in insns]


def sha_ni_rounds(so):
    """`sha256rnds2` instructions in the SHA-NI kernel's fixed-width functions."""
    # `run`, the fixed-width copies: `shani::sha256::run` when it was a
    # function of its own, `shani::hash::run` since it is nested in `hash`
    # (src/sha256/shani.rs).
    return sum(sum(1 for _, o, _ in insns if o == "sha256rnds2")
               for func, insns in disassembly(so, True) if re.search(r"shani::(?:\w+::)?run$", func))


SSE_ALU = re.compile(r"^(padd[dq]|psub[dq]|pshufd|pshufb|palignr|punpck\w+|pxor|por|pand|pandn|pblendw|pinsr\w|pextr\w)$")


def sha_ni_64_mix(so):
    """Per message of 64 bytes in the SHA-NI kernel (`shani::hash::run::<64,
    false>`: its group of `STREAMS_64` messages and the smaller groups of a
    tail, inlined; two blocks a message): the counts of `sha256msg1`,
    `sha256msg2` and the other SSE ALU instructions, or None. Messages: the
    function's `sha256rnds2` over the 64 of two blocks, so that count is 64
    by construction. Register copies and loads (`movdqa`, `movaps`) are not
    counted: the slot cost is a floor."""
    counts = {}
    for func, insns in disassembly(so, True):
        if not re.search(r"shani::(?:\w+::)?run::<64, false>$", func):
            continue
        for _, op, _ in insns:
            key = op if op.startswith("sha256") else "sse" if SSE_ALU.match(op) else None
            if key:
                counts[key] = counts.get(key, 0) + 1
    msgs = counts.get("sha256rnds2", 0) / 64
    if msgs < 1:
        return None
    return {k: v / msgs for k, v in counts.items()}


def kernel_of(func, body):
    """(kernel name, messages per iteration) of a loop, or None."""
    wide = any("zmm" in x for _, x in body)
    ymm = any("ymm" in x for _, x in body)
    rot = sum(1 for o, _ in body if o in ("vprold", "vprord"))
    shifts = sum(1 for o, _ in body if SHIFTS.match(o))
    if "avx512" in func and "hash32" in func and wide:
        return ("avx512 RIPEMD-160 (hash32)", 32 if rot > 400 else 16)
    if "avx2" in func and "hash32" in func and ymm:
        return ("avx2 RIPEMD-160 (hash32)", 16 if shifts > 1200 else 8)
    return None


# The AVX-512 SHA-256 groups, found by name in the shared library, whose
# v0-mangled symbols carry the width and `DOUBLE` (`fixed::<..W64, false>`,
# or its group closure); the CLI binary's legacy names do not, and their
# rotation counts do not tell a two-block group from a double SHA-256 of 32
# bytes (1100 each).
SHA256_GROUPS = {
    "W32": "avx512 SHA-256, 1 block",
    "W65": "avx512 SHA-256, 2 blocks",
    "W64": "avx512 SHA-256, 64 bytes (constant padding block)",
}
SHA256_GROUP = re.compile(r"kernels::avx512::sha256_groups::fixed::<\S*::(W\d+), false>(::\{closure#\d+\})?$")


def main(ports_path, so, bench_path=None, lib_so=None):
    ports = json.load(open(ports_path))
    rows = {}
    skipped = set()
    found = []
    for func, body in loops(so):
        k = kernel_of(func, body)
        if k:
            found.append((k, body))
    if lib_so:
        for func, body in loops(lib_so, demangle=True):
            m = SHA256_GROUP.search(func)
            if m and m.group(1) in SHA256_GROUPS:
                found.append(((SHA256_GROUPS[m.group(1)], 16), body))
    else:
        print("skipped the AVX-512 SHA-256 groups: no shared library given (their names are read from it)")
    for k, body in found:
        if k[0] in rows:
            continue
        name, msgs = k
        alu = sum(1 for o, _ in body if ALU.match(o))
        shift = sum(1 for o, _ in body if SHIFTS.match(o))
        gathers = sum(1 for o, _ in body if o.startswith("vpgather"))
        width = "zmm" if name.startswith("avx512") else "ymm"
        r_all = max(ports.get(f"{width}_add", 0), ports.get(f"{width}_tern", 0), ports.get(f"{width}_or", 0))
        r_shift = ports.get(f"{width}_rol_shift") or ports.get(f"{width}_shift")
        ghz = ports.get(f"ghz_{width}")
        if not (r_all and r_shift and ghz):
            if name not in skipped:
                print(f"skipped {name}: no measured rates for {width} in {ports_path}")
                skipped.add(name)
            continue
        r_gather = ports.get(f"{width}_gather")
        limits = {"the shift port": shift / r_shift, "all vector ports": alu / r_all}
        if gathers and r_gather:
            limits["the load ports (gathers)"] = gathers / r_gather
        limit = max(limits, key=limits.get)
        cycles = limits[limit] / msgs
        rows[name] = dict(msgs=msgs, insns=len(body) / msgs, alu=alu / msgs, shift=shift / msgs,
                          gathers=gathers / msgs, cycles=cycles, ns=cycles / ghz, limit=limit)

    measured = {}
    if bench_path:
        bench = json.load(open(bench_path))
        for r in bench["rows"]:
            measured[r["backend"]] = {k: v["ns_per_msg"] for k, v in r.items() if isinstance(v, dict)}

    print(f"CPU: {ports.get('cpu')} ({ports.get('model')})")
    # Version 2 of ports.json: `ghz_<width>` is a dependent 64-bit add
    # chain's clock (1 cycle latency) under that width's load, and the
    # width's `vpaddd` chain latency is measured against it; version 1 took
    # the `vpaddd` chain itself as 1 cycle. Either way the rates are per
    # cycle of `ghz_<width>`, so the ns bounds mean the same.
    method = ports.get("clock_method")
    if method and "ghz_scalar" in ports:
        print(f"clock: {ports['ghz_scalar']:.2f} GHz, from a {method}")
    for width in ("zmm", "ymm"):
        if f"ghz_{width}" in ports:
            lat = ports.get(f"{width}_chain_latency")
            how = f"add chain under {width} load; vpaddd {width} chain {lat:.2f} cycle latency" if lat else "dependent vpaddd chain taken as 1 cycle"
            print(f"{width}: clock {ports[f'ghz_{width}']:.2f} GHz ({how}), per cycle: add {ports.get(f'{width}_add', 0):.2f}, "
                  f"rotation+shift {ports.get(f'{width}_rol_shift') or ports.get(f'{width}_shift', 0):.2f}")
    if ports.get("implausible"):
        print(f"warning: bench/ports.rs flagged {', '.join(ports['implausible'])} above the plausible maximum "
              "issue rate: the bounds made from them are not to be trusted")
    print()
    print("| kernel | messages per loop | instructions per message | vector ALU | of them rotations and shifts | gathers | bound (cycles) | bound (ns) | limited by |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---|")
    for name, r in rows.items():
        print(f"| {name} | {r['msgs']} | {r['insns']:.1f} | {r['alu']:.1f} | {r['shift']:.1f} | {r['gathers']:.2f} | {r['cycles']:.1f} | {r['ns']:.2f} | {r['limit']} |")

    # SHA-NI (src/simd/shani.rs): a block is 16 quad-rounds of 2
    # `sha256rnds2`, 12 of them with a share of the schedule (msg1, palignr,
    # an addition, msg2). Its streams are independent, so the bound is the
    # issue rate of those two mixes (`sha_quad`, `sha_quad_schedule`). The
    # disassembly is only checked loosely: its count of `sha256rnds2` must
    # be a multiple of the 32 a compression has.
    quad, quad_s = ports.get("sha_quad"), ports.get("sha_quad_schedule")
    ghz = ports.get("ghz_scalar")
    if quad and quad_s and ghz:
        rnds2 = sha_ni_rounds(so)
        cycles = 12 / quad_s + 4 / quad
        print()
        whole = "a multiple of 32, the rounds of a compression" if rnds2 and rnds2 % 32 == 0 else "NOT a multiple of 32: check the kernel"
        print(f"SHA-NI: {rnds2} `sha256rnds2` in the kernel's fixed-width functions ({whole}); at the measured "
              f"{quad_s:.3f} quad-rounds with schedule and {quad:.3f} without per cycle, a block is {cycles:.1f} "
              f"cycles ({cycles / ghz:.2f} ns) per message, however many messages are interleaved.")
        for blocks in (1, 2):
            rows[f"SHA-NI SHA-256, {blocks} block{'s' if blocks > 1 else ''}"] = dict(
                ns=blocks * cycles / ghz, cycles=blocks * cycles)

    # SHA-NI beside the lanes, in one loop (issue 36): it pays only where a
    # message on SHA-NI takes fewer of the lanes' issue slots than a lane's
    # share of a message. `<width>_slots_*` (bench/ports.rs, `beside!`):
    # the slots one instruction takes from independent adds of that width.
    mix = sha_ni_64_mix(lib_so) if lib_so else None
    if lib_so and not mix and any(k.endswith("_slots_rnds2") for k in ports):
        print(f"\nSHA-NI beside the lanes: no `shani::hash::run::<64, false>` in {lib_so} (objdump -C); not counted")
    # A stall, not a port: bench/ports.rs flags a mixed loop at more than
    # twice the adds' time, 30 slots for one of its 4 instructions.
    stall = 30.0
    for width, lanes in (("zmm", "avx512 SHA-256, 64 bytes (constant padding block)"), ("ymm", None)):
        keys = ("rnds2", "msg1", "msg2", "paddd")
        slots = {k: ports.get(f"{width}_slots_{k}") for k in keys}
        if not mix or any(v is None for v in slots.values()):
            continue
        cost = (mix.get("sha256rnds2", 0) * slots["rnds2"] + mix.get("sha256msg1", 0) * slots["msg1"]
                + mix.get("sha256msg2", 0) * slots["msg2"] + mix.get("sse", 0) * slots["paddd"])
        print()
        print(f"SHA-NI beside {width} lanes: a 64-byte message on SHA-NI ({mix.get('sha256rnds2', 0):.0f} sha256rnds2, "
              f"{mix.get('sha256msg1', 0):.0f} msg1, {mix.get('sha256msg2', 0):.0f} msg2, {mix.get('sse', 0):.0f} other SSE "
              f"ALU) takes {cost:.0f} of the {width} lanes' issue slots (slots each: rnds2 {slots['rnds2']:.2f}, "
              f"msg1 {slots['msg1']:.2f}, msg2 {slots['msg2']:.2f}, paddd {slots['paddd']:.2f}).")
        if max(slots.values()) > stall:
            where = ("the lanes would have to stay in zmm16..31 (assembly)" if width == "zmm"
                     else "AVX2 lanes have only registers 0..15, so a loop of both is ruled out here")
            print(f"  Not a port cost: legacy-SSE instructions stall after {width} writes to registers 0..15 on this core "
                  f"(bench/ports.rs); {where}.")
            continue
        dirty = ports.get(f"{width}_dirty_rnds2_factor")
        if dirty and dirty > 2.0:
            print(f"  And beside {width}5..14, `sha256rnds2` took {dirty:.1f}x the adds' time (dirty upper halves): "
                  "the lanes would have to stay in zmm16..31 (assembly).")
        if lanes in rows:
            a = rows[lanes]["alu"]
            verdict = "a loop of both can gain" if cost < a else "a loop of both cannot gain: SHA-NI costs more of those slots than the lanes"
            print(f"  A lane message takes {a:.0f} ({lanes}): {verdict}.")
        else:
            print(f"  No {width} SHA-256 lane kernel is counted here to set beside it (bench/bound.py counts the "
                  "AVX-512 groups only): compare by hand.")

    def bound(*names):
        return sum(rows[n]["ns"] for n in names) if all(n in rows for n in names) else None

    if measured:
        print()
        print("| backend, operation | measured ns per message | bound ns | speed, share of the bound |")
        print("|---|---:|---:|---:|")
        checks = [
            ("avx512", "ripemd160-32", bound("avx512 RIPEMD-160 (hash32)")),
            ("avx512", "sha256-32", bound("avx512 SHA-256, 1 block")),
            ("avx512", "sha256-64", bound("avx512 SHA-256, 64 bytes (constant padding block)")),
            ("avx512", "hash160-33", bound("avx512 RIPEMD-160 (hash32)", "avx512 SHA-256, 1 block")),
            ("avx512", "hash160-65", bound("avx512 RIPEMD-160 (hash32)", "avx512 SHA-256, 2 blocks")),
            ("avx2", "ripemd160-32", bound("avx2 RIPEMD-160 (hash32)")),
        ]
        if "SHA-NI SHA-256, 1 block" in rows:
            # The avx2 backend's SHA-256 runs on SHA-NI where the CPU has it
            # (src/kernels/avx2.rs, `kernel_set`).
            checks += [
                ("avx2", "sha256-32", bound("SHA-NI SHA-256, 1 block")),
                ("avx2", "hash160-33", bound("avx2 RIPEMD-160 (hash32)", "SHA-NI SHA-256, 1 block")),
                ("avx2", "hash160-65", bound("avx2 RIPEMD-160 (hash32)", "SHA-NI SHA-256, 2 blocks")),
            ]
        for backend, op, b in checks:
            m = measured.get(backend, {}).get(op)
            if m is None or b is None:
                continue
            print(f"| {backend} {op} | {m:.2f} | {b:.2f} | {100 * b / m:.0f}% |")
    return 0


if __name__ == "__main__":
    if len(sys.argv) not in (3, 4, 5):
        sys.exit(__doc__)
    sys.exit(main(*sys.argv[1:]))
