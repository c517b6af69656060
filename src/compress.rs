//! The RIPEMD-160 compression function, written once for every kernel.
//!
//! [`Word`] is "one 32-bit word in every lane": `u32` for the scalar kernel
//! (one lane), `__m256i` for AVX2 (8 lanes), `__m512i` for AVX-512 (16),
//! `uint32x4_t` for NEON (4). [`compress`] runs the 80 steps of the left and
//! right lines on such words, interleaved step by step so that the two
//! independent dependency chains overlap. Every index, rotation and constant
//! comes from [`crate::consts`]; the steps are unrolled with `seq!` so that
//! the lookups fold into immediates and each backend only supplies its
//! instructions (for example one `vpternlogd` per boolean function).

use crate::consts::{F_LEFT, H0, K_LEFT, K_RIGHT, PAD32, ROL_C, R_LEFT, R_RIGHT, S_LEFT, S_RIGHT};
use seq_macro::seq;

/// A 32-bit word in each of `LANES` lanes, with the operations the
/// compression function needs. Every method is `#[inline(always)]` in each
/// implementation, so that it inlines into the kernel that enables the
/// instruction set it uses.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))] // SHA-256 methods: x86 only so far
pub(crate) trait Word: Copy {
    /// The same value in every lane.
    fn splat(x: u32) -> Self;
    /// Lane-wise addition modulo 2^32.
    fn add(self, rhs: Self) -> Self;
    fn xor(self, rhs: Self) -> Self;
    fn and(self, rhs: Self) -> Self;
    /// `self | !rhs`.
    fn or_not(self, rhs: Self) -> Self;
    /// Lane-wise rotation left by `n` (1..=31). Called with constants
    /// only, so that implementations can match to an immediate form.
    fn rol(self, n: u32) -> Self;

    /// Called after each step of both lines. Vector kernels make it an empty
    /// `asm!` taking the ten registers, which stops the compiler from
    /// scheduling a whole line before the other: the left and right lines
    /// are independent chains of 80 dependent steps, and the CPU can only
    /// overlap them if their steps are issued side by side.
    #[inline(always)]
    fn step_boundary(_left: &mut [Self; 5], _right: &mut [Self; 5]) {}

    /// `step_boundary` for two groups in flight ([`Pair`]): one boundary for
    /// all twenty registers, so neither group runs ahead of the other.
    #[inline(always)]
    fn step_boundary_pair(l0: &mut [Self; 5], r0: &mut [Self; 5], l1: &mut [Self; 5], r1: &mut [Self; 5]) {
        Self::step_boundary(l0, r0);
        Self::step_boundary(l1, r1);
    }

    /// f1(x, y, z) = x ^ y ^ z
    #[inline(always)]
    fn f1(x: Self, y: Self, z: Self) -> Self {
        x.xor(y).xor(z)
    }
    /// f2(x, y, z) = (x & y) | (!x & z), computed as a bit select.
    #[inline(always)]
    fn f2(x: Self, y: Self, z: Self) -> Self {
        z.xor(x.and(y.xor(z)))
    }
    /// f3(x, y, z) = (x | !y) ^ z
    #[inline(always)]
    fn f3(x: Self, y: Self, z: Self) -> Self {
        x.or_not(y).xor(z)
    }
    /// f4(x, y, z) = (x & z) | (y & !z), computed as a bit select.
    #[inline(always)]
    fn f4(x: Self, y: Self, z: Self) -> Self {
        y.xor(z.and(x.xor(y)))
    }
    /// f5(x, y, z) = x ^ (y | !z)
    #[inline(always)]
    fn f5(x: Self, y: Self, z: Self) -> Self {
        x.xor(y.or_not(z))
    }

    // SHA-256 (FIPS 180-4, section 4.1.2). Ch is `f2` and the three-way
    // xor is `f1`, so a kernel that overrides those (one `vpternlogd`
    // each) speeds up both hashes.

    /// Lane-wise rotation right by `n` (1..=31), called with constants only.
    #[inline(always)]
    fn ror(self, n: u32) -> Self {
        self.rol(32 - n)
    }
    /// Lane-wise logical shift right by `n` (1..=31), called with constants
    /// only. The default is a rotate and a mask; kernels with a shift
    /// instruction override it.
    #[inline(always)]
    fn shr(self, n: u32) -> Self {
        self.rol(32 - n).and(Self::splat(u32::MAX >> n))
    }
    /// Ch(x, y, z) = (x & y) ^ (!x & z): RIPEMD-160's f2. A kernel whose f2
    /// is tuned for RIPEMD-160's register use (NEON's) overrides this.
    #[inline(always)]
    fn ch(x: Self, y: Self, z: Self) -> Self {
        Self::f2(x, y, z)
    }
    /// Maj(x, y, z) = (x & y) ^ (x & z) ^ (y & z), computed as
    /// (x & y) ^ (z & (x ^ y)).
    #[inline(always)]
    fn maj(x: Self, y: Self, z: Self) -> Self {
        x.and(y).xor(z.and(x.xor(y)))
    }
    /// Σ0(x) = ROTR2(x) ^ ROTR13(x) ^ ROTR22(x)
    #[inline(always)]
    fn big_sigma0(self) -> Self {
        Self::f1(self.ror(2), self.ror(13), self.ror(22))
    }
    /// Σ1(x) = ROTR6(x) ^ ROTR11(x) ^ ROTR25(x)
    #[inline(always)]
    fn big_sigma1(self) -> Self {
        Self::f1(self.ror(6), self.ror(11), self.ror(25))
    }
    /// σ0(x) = ROTR7(x) ^ ROTR18(x) ^ SHR3(x)
    #[inline(always)]
    fn small_sigma0(self) -> Self {
        Self::f1(self.ror(7), self.ror(18), self.shr(3))
    }
    /// σ1(x) = ROTR17(x) ^ ROTR19(x) ^ SHR10(x)
    #[inline(always)]
    fn small_sigma1(self) -> Self {
        Self::f1(self.ror(17), self.ror(19), self.shr(10))
    }
}

impl Word for u32 {
    #[inline(always)]
    fn splat(x: u32) -> Self {
        x
    }
    #[inline(always)]
    fn add(self, rhs: Self) -> Self {
        self.wrapping_add(rhs)
    }
    #[inline(always)]
    fn xor(self, rhs: Self) -> Self {
        self ^ rhs
    }
    #[inline(always)]
    fn and(self, rhs: Self) -> Self {
        self & rhs
    }
    #[inline(always)]
    fn or_not(self, rhs: Self) -> Self {
        self | !rhs
    }
    #[inline(always)]
    fn rol(self, n: u32) -> Self {
        self.rotate_left(n)
    }
    #[inline(always)]
    fn ror(self, n: u32) -> Self {
        self.rotate_right(n)
    }
    #[inline(always)]
    fn shr(self, n: u32) -> Self {
        self >> n
    }
}

/// The boolean function numbered `f` (1..=5) in the paper.
#[inline(always)]
fn boolean<W: Word>(f: u8, x: W, y: W, z: W) -> W {
    match f {
        1 => W::f1(x, y, z),
        2 => W::f2(x, y, z),
        3 => W::f3(x, y, z),
        4 => W::f4(x, y, z),
        _ => W::f5(x, y, z),
    }
}

/// Message word `r` plus the round constant `k`. In a fixed 32-byte message
/// words 8..15 are the constant padding, so the sum is one constant and a
/// zero sum costs nothing.
#[inline(always)]
fn word_plus_constant<W: Word, const FIXED32: bool>(x: &[W; 16], r: usize, k: u32) -> W {
    if FIXED32 && r >= 8 {
        W::splat(PAD32[r - 8].wrapping_add(k))
    } else if k == 0 {
        x[r]
    } else {
        x[r].add(W::splat(k))
    }
}

/// True when step `j` of a fixed 32-byte message adds nothing (a zero
/// padding word with a zero round constant).
#[inline(always)]
const fn adds_nothing(r: usize, k: u32, fixed32: bool) -> bool {
    fixed32 && r >= 8 && PAD32[r - 8].wrapping_add(k) == 0
}

/// One step of one line: `A := rol_s(A + f(B, C, D) + X[r] + K) + E`, then
/// the registers shift: (A, B, C, D, E) := (E, T, B, rol10(C), D).
#[inline(always)]
fn line_step<W: Word, const FIXED32: bool>(v: &mut [W; 5], x: &[W; 16], f: u8, r: usize, s: u32, k: u32) {
    let [a, b, c, d, e] = *v;
    // A + X[r] + K does not depend on the previous step's result, so it is
    // added first: the critical path is f, add, rotate, add.
    let a = if adds_nothing(r, k, FIXED32) { a } else { a.add(word_plus_constant::<W, FIXED32>(x, r, k)) };
    let t = a.add(boolean(f, b, c, d)).rol(s).add(e);
    *v = [e, t, b, c.rol(ROL_C), d];
}

/// Step `J` of both lines. Unoptimised builds keep each step a function of
/// its own: inlined, the 160 unrolled steps' temporaries would each get a
/// stack slot and a vector kernel's frame would overflow a thread's stack.
#[cfg_attr(debug_assertions, inline(never))]
#[cfg_attr(not(debug_assertions), inline(always))]
fn step<W: Word, const J: usize, const FIXED32: bool>(left: &mut [W; 5], right: &mut [W; 5], x: &[W; 16]) {
    let round = J / 16;
    line_step::<W, FIXED32>(left, x, F_LEFT[round], R_LEFT[J], S_LEFT[J], K_LEFT[round]);
    line_step::<W, FIXED32>(right, x, F_LEFT[4 - round], R_RIGHT[J], S_RIGHT[J], K_RIGHT[round]);
    W::step_boundary(left, right);
}

/// The compression function: chaining value `h` and one 16-word message
/// block `x` (little-endian words) to the next chaining value. With
/// `FIXED32`, `x[8..16]` is ignored and taken to be the padding of a 32-byte
/// message ([`PAD32`]).
#[inline(always)]
pub(crate) fn compress<W: Word, const FIXED32: bool>(h: &[W; 5], x: &[W; 16]) -> [W; 5] {
    let mut left = *h;
    let mut right = *h;
    seq!(J in 0..80 {
        step::<W, J, FIXED32>(&mut left, &mut right, x);
    });
    // Combine the two lines with the chaining value (the paper's final
    // step, written for the rotated register names).
    [
        h[1].add(left[2]).add(right[3]),
        h[2].add(left[3]).add(right[4]),
        h[3].add(left[4]).add(right[0]),
        h[4].add(left[0]).add(right[1]),
        h[0].add(left[1]).add(right[2]),
    ]
}

/// RIPEMD-160 of 32-byte messages whose words 0..7 are `x`, one message per
/// lane: the fixed path every kernel's `hash32` runs.
#[inline(always)]
pub(crate) fn hash32_words<W: Word>(x: &[W; 8]) -> [W; 5] {
    let h = H0.map(W::splat);
    let mut block = [W::splat(0); 16];
    block[..8].copy_from_slice(x);
    compress::<W, true>(&h, &block)
}


#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
/// Writes digest `l` from lane `l` of the five chaining words, given as
/// `words[i][l]` (a kernel stores its vectors to such an array first).
#[inline(always)]
pub(crate) fn scatter_digests<const L: usize>(words: &[[u32; L]; 5], out: &mut [[u8; 20]; L]) {
    for (l, digest) in out.iter_mut().enumerate() {
        for (i, w) in words.iter().enumerate() {
            digest[4 * i..4 * i + 4].copy_from_slice(&w[l].to_le_bytes());
        }
    }
}

/// Runs a kernel's `L`-lane `group` function on fewer than `L` messages:
/// they are copied into a zeroed group on the stack and only their digests
/// copied out, so nothing outside `src` and `dst` is read or written.
#[inline(always)]
pub(crate) fn padded_group<const L: usize>(
    src: &[[u8; 32]],
    dst: &mut [[u8; 20]],
    group: impl FnOnce(&[[u8; 32]; L], &mut [[u8; 20]; L]),
) {
    debug_assert!(src.len() <= L && src.len() == dst.len());
    let mut msgs = [[0u8; 32]; L];
    msgs[..src.len()].copy_from_slice(src);
    let mut out = [[0u8; 20]; L];
    group(&msgs, &mut out);
    dst.copy_from_slice(&out[..src.len()]);
}

/// Two groups of lanes processed together: every operation is issued for
/// both, so four dependency chains (two lines of two groups) are in flight.
#[derive(Clone, Copy)]
pub(crate) struct Pair<W>(pub W, pub W);

impl<W: Word> Word for Pair<W> {
    #[inline(always)]
    fn splat(x: u32) -> Self {
        Pair(W::splat(x), W::splat(x))
    }
    #[inline(always)]
    fn add(self, rhs: Self) -> Self {
        Pair(self.0.add(rhs.0), self.1.add(rhs.1))
    }
    #[inline(always)]
    fn xor(self, rhs: Self) -> Self {
        Pair(self.0.xor(rhs.0), self.1.xor(rhs.1))
    }
    #[inline(always)]
    fn and(self, rhs: Self) -> Self {
        Pair(self.0.and(rhs.0), self.1.and(rhs.1))
    }
    #[inline(always)]
    fn or_not(self, rhs: Self) -> Self {
        Pair(self.0.or_not(rhs.0), self.1.or_not(rhs.1))
    }
    #[inline(always)]
    fn rol(self, n: u32) -> Self {
        Pair(self.0.rol(n), self.1.rol(n))
    }
    #[inline(always)]
    fn step_boundary(left: &mut [Self; 5], right: &mut [Self; 5]) {
        let mut l0 = left.map(|p| p.0);
        let mut l1 = left.map(|p| p.1);
        let mut r0 = right.map(|p| p.0);
        let mut r1 = right.map(|p| p.1);
        W::step_boundary_pair(&mut l0, &mut r0, &mut l1, &mut r1);
        *left = core::array::from_fn(|i| Pair(l0[i], l1[i]));
        *right = core::array::from_fn(|i| Pair(r0[i], r1[i]));
    }
    #[inline(always)]
    fn f1(x: Self, y: Self, z: Self) -> Self {
        Pair(W::f1(x.0, y.0, z.0), W::f1(x.1, y.1, z.1))
    }
    #[inline(always)]
    fn f2(x: Self, y: Self, z: Self) -> Self {
        Pair(W::f2(x.0, y.0, z.0), W::f2(x.1, y.1, z.1))
    }
    #[inline(always)]
    fn f3(x: Self, y: Self, z: Self) -> Self {
        Pair(W::f3(x.0, y.0, z.0), W::f3(x.1, y.1, z.1))
    }
    #[inline(always)]
    fn f4(x: Self, y: Self, z: Self) -> Self {
        Pair(W::f4(x.0, y.0, z.0), W::f4(x.1, y.1, z.1))
    }
    #[inline(always)]
    fn f5(x: Self, y: Self, z: Self) -> Self {
        Pair(W::f5(x.0, y.0, z.0), W::f5(x.1, y.1, z.1))
    }
}
