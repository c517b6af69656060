#!/usr/bin/env python3
"""A rough out-of-order model of a kernel's loop: where `llvm-mca` has no
model of the core (its `znver5` is Zen 4's), how many cycles a message the
loop takes on a core described by a few numbers.

    bench/latency.py LIB [HASHTREE_X16_OBJECT]

The loops are found by name in the release library as `make bench-model`
finds them (`bench/model.py`): the AVX-512 SHA-256 of 64-byte messages with
one group of 16 (`sha256-64`) and with two in flight (`sha256_two_groups`),
RIPEMD-160 of 32 bytes (`hash32`); with the second argument, hashtree's
16-lane kernel too (`target/peers/hashtree/sha256_avx_x16.o`, built by
`make bench-peers`).

The model: instructions enter a window in order, `dispatch` a cycle, while
the reorder buffer and the scheduler have room; each cycle the oldest ones
whose inputs are ready issue, at most `pipes` vector operations (of them at
most `shift_pipes` rotations and shifts), two loads and one store; a vector
operation takes `latency` cycles (`rotate_latency` for rotations and
shifts), a load 7 more; a load from a stack slot waits for the store to
it (spills); register-to-register vector copies are renamed away. Nothing
of the front end, caches or port assignment beyond that. Three iterations run; the
last one's cycles count.

Checked against what was measured (docs/PERFORMANCE.md, "Two SHA-256
groups in flight"): on Intel (Sapphire Rapids class, `intel`) it puts our
64-byte loop and hashtree's within 2% of each other, as measured (0.97x),
and both at 92-94% of their measured cycles; on the Zen 5 (`zen5`, its
clock taken as 3.86 GHz, from `make bench-ports`' old 1.93 GHz reading of
a two-cycle chain) hashtree at 74 cycles against 79.5 measured, but our
RIPEMD-160 at 21 against 31: a model of the SHA-256 round chain, not of
Zen 5.
"""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import model  # noqa: E402  (bench/model.py: the library's functions and block loops)

CORES = {
    # Intel Golden Cove (Sapphire Rapids): two 512-bit ports, one of them
    # for rotations and shifts, one cycle each.
    "intel": dict(pipes=2, shift_pipes=1, latency=1, dispatch=6, rob=512, scheduler=97),
    # AMD Zen 5: four 512-bit pipes, two cycles; rotations on two of them
    # (assumed), and the same with rotations of three cycles.
    "zen5": dict(pipes=4, shift_pipes=2, latency=2, dispatch=8, rob=448, scheduler=96),
    "zen5-rot3": dict(pipes=4, shift_pipes=2, latency=2, rotate_latency=3, dispatch=8, rob=448, scheduler=96),
}

VEC = re.compile(r"%[xyz]mm(\d+)")
GPR = re.compile(r"%([re]\w+)")
SHIFT = re.compile(r"^v(prol|pror|psrl|psll|psra)")
COPY = re.compile(r"^vmov(dqa|dqu)(32|64)?$|^vmov(aps|ups|apd|upd)$")
STACK = re.compile(r"-?(0x[0-9a-f]+)?\(%rsp\)")
LOAD_LATENCY = 7


def operands(args):
    """The operands of an AT&T instruction, split at top-level commas."""
    args = re.sub(r"\s*(#.*|<[^>]*>)$", "", args)
    out, depth, cur = [], 0, ""
    for ch in args:
        depth += (ch == "(") - (ch == ")")
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    return out + ([cur.strip()] if cur.strip() else [])


def regs(text):
    return {"v" + m.group(1) for m in VEC.finditer(text)} | {m.group(1) for m in GPR.finditer(text)}


def decode(body):
    """[(class, sources, destination, has a memory source)] of the loop."""
    out = []
    for _, op, args in body:
        ops = operands(args)
        last = ops[-1] if ops else ""
        store = "(" in last and not op.startswith(("j", "cmp", "test", "prefetch"))
        dst = None
        if last.startswith("%") and not op.startswith(("j", "cmp", "test")):
            m = VEC.match(last)
            dst = "v" + m.group(1) if m else last[1:]
        srcs = set()
        for o in ops[:-1] if (dst or store) else ops:
            srcs |= regs(o)
        if store:
            srcs |= regs(last)
        # Read-modify-write forms read their destination too.
        if dst and (op.startswith(("vpternlog", "vpermt2", "vpermi2", "vpdp")) or not op.startswith(("v", "mov", "lea"))):
            srcs.add(dst)
        mem = any("(" in o for o in ops) and not store
        # A stack slot is a register of its own: a spill's reload waits for
        # the spill.
        for o in ops[:-1] if store else ops:
            m = STACK.fullmatch(o)
            if m:
                srcs.add("stack" + o)
        if store and STACK.fullmatch(last):
            dst = "stack" + last
        if op.startswith("j"):
            cls = "int"
        elif store:
            cls = "store"
        elif COPY.match(op) and not mem and len(ops) == 2 and "{" not in args and all(VEC.fullmatch(o) for o in ops):
            cls = "copy"
        elif op.startswith(("vmov", "vbroadcast", "vpbroadcast")) and mem:
            cls = "load"
        elif op.startswith("v"):
            cls = "shift" if SHIFT.match(op) else "vector"
        else:
            cls = "int"
        out.append((cls, srcs, dst, mem))
    return out


def simulate(insns, pipes, shift_pipes, latency, dispatch, rob, scheduler, rotate_latency=None, iterations=3):
    """Cycles of the last of `iterations` runs of the loop."""
    prog = insns * iterations
    n, per = len(prog), len(insns)
    done = [None] * n
    preds = [()] * n
    producer = {}
    window, dispatched, retired, cycle, ends = [], 0, 0, 0, []
    while retired < n:
        r = 0
        while retired < n and r < dispatch and done[retired] is not None and done[retired] <= cycle:
            retired += 1
            r += 1
            if retired % per == 0:
                ends.append(cycle)
        free = dict(vector=pipes, shift=shift_pipes, load=2, store=1, int=4)
        waiting = []
        for i in window:
            cls, _, _, mem = prog[i]
            if any(done[p] is None or done[p] > cycle for p in preds[i]):
                waiting.append(i)
                continue
            need = ["vector"] + (["shift"] if cls == "shift" else []) if cls in ("vector", "shift") else [cls]
            if mem and cls in ("vector", "shift"):
                need.append("load")
            if any(free[k] == 0 for k in need):
                waiting.append(i)
                continue
            for k in need:
                free[k] -= 1
            lat = {"vector": latency, "shift": rotate_latency or latency, "load": LOAD_LATENCY}.get(cls, 1)
            done[i] = cycle + lat + (LOAD_LATENCY if mem and cls in ("vector", "shift") else 0)
        window = waiting
        k = 0
        while dispatched < n and k < dispatch and dispatched - retired < rob and len(window) < scheduler:
            i = dispatched
            cls, srcs, dst, _ = prog[i]
            if cls == "copy":
                # Renamed: the destination names the source's value.
                src = next(iter(srcs), None)
                if src in producer:
                    producer[dst] = producer[src]
                else:
                    producer.pop(dst, None)
                done[i] = cycle
            else:
                preds[i] = tuple(producer[s] for s in srcs if s in producer)
                if dst:
                    producer[dst] = i
                window.append(i)
            dispatched += 1
            k += 1
        cycle += 1
    return ends[-1] - ends[-2]


def hashtree_loop(obj):
    """hashtree's 16-lane loop: the backward branch with the most rotations."""
    dump = subprocess.run(["objdump", "-d", "--no-show-raw-insn", obj], check=True, capture_output=True, text=True).stdout
    insns = []
    for line in dump.splitlines():
        m = re.match(r"^ +([0-9a-f]+):\t(\S+)\s*(.*)$", line)
        if m:
            insns.append((int(m.group(1), 16), m.group(2), m.group(3)))
    best = max(model.loops(insns), key=lambda b: sum(1 for _, o, _ in b if o.startswith("vpror")))
    return best, 16


def main(lib, hashtree=None):
    funcs = model.functions(lib)
    loops = {}
    for name, kernel, pattern, cost in [
        ("avx512 SHA-256 of 64 bytes, one group", "sha256-64", r"sha256_groups::fixed::<\S*W64, false>", model.sha256_blocks(64)),
        ("avx512 SHA-256 of 64 bytes, two groups", "sha256-64-two-groups", r"sha256_two_groups::pairs64", model.sha256_blocks(64)),
        ("avx512 RIPEMD-160 of 32 bytes", "hash32", r"hash32", model.RIPEMD160_BLOCK),
    ]:
        body, msgs, _, _ = model.block_loop(funcs, "avx512", kernel, pattern, cost)
        loops[name] = (body, msgs)
    if hashtree:
        loops["hashtree avx512_x16, 64 bytes"] = hashtree_loop(hashtree)
    print("modelled cycles per message (bench/latency.py: a rough model, not a measurement)")
    print("| loop | messages | " + " | ".join(CORES) + " |")
    print("|---|---:|" + "---:|" * len(CORES))
    for name, (body, msgs) in loops.items():
        insns = decode(body)
        row = [f"{simulate(insns, **core) / msgs:.1f}" for core in CORES.values()]
        print(f"| {name} | {msgs} | " + " | ".join(row) + " |")
    return 0


if __name__ == "__main__":
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    sys.exit(main(*sys.argv[1:]))
