//! NEON (arm64): 4 messages side by side, one per 32-bit lane of a
//! `uint32x4_t`.
//!
//! RIPEMD-160 (two groups of 4 interleaved, 8 messages in flight, for full
//! batches): per lane the compression function is `crate::ripemd160`'s,
//! unchanged; this file only supplies the instructions:
//! - f2 and f4 are one bit select each (`BIF`/`BIT`, in place, see
//!   [`bit_select_after`]), f3 and f5 one `ORN` and one `EOR`, f1 two `EOR`s;
//! - a rotate is `SHL` plus shift-right-and-insert (`SRI`), both with
//!   immediates, and a rotate by 8 is one byte table lookup (`TBL`);
//! - the transposes are two `LD4` + eight `UZP` in and eight lane stores
//!   (`ST4`/`ST1` single lane) out: any alignment, and nothing is read or
//!   written outside the caller's slices.
//!
//! Cost (`bench/count-insns.sh`, release build): about 400 instructions per
//! message for two interleaved groups, against about 1320 for the scalar
//! kernel.
//!
//! SHA-256 on 4 lanes, for arm64 CPUs without the Armv8 SHA-2 instructions
//! (with them, the `sha2` crate runs those): NEON has no gather, so each
//! lane's word is one 32-bit load, then `REV32` swaps the bytes; Ch and Maj
//! are one `BSL` each.
//!
//! Every `unsafe` block here that calls a register-only intrinsic relies on
//! "NEON is enabled": this module is compiled only when the build enables
//! NEON (`cfg(rmd160mb_neon)`, set by `build.rs` from
//! `target_feature = "neon"`, the default of every aarch64 Linux target), so
//! the instructions exist on every CPU the binary runs on.

use core::arch::aarch64::*;

use seq_macro::seq;

use super::{boolean, immediate, lanewise, Lanes, Word};

/// Byte indices of a 32-bit rotate left by 8 within each lane (`TBL`).
const ROL8_INDEX: [u8; 16] = [3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14];

impl Word for uint32x4_t {
    lanewise!(add => vaddq_u32, xor => veorq_u32, and => vandq_u32, or_not => vornq_u32);

    #[inline(always)]
    fn splat(x: u32) -> Self {
        // SAFETY: register-only; NEON is enabled (module note).
        unsafe { vdupq_n_u32(x) }
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
        // Both shift counts are literals: SHL #N, then SRI #(32-N) inserts
        // the bits rotated out at the bottom (LLVM emits USRA, the same
        // since the low N bits are zero).
        // SAFETY: register-only; NEON is enabled (module note).
        immediate!(n, N => unsafe { vsriq_n_u32::<{ 32 - N }>(vshlq_n_u32::<N>(self), self) })
    }
    #[inline(always)]
    fn shr(self, n: u32) -> Self {
        // SAFETY: register-only; NEON is enabled (module note).
        immediate!(n, N => unsafe { vshrq_n_u32::<N>(self) })
    }
    /// - f2(x, y, z) = (x & y) | (!x & z): one bit select on x, written as
    ///   `BIF` into y's register (see [`bit_select_after`]);
    /// - f4(x, y, z) = (x & z) | (y & !z): one bit select on z, written as
    ///   `BIT` into y's register;
    /// - f3 = (x | !y) ^ z and f5 = x ^ (y | !z): `ORN` and `EOR`;
    /// - f1: two `EOR`s ([`boolean`]).
    #[inline(always)]
    fn f<const F: u8>(x: Self, y: Self, z: Self) -> Self {
        match F {
            2 => bit_select_into::<true>(y, z, x),
            4 => bit_select_into::<false>(y, x, z),
            // SAFETY: register-only; NEON is enabled (module note).
            3 => unsafe { veorq_u32(vornq_u32(x, y), z) },
            // SAFETY: as above.
            5 => unsafe { veorq_u32(x, vornq_u32(y, z)) },
            _ => boolean::<Self, F>(x, y, z),
        }
    }
    /// One `REV32`.
    #[inline(always)]
    fn bswap(self) -> Self {
        // SAFETY: register-only; NEON is enabled (module note).
        unsafe { vreinterpretq_u32_u8(vrev32q_u8(vreinterpretq_u8_u32(self))) }
    }
    /// SHA-256's Ch: one bit select (`BSL`), without f2's register trick.
    #[inline(always)]
    fn ch(x: Self, y: Self, z: Self) -> Self {
        // SAFETY: register-only; NEON is enabled (module note).
        unsafe { vbslq_u32(x, y, z) }
    }
    /// SHA-256's Maj: y where x and y agree, else z.
    #[inline(always)]
    fn maj(x: Self, y: Self, z: Self) -> Self {
        // SAFETY: register-only; NEON is enabled (module note).
        unsafe { vbslq_u32(veorq_u32(x, y), z, y) }
    }
}

/// A bit select written into `y`'s register: with `IF_FALSE`, `BIF y, a,
/// m` gives `(y & m) | (a & !m)`; without, `BIT y, a, m` gives `(a & m) |
/// (y & !m)`. Ordered after [`bit_select_after`]`(y)`.
#[inline(always)]
fn bit_select_into<const IF_FALSE: bool>(y: uint32x4_t, a: uint32x4_t, m: uint32x4_t) -> uint32x4_t {
    let mut r = y;
    let after = bit_select_after(y);
    // SAFETY: register-only; NEON is enabled (module note).
    unsafe {
        if IF_FALSE {
            core::arch::asm!(
                "bif {r:v}.16b, {a:v}.16b, {m:v}.16b // after {after:v}.16b",
                r = inout(vreg) r, a = in(vreg) a, m = in(vreg) m, after = in(vreg) after,
                options(pure, nomem, nostack, preserves_flags),
            );
        } else {
            core::arch::asm!(
                "bit {r:v}.16b, {a:v}.16b, {m:v}.16b // after {after:v}.16b",
                r = inout(vreg) r, a = in(vreg) a, m = in(vreg) m, after = in(vreg) after,
                options(pure, nomem, nostack, preserves_flags),
            );
        }
    }
    r
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
    y.rol(RIPEMD160_ROL_C)
}

/// RIPEMD-160's rotation of register C in each step (checked against
/// `crate::ripemd160::consts::ROL_C` there).
pub(crate) const RIPEMD160_ROL_C: u32 = 10;

/// Message words of 4 messages, transposed: word `k` of message `i` is
/// lane `i` of element `k` (little-endian words).
///
/// # Safety
/// `src` is valid for reads of 4 messages (128 bytes).
#[inline(always)]
unsafe fn load4(src: *const [u8; 32]) -> [uint32x4_t; 8] {
    let p = src.cast::<u32>();
    // SAFETY: the caller's 128 readable bytes; each LD4 reads 64 of them,
    // and LD4 has no alignment requirement (the pointer is only aligned to
    // 1). NEON is enabled (module note).
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

/// Writes lane `i` of the chaining value `h` as digest `i` (`i < dst.len()`): words h0..h3 with
/// one 16-byte `ST4` lane store, h4 with one 4-byte lane store.
#[inline(always)]
fn store4(h: &[uint32x4_t; 5], dst: &mut [[u8; 20]]) {
    let low = uint32x4x4_t(h[0], h[1], h[2], h[3]);
    seq!(L in 0..4 {
        if let Some(out) = dst.get_mut(L) {
        // SAFETY: `out` is 20 writable bytes; ST4 (single lane) writes the
        // first 16 and has no alignment requirement. NEON is enabled.
        let h4 = unsafe {
            vst4q_lane_u32::<L>(out.as_mut_ptr().cast::<u32>(), low);
            vgetq_lane_u32::<L>(h[4])
        };
        out[16..].copy_from_slice(&h4.to_le_bytes());
        }
    });
}

impl Lanes for uint32x4_t {
    const LANES: usize = 4;
    const PAIRS: bool = true;

    /// # Safety
    /// As [`Lanes::load_msgs32`].
    #[inline(always)]
    unsafe fn load_msgs32(msgs: *const [u8; 32]) -> [Self; 8] {
        // SAFETY: the caller's: 4 readable messages.
        unsafe { load4(msgs) }
    }
    #[inline(always)]
    fn store_digests20(h: &[Self; 5], out: &mut [[u8; 20]]) {
        store4(h, out)
    }
    #[inline(always)]
    fn lane_offsets(stride: usize, m: usize) -> Self {
        let lane = [0u32, 1, 2, 3].map(|i| i.min(m as u32 - 1) * stride as u32);
        // SAFETY: reads the 16 bytes of `lane`; NEON is enabled (module note).
        unsafe { vld1q_u32(lane.as_ptr()) }
    }
    /// # Safety
    /// As [`Lanes::load_be`].
    #[inline(always)]
    unsafe fn load_be(p: *const u8, offsets: Self) -> Self {
        // SAFETY: the caller's: 4 readable bytes at p + offsets[i].
        let le = unsafe { Self::load_le(p, offsets) };
        // SAFETY: register-only; NEON is enabled.
        unsafe { vreinterpretq_u32_u8(vrev32q_u8(vreinterpretq_u8_u32(le))) }
    }
    /// # Safety
    /// As [`Lanes::load_le`].
    #[inline(always)]
    unsafe fn load_le(p: *const u8, offsets: Self) -> Self {
        let mut offs = [0u32; 4];
        // SAFETY: writes the 16 bytes of `offs`; NEON is enabled.
        unsafe { vst1q_u32(offs.as_mut_ptr(), offsets) };
        // SAFETY: the caller's: 4 readable bytes at p + offs[i], any alignment.
        let words = offs.map(|o| u32::from_le(unsafe { p.add(o as usize).cast::<u32>().read_unaligned() }));
        // SAFETY: reads the 16 bytes of `words`; NEON is enabled.
        unsafe { vld1q_u32(words.as_ptr()) }
    }
    super::store_load!(u32, 16, vst1q_u32, vld1q_u32);
}

/// Keccak-256 on plain NEON: 2 messages side by side, one per 64-bit lane
/// of a `uint64x2_t`; a rotation is `SHL` plus `SRI`, chi's `!b & c` one
/// `BIC`.
impl super::Word64 for uint64x2_t {
    #[inline(always)]
    fn splat(x: u64) -> Self {
        // SAFETY: register-only; NEON is enabled (module note).
        unsafe { vdupq_n_u64(x) }
    }
    #[inline(always)]
    fn xor(self, rhs: Self) -> Self {
        // SAFETY: register-only; NEON is enabled (module note).
        unsafe { veorq_u64(self, rhs) }
    }
    #[inline(always)]
    fn andnot(self, rhs: Self) -> Self {
        // BIC rhs, self = rhs & !self.
        // SAFETY: register-only; NEON is enabled (module note).
        unsafe { vbicq_u64(rhs, self) }
    }
    #[cfg_attr(debug_assertions, inline(never))]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn rol(self, n: u32) -> Self {
        // SAFETY: register-only; NEON is enabled (module note).
        super::immediate64!(n, N => unsafe { vsriq_n_u64::<{ 64 - N }>(vshlq_n_u64::<N>(self), self) })
    }
}

impl super::Lanes64 for uint64x2_t {
    const LANES: usize = 2;

    /// # Safety
    /// As [`super::Lanes64::gather`].
    #[inline(always)]
    unsafe fn gather(p: *const u8, offsets: Self) -> Self {
        // SAFETY: register-only; NEON is enabled (module note).
        let (o0, o1) = unsafe { (vgetq_lane_u64::<0>(offsets), vgetq_lane_u64::<1>(offsets)) };
        // SAFETY: the caller's: 8 readable bytes at p + o, any alignment.
        let word = |o: u64| u64::from_le(unsafe { p.add(o as usize).cast::<u64>().read_unaligned() });
        // SAFETY: reads the 16 bytes of a local array; NEON is enabled.
        unsafe { vld1q_u64([word(o0), word(o1)].as_ptr()) }
    }
    super::store_load!(u64, 8, vst1q_u64, vld1q_u64);
}

/// Keccak-256 with the Armv8.2 SHA-3 instructions (FEAT_SHA3), detected at
/// run time: the column parities are `EOR3`, theta's `d` one `RAX1`, theta
/// and rho of each lane one `XAR`, chi one `BCAX` per lane (82 instructions
/// a round for 2 states, against 183 on plain NEON: `bench/count-insns.sh`,
/// in docs/PERFORMANCE.md ("arm64 (NEON)")).
#[derive(Clone, Copy)]
#[repr(transparent)]
pub(crate) struct Sha3(uint64x2_t);

/// Every method executes SHA-3 instructions: only ever inlined into the
/// `#[target_feature(enable = "neon,sha3")]` entry points below, which
/// [`keccak256`] and [`keccak256_many`] call only after detecting `sha3`.
impl super::Word64 for Sha3 {
    #[inline(always)]
    fn splat(x: u64) -> Self {
        Sha3(<uint64x2_t as super::Word64>::splat(x))
    }
    #[inline(always)]
    fn xor(self, rhs: Self) -> Self {
        Sha3(<uint64x2_t as super::Word64>::xor(self.0, rhs.0))
    }
    #[inline(always)]
    fn andnot(self, rhs: Self) -> Self {
        Sha3(<uint64x2_t as super::Word64>::andnot(self.0, rhs.0))
    }
    #[inline(always)]
    fn rol(self, n: u32) -> Self {
        Sha3(<uint64x2_t as super::Word64>::rol(self.0, n))
    }
    #[inline(always)]
    fn xor3(a: Self, b: Self, c: Self) -> Self {
        // SAFETY: SHA-3 instructions, see the impl note.
        Sha3(unsafe { sha3_op::eor3(a.0, b.0, c.0) })
    }
    /// `BCAX a, c, b` = a ^ (c & !b).
    #[inline(always)]
    fn chi(a: Self, b: Self, c: Self) -> Self {
        // SAFETY: SHA-3 instructions, see the impl note.
        Sha3(unsafe { sha3_op::bcax(a.0, c.0, b.0) })
    }
    #[inline(always)]
    fn rax1(a: Self, b: Self) -> Self {
        // SAFETY: SHA-3 instructions, see the impl note.
        Sha3(unsafe { sha3_op::rax1(a.0, b.0) })
    }
    /// `XAR` rotates right: left by `n` is right by `64 - n`.
    #[cfg_attr(debug_assertions, inline(never))]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn xar(a: Self, d: Self, n: u32) -> Self {
        if n == 0 {
            return a.xor(d);
        }
        // SAFETY: SHA-3 instructions, see the impl note.
        super::immediate64!(n, N => Sha3(unsafe { sha3_op::xar::<{ 64 - N }>(a.0, d.0) }))
    }
}

/// The SHA-3 instructions as `#[target_feature]` functions, which inline
/// into the SHA-3 entry points (the intrinsics themselves would not inline
/// into [`Sha3`]'s methods, compiled without the feature).
mod sha3_op {
    use core::arch::aarch64::*;

    /// `EOR3`: a ^ b ^ c.
    ///
    /// # Safety
    /// The CPU has the SHA-3 instructions.
    #[target_feature(enable = "neon,sha3")]
    #[inline]
    pub(super) unsafe fn eor3(a: uint64x2_t, b: uint64x2_t, c: uint64x2_t) -> uint64x2_t {
        veor3q_u64(a, b, c)
    }
    /// `BCAX`: a ^ (b & !c).
    ///
    /// # Safety
    /// The CPU has the SHA-3 instructions.
    #[target_feature(enable = "neon,sha3")]
    #[inline]
    pub(super) unsafe fn bcax(a: uint64x2_t, b: uint64x2_t, c: uint64x2_t) -> uint64x2_t {
        vbcaxq_u64(a, b, c)
    }
    /// `RAX1`: a ^ rol(b, 1).
    ///
    /// # Safety
    /// The CPU has the SHA-3 instructions.
    #[target_feature(enable = "neon,sha3")]
    #[inline]
    pub(super) unsafe fn rax1(a: uint64x2_t, b: uint64x2_t) -> uint64x2_t {
        vrax1q_u64(a, b)
    }
    /// `XAR`: ror(a ^ b, R).
    ///
    /// # Safety
    /// The CPU has the SHA-3 instructions.
    #[target_feature(enable = "neon,sha3")]
    #[inline]
    pub(super) unsafe fn xar<const R: i32>(a: uint64x2_t, b: uint64x2_t) -> uint64x2_t {
        vxarq_u64::<R>(a, b)
    }
}

impl super::Lanes64 for Sha3 {
    const LANES: usize = 2;

    #[inline(always)]
    fn lane_offsets(stride: usize, m: usize) -> Self {
        Sha3(<uint64x2_t as super::Lanes64>::lane_offsets(stride, m))
    }
    /// # Safety
    /// As [`super::Lanes64::gather`].
    #[inline(always)]
    unsafe fn gather(p: *const u8, offsets: Self) -> Self {
        // SAFETY: the caller's.
        Sha3(unsafe { <uint64x2_t as super::Lanes64>::gather(p, offsets.0) })
    }
    #[inline(always)]
    fn store(self, out: &mut [u64; 8]) {
        <uint64x2_t as super::Lanes64>::store(self.0, out)
    }
    #[inline(always)]
    fn load(words: &[u64; 8]) -> Self {
        Sha3(<uint64x2_t as super::Lanes64>::load(words))
    }
}
