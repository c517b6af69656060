//! Exact emulations of the x86 intrinsics that Miri's interpreter lacks, so
//! that the AVX2, AVX-512 and SHA-NI kernels run under Miri on any x86-64
//! host (`make miri-simd`). Under `cfg(miri)` the kernel files import these
//! in place of `core::arch`'s (an explicit import shadows the glob import),
//! and their empty scheduling `asm!` statements compile to nothing; nothing
//! else differs between a Miri build and a native one.
//!
//! | intrinsic                  | instruction  | what Miri lacks                    |
//! |----------------------------|--------------|------------------------------------|
//! | `_mm512_i32gather_epi32`   | `vpgatherdd` | `llvm.x86.avx512.gather.dps.512`   |
//! | `_mm512_i64gather_epi64`   | `vpgatherqq` | `llvm.x86.avx512.gather.qpq.512`   |
//! | `_mm512_ternarylogic_epi64`| `vpternlogq` | `llvm.x86.avx512.pternlog.q.512`   |
//!
//! Each has the signature of the intrinsic it stands for and follows the
//! instruction's definition in the Intel SDM: a gather reads element `i`
//! from `base + offsets[i] * SCALE` (the offset sign-extended, the address
//! unaligned); `vpternlog` sets each result bit to bit `(a << 2) | (b << 1) |
//! c` of the immediate, `a`, `b` and `c` being that bit of the three
//! operands. The tests below check each against the real instruction where
//! the CPU has it (natively; elsewhere they say so and check the definition
//! alone).
//!
//! Compiled for Miri and for the library's unit tests only.

use core::arch::x86_64::__m512i;
use core::mem::transmute;

/// `N` elements of `T`, element `i` read (unaligned) at `base + offsets[i]
/// * SCALE` bytes: the gathers below.
///
/// # Safety
/// `size_of::<T>()` bytes readable at each of those addresses.
#[inline(always)]
unsafe fn gather<T, const N: usize, const SCALE: i32>(base: *const u8, offsets: [isize; N]) -> [T; N] {
    // SAFETY: the caller's; an unaligned read.
    core::array::from_fn(|i| unsafe { base.offset(offsets[i] * SCALE as isize).cast::<T>().read_unaligned() })
}

/// `vpgatherdd zmm`: sixteen 32-bit elements, element `i` read at
/// `slice + offsets[i] * SCALE` bytes.
///
/// # Safety
/// As the intrinsic: 4 bytes readable at each of those addresses.
#[inline(always)]
pub(crate) unsafe fn _mm512_i32gather_epi32<const SCALE: i32>(offsets: __m512i, slice: *const i32) -> __m512i {
    // SAFETY: __m512i, [i32; 16] and [u32; 16] have the
    // same size, every bit pattern valid for each.
    let offsets = unsafe { transmute::<__m512i, [i32; 16]>(offsets) }.map(|o| o as isize);
    // SAFETY: the caller's.
    let words = unsafe { gather::<u32, 16, SCALE>(slice.cast(), offsets) };
    // SAFETY: as the first transmute.
    unsafe { transmute::<[u32; 16], __m512i>(words) }
}

/// `vpgatherqq zmm`: eight 64-bit elements, element `i` read at
/// `slice + offsets[i] * SCALE` bytes.
///
/// # Safety
/// As the intrinsic: 8 bytes readable at each of those addresses.
#[inline(always)]
pub(crate) unsafe fn _mm512_i64gather_epi64<const SCALE: i32>(offsets: __m512i, slice: *const i64) -> __m512i {
    // SAFETY: __m512i, [i64; 8] and [u64; 8] have the
    // same size, every bit pattern valid for each.
    let offsets = unsafe { transmute::<__m512i, [i64; 8]>(offsets) }.map(|o| o as isize);
    // SAFETY: the caller's.
    let words = unsafe { gather::<u64, 8, SCALE>(slice.cast(), offsets) };
    // SAFETY: as the first transmute.
    unsafe { transmute::<[u64; 8], __m512i>(words) }
}

/// `vpternlogq zmm`: each result bit is bit `(a << 2) | (b << 1) | c` of
/// `IMM8`, with `a`, `b`, `c` that bit of the three operands (a selection
/// among the immediate's bits by `c`, then `b`, then `a`).
///
/// # Safety
/// None: `unsafe` as the intrinsic is outside a `#[target_feature]`
/// function, so that its call sites read the same with either.
#[inline(always)]
pub(crate) unsafe fn _mm512_ternarylogic_epi64<const IMM8: i32>(a: __m512i, b: __m512i, c: __m512i) -> __m512i {
    // SAFETY: __m512i and [u128; 4] have the same size, every bit pattern
    // valid for both. (The operation is bitwise: four 128-bit words take
    // Miri half the steps of eight 64-bit ones.)
    let [a, b, c] = unsafe { [a, b, c].map(|v| transmute::<__m512i, [u128; 4]>(v)) };
    // Bit k of IMM8 as a word of that bit: the result where (a, b, c) = k.
    let m = |k: i32| if IMM8 >> k & 1 == 1 { u128::MAX } else { 0 };
    let (m0, m1, m2, m3, m4, m5, m6, m7) = (m(0), m(1), m(2), m(3), m(4), m(5), m(6), m(7));
    let mut r = [0u128; 4];
    for i in 0..4 {
        let (a, b, c) = (a[i], b[i], c[i]);
        // Select by c, then b, then a: bit k of the immediate with
        // k = (a << 2) | (b << 1) | c.
        let (t0, t1) = ((m1 & c) | (m0 & !c), (m3 & c) | (m2 & !c));
        let (t2, t3) = ((m5 & c) | (m4 & !c), (m7 & c) | (m6 & !c));
        let (u0, u1) = ((t1 & b) | (t0 & !b), (t3 & b) | (t2 & !b));
        r[i] = (u1 & a) | (u0 & !a);
    }
    // SAFETY: as above.
    unsafe { transmute::<[u128; 4], __m512i>(r) }
}

#[cfg(test)]
mod tests {
    use core::arch::x86_64 as real;
    use seq_macro::seq;

    /// Deterministic 64-bit words (xorshift64).
    fn words<const N: usize>(seed: &mut u64) -> [u64; N] {
        core::array::from_fn(|_| {
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            *seed
        })
    }

    fn v<T: Copy, const N: usize>(w: [T; N]) -> real::__m512i {
        assert_eq!(size_of::<[T; N]>(), 64);
        // SAFETY: same size (checked), integer words: every bit pattern
        // valid for both.
        unsafe { core::mem::transmute_copy::<[T; N], real::__m512i>(&w) }
    }

    fn w<T: Copy, const N: usize>(v: real::__m512i) -> [T; N] {
        assert_eq!(size_of::<[T; N]>(), 64);
        // SAFETY: as in `v`.
        unsafe { core::mem::transmute_copy::<real::__m512i, [T; N]>(&v) }
    }

    /// True where the real instructions can run; otherwise prints why the
    /// comparison with them is skipped.
    fn have_avx512f(what: &str) -> bool {
        let have = !cfg!(miri) && std::is_x86_feature_detected!("avx512f");
        if !have {
            eprintln!(
                "NOTICE: {what}: emulation not compared with the real instruction (this CPU{} lacks AVX-512F); its definition is checked",
                if cfg!(miri) { ", under Miri," } else { "" }
            );
        }
        have
    }

    /// Every immediate: on the three truth-table operands (0xF0, 0xCC,
    /// 0xAA in each byte) the result is the immediate itself in each byte,
    /// which is the instruction's definition; and on random operands the
    /// same as `vpternlogq`.
    #[test]
    fn ternarylogic_epi64_matches_vpternlogq() {
        let tt = |b: u8| v([u64::from_ne_bytes([b; 8]); 8]);
        let real = have_avx512f("_mm512_ternarylogic_epi64");
        let mut seed = 0x7e51_1ab1_0000_0001;
        seq!(N in 0..256 {{
            const IMM: i32 = N;
            // SAFETY: the emulation has no precondition.
            let got = w::<u64, 8>(unsafe { super::_mm512_ternarylogic_epi64::<IMM>(tt(0xF0), tt(0xCC), tt(0xAA)) });
            assert_eq!(got, [u64::from_ne_bytes([IMM as u8; 8]); 8], "imm {IMM:#04x} on the truth-table operands");
            if real {
                for _ in 0..4 {
                    let (a, b, c) = (v(words::<8>(&mut seed)), v(words::<8>(&mut seed)), v(words::<8>(&mut seed)));
                    // SAFETY: the emulation has no precondition.
                    let emulated = w::<u64, 8>(unsafe { super::_mm512_ternarylogic_epi64::<IMM>(a, b, c) });
                    // SAFETY: AVX-512F detected above.
                    let native = w::<u64, 8>(unsafe { real::_mm512_ternarylogic_epi64::<IMM>(a, b, c) });
                    assert_eq!(emulated, native, "imm {IMM:#04x}");
                }
            }
        }});
    }

    /// Offsets within a 512-byte buffer (negative ones from its middle),
    /// every scale, unaligned addresses: element `i` is the word at
    /// `base + offset * scale`, and the same as `vpgatherdd`/`vpgatherqq`.
    #[test]
    fn gathers_match_vpgather() {
        let buf: Vec<u8> = (0..512u32).map(|i| (i * 167 + 13) as u8).collect();
        // The base pointer sits in the middle, so offsets reach both ways.
        let base = buf[256..].as_ptr();
        let real = have_avx512f("_mm512_i32gather_epi32, _mm512_i64gather_epi64");
        let mut seed = 0x6a7e_0000_0000_0001;
        seq!(S in 0..4 {{
            const SCALE: i32 = 1 << S;
            for _ in 0..64 {
                // Offsets in -30..30 (times 8 at most: within +-240 bytes,
                // plus 8 read).
                let r32: [u64; 8] = words(&mut seed);
                let off32: [i32; 16] = core::array::from_fn(|i| (r32[i / 2] >> (32 * (i % 2))) as i32 % 30);
                let off64: [i64; 8] = core::array::from_fn(|i| off32[i] as i64);
                let at = |off: i64| -> usize { (256 + off * SCALE as i64) as usize };
                let want32: [i32; 16] = core::array::from_fn(|i| {
                    i32::from_le_bytes(buf[at(off32[i].into())..][..4].try_into().unwrap())
                });
                let want64: [i64; 8] = core::array::from_fn(|i| {
                    i64::from_le_bytes(buf[at(off64[i])..][..8].try_into().unwrap())
                });
                // SAFETY: every address read is inside buf (above).
                let (got32, got64): ([i32; 16], [i64; 8]) = unsafe {
                    (
                        w(super::_mm512_i32gather_epi32::<SCALE>(v(off32), base.cast())),
                        w(super::_mm512_i64gather_epi64::<SCALE>(v(off64), base.cast())),
                    )
                };
                assert_eq!(got32, want32, "i32 gather, scale {SCALE}, offsets {off32:?}");
                assert_eq!(got64, want64, "i64 gather, scale {SCALE}, offsets {off64:?}");
                if real {
                    // SAFETY: AVX-512F detected above; same reads as above.
                    let (n32, n64): ([i32; 16], [i64; 8]) = unsafe {
                        (
                            w(real::_mm512_i32gather_epi32::<SCALE>(v(off32), base.cast())),
                            w(real::_mm512_i64gather_epi64::<SCALE>(v(off64), base.cast())),
                        )
                    };
                    assert_eq!(got32, n32, "i32 gather against vpgatherdd, scale {SCALE}");
                    assert_eq!(got64, n64, "i64 gather against vpgatherqq, scale {SCALE}");
                }
            }
        }});
    }
}
