//! The RIPEMD-160 compression function, written once for every kernel.
//!
//! [`Word`] is "one 32-bit word in every lane": `u32` for the scalar kernel
//! (one lane), `__m256i` for AVX2 (8 lanes), `__m512i` for AVX-512 (16),
//! `uint32x4_t` for NEON (4). [`compress`] runs the 80 steps of the left and
//! right lines on such words, interleaved step by step so that the two
//! independent dependency chains overlap. Every index, rotation and constant
//! comes from [`super::consts`]; the steps are unrolled with `seq!` so that
//! the lookups fold into immediates and each lane type only supplies its
//! instructions (for example one `vpternlogd` per boolean function).

use seq_macro::seq;

use super::consts::{F_LEFT, H0, K_LEFT, K_RIGHT, PAD32, ROL_C, R_LEFT, R_RIGHT, S_LEFT, S_RIGHT};
use crate::simd::Word;

/// `a` plus the boolean function numbered `f` (1..=5 in the paper) of
/// `x`, `y`, `z`.
#[inline(always)]
fn plus_boolean<W: Word>(a: W, f: u8, x: W, y: W, z: W) -> W {
    match f {
        1 => a.add_f::<1>(x, y, z),
        2 => a.add_f::<2>(x, y, z),
        3 => a.add_f::<3>(x, y, z),
        4 => a.add_f::<4>(x, y, z),
        _ => a.add_f::<5>(x, y, z),
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
    let t = plus_boolean(a, f, b, c, d).rol(s).add(e);
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


