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

/// `a + W::F_BIAS[f]` plus the boolean function numbered `f` (1..=5 in the
/// paper) of `x`, `y`, `z`: `a` comes from [`step_sum`], which subtracted
/// the bias.
#[inline(always)]
fn plus_boolean<W: Word>(a: W, f: u8, x: W, y: W, z: W) -> W {
    match f {
        1 => a.add_f_biased::<1>(x, y, z),
        2 => a.add_f_biased::<2>(x, y, z),
        3 => a.add_f_biased::<3>(x, y, z),
        4 => a.add_f_biased::<4>(x, y, z),
        _ => a.add_f_biased::<5>(x, y, z),
    }
}

/// Step `j`'s boolean function (1..=5), message word index and round
/// constant, for the left line and the right line.
#[inline(always)]
const fn step_terms(j: usize) -> [(u8, usize, u32); 2] {
    let round = j / 16;
    [(F_LEFT[round], R_LEFT[j], K_LEFT[round]), (F_LEFT[4 - round], R_RIGHT[j], K_RIGHT[round])]
}

/// `a + X[r] + K` for a step of terms `(f, r, K)` ([`step_terms`]), less
/// the lane type's bias for `f` ([`Word::F_BIAS`]). In a fixed 32-byte
/// message words 8..15 are the constant padding ([`PAD32`]), so the sum is
/// one constant, and nothing when that is zero.
#[inline(always)]
fn step_sum<W: Word, const FIXED32: bool>(a: W, x: &[W; 16], (f, r, k): (u8, usize, u32)) -> W {
    let k = k.wrapping_sub(W::F_BIAS[usize::from(f)]);
    if FIXED32 && r >= 8 {
        match PAD32[r - 8].wrapping_add(k) {
            0 => a,
            sum => a.add(W::splat(sum)),
        }
    } else if k == 0 {
        a.add(x[r])
    } else {
        a.add(x[r].add(W::splat(k)))
    }
}

/// One step of one line: `A := rol_s(A + f(B, C, D) + X[r] + K) + E`, then
/// the registers shift: (A, B, C, D, E) := (E, T, B, rol10(C), D). `A`
/// arrives with `X[r] + K`, less the bias of `f`, added by the step before
/// ([`step_sum`]; by [`compress`] for step 0), and this step adds the next
/// one's (`next`, its [`step_terms`]) to `E`, the next `A`: the sum does
/// not depend on `T`, and it is issued beside this step's critical path
/// (f, add, rotate, add) rather than at the start of the next one's.
///
/// Measured faster in as many instructions (`docs/PERFORMANCE.md`,
/// "RIPEMD-160 on AVX2").
#[inline(always)]
fn line_step<W: Word, const FIXED32: bool>(v: &mut [W; 5], x: &[W; 16], f: u8, s: u32, next: Option<(u8, usize, u32)>) {
    let [a, b, c, d, e] = *v;
    let t = plus_boolean(a, f, b, c, d).rol(s).add(e);
    let e = match next {
        Some(terms) => step_sum::<W, FIXED32>(e, x, terms),
        None => e,
    };
    *v = [e, t, b, c.rol(ROL_C), d];
}

/// Step `J` of both lines. Unoptimised builds keep each step a function of
/// its own: inlined, the 160 unrolled steps' temporaries would each get a
/// stack slot and a vector kernel's frame would overflow a thread's stack.
#[cfg_attr(debug_assertions, inline(never))]
#[cfg_attr(not(debug_assertions), inline(always))]
fn step<W: Word, const J: usize, const FIXED32: bool>(left: &mut [W; 5], right: &mut [W; 5], x: &[W; 16]) {
    let [(f_left, _, _), (f_right, _, _)] = step_terms(J);
    let next = if J < 79 { Some(step_terms(J + 1)) } else { None };
    line_step::<W, FIXED32>(left, x, f_left, S_LEFT[J], next.map(|n| n[0]));
    line_step::<W, FIXED32>(right, x, f_right, S_RIGHT[J], next.map(|n| n[1]));
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
    let [first_left, first_right] = step_terms(0);
    left[0] = step_sum::<W, FIXED32>(h[0], x, first_left);
    right[0] = step_sum::<W, FIXED32>(h[0], x, first_right);
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

// The NEON lane type orders its bit selects after this rotation.
#[cfg(rmd160mb_neon)]
const _: () = assert!(crate::simd::neon::RIPEMD160_ROL_C == ROL_C);
