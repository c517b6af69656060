//! TEMPORARY: minimal `impl Word for __m512i` and `impl Word for __m256i`
//! so the SHA-256 kernels build and run before the lead's x86 RIPEMD-160
//! kernels (src/avx512.rs, src/avx2.rs) are merged. At merge, delete this
//! file and keep the lead's impls, adding the SHA-256 overrides marked
//! "SHA-256" below (`shr` as one shift, `maj` as one `vpternlogd`).
//!
//! Every method is `#[inline(always)]` and only ever inlined into a
//! `#[target_feature]` kernel entry point, which is reached only through a
//! `Backend` value proving the CPU has the instructions.

use core::arch::x86_64::*;
use seq_macro::seq;

use crate::compress::Word;

impl Word for __m512i {
    #[inline(always)]
    fn splat(x: u32) -> Self {
        // SAFETY: AVX-512F, present wherever this type's kernels run.
        unsafe { _mm512_set1_epi32(x as i32) }
    }
    #[inline(always)]
    fn add(self, rhs: Self) -> Self {
        // SAFETY: as above.
        unsafe { _mm512_add_epi32(self, rhs) }
    }
    #[inline(always)]
    fn xor(self, rhs: Self) -> Self {
        // SAFETY: as above.
        unsafe { _mm512_xor_si512(self, rhs) }
    }
    #[inline(always)]
    fn and(self, rhs: Self) -> Self {
        // SAFETY: as above.
        unsafe { _mm512_and_si512(self, rhs) }
    }
    #[inline(always)]
    fn or_not(self, rhs: Self) -> Self {
        // SAFETY: as above. Truth table of a | !b: 0xF0 | !0xCC = 0xF3.
        unsafe { _mm512_ternarylogic_epi32::<0xF3>(self, rhs, rhs) }
    }
    #[inline(always)]
    fn rol(self, n: u32) -> Self {
        seq!(N in 1..32 {
            match n {
                // SAFETY: as above (vprold with an immediate).
                #( N => unsafe { _mm512_rol_epi32::<N>(self) }, )*
                _ => unreachable!("rotation by {n}"),
            }
        })
    }
    #[inline(always)]
    fn ror(self, n: u32) -> Self {
        seq!(N in 1..32 {
            match n {
                // SAFETY: as above (vprord with an immediate).
                #( N => unsafe { _mm512_ror_epi32::<N>(self) }, )*
                _ => unreachable!("rotation by {n}"),
            }
        })
    }
    // SHA-256: one vpsrld.
    #[inline(always)]
    fn shr(self, n: u32) -> Self {
        seq!(N in 1..32 {
            match n {
                // SAFETY: as above.
                #( N => unsafe { _mm512_srli_epi32::<N>(self) }, )*
                _ => unreachable!("shift by {n}"),
            }
        })
    }
    /// x ^ y ^ z: 0xF0 ^ 0xCC ^ 0xAA = 0x96.
    #[inline(always)]
    fn f1(x: Self, y: Self, z: Self) -> Self {
        // SAFETY: as above.
        unsafe { _mm512_ternarylogic_epi32::<0x96>(x, y, z) }
    }
    /// (x & y) | (!x & z) (also SHA-256's Ch): 0xCA.
    #[inline(always)]
    fn f2(x: Self, y: Self, z: Self) -> Self {
        // SAFETY: as above.
        unsafe { _mm512_ternarylogic_epi32::<0xCA>(x, y, z) }
    }
    // SHA-256: majority, 0xE8.
    #[inline(always)]
    fn maj(x: Self, y: Self, z: Self) -> Self {
        // SAFETY: as above.
        unsafe { _mm512_ternarylogic_epi32::<0xE8>(x, y, z) }
    }
}

impl Word for __m256i {
    #[inline(always)]
    fn splat(x: u32) -> Self {
        // SAFETY: AVX (AVX2 for the integer ops below), present wherever
        // this type's kernels run.
        unsafe { _mm256_set1_epi32(x as i32) }
    }
    #[inline(always)]
    fn add(self, rhs: Self) -> Self {
        // SAFETY: as above.
        unsafe { _mm256_add_epi32(self, rhs) }
    }
    #[inline(always)]
    fn xor(self, rhs: Self) -> Self {
        // SAFETY: as above.
        unsafe { _mm256_xor_si256(self, rhs) }
    }
    #[inline(always)]
    fn and(self, rhs: Self) -> Self {
        // SAFETY: as above.
        unsafe { _mm256_and_si256(self, rhs) }
    }
    #[inline(always)]
    fn or_not(self, rhs: Self) -> Self {
        // SAFETY: as above.
        unsafe { _mm256_or_si256(self, _mm256_xor_si256(rhs, _mm256_set1_epi32(-1))) }
    }
    #[inline(always)]
    fn rol(self, n: u32) -> Self {
        seq!(N in 1..32 {
            match n {
                // SAFETY: as above (two shifts with immediates and an or).
                #( N => unsafe { _mm256_or_si256(_mm256_slli_epi32::<N>(self), _mm256_srli_epi32::<{ 32 - N }>(self)) }, )*
                _ => unreachable!("rotation by {n}"),
            }
        })
    }
    // SHA-256: one vpsrld.
    #[inline(always)]
    fn shr(self, n: u32) -> Self {
        seq!(N in 1..32 {
            match n {
                // SAFETY: as above.
                #( N => unsafe { _mm256_srli_epi32::<N>(self) }, )*
                _ => unreachable!("shift by {n}"),
            }
        })
    }
}
