#!/usr/bin/env python3
"""The coverage floor of `make coverage` (mk/assurance.mk).

Reads `llvm-cov export` (JSON) of the instrumented tests and splits the
lines of src/ by the rule that src/kernels/mod.rs states ("Instruction-set
code"): a function is code of an instruction set when its path runs through
that instruction set's module (`kernels::avx512`, `simd::avx512`, ...;
`sha256::shani` for SHA-NI) or it is a generic function instantiated over
one of the lane types that the instruction set's kernel-set file names in
its `lanes32_kernels!` / `lanes64_kernels!` invocations. Every other
function is portable: every CPU runs it.

- The floor holds for the portable lines, counted from the portable
  functions' own executions only. Which lines these are follows from the
  compiled code alone (function names and regions, never the counts), so it
  is the same set on every x86_64 CPU, with or without AVX-512.
- Each instruction set that this CPU runs (`contract --list-supported`: the
  library's own detection) is held to the same floor, counted from its own
  functions' executions; one this CPU does not run is left to the step
  named in LEFT_TO, with the number of its lines.

A line counts as covered when any of its functions (any instantiation) ran
it, as `llvm-cov show` displays it.

    coverage-floor.py EXPORT.json MIN SRC_DIR HOST "RUNS" OUT_DIR DEMANGLER

DEMANGLER: llvm-cxxfilt (Rust's v0 symbols). RUNS: the words that
`contract --list-supported` printed (backend names and SHA-256 engines).
Writes OUT_DIR/missed.txt (each missed line, with its
class) and OUT_DIR/portable-lines.txt (the portable line set, for comparing
two hosts' runs: `make coverage-compare`).
"""
import collections
import json
import os
import re
import subprocess
import sys

# Where an instruction set's code is left when this CPU lacks it.
LEFT_TO = {
    "avx2": "make miri-simd (Miri runs the x86 kernels on any x86-64 host)",
    "avx512": "make miri-simd (Miri runs the x86 kernels on any x86-64 host)",
    "sha-ni": "make miri-simd (its SHA-NI build)",
    "neon": "make test-aarch64 (qemu)",
}
# Instruction sets that are not a backend of their own: SHA-NI's kernels
# are the module sha256::shani, which the x86 kernel sets call only where
# kernels::sha_ni() found the SHA extensions.
ENGINE_MODULES = {"sha-ni": ["sha256::shani"]}
CRATE = "ripemd160mb"
# A generic function rustc never instantiated keeps a record of its own,
# with `_` for its type arguments and no counts: it decides no line's class.
PLACEHOLDER = re.compile(r"[<, ]_[,>]")
# llvm-cov region kinds (CounterMappingRegion::RegionKind).
CODE, EXPANSION, SKIPPED, GAP = 0, 1, 2, 3


def instruction_sets(src):
    """{isa: [markers]} from src/kernels/<isa>.rs: its modules
    (`ripemd160mb::kernels::<isa>::`, `ripemd160mb::simd::<isa>::`) and the
    lane types of its kernel macros' invocations."""
    isas = {}
    kdir = os.path.join(src, "kernels")
    for name in sorted(os.listdir(kdir)):
        isa, ext = os.path.splitext(name)
        if ext != ".rs" or isa in ("mod", "scalar"):
            continue
        text = open(os.path.join(kdir, name)).read()
        types = re.findall(r"lanes32_kernels!\(\s*(\w+)", text)
        types += re.findall(r"lanes64_kernels!\(\s*\w+\s*,\s*\w+\s*,\s*(\w+)", text)
        if not types:
            sys.exit(f"coverage: src/kernels/{name} names no lane type in lanes32_kernels!/lanes64_kernels!")
        isas[isa] = [f"{CRATE}::kernels::{isa}::", f"{CRATE}::simd::{isa}::"] + sorted(set(types))
    for isa, mods in ENGINE_MODULES.items():
        isas[isa] = [f"{CRATE}::{m}::" for m in mods]
    return isas


def matcher(markers):
    """A regex for demangled names: a module path as written, a lane type as
    a whole word."""
    alts = "|".join(re.escape(m) if m.endswith("::") else rf"(?<![\w:]){re.escape(m)}(?![\w])|::{re.escape(m)}(?![\w])"
                    for m in markers)
    return re.compile(alts)


def demangle(names, tool):
    """The names demangled by `tool` (llvm-cxxfilt), in order."""
    out = subprocess.run([tool], input="\n".join(names) + "\n", capture_output=True, text=True, check=True).stdout
    lines = out.split("\n")[: len(names)]
    if len(lines) != len(names):
        sys.exit(f"coverage: {tool} returned {len(lines)} names for {len(names)}")
    return lines


def line_stats(regions):
    """{line: count} of the lines that `regions` (one file's) map, as
    llvm-cov's LineCoverageStats: a line is mapped when a code region starts
    on it or one wraps it; its count is the largest of those."""
    if not regions:
        return {}
    starts = collections.defaultdict(list)
    for r in regions:
        starts[r[0]].append(r)
    out = {}
    active = []
    for line in range(1, max(r[2] for r in regions) + 1):
        active = [r for r in active if r[2] > line or (r[2] == line and r[3] > 1)]
        count = None
        if active:
            inner = max(active, key=lambda r: (r[0], r[1], -r[2], -r[3]))
            if inner[5] != SKIPPED:
                count = max(r[4] for r in active if r[:4] == inner[:4])
        here = sorted(starts.get(line, ()), key=lambda r: (r[1], -r[2], -r[3]))
        entries = [r for r in here if r[5] in (CODE, EXPANSION)]
        skipped = bool(here) and here[0][5] == SKIPPED
        if not skipped and (count is not None or entries):
            out[line] = max([count or 0] + [r[4] for r in entries])
        active.extend(here)
    return out


def coverage(records, src):
    """{file: {line: count}} of the lines of src/ that `records` map."""
    by_file = collections.defaultdict(list)
    for f in records:
        for r in f["regions"]:
            ls, cs, le, ce, count, fid, _, kind = r[:8]
            if kind in (CODE, EXPANSION, SKIPPED, GAP):
                by_file[f["filenames"][fid]].append((ls, cs, le, ce, count, kind))
    out = {}
    for path, regions in by_file.items():
        path = os.path.normpath(path)
        if path.startswith(src + os.sep):
            out[os.path.relpath(path, os.path.dirname(src))] = line_stats(regions)
    return out


def totals(cov):
    lines = sum(len(v) for v in cov.values())
    missed = sum(1 for v in cov.values() for c in v.values() if c == 0)
    return lines, missed


def pct(lines, missed):
    return 100.0 * (lines - missed) / lines if lines else 100.0


def main():
    export, floor, src, host, runs, out_dir, tool = sys.argv[1:8]
    floor = float(floor)
    src = os.path.abspath(src)
    runs = set(runs.split())
    functions = json.load(open(export))["data"][0]["functions"]
    isas = instruction_sets(src)
    matchers = {isa: matcher(idents) for isa, idents in isas.items()}

    portable, unused, of_isa = [], [], collections.defaultdict(list)
    for f, name in zip(functions, demangle([f["name"] for f in functions], tool)):
        owners = [isa for isa, m in matchers.items() if m.search(name)]
        if owners:
            for isa in owners:
                of_isa[isa].append(f)
        elif PLACEHOLDER.search(name):
            unused.append(f)
        else:
            portable.append(f)
    port = coverage(portable, src)
    # Lines that only never-instantiated generic functions map run on no
    # CPU: portable, and missed.
    claimed = set()
    for cov in [port] + [coverage(of_isa[isa], src) for isa in isas]:
        claimed |= {(f, n) for f, v in cov.items() for n in v}
    for f, v in coverage(unused, src).items():
        for n in v:
            if (f, n) not in claimed:
                port.setdefault(f, {})[n] = 0
    if not port:
        sys.exit("coverage: no line of src/ in the export")

    print("coverage: the rule (src/kernels/mod.rs, \"Instruction-set code\"): a function is an instruction set's")
    print("          when its path or its lane type is that set's: " +
          "; ".join(f"{isa}: {', '.join(ids)}" for isa, ids in isas.items()))
    print(f"coverage: this CPU runs (contract --list-supported): {' '.join(sorted(runs))}")
    measured = set(port)
    for isa in isas:
        measured |= set(coverage(of_isa[isa], src))
    for dirpath, _, names in os.walk(src):
        for n in sorted(names):
            rel = os.path.relpath(os.path.join(dirpath, n), os.path.dirname(src))
            if n.endswith(".rs") and rel not in measured:
                print(f"coverage: not measured: {rel} (no executable line in this build for {host})")

    missed_out = []
    print(f"{'portable lines (src/)':40s} {'lines':>8s} {'missed':>8s} {'cover':>8s}")
    for f in sorted(port):
        lines, missed = totals({f: port[f]})
        if lines:
            print(f"{f:40s} {lines:8d} {missed:8d} {pct(lines, missed):7.1f}%")
        missed_out += [f"{f}:{n}: portable" for n, c in sorted(port[f].items()) if c == 0]
    lines, missed = totals(port)
    print(f"{'TOTAL':40s} {lines:8d} {missed:8d} {pct(lines, missed):7.1f}%")

    failed = []
    for isa in isas:
        cov = coverage(of_isa[isa], src)
        n, m = totals(cov)
        if not of_isa[isa]:
            print(f"coverage: {isa}: not compiled for {host} (left to {LEFT_TO.get(isa, 'its own step')})")
        elif isa in runs:
            ok = pct(n, m) >= floor
            print(f"coverage: {isa}: {n} lines, {m} missed, {pct(n, m):.1f}% (this CPU runs it: held to the "
                  f"floor too, counted from its own functions' executions){'' if ok else ': FAIL'}")
            if not ok:
                failed.append(f"{isa} {pct(n, m):.1f}%")
            for f in sorted(cov):
                missed_out += [f"{f}:{ln}: {isa}" for ln, c in sorted(cov[f].items()) if c == 0]
        else:
            print(f"coverage: {isa}: {n} lines left to {LEFT_TO.get(isa, 'its own step')}: "
                  f"this CPU does not run {isa}")

    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "missed.txt"), "w") as fh:
        fh.write("".join(l + "\n" for l in missed_out))
    with open(os.path.join(out_dir, "portable-lines.txt"), "w") as fh:
        fh.write("".join(f"{f}:{n}\n" for f in sorted(port) for n in sorted(port[f])))

    p = pct(lines, missed)
    print(f"coverage: {p:.1f}% of the {lines} portable lines of src/ (the lines every CPU runs)")
    if p < floor:
        failed.insert(0, f"portable {p:.1f}%")
    if failed:
        print(f"coverage: FAIL: under the floor of {floor:g}%: {', '.join(failed)} "
              f"(missed lines: {os.path.join(out_dir, 'missed.txt')})")
        return 1
    print(f"coverage: PASS (floor {floor:g}%)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
