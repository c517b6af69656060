#!/usr/bin/env python3
"""Writes keccak256-lengths.tsv and checks (or writes) eth-addresses.tsv,
with pycryptodome's Keccak-256 (Crypto.Hash.keccak, digest_bits=256: the
original Keccak padding 0x01 ... 0x80 that Ethereum uses, not SHA3-256's
0x06) and, for the public keys, libsecp256k1 through coincurve.

The .tsv files are committed: the tests need neither Python nor these
packages. To regenerate (from the repository root):

    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install pycryptodome coincurve
    /tmp/venv/bin/python tests/vectors/keccak256.py            # check
    /tmp/venv/bin/python tests/vectors/keccak256.py --write-addresses

It rewrites tests/vectors/keccak256-lengths.tsv, then recomputes every row
of tests/vectors/eth-addresses.tsv (the public key from the private key
when coincurve is installed, the Keccak-256 and the address from the public
key), exiting 1 on any difference. With --write-addresses it writes that
file from the private keys first (those of hash160-pubkeys.tsv: 1..200,
then SHA-256 of the ASCII text 'pubkey fixture <i>' for i = 0..1799).
"""
import hashlib
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


def private_keys() -> list:
    keys = list(range(1, 201))
    keys += [int.from_bytes(hashlib.sha256(f"pubkey fixture {i}".encode()).digest(), "big") for i in range(1800)]
    return keys


def public_key(private: int):
    """The uncompressed public key (65 bytes) by libsecp256k1, or None."""
    try:
        import coincurve
    except ImportError:
        return None
    return coincurve.PrivateKey.from_int(private).public_key.format(compressed=False)


def write_addresses() -> None:
    path = os.path.join(HERE, "eth-addresses.tsv")
    with open(path, "w", newline="\n") as f:
        f.write("# Ethereum addresses: the last 20 bytes of Keccak-256 (original Keccak padding 0x01, not SHA3-256) of the 64-byte public key X||Y.\n")
        f.write("# Keys: the 2000 keys of hash160-pubkeys.tsv (libsecp256k1); Keccak-256 by pycryptodome. Also: keccak256('') below.\n")
        f.write(f"# keccak256_empty\t{k256(b'').hex()}\n")
        f.write("# privkey_hex\tuncompressed_pubkey_hex (65 B)\tkeccak256_of_xy_hex\teth_address_hex\n")
        for private in private_keys():
            pub = public_key(private)
            if pub is None:
                sys.exit("--write-addresses needs coincurve (pip install coincurve)")
            d = k256(pub[1:])
            f.write(f"{private:064x}\t{pub.hex()}\t{d.hex()}\t{d[12:].hex()}\n")
    print(f"wrote {path}")


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
            private, pub, digest, address = line.split("\t")
            key = bytes.fromhex(pub)
            want = k256(key[1:])
            derived = public_key(int(private, 16))
            rows += 1
            if derived is not None and derived != key:
                print(f"{path}: row {rows}: the public key is not the private key's")
                bad += 1
            if len(key) != 65 or key[0] != 4 or digest != want.hex() or address != want[12:].hex():
                print(f"{path}: row {rows} differs")
                bad += 1
    keys = "public keys derived by libsecp256k1" if public_key(1) is not None else "public keys not derived: coincurve is missing"
    print(f"checked {path}: {rows} rows, {bad} differences ({keys})")
    return 1 if bad or rows == 0 else 0


if __name__ == "__main__":
    write_lengths()
    if "--write-addresses" in sys.argv[1:]:
        write_addresses()
    sys.exit(check_addresses())
