//! Keccak-f[1600] (Bertoni, Daemen, Peeters, Van Assche, "The Keccak
//! reference" 3.0, 2011, section 1.2), written once over [`Word64`]: each
//! lane type runs it on one state per lane.
//!
//! A round is theta, rho, pi, chi, iota. Theta's column parities are two
//! three-way xors per column; then either (types with a ternary-logic
//! instruction, [`Word64::THETA_XOR3`]) each lane takes both neighbouring
//! columns in one three-way xor and its rho rotation, or `d[x]` is formed
//! first ([`Word64::rax1`]) and xored in with the rotation
//! ([`Word64::xar`]: one `XAR` on Armv8.2 SHA-3). Pi is only a renaming of
//! registers; chi is one [`Word64::chi`] per lane (`vpternlogq`, `BCAX`).
//! Each round is unrolled, so every index is a constant; the rounds are a
//! loop (24 unrolled rounds overflowed the decoded-instruction cache), with
//! the last one outside it.

use seq_macro::seq;

use super::consts::{RC, RHO};
use crate::simd::Word64;

/// Where pi moves lane `i = x + 5y`: to `(y, 2x + 3y)`.
// Runs only at compile time (`PI_INV`).
#[cfg_attr(coverage_nightly, coverage(off))]
const fn pi(i: usize) -> usize {
    let (x, y) = (i % 5, i / 5);
    y + 5 * ((2 * x + 3 * y) % 5)
}

/// `PI_INV[j]`: the lane that pi moves to `j`.
const PI_INV: [usize; 25] = {
    let mut inv = [0; 25];
    let mut i = 0;
    while i < 25 {
        inv[pi(i)] = i;
        i += 1;
    }
    inv
};

/// Theta, rho and pi of lane `i = x + 5y`: the lane that pi moves to
/// `(y, 2x + 3y)`, `rol(a[i] ^ c[x-1] ^ rol(c[x+1], 1), RHO[i])`, with the
/// column terms as [`round`] prepared them.
#[inline(always)]
fn theta_rho<W: Word64>(a: &[W; 25], c: &[W; 5], r1: &[W; 5], d: &[W; 5], i: usize) -> W {
    let x = i % 5;
    if W::THETA_XOR3 {
        let t = W::xor3(a[i], c[(x + 4) % 5], r1[x]);
        if RHO[i] == 0 {
            t
        } else {
            t.rol(RHO[i])
        }
    } else {
        W::xar(a[i], d[x], RHO[i])
    }
}

/// One round on the state `a`, with round constant `rc`.
// Unoptimised builds keep each round a function of its own (as the other
// algorithms' rounds): inlined, the unrolled rounds' temporaries would each
// get a stack slot.
#[cfg_attr(debug_assertions, inline(never))]
#[cfg_attr(not(debug_assertions), inline(always))]
#[allow(clippy::identity_op, clippy::erasing_op)] // the unrolled indices for X, I = 0
fn round<W: Word64>(a: &mut [W; 25], rc: u64) {
    // No closures here (`core::array::from_fn`): a closure does not inherit
    // the kernel's target features, so its intrinsics would not inline.
    let zero = W::splat(0);
    // Theta: the column parities.
    let mut c = [zero; 5];
    seq!(X in 0..5 {
        c[X] = W::xor3(W::xor3(a[X], a[X + 5], a[X + 10]), a[X + 15], a[X + 20]);
    });
    // Theta, rho and pi ([`theta_rho`]), then chi, one output row at a
    // time: the five lanes of a row are made just before the row's chi, so
    // few temporaries are live at once (the 25 lanes and the column terms
    // already fill most of a register file of 32).
    // d: theta's column terms, c[x-1] and rol(c[x+1], 1) kept apart (two
    // operands of one three-way xor per lane) or joined (one RAX1).
    let mut d = [zero; 5];
    let mut r1 = [zero; 5];
    if W::THETA_XOR3 {
        seq!(X in 0..5 {
            r1[X] = c[(X + 1) % 5].rol(1);
        });
    } else {
        seq!(X in 0..5 {
            d[X] = W::rax1(c[(X + 4) % 5], c[(X + 1) % 5]);
        });
    }
    let mut out = [zero; 25];
    seq!(Y in 0..5 {
        let mut b = [zero; 5];
        seq!(X in 0..5 {
            b[X] = theta_rho(a, &c, &r1, &d, PI_INV[X + 5 * Y]);
        });
        seq!(X in 0..5 {
            out[X + 5 * Y] = W::chi(b[X], b[(X + 1) % 5], b[(X + 2) % 5]);
        });
    });
    *a = out;
    a[0] = a[0].xor(W::splat(rc));
}

/// Keccak-f[1600] on one state per lane: a loop over the 24 rounds, each
/// round unrolled. Unrolling the rounds too made the code of one
/// permutation about 15 KB (AVX-512) to 35 KB (AVX2), more than the
/// decoded-instruction cache holds, for no fewer instructions.
/// The last round is outside the loop, so that a caller that reads only
/// the digest's four lanes lets the compiler drop the rest of that round
/// (about two thirds of it).
#[inline(always)]
pub(crate) fn keccak_f<W: Word64>(a: &mut [W; 25]) {
    for &rc in &RC[..RC.len() - 1] {
        round::<W>(a, rc);
    }
    round::<W>(a, RC[RC.len() - 1]);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Keccak-f[1600] of the all-zero state: the first two lanes of the
    /// result as published with the reference (KeccakF-1600 intermediate
    /// values, "Permutation of the all-zero state").
    #[test]
    fn zero_state() {
        let mut a = [0u64; 25];
        keccak_f::<u64>(&mut a);
        assert_eq!(a[0], 0xF125_8F79_40E1_DDE7);
        assert_eq!(a[1], 0x84D5_CCF9_33C0_478A);
        // And once more, from that state.
        keccak_f::<u64>(&mut a);
        assert_eq!(a[0], 0x2D5C_954D_F96E_CB3C);
    }

    #[test]
    fn pi_is_a_permutation() {
        let mut seen = [false; 25];
        for i in 0..25 {
            assert!(!seen[pi(i)]);
            seen[pi(i)] = true;
        }
        assert_eq!(pi(0), 0);
        assert_eq!(pi(1), 10); // (1, 0) -> (0, 2)
    }
}
