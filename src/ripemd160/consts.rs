//! The RIPEMD-160 constants: the one table every kernel reads.
//!
//! Source: H. Dobbertin, A. Bosselaers, B. Preneel, "RIPEMD-160: A
//! Strengthened Version of RIPEMD", Fast Software Encryption 1996, with the
//! notation of its appendix: step `j` (0..80) of the left line uses message
//! word `R_LEFT[j]`, rotation `S_LEFT[j]`, constant `K_LEFT[j / 16]` and
//! boolean function `f(j)`; the right line uses `R_RIGHT`, `S_RIGHT`,
//! `K_RIGHT` and `f(79 - j)`.
//!
//! No kernel keeps a copy: the scalar, AVX2, AVX-512 and NEON kernels all
//! instantiate the one compression function (`src/ripemd160/compress.rs`)
//! with these tables, and constant folding turns the lookups into
//! immediates.

/// Initial chaining value h0..h4.
pub const H0: [u32; 5] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0];

/// Message word selected by each step of the left line, r(j).
pub const R_LEFT: [usize; 80] = [
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, //
    7, 4, 13, 1, 10, 6, 15, 3, 12, 0, 9, 5, 2, 14, 11, 8, //
    3, 10, 14, 4, 9, 15, 8, 1, 2, 7, 0, 6, 13, 11, 5, 12, //
    1, 9, 11, 10, 0, 8, 12, 4, 13, 3, 7, 15, 14, 5, 6, 2, //
    4, 0, 5, 9, 7, 12, 2, 10, 14, 1, 3, 8, 11, 6, 15, 13,
];

/// Message word selected by each step of the right line, r'(j).
pub const R_RIGHT: [usize; 80] = [
    5, 14, 7, 0, 9, 2, 11, 4, 13, 6, 15, 8, 1, 10, 3, 12, //
    6, 11, 3, 7, 0, 13, 5, 10, 14, 15, 8, 12, 4, 9, 1, 2, //
    15, 5, 1, 3, 7, 14, 6, 9, 11, 8, 12, 2, 10, 0, 4, 13, //
    8, 6, 4, 1, 3, 11, 15, 0, 5, 12, 2, 13, 9, 7, 10, 14, //
    12, 15, 10, 4, 1, 5, 8, 7, 6, 2, 13, 14, 0, 3, 9, 11,
];

/// Left rotation amount of each step of the left line, s(j).
pub const S_LEFT: [u32; 80] = [
    11, 14, 15, 12, 5, 8, 7, 9, 11, 13, 14, 15, 6, 7, 9, 8, //
    7, 6, 8, 13, 11, 9, 7, 15, 7, 12, 15, 9, 11, 7, 13, 12, //
    11, 13, 6, 7, 14, 9, 13, 15, 14, 8, 13, 6, 5, 12, 7, 5, //
    11, 12, 14, 15, 14, 15, 9, 8, 9, 14, 5, 6, 8, 6, 5, 12, //
    9, 15, 5, 11, 6, 8, 13, 12, 5, 12, 13, 14, 11, 8, 5, 6,
];

/// Left rotation amount of each step of the right line, s'(j).
pub const S_RIGHT: [u32; 80] = [
    8, 9, 9, 11, 13, 15, 15, 5, 7, 7, 8, 11, 14, 14, 12, 6, //
    9, 13, 15, 7, 12, 8, 9, 11, 7, 7, 12, 7, 6, 15, 13, 11, //
    9, 7, 15, 11, 8, 6, 6, 14, 12, 13, 5, 14, 13, 13, 7, 5, //
    15, 5, 8, 11, 14, 14, 6, 14, 6, 9, 12, 9, 12, 5, 15, 8, //
    8, 5, 12, 9, 12, 5, 14, 6, 8, 13, 6, 5, 15, 13, 11, 11,
];

/// Additive constant of each round (16 steps) of the left line, K(j).
pub const K_LEFT: [u32; 5] = [0x0000_0000, 0x5A82_7999, 0x6ED9_EBA1, 0x8F1B_BCDC, 0xA953_FD4E];

/// Additive constant of each round of the right line, K'(j).
pub const K_RIGHT: [u32; 5] = [0x50A2_8BE6, 0x5C4D_D124, 0x6D70_3EF3, 0x7A6D_76E9, 0x0000_0000];

/// Boolean function of each round of the left line: f1..f5 in order. The
/// right line uses them in reverse, `F_LEFT[4 - round]`.
pub const F_LEFT: [u8; 5] = [1, 2, 3, 4, 5];

/// Rotation applied to C in every step (`D := rol10(C)`).
pub const ROL_C: u32 = 10;

/// Message words 8..15 of every 32-byte message after padding: the 0x80
/// byte, zeros, and the bit length 256 as a little-endian 64-bit integer.
/// The fixed 32-byte kernels fold these into the round constants.
pub const PAD32: [u32; 8] = [0x0000_0080, 0, 0, 0, 0, 0, 256, 0];

/// Bytes in a message block.
pub const BLOCK_SIZE: usize = 64;

/// Bytes in a digest.
pub const DIGEST_SIZE: usize = 20;
