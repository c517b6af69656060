//! The constants of Keccak-f[1600] and of the Keccak-256 sponge, the one
//! copy: G. Bertoni, J. Daemen, M. Peeters, G. Van Assche, "The Keccak
//! reference", version 3.0, 2011 (sections 1.2 and 5.2).
//!
//! The state is 25 lanes of 64 bits, lane `(x, y)` at index `x + 5 * y`;
//! message bytes go into the lanes little-endian.

/// The rate of Keccak-256 in bytes: 1600 - 2 * 256 bits of capacity, 136
/// bytes (17 lanes) of message per permutation.
pub const RATE: usize = 136;

/// Lanes of message per block (`RATE / 8`).
pub const RATE_LANES: usize = RATE / 8;

/// The first padding byte of the original Keccak (pad10*1 with the
/// multi-rate bit only): `0x01` right after the message, `0x80` in the
/// block's last byte (the two xored into `0x81` when they meet). FIPS 202
/// SHA3-256 would put `0x06` here; Ethereum's Keccak-256 is this one.
pub const PAD_FIRST: u8 = 0x01;
/// The last padding byte (bit 7 of the block's last byte).
pub const PAD_LAST: u8 = 0x80;

/// Rounds of Keccak-f[1600].
pub const ROUNDS: usize = 24;

/// The round constants of the iota step, RC[0..24] (section 1.2).
pub const RC: [u64; ROUNDS] = [
    0x0000_0000_0000_0001,
    0x0000_0000_0000_8082,
    0x8000_0000_0000_808A,
    0x8000_0000_8000_8000,
    0x0000_0000_0000_808B,
    0x0000_0000_8000_0001,
    0x8000_0000_8000_8081,
    0x8000_0000_0000_8009,
    0x0000_0000_0000_008A,
    0x0000_0000_0000_0088,
    0x0000_0000_8000_8009,
    0x0000_0000_8000_000A,
    0x0000_0000_8000_808B,
    0x8000_0000_0000_008B,
    0x8000_0000_0000_8089,
    0x8000_0000_0000_8003,
    0x8000_0000_0000_8002,
    0x8000_0000_0000_0080,
    0x0000_0000_0000_800A,
    0x8000_0000_8000_000A,
    0x8000_0000_8000_8081,
    0x8000_0000_0000_8080,
    0x0000_0000_8000_0001,
    0x8000_0000_8000_8008,
];

/// The rotation offsets of the rho step, `RHO[x + 5 * y]` (section 1.2,
/// table 1.2, taken modulo 64).
pub const RHO: [u32; 25] = [
    0, 1, 62, 28, 27, //
    36, 44, 6, 55, 20, //
    3, 10, 43, 25, 39, //
    41, 45, 15, 21, 8, //
    18, 2, 61, 56, 14,
];

/// The rho offsets computed from their definition (the triangular numbers
/// along the walk `(x, y) -> (y, 2x + 3y)` from `(1, 0)`), so the table
/// above is checked at compile time.
// Runs only at compile time (the check below).
#[cfg_attr(coverage_nightly, coverage(off))]
const fn rho_from_definition() -> [u32; 25] {
    let mut r = [0u32; 25];
    let (mut x, mut y) = (1usize, 0usize);
    let mut t = 0u32;
    while t < 24 {
        r[x + 5 * y] = ((t + 1) * (t + 2) / 2) % 64;
        let nx = y;
        let ny = (2 * x + 3 * y) % 5;
        x = nx;
        y = ny;
        t += 1;
    }
    r
}

/// The round constants computed from their definition (the LFSR
/// `x^8 + x^6 + x^5 + x^4 + 1`, section 1.2), checking the table above.
// Runs only at compile time (the check below).
#[cfg_attr(coverage_nightly, coverage(off))]
const fn rc_from_definition() -> [u64; ROUNDS] {
    let mut out = [0u64; ROUNDS];
    let mut lfsr: u8 = 1;
    let mut round = 0;
    while round < ROUNDS {
        let mut j = 0;
        while j < 7 {
            if lfsr & 1 != 0 {
                out[round] |= 1u64 << ((1u32 << j) - 1);
            }
            lfsr = if lfsr & 0x80 != 0 { (lfsr << 1) ^ 0x71 } else { lfsr << 1 };
            j += 1;
        }
        round += 1;
    }
    out
}

const _: () = {
    let (rho, rc) = (rho_from_definition(), rc_from_definition());
    let mut i = 0;
    while i < 25 {
        assert!(RHO[i] == rho[i], "RHO table");
        i += 1;
    }
    let mut i = 0;
    while i < ROUNDS {
        assert!(RC[i] == rc[i], "RC table");
        i += 1;
    }
};
