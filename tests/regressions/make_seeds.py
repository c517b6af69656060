#!/usr/bin/env python3
"""Writes the hand-made seed inputs of tests/regressions/<target>/seed-*
(the encodings are those of fuzz/shared/checks.rs). Crash inputs found by
the fuzzer are added beside them as crash-* files, never generated here."""
import os, struct

HERE = os.path.dirname(os.path.abspath(__file__))

def write(target, name, data):
    with open(os.path.join(HERE, target, "seed-" + name), "wb") as f:
        f.write(bytes(data))

msg = lambda n: bytes((i * 7 + 3) & 0xFF for i in range(n))

# stream: [k][k%16+1 chunk-length bytes][repeat][message]
for n in (0, 1, 55, 56, 63, 64, 65, 119, 120, 127, 128, 129):
    write("stream", f"len{n}-whole", [0, 0xFF, 0] + list(msg(n)))
for split in (1, 55, 56, 63, 64):
    write("stream", f"len200-split{split}", [0, split, 0] + list(msg(200)))
write("stream", "zero-and-block-chunks", [2, 0, 0xC0, 63, 7] + list(msg(500)))  # x8 repeat
write("stream", "bytewise", [0, 1, 3] + list(msg(130)))

# batch: [mode][width][count][bytes]; mode bit0 = hash160, bits1-2 = offset
for n in (0, 1, 2, 15, 16, 17, 33, 35, 64, 65, 129):
    write("batch", f"hash32-n{n}", [0 | (n % 4) << 1, 0, 0] + list(msg(32 * n)))
for width, n in ((0, 70), (1, 40), (20, 33), (32, 17), (33, 65), (65, 35), (64, 3), (55, 4), (56, 4)):
    write("batch", f"hash160-w{width}-n{n}", [1 | (n % 4) << 1, width, n] + list(msg(width * n)))

# ffi: [seed u64] then ops. pointer = [kind][u16] (0 NULL, 1 top of the
# address space, 2 low wild, 3.. buffer offset); count = [kind][u16]
# (4.. small: v % 300, 0: 20n overflows, 1: 32n overflows, 2: ~SIZE_MAX).
u16 = lambda v: list(struct.pack("<H", v))
buf = lambda off: [3] + u16(off)
NULL = [0, 0, 0]
top = lambda k: [1] + u16(k)
small = lambda n: [4] + u16(n)
HASH32, HASH160, SUM, INIT, UPDATE, FINAL, MISC = 0, 1, 2, 3, 4, 6, 7
SHA256 = HASH160 | 8  # op 1 with bit 3 set
seed = list(struct.pack("<Q", 0x0123456789ABCDEF))
ops = []
ops += [HASH32, 0] + buf(0) + buf(0) + small(100)          # in place
ops += [HASH32, 0] + buf(4000) + buf(100) + small(50)      # disjoint
ops += [HASH32, 0] + buf(10) + buf(0) + small(10)          # overlap
ops += [HASH32, 0] + NULL + buf(0) + small(5)              # NULL dst
ops += [HASH32, 0] + buf(0) + buf(0) + [0] + u16(7)        # 20n overflows
ops += [HASH32, 0] + buf(0) + buf(0) + [1] + u16(7)        # 32n overflows
ops += [HASH32, 0] + buf(0) + top(10) + small(1)           # src wraps
ops += [HASH32, 0] + [2] + u16(99) + NULL + [3] + u16(0)   # n 0, wild pointers
ops += [HASH160, 0] + buf(0) + buf(0) + small(40) + [200, 6]   # in place, width 33
ops += [HASH160, 0] + buf(0) + buf(0) + small(40) + [200, 2]   # width 19 in place: overlap
ops += [HASH160, 0] + buf(4096) + NULL + small(70) + [0]       # width 0, src NULL
ops += [HASH160, 0] + buf(4096) + buf(0) + small(3) + [255] + u16(1)  # width*n overflows
ops += [SHA256, 0] + buf(0) + buf(0) + small(40) + [200, 3]    # in place, width 32
ops += [SHA256, 0] + buf(0) + buf(0) + small(40) + [200, 2]    # width 31 in place: overlap
ops += [SHA256, 0] + buf(4096) + buf(0) + small(37) + [200, 9] # width 65, two blocks
ops += [SHA256, 0] + buf(4096) + NULL + small(70) + [0]        # width 0, src NULL
ops += [SUM] + buf(8000) + buf(0) + [1] + u16(55)
ops += [SUM] + buf(8000) + NULL + [1] + u16(0)             # NULL message, len 0
ops += [SUM] + buf(0) + buf(10) + [1] + u16(64)            # overlap
ops += [SUM] + buf(8000) + buf(0) + [0] + u16(3)           # len ~SIZE_MAX
seed2 = list(struct.pack("<Q", 42))
ops2 = []
ops2 += [INIT, 1] + u16(6000)
ops2 += [UPDATE, 1] + buf(0) + [2] + u16(55)
ops2 += [UPDATE, 1] + buf(100) + [2] + u16(9)
ops2 += [UPDATE, 1] + NULL + [0]                           # len 0, NULL data
ops2 += [UPDATE, 1] + buf(6010) + [2] + u16(20)            # overlaps the context
ops2 += [UPDATE, 0] + buf(0) + [2] + u16(20)               # NULL context
ops2 += [FINAL, 1] + buf(7000)
ops2 += [FINAL, 1] + buf(6050)                             # out overlaps the context
ops2 += [MISC, 2] + u16(1000)                              # copy the context by value
ops2 += [UPDATE, 1] + buf(200) + [2] + u16(200)
ops2 += [FINAL, 1] + buf(7000)
ops2 += [MISC, 1] + [0xFF] * 96 + [0]                      # corrupt it
ops2 += [UPDATE, 1] + buf(0) + [2] + u16(5)
ops2 += [FINAL, 1] + buf(7000)
ops2 += [INIT, 0]                                          # init(NULL)
ops2 += [MISC, 0, 0]                                       # set_backend("auto")
ops2 += [MISC, 0, 2, 5] + list(b"avx51")                   # unknown name
# Double SHA-256, sha256d_many and merkle roots. op_merkle: dst, leaves,
# count, then mutated ([0] NULL, [k] + u16 an int in the buffer), then a
# byte whose bit 0 makes two subtrees of 2^(bits 1..) leaves equal (+ u16
# for the pair).
SHA256D = HASH160 | 8 | 16  # op 1 with bits 3 and 4 set
MERKLE = SUM | 8            # op 2 with bit 3 set
MANY = 248
seed3 = list(struct.pack("<Q", 0xB17C0111))
ops3 = []
ops3 += [SHA256D, 0] + buf(0) + buf(0) + small(40) + [200, 7]      # width 64 in place
ops3 += [SHA256D, 0] + buf(4096) + buf(0) + small(30) + [200, 9]   # width 80
ops3 += [SHA256D, 0] + buf(0) + buf(0) + small(9) + [200, 1]       # width 31 in place: overlap
ops3 += [SHA256D, 0] + buf(6000) + NULL + small(5) + [0]           # width 0, src NULL
ops3 += [SHA256D, 0] + buf(0) + buf(0) + [1] + u16(3) + [200, 2]   # 32n overflows
ops3 += [MERKLE, 0] + buf(7000) + buf(0) + small(100) + [1] + u16(7100) + [0]
ops3 += [MERKLE, 0] + buf(7000) + buf(0) + small(100) + [1] + u16(7100) + [1 | 2 << 1] + u16(5)
ops3 += [MERKLE, 0] + buf(7000) + buf(0) + small(64) + [1] + u16(7100) + [1 | 5 << 1] + u16(0)
ops3 += [MERKLE, 0] + buf(64) + buf(0) + small(7) + [1] + u16(64) + [1] + u16(2)  # dst and mutated over the leaves
ops3 += [MERKLE, 0] + buf(7000) + NULL + [3] + u16(1) + [0] + [0]  # n 0: zero root
ops3 += [MERKLE, 0] + NULL + NULL + [3] + u16(1) + [0] + [0]       # dst NULL with n 0
ops3 += [MERKLE, 0] + buf(7000) + NULL + small(3) + [0] + [0]      # leaves NULL
ops3 += [MERKLE, 0] + buf(7000) + buf(0) + [0] + u16(3) + [0] + [0]  # 32n overflows
ops3 += [MANY, 0, 0xF0] + buf(6000) + [3, 1] + [1] + u16(7000) + [1] + u16(7400)
for i in range(9):
    ops3 += buf(100 * i) + [(i * 37) % 130]                         # sha256d_many, 9 messages
write("ffi", "batch-ops", seed + ops)
write("ffi", "stream-ops", seed2 + ops2)
write("ffi", "sha256d-merkle-ops", seed3 + ops3)
