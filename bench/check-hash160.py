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
    try:
        hashlib.new("ripemd160")
    except ValueError:
        print("this Python's OpenSSL has no RIPEMD-160 (OpenSSL 3.0.0 to 3.0.6 keep it in the legacy provider)",
              file=sys.stderr)
        return 2
    with open(keys_path, "rb") as keys, open(out_path, "rb") as out:
        key_lines, out_lines = keys.readlines(), out.readlines()
    for number, (key, got) in enumerate(zip(key_lines, out_lines), start=1):
        sha = hashlib.sha256(bytes.fromhex(key.decode().strip())).digest()
        want = hashlib.new("ripemd160", sha).hexdigest()
        if got.decode().rstrip("\n") != want:
            print(f"{out_path}:{number}: {got!r}, OpenSSL says {want}", file=sys.stderr)
            return 1
    if len(key_lines) != len(out_lines):
        print(f"{keys_path} has {len(key_lines)} lines, {out_path} {len(out_lines)}", file=sys.stderr)
        return 1
    print(f"{out_path}: {len(out_lines)} lines agree with OpenSSL ({__import__('ssl').OPENSSL_VERSION})")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], sys.argv[2]))
