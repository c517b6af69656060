#!/usr/bin/env python3
"""Writes keccak256-lengths.tsv and checks eth-addresses.tsv, both with
pycryptodome's Keccak-256 (Crypto.Hash.keccak, digest_bits=256: the original
Keccak padding 0x01 ... 0x80 that Ethereum uses, not SHA3-256's 0x06).

The .tsv files are committed: the tests need neither Python nor this
package. To regenerate (from the repository root):

    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install pycryptodome
    /tmp/venv/bin/python tests/vectors/keccak256.py

It rewrites tests/vectors/keccak256-lengths.tsv and recomputes every
Keccak-256 and address of tests/vectors/eth-addresses.tsv from its public
keys (that file's keys come from libsecp256k1; this script does not derive
keys), exiting 1 on any difference.
"""
import os
import sys

from Crypto.Hash import keccak

HERE = os.path.dirname(os.path.abspath(__file__))
# 0..300 covers one rate (136 bytes) boundary and the next (272); the
# longer ones reach three blocks and more.
LENGTHS = list(range(301)) + [407, 408, 409, 543, 544, 545, 1000, 4096]


def k256(m: bytes) -> bytes:
    h = keccak.new(digest_bits=256)
    h.update(m)
    return h.digest()


def message(length: int) -> bytes:
    """The message m_L of ripemd160-lengths.tsv: m_L[i] = (i*7 + L) mod 256."""
    return bytes((i * 7 + length) % 256 for i in range(length))


def write_lengths() -> None:
    path = os.path.join(HERE, "keccak256-lengths.tsv")
    with open(path, "w", newline="\n") as f:
        f.write("# Keccak-256 (original Keccak padding 0x01, as Ethereum; not SHA3-256) of messages m_L,\n")
        f.write("# m_L[i] = (i*7 + L) mod 256, for L = 0..300 and 407, 408, 409, 543, 544, 545, 1000, 4096.\n")
        f.write("# Computed by pycryptodome (tests/vectors/keccak256.py).\n")
        f.write("# length\tkeccak256_hex\n")
        for length in LENGTHS:
            f.write(f"{length}\t{k256(message(length)).hex()}\n")
    print(f"wrote {path}: {len(LENGTHS)} lengths")


def check_addresses() -> int:
    path = os.path.join(HERE, "eth-addresses.tsv")
    rows = bad = 0
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("# keccak256_empty\t"):
                if line.split("\t")[1] != k256(b"").hex():
                    print(f"{path}: keccak256('') differs")
                    bad += 1
                continue
            if not line or line.startswith("#"):
                continue
            _, pub, digest, address = line.split("\t")
            key = bytes.fromhex(pub)
            want = k256(key[1:])
            rows += 1
            if len(key) != 65 or key[0] != 4 or digest != want.hex() or address != want[12:].hex():
                print(f"{path}: row {rows} differs")
                bad += 1
    print(f"checked {path}: {rows} rows, {bad} differences")
    return 1 if bad or rows == 0 else 0


if __name__ == "__main__":
    write_lengths()
    sys.exit(check_addresses())
