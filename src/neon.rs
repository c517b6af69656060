//! The arm64 NEON kernel: 4 lanes of `uint32x4_t`, and two such groups
//! interleaved (8 messages in flight) for full batches.
//!
//! Per lane the compression function is [`crate::compress`] unchanged; this
//! file only supplies the instructions:
//! - f2 and f4 are one bit select each (`BIF`/`BIT`, in place, see
//!   [`bit_select_after`]), f3 and f5 one `ORN` and one `EOR`, f1 two `EOR`s;
//! - a rotate is `SHL` plus shift-right-and-insert (`SRI`), both with
//!   immediates, and a rotate by 8 is one byte table lookup (`TBL`);
//! - the padding words of a 32-byte message are folded into the round
//!   constants by `compress::hash32_words`;
//! - the transposes are two `LD4` + eight `UZP` in and eight lane stores
//!   (`ST4`/`ST1` single lane) out: any alignment, and nothing is read or
//!   written outside the caller's slices (a tail of 2 or 3 messages goes
//!   through a zeroed copy on the stack).
//!
//! Cost (`bench/count-insns.sh`, release build): about 400 instructions per
//! message for two interleaved groups, 395 for one group, against about 1320
//! for the scalar kernel. Two groups cost a few spills but give the core
//! four independent dependency chains instead of two.
//!
//! Every constant comes from `crate::consts` through `crate::compress`.

use core::arch::aarch64::*;

use seq_macro::seq;

use crate::compress::{hash32_words, padded_group, Pair, Word};
use crate::scalar;

/// Messages hashed side by side by one `uint32x4_t` group.
pub(crate) const LANES: usize = 4;

/// Byte indices of a 32-bit rotate left by 8 within each lane (`TBL`).
const ROL8_INDEX: [u8; 16] = [3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14];

// Every `unsafe` block of this file that calls a register-only intrinsic
// ("NEON is enabled"): `mod neon` is compiled only when the build
// configuration enables NEON (`target_feature = "neon"`, the default of
// every aarch64 Linux target), so the instructions exist.
impl Word for uint32x4_t {
    #[inline(always)]
    fn splat(x: u32) -> Self {
        // SAFETY: register-only; NEON is enabled (above).
        unsafe { vdupq_n_u32(x) }
    }
    #[inline(always)]
    fn add(self, rhs: Self) -> Self {
        // SAFETY: register-only; NEON is enabled (above).
        unsafe { vaddq_u32(self, rhs) }
    }
    #[inline(always)]
    fn xor(self, rhs: Self) -> Self {
        // SAFETY: register-only; NEON is enabled (above).
        unsafe { veorq_u32(self, rhs) }
    }
    #[inline(always)]
    fn and(self, rhs: Self) -> Self {
        // SAFETY: register-only; NEON is enabled (above).
        unsafe { vandq_u32(self, rhs) }
    }
    #[inline(always)]
    fn or_not(self, rhs: Self) -> Self {
        // SAFETY: register-only; NEON is enabled (above).
        unsafe { vornq_u32(self, rhs) }
    }
    // An unoptimised build keeps a stack slot for every arm of every
    // inlined copy of this match (megabytes in one kernel frame): there the
    // rotate is a call. Optimised builds fold the match to two instructions.
    #[cfg_attr(debug_assertions, inline(never))]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn rol(self, n: u32) -> Self {
        if n == 8 {
            // SAFETY: reads the 16 bytes of a constant array.
            return unsafe {
                let index = vld1q_u8(ROL8_INDEX.as_ptr());
                vreinterpretq_u32_u8(vqtbl1q_u8(vreinterpretq_u8_u32(self), index))
            };
        }
        seq!(N in 1..32 {
            match n {
                // Both shift counts are literals: SHL #N, then SRI #(32-N)
                // inserts the bits rotated out at the bottom (LLVM emits
                // USRA, the same since the low N bits are zero).
                // SAFETY: register-only; NEON is enabled (above).
                #(N => unsafe { vsriq_n_u32::<{ 32 - N }>(vshlq_n_u32::<N>(self), self) },)*
                _ => unreachable!("rotation by {n}"),
            }
        })
    }
    /// f2(x, y, z) = (x & y) | (!x & z): one bit select on x, written as
    /// `BIF` into y's register (see [`bit_select_after`]).
    #[inline(always)]
    fn f2(x: Self, y: Self, z: Self) -> Self {
        let mut r = y;
        // SAFETY: register-only; NEON is enabled (above). BIF r, z, x:
        // r = (r & x) | (z & !x).
        unsafe {
            core::arch::asm!(
                "bif {r:v}.16b, {z:v}.16b, {x:v}.16b // after {after:v}.16b",
                r = inout(vreg) r, z = in(vreg) z, x = in(vreg) x, after = in(vreg) bit_select_after(y),
                options(pure, nomem, nostack, preserves_flags),
            );
        }
        r
    }
    /// f4(x, y, z) = (x & z) | (y & !z): one bit select on z, written as
    /// `BIT` into y's register.
    #[inline(always)]
    fn f4(x: Self, y: Self, z: Self) -> Self {
        let mut r = y;
        // SAFETY: register-only; NEON is enabled (above). BIT r, x, z:
        // r = (x & z) | (r & !z).
        unsafe {
            core::arch::asm!(
                "bit {r:v}.16b, {x:v}.16b, {z:v}.16b // after {after:v}.16b",
                r = inout(vreg) r, z = in(vreg) z, x = in(vreg) x, after = in(vreg) bit_select_after(y),
                options(pure, nomem, nostack, preserves_flags),
            );
        }
        r
    }
    /// SHA-256's Ch: one bit select (`BSL`), without f2's register trick.
    #[inline(always)]
    fn ch(x: Self, y: Self, z: Self) -> Self {
        // SAFETY: register-only; NEON is enabled (above).
        unsafe { vbslq_u32(x, y, z) }
    }
    /// SHA-256's Maj: y where x and y agree, else z.
    #[inline(always)]
    fn maj(x: Self, y: Self, z: Self) -> Self {
        // SAFETY: register-only; NEON is enabled (above).
        unsafe { vbslq_u32(veorq_u32(x, y), z, y) }
    }
    #[inline(always)]
    fn shr(self, n: u32) -> Self {
        seq!(N in 1..32 {
            match n {
                // SAFETY: register-only; NEON is enabled (above).
                #(N => unsafe { vshrq_n_u32::<N>(self) },)*
                _ => unreachable!("shift by {n}"),
            }
        })
    }
    /// f3(x, y, z) = (x | !y) ^ z
    #[inline(always)]
    fn f3(x: Self, y: Self, z: Self) -> Self {
        // SAFETY: register-only; NEON is enabled (above).
        unsafe { veorq_u32(vornq_u32(x, y), z) }
    }
    /// f5(x, y, z) = x ^ (y | !z)
    #[inline(always)]
    fn f5(x: Self, y: Self, z: Self) -> Self {
        // SAFETY: register-only; NEON is enabled (above).
        unsafe { veorq_u32(x, vornq_u32(y, z)) }
    }
}

/// `rol(y, 10)`, which the compression function computes from the same `y`
/// (its register C) in the same step, so the two are one computation: passed
/// to the bit select as an unused operand, it orders the select after the
/// rotate, C's register is dead there, and the select overwrites it in
/// place. With `vbslq_u32` LLVM emitted `MOV` + `BSL` for every f2 and f4
/// (128 extra instructions per 8 messages). Correct in any order: the
/// operand only steers the register allocation. Outside RIPEMD-160 (SHA-256's
/// Ch, say) the rotate would not be shared and would cost two instructions:
/// use `vbslq_u32` there.
#[inline(always)]
fn bit_select_after(y: uint32x4_t) -> uint32x4_t {
    y.rol(crate::consts::ROL_C)
}

/// Message words of 4 messages, transposed: word `k` of message `i` is
/// lane `i` of element `k` (little-endian words).
#[inline(always)]
fn load4(src: &[[u8; 32]; LANES]) -> [uint32x4_t; 8] {
    let p = src.as_ptr().cast::<u32>();
    // SAFETY: `src` is 128 readable bytes; each LD4 reads 64 of them, and
    // LD4 has no alignment requirement (the pointer is only aligned to 1).
    // NEON is enabled (see the `Word` impl).
    let (a, b) = unsafe { (vld4q_u32(p), vld4q_u32(p.add(16))) };
    // LD4 de-interleaves by 4: a.j = [m0.w(j), m0.w(j+4), m1.w(j), m1.w(j+4)],
    // b.j the same for m2, m3. The even lanes are word j, the odd ones j+4.
    // SAFETY: register-only; NEON is enabled.
    unsafe {
        [
            vuzp1q_u32(a.0, b.0),
            vuzp1q_u32(a.1, b.1),
            vuzp1q_u32(a.2, b.2),
            vuzp1q_u32(a.3, b.3),
            vuzp2q_u32(a.0, b.0),
            vuzp2q_u32(a.1, b.1),
            vuzp2q_u32(a.2, b.2),
            vuzp2q_u32(a.3, b.3),
        ]
    }
}

/// Writes lane `i` of the chaining value `h` as digest `i`: words h0..h3 with
/// one 16-byte `ST4` lane store, h4 with one 4-byte lane store.
#[inline(always)]
fn store4(h: &[uint32x4_t; 5], dst: &mut [[u8; 20]; LANES]) {
    let low = uint32x4x4_t(h[0], h[1], h[2], h[3]);
    seq!(L in 0..4 {
        let out: &mut [u8; 20] = &mut dst[L];
        // SAFETY: `out` is 20 writable bytes; ST4 (single lane) writes the
        // first 16 and has no alignment requirement. NEON is enabled.
        let h4 = unsafe {
            vst4q_lane_u32::<L>(out.as_mut_ptr().cast::<u32>(), low);
            vgetq_lane_u32::<L>(h[4])
        };
        out[16..].copy_from_slice(&h4.to_le_bytes());
    });
}

/// RIPEMD-160 of 4 messages.
///
/// # Safety
/// The CPU supports NEON.
#[target_feature(enable = "neon")]
#[inline(never)]
unsafe fn hash_group4(src: &[[u8; 32]; LANES], dst: &mut [[u8; 20]; LANES]) {
    store4(&hash32_words(&load4(src)), dst);
}

/// RIPEMD-160 of 8 messages: two groups of 4, interleaved.
///
/// # Safety
/// The CPU supports NEON.
#[target_feature(enable = "neon")]
#[inline(never)]
unsafe fn hash_group8(src: &[[u8; 32]; 2 * LANES], dst: &mut [[u8; 20]; 2 * LANES]) {
    let (src0, src1) = src.split_at(LANES);
    let (dst0, dst1) = dst.split_at_mut(LANES);
    let (src0, src1): (&[[u8; 32]; LANES], &[[u8; 32]; LANES]) = (src0.try_into().unwrap(), src1.try_into().unwrap());
    let (dst0, dst1): (&mut [[u8; 20]; LANES], &mut [[u8; 20]; LANES]) =
        (dst0.try_into().unwrap(), dst1.try_into().unwrap());
    let (x0, x1) = (load4(src0), load4(src1));
    let x: [Pair<uint32x4_t>; 8] = core::array::from_fn(|k| Pair(x0[k], x1[k]));
    let h = hash32_words(&x);
    store4(&h.map(|w| w.0), dst0);
    store4(&h.map(|w| w.1), dst1);
}

/// The kernel entry point: `dst[i] = RIPEMD160(src[i])` for every `i`, any
/// count: groups of 8, then one of 4, then the last 2 or 3 messages through
/// a zeroed stack group (a last single message through the scalar kernel).
///
/// # Safety
/// The CPU supports NEON (the caller holds the `Backend` proving it).
#[target_feature(enable = "neon")]
pub(crate) unsafe fn hash32(src: &[[u8; 32]], dst: &mut [[u8; 20]]) {
    assert_eq!(src.len(), dst.len());
    let mut src8 = src.chunks_exact(2 * LANES);
    let mut dst8 = dst.chunks_exact_mut(2 * LANES);
    for (s, d) in (&mut src8).zip(&mut dst8) {
        // SAFETY: NEON is supported (this function's contract).
        unsafe { hash_group8(s.try_into().unwrap(), d.try_into().unwrap()) };
    }
    let mut src4 = src8.remainder().chunks_exact(LANES);
    let mut dst4 = dst8.into_remainder().chunks_exact_mut(LANES);
    for (s, d) in (&mut src4).zip(&mut dst4) {
        // SAFETY: as above.
        unsafe { hash_group4(s.try_into().unwrap(), d.try_into().unwrap()) };
    }
    let (s, d) = (src4.remainder(), dst4.into_remainder());
    if let ([msg], [out]) = (s, &mut *d) {
        // One message: the scalar kernel costs fewer instructions (about
        // 1300) than a zero-padded group (about 1600; bench/count-insns.sh).
        *out = scalar::hash32_one(msg);
    } else if !s.is_empty() {
        // SAFETY (closure): as above.
        padded_group(s, d, |msgs, out| unsafe { hash_group4(msgs, out) });
    }
}
