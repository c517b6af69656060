#!/usr/bin/env python3
"""Checks a `rmd160mb hash160` output against OpenSSL, line by line.

    bench/check-hash160.py KEYS OUT

KEYS holds one hex message a line, OUT the hex HASH160 of each; every
digest is recomputed with Python's hashlib, which calls OpenSSL's libcrypto
for SHA-256 and RIPEMD-160. Exit status 1 and the first differing line
number when they disagree.
"""
import hashlib
import sys


def main(keys_path, out_path):
    lines = 0
    with open(keys_path, "rb") as keys, open(out_path, "rb") as out:
        for number, (key, got) in enumerate(zip(keys, out), start=1):
            sha = hashlib.sha256(bytes.fromhex(key.decode().strip())).digest()
            want = hashlib.new("ripemd160", sha).hexdigest()
            if got.decode().rstrip("\n") != want:
                print(f"{out_path}:{number}: {got!r}, OpenSSL says {want}", file=sys.stderr)
                return 1
            lines = number
        if keys.read(1) or out.read(1):
            print(f"{keys_path} and {out_path} have different numbers of lines", file=sys.stderr)
            return 1
    print(f"{out_path}: {lines} lines agree with OpenSSL ({hashlib.new('ripemd160').name} via {__import__('ssl').OPENSSL_VERSION})")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], sys.argv[2]))
