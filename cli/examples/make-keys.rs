//! Writes N pseudo-random 33-byte compressed public keys in hex, one a line
//! (02 or 03, then 32 bytes), from a fixed seed: the input of `make bench-cli`.
//!
//!   cargo run --release -p rmd160mb-cli --example make-keys -- [N] [SEED] > keys.txt
//!
//! The keys are not points on secp256k1 (HASH160 does not care); the same
//! N and SEED always give the same file.

use std::io::{self, BufWriter, Write};

fn main() -> io::Result<()> {
    let mut args = std::env::args().skip(1);
    let n: u64 = args.next().map_or(Ok(1_000_000), |a| a.parse()).expect("N: a number");
    let seed: u64 = args.next().map_or(Ok(1), |a| a.parse()).expect("SEED: a number");
    // splitmix64
    let mut state = seed;
    let mut next = move || {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    let mut out = BufWriter::with_capacity(1 << 20, io::stdout().lock());
    let hex = b"0123456789abcdef";
    let mut line = [0u8; 67];
    line[66] = b'\n';
    for _ in 0..n {
        let mut key = [0u8; 33];
        key[0] = 2 + (next() & 1) as u8;
        for part in key[1..].chunks_mut(8) {
            part.copy_from_slice(&next().to_le_bytes());
        }
        for (i, b) in key.iter().enumerate() {
            line[2 * i] = hex[(b >> 4) as usize];
            line[2 * i + 1] = hex[(b & 15) as usize];
        }
        out.write_all(&line)?;
    }
    out.flush()
}
