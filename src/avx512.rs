//! The AVX-512 kernel: 16 messages side by side, one per 32-bit lane of a
//! `__m512i`. Each boolean function is one `vpternlogd`, each rotation one
//! `vprold`; the step sequence is the shared one in `compress.rs`.

use core::arch::x86_64::*;
use seq_macro::seq;

use crate::compress::{hash32_words, padded_group, scatter_digests, Pair, Word};

/// Messages per group.
pub(crate) const LANES: usize = 16;

impl Word for __m512i {
    #[inline(always)]
    fn splat(x: u32) -> Self {
        // SAFETY (all methods of this impl): they are only inlined into
        // functions compiled with `avx512f`, which are only called through a
        // `Backend` proving the CPU has it.
        unsafe { _mm512_set1_epi32(x as i32) }
    }
    #[inline(always)]
    fn add(self, rhs: Self) -> Self {
        unsafe { _mm512_add_epi32(self, rhs) }
    }
    #[inline(always)]
    fn xor(self, rhs: Self) -> Self {
        unsafe { _mm512_xor_si512(self, rhs) }
    }
    #[inline(always)]
    fn and(self, rhs: Self) -> Self {
        unsafe { _mm512_and_si512(self, rhs) }
    }
    #[inline(always)]
    fn or_not(self, rhs: Self) -> Self {
        // a | !b: truth table over (a, b, b) with a = 0xF0, b = 0xCC.
        unsafe { _mm512_ternarylogic_epi32::<0xF3>(self, rhs, rhs) }
    }
    #[inline(always)]
    fn rol(self, n: u32) -> Self {
        seq!(N in 1..32 {
            match n {
                #(N => unsafe { _mm512_rol_epi32::<N>(self) },)*
                _ => self,
            }
        })
    }

    #[inline(always)]
    fn step_boundary(left: &mut [Self; 5], right: &mut [Self; 5]) {
        // SAFETY: only reached from avx512f code (see splat).
        unsafe { step_boundary(left, right) }
    }
    #[inline(always)]
    fn step_boundary_pair(l0: &mut [Self; 5], r0: &mut [Self; 5], l1: &mut [Self; 5], r1: &mut [Self; 5]) {
        // SAFETY: only reached from avx512f code (see splat).
        unsafe { step_boundary_pair(l0, r0, l1, r1) }
    }

    // SHA-256 (src/sha256): Ch is f2 and the xors of Σ/σ are f1 below; ror
    // is the default rol(32 - n) (one vprold).
    #[inline(always)]
    fn shr(self, n: u32) -> Self {
        seq!(N in 1..32 {
            match n {
                #(N => unsafe { _mm512_srli_epi32::<N>(self) },)*
                _ => self,
            }
        })
    }
    #[inline(always)]
    fn maj(x: Self, y: Self, z: Self) -> Self {
        unsafe { _mm512_ternarylogic_epi32::<0xE8>(x, y, z) } // majority
    }

    // The truth tables are f evaluated on x = 0xF0, y = 0xCC, z = 0xAA.
    #[inline(always)]
    fn f1(x: Self, y: Self, z: Self) -> Self {
        unsafe { _mm512_ternarylogic_epi32::<0x96>(x, y, z) } // x ^ y ^ z
    }
    #[inline(always)]
    fn f2(x: Self, y: Self, z: Self) -> Self {
        unsafe { _mm512_ternarylogic_epi32::<0xCA>(x, y, z) } // (x & y) | (!x & z)
    }
    #[inline(always)]
    fn f3(x: Self, y: Self, z: Self) -> Self {
        unsafe { _mm512_ternarylogic_epi32::<0x59>(x, y, z) } // (x | !y) ^ z
    }
    #[inline(always)]
    fn f4(x: Self, y: Self, z: Self) -> Self {
        unsafe { _mm512_ternarylogic_epi32::<0xE4>(x, y, z) } // (x & z) | (y & !z)
    }
    #[inline(always)]
    fn f5(x: Self, y: Self, z: Self) -> Self {
        unsafe { _mm512_ternarylogic_epi32::<0x2D>(x, y, z) } // x ^ (y | !z)
    }
}

/// See `Word::step_boundary`: an empty `asm!` that all ten registers pass
/// through, so that step j of both lines is issued before step j + 1.
#[target_feature(enable = "avx512f")]
#[inline]
unsafe fn step_boundary(l: &mut [__m512i; 5], r: &mut [__m512i; 5]) {
    // SAFETY: the assembly is empty; it only pins the registers.
    unsafe {
        core::arch::asm!(
            "/* {} {} {} {} {} {} {} {} {} {} */",
            inout(zmm_reg) l[0], inout(zmm_reg) l[1], inout(zmm_reg) l[2], inout(zmm_reg) l[3], inout(zmm_reg) l[4],
            inout(zmm_reg) r[0], inout(zmm_reg) r[1], inout(zmm_reg) r[2], inout(zmm_reg) r[3], inout(zmm_reg) r[4],
            options(pure, nomem, nostack, preserves_flags)
        );
    }
}

/// `step_boundary` for two groups: twenty registers.
#[target_feature(enable = "avx512f")]
#[inline]
unsafe fn step_boundary_pair(l0: &mut [__m512i; 5], r0: &mut [__m512i; 5], l1: &mut [__m512i; 5], r1: &mut [__m512i; 5]) {
    // SAFETY: the assembly is empty; it only pins the registers.
    unsafe {
        core::arch::asm!(
            "/* {} {} {} {} {} {} {} {} {} {} {} {} {} {} {} {} {} {} {} {} */",
            inout(zmm_reg) l0[0], inout(zmm_reg) l0[1], inout(zmm_reg) l0[2], inout(zmm_reg) l0[3], inout(zmm_reg) l0[4],
            inout(zmm_reg) r0[0], inout(zmm_reg) r0[1], inout(zmm_reg) r0[2], inout(zmm_reg) r0[3], inout(zmm_reg) r0[4],
            inout(zmm_reg) l1[0], inout(zmm_reg) l1[1], inout(zmm_reg) l1[2], inout(zmm_reg) l1[3], inout(zmm_reg) l1[4],
            inout(zmm_reg) r1[0], inout(zmm_reg) r1[1], inout(zmm_reg) r1[2], inout(zmm_reg) r1[3], inout(zmm_reg) r1[4],
            options(pure, nomem, nostack, preserves_flags)
        );
    }
}

/// Transposes 16 messages of 8 words into 8 vectors: vector j holds word j
/// of message l in lane l.
#[inline(always)]
unsafe fn transpose_in(msgs: &[[u8; 32]; LANES]) -> [__m512i; 8] {
    // Row k holds message k in its low half and message k + 8 in its high
    // half.
    let p = msgs.as_ptr();
    // SAFETY: each load reads one whole 32-byte message of `msgs`.
    let rows: [__m512i; 8] = core::array::from_fn(|k| unsafe {
        let lo = _mm256_loadu_si256(p.add(k).cast());
        let hi = _mm256_loadu_si256(p.add(k + 8).cast());
        _mm512_inserti64x4::<1>(_mm512_castsi256_si512(lo), hi)
    });
    // SAFETY: register-only shuffles, avx512f enabled by the caller.
    unsafe {
        // 128-bit lane q of t holds words 4q'..4q'+3 interleaved by pairs.
        let t0 = _mm512_unpacklo_epi32(rows[0], rows[1]);
        let t1 = _mm512_unpackhi_epi32(rows[0], rows[1]);
        let t2 = _mm512_unpacklo_epi32(rows[2], rows[3]);
        let t3 = _mm512_unpackhi_epi32(rows[2], rows[3]);
        let t4 = _mm512_unpacklo_epi32(rows[4], rows[5]);
        let t5 = _mm512_unpackhi_epi32(rows[4], rows[5]);
        let t6 = _mm512_unpacklo_epi32(rows[6], rows[7]);
        let t7 = _mm512_unpackhi_epi32(rows[6], rows[7]);
        // u[a] (a = word mod 4): 128-bit lanes hold word a of messages
        // 0-3, word a+4 of 0-3, word a of 8-11, word a+4 of 8-11; v[a] the
        // same for messages 4-7 and 12-15.
        let u = [
            _mm512_unpacklo_epi64(t0, t2),
            _mm512_unpackhi_epi64(t0, t2),
            _mm512_unpacklo_epi64(t1, t3),
            _mm512_unpackhi_epi64(t1, t3),
        ];
        let v = [
            _mm512_unpacklo_epi64(t4, t6),
            _mm512_unpackhi_epi64(t4, t6),
            _mm512_unpacklo_epi64(t5, t7),
            _mm512_unpackhi_epi64(t5, t7),
        ];
        // Gather the 128-bit lanes in message order: u.0, v.0, u.2, v.2 for
        // word a; u.1, v.1, u.3, v.3 for word a + 4 (64-bit indices; 8+ is v).
        let low = _mm512_setr_epi64(0, 1, 8, 9, 4, 5, 12, 13);
        let high = _mm512_setr_epi64(2, 3, 10, 11, 6, 7, 14, 15);
        let mut out = [_mm512_setzero_si512(); 8];
        for a in 0..4 {
            out[a] = _mm512_permutex2var_epi64(u[a], low, v[a]);
            out[a + 4] = _mm512_permutex2var_epi64(u[a], high, v[a]);
        }
        out
    }
}

/// Writes lane l's five chaining words as digest l.
#[inline(always)]
unsafe fn store_digests(h: &[__m512i; 5], out: &mut [[u8; 20]; LANES]) {
    let mut words = [[0u32; LANES]; 5];
    for (w, v) in words.iter_mut().zip(h) {
        // SAFETY: `w` is 64 writable bytes.
        unsafe { _mm512_storeu_si512(w.as_mut_ptr().cast(), *v) };
    }
    scatter_digests(&words, out);
}

/// One group of 16 messages.
#[inline(always)]
unsafe fn hash32_group(msgs: &[[u8; 32]; LANES], out: &mut [[u8; 20]; LANES]) {
    // SAFETY: avx512f is enabled in the caller.
    let x = unsafe { transpose_in(msgs) };
    let h = hash32_words(&x);
    // SAFETY: as above.
    unsafe { store_digests(&h, out) };
}

/// Two groups of 16 messages in flight.
#[inline(always)]
unsafe fn hash32_two_groups(msgs: &[[u8; 32]], out: &mut [[u8; 20]]) {
    let (m0, m1) = msgs.split_at(LANES);
    let (o0, o1) = out.split_at_mut(LANES);
    // SAFETY: avx512f is enabled in the caller; the halves are 16 long.
    unsafe {
        let x0 = transpose_in(m0.try_into().unwrap_unchecked());
        let x1 = transpose_in(m1.try_into().unwrap_unchecked());
        let x: [Pair<__m512i>; 8] = core::array::from_fn(|j| Pair(x0[j], x1[j]));
        let h = hash32_words(&x);
        store_digests(&h.map(|p| p.0), o0.try_into().unwrap_unchecked());
        store_digests(&h.map(|p| p.1), o1.try_into().unwrap_unchecked());
    }
}

/// RIPEMD-160 of each 32-byte message: pairs of 16-message groups in
/// flight, then one group of 16; a tail of 9..15 messages runs as one group
/// padded from a zeroed stack copy, 2..8 through the AVX2 kernel's 8 lanes,
/// and a single message through the scalar kernel, whichever is fastest for
/// that size (measured with `make bench`).
///
/// # Safety
/// The CPU supports AVX-512 F (reached only through `Backend::avx512()`).
#[target_feature(enable = "avx512f")]
pub(crate) unsafe fn hash32(src: &[[u8; 32]], dst: &mut [[u8; 20]]) {
    let mut pairs = src.chunks_exact(2 * LANES);
    let mut pair_outs = dst.chunks_exact_mut(2 * LANES);
    for (msgs, out) in (&mut pairs).zip(&mut pair_outs) {
        // SAFETY: avx512f is enabled; the chunks are exactly 32 long.
        unsafe { hash32_two_groups(msgs, out) };
    }
    let (src, dst) = (pairs.remainder(), pair_outs.into_remainder());
    let (src, dst) = if src.len() >= LANES {
        // SAFETY: avx512f is enabled; the slices hold at least 16.
        unsafe { hash32_group(src[..LANES].try_into().unwrap_unchecked(), (&mut dst[..LANES]).try_into().unwrap_unchecked()) };
        (&src[LANES..], &mut dst[LANES..])
    } else {
        (src, dst)
    };
    match src.len() {
        0 => {}
        1 => crate::scalar::hash32(src, dst),
        // SAFETY: Backend::avx512() also checked AVX2.
        2..=8 => unsafe { crate::avx2::hash32(src, dst) },
        // SAFETY (closure): avx512f is enabled in this function.
        _ => padded_group(src, dst, |msgs, out| unsafe { hash32_group(msgs, out) }),
    }
}
