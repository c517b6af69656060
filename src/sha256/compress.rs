//! The SHA-256 compression function (NIST FIPS 180-4), written once over
//! [`Word`] like RIPEMD-160's: one message per lane.
//!
//! The constants live here and nowhere else. [`compress`] is unrolled with
//! `seq!` and computes the message schedule on the fly in a rolling 16-word
//! window. The words of a block that are padding, known at compile time for
//! a fixed width, are described by a [`Layout`]; their schedule terms and
//! their `K[t] + W[t]` sums fold into constants, and a word of the schedule
//! whose inputs are all known is itself a constant.

use seq_macro::seq;

use crate::simd::Word;

/// Initial hash value H(0) (FIPS 180-4, 5.3.3).
pub const H0: [u32; 8] =
    [0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19];

/// The round constants K0..K63 (FIPS 180-4, 4.2.2).
pub const K: [u32; 64] = [
    0x428a_2f98,
    0x7137_4491,
    0xb5c0_fbcf,
    0xe9b5_dba5,
    0x3956_c25b,
    0x59f1_11f1,
    0x923f_82a4,
    0xab1c_5ed5,
    0xd807_aa98,
    0x1283_5b01,
    0x2431_85be,
    0x550c_7dc3,
    0x72be_5d74,
    0x80de_b1fe,
    0x9bdc_06a7,
    0xc19b_f174,
    0xe49b_69c1,
    0xefbe_4786,
    0x0fc1_9dc6,
    0x240c_a1cc,
    0x2de9_2c6f,
    0x4a74_84aa,
    0x5cb0_a9dc,
    0x76f9_88da,
    0x983e_5152,
    0xa831_c66d,
    0xb003_27c8,
    0xbf59_7fc7,
    0xc6e0_0bf3,
    0xd5a7_9147,
    0x06ca_6351,
    0x1429_2967,
    0x27b7_0a85,
    0x2e1b_2138,
    0x4d2c_6dfc,
    0x5338_0d13,
    0x650a_7354,
    0x766a_0abb,
    0x81c2_c92e,
    0x9272_2c85,
    0xa2bf_e8a1,
    0xa81a_664b,
    0xc24b_8b70,
    0xc76c_51a3,
    0xd192_e819,
    0xd699_0624,
    0xf40e_3585,
    0x106a_a070,
    0x19a4_c116,
    0x1e37_6c08,
    0x2748_774c,
    0x34b0_bcb5,
    0x391c_0cb3,
    0x4ed8_aa4a,
    0x5b9c_ca4f,
    0x682e_6ff3,
    0x748f_82ee,
    0x78a5_636f,
    0x84c8_7814,
    0x8cc7_0208,
    0x90be_fffa,
    0xa450_6ceb,
    0xbef9_a3f7,
    0xc671_78f2,
];

/// Which words of a message block are known at compile time.
pub(crate) trait Layout {
    /// `Some(w)`: word `i` is `w` in every lane (padding); `None`: it varies.
    const KNOWN: [Option<u32>; 16];
    /// The same for the 64 words of the message schedule.
    const SCHEDULE: [Option<u32>; 64] = schedule_known(Self::KNOWN);
}

/// Σ0 and Σ1 (FIPS 180-4, 4.1.2): the right rotations xored.
const BIG_SIGMA0: [u32; 3] = [2, 13, 22];
const BIG_SIGMA1: [u32; 3] = [6, 11, 25];
/// σ0 and σ1: two right rotations and a right shift, xored.
const SMALL_SIGMA0: [u32; 3] = [7, 18, 3];
const SMALL_SIGMA1: [u32; 3] = [17, 19, 10];

/// σ on constants (the schedule of known words).
const fn known_sigma(x: u32, r: [u32; 3]) -> u32 {
    x.rotate_right(r[0]) ^ x.rotate_right(r[1]) ^ (x >> r[2])
}

/// Σ: `ROTR r[0] ^ ROTR r[1] ^ ROTR r[2]`.
#[inline(always)]
fn big_sigma<W: Word>(x: W, r: [u32; 3]) -> W {
    W::f::<1>(x.ror(r[0]), x.ror(r[1]), x.ror(r[2]))
}
/// σ: `ROTR r[0] ^ ROTR r[1] ^ SHR r[2]`.
#[inline(always)]
fn small_sigma<W: Word>(x: W, r: [u32; 3]) -> W {
    W::f::<1>(x.ror(r[0]), x.ror(r[1]), x.shr(r[2]))
}

/// Word t of the schedule is known when the four words it is made of are.
// Runs only at compile time (the `Layout` constants).
#[cfg_attr(coverage_nightly, coverage(off))]
const fn schedule_known(block: [Option<u32>; 16]) -> [Option<u32>; 64] {
    let mut s = [None; 64];
    let mut t = 0;
    while t < 64 {
        s[t] = if t < 16 {
            block[t]
        } else {
            match (s[t - 2], s[t - 7], s[t - 15], s[t - 16]) {
                (Some(a), Some(b), Some(c), Some(d)) => Some(
                    known_sigma(a, SMALL_SIGMA1)
                        .wrapping_add(b)
                        .wrapping_add(known_sigma(c, SMALL_SIGMA0))
                        .wrapping_add(d),
                ),
                _ => None,
            }
        };
        t += 1;
    }
    s
}

/// A block whose 16 words all vary (full message blocks, general tails).
pub(crate) struct Open;
impl Layout for Open {
    const KNOWN: [Option<u32>; 16] = [None; 16];
}

/// The one block of a 32-byte message: words 0..8 vary, then 0x80 and the
/// length 256.
pub(crate) struct Pad32;
impl Layout for Pad32 {
    const KNOWN: [Option<u32>; 16] = pad(8, 0x8000_0000, 256);
}

/// The one block of a 33-byte message: words 0..8 vary (word 8 is the last
/// byte and 0x80, assembled by the loader), then the length 264.
pub(crate) struct Pad33;
impl Layout for Pad33 {
    const KNOWN: [Option<u32>; 16] = pad(9, 0, 264);
}

/// The second block of a 65-byte message: word 0 is the last byte and 0x80
/// (assembled by the loader), then zeros and the length 520.
pub(crate) struct Pad65Second;
impl Layout for Pad65Second {
    const KNOWN: [Option<u32>; 16] = pad(1, 0, 520);
}

/// The second block of a 64-byte message (a merkle node: two 32-byte
/// hashes): all padding, 0x80 then zeros and the length 512. Every word of
/// its schedule is known, so each round adds one constant `K[t] + W[t]`
/// and the schedule costs nothing.
pub(crate) struct Pad64Second;
impl Layout for Pad64Second {
    const KNOWN: [Option<u32>; 16] = pad(0, 0x8000_0000, 512);
}

/// The second block of an 80-byte message (a block header): words 0..4
/// are the message's last 16 bytes, then 0x80, zeros and the length 640.
/// Words 4..16 of the schedule are constants (`K[t] + W[t]` one constant
/// a round), and the schedule's first words have known terms.
pub(crate) struct Pad80Second;
impl Layout for Pad80Second {
    const KNOWN: [Option<u32>; 16] = pad(4, 0x8000_0000, 640);
}

/// Words `vary..16` known: word `vary` is `first` (when `vary < 15`), the
/// words up to 14 are zero and word 15 is the bit length (< 2^32).
// Runs only at compile time (the `Layout` constants).
#[cfg_attr(coverage_nightly, coverage(off))]
const fn pad(vary: usize, first: u32, bits: u32) -> [Option<u32>; 16] {
    let mut k = [None; 16];
    let mut i = vary;
    while i < 15 {
        k[i] = Some(if i == vary { first } else { 0 });
        i += 1;
    }
    k[15] = Some(bits);
    k
}

/// Computes word `t` of the message schedule (`16 <= t < 64`) into the
/// rolling window `w`, in the slot of word `t - 16`, unless it is known.
/// Known terms are summed into one constant; known zero terms cost nothing.
#[inline(always)]
fn schedule<W: Word, L: Layout>(w: &mut [W; 16], t: usize) {
    let sched = const { &L::SCHEDULE };
    if sched[t].is_some() {
        return;
    }
    let mut constant = 0u32;
    let mut sum: Option<W> = None;
    let mut add = |x: W| {
        sum = Some(match sum {
            Some(s) => s.add(x),
            None => x,
        })
    };
    // Cheapest first: the plain words, then σ0, then σ1 of W[t-2]
    // (the most recent, so the last to be ready).
    match sched[t - 16] {
        Some(c) => constant = constant.wrapping_add(c),
        None => add(w[(t - 16) % 16]),
    }
    match sched[t - 7] {
        Some(c) => constant = constant.wrapping_add(c),
        None => add(w[(t - 7) % 16]),
    }
    match sched[t - 15] {
        Some(c) => constant = constant.wrapping_add(known_sigma(c, SMALL_SIGMA0)),
        None => add(small_sigma(w[(t - 15) % 16], SMALL_SIGMA0)),
    }
    match sched[t - 2] {
        Some(c) => constant = constant.wrapping_add(known_sigma(c, SMALL_SIGMA1)),
        None => add(small_sigma(w[(t - 2) % 16], SMALL_SIGMA1)),
    }
    // At least one term varies, or the word would be known.
    let var = sum.unwrap_or_else(|| W::splat(0));
    w[t % 16] = if constant == 0 { var } else { var.add(W::splat(constant)) };
}

/// `W[t] + K[t]`: one constant when word `t` is known.
#[inline(always)]
fn schedule_plus_k<W: Word, L: Layout>(w: &[W; 16], t: usize) -> W {
    match const { &L::SCHEDULE }[t] {
        Some(c) => W::splat(c.wrapping_add(K[t])),
        None => w[t % 16].add(W::splat(K[t])),
    }
}

/// Round `T` on the working variables `v` = (a, b, c, d, e, f, g, h'),
/// where h' is h + `W[T]` + `K[T]`: each round adds the next round's
/// `W + K` to its g (the next h), which then has no other use, so that Ch
/// may overwrite it (no register copy for AVX-512's `vpternlogd`), and no
/// constant is added on the rounds' chain. The round also computes word
/// `T + W::SCHEDULE_LEAD` of the message schedule and ends at
/// [`Word::round_boundary`] (`docs/PERFORMANCE.md`, "SHA-256 rounds in
/// order").
///
/// Unoptimised builds keep each round a function of its own (as
/// RIPEMD-160's steps): inlined, the 64 unrolled rounds' temporaries would
/// each get a stack slot, and a vector kernel's frame would overflow a small
/// thread stack in a dependent crate's debug build.
#[cfg_attr(debug_assertions, inline(never))]
#[cfg_attr(not(debug_assertions), inline(always))]
fn round<W: Word, L: Layout, const T: usize>(v: &mut [W; 8], w: &mut [W; 16]) {
    let [a, b, c, d, e, f, g, hwk] = *v;
    // Word `T + lead` of the schedule, in the slot of word `T + lead - 16`
    // (used by round `T + lead - 17`, before this one).
    let lead = const {
        assert!(W::SCHEDULE_LEAD >= 1 && W::SCHEDULE_LEAD <= 16);
        W::SCHEDULE_LEAD
    };
    if T + lead >= 16 && T + lead < 64 {
        schedule::<W, L>(w, T + lead);
    }
    let next = if T + 1 < 64 { g.add(schedule_plus_k::<W, L>(w, T + 1)) } else { g };
    // Ch (one operation after e) is added before Σ1 (two operations after
    // e), so the new e and a are 4 operations after the old ones.
    let t1 = hwk.add(W::ch(e, f, g)).add(big_sigma(e, BIG_SIGMA1));
    let t2 = big_sigma(a, BIG_SIGMA0).add(W::maj(a, b, c));
    *v = [t1.add(t2), a, b, c, d.add(t1), e, f, next];
    W::round_boundary(v, &mut w[(T + lead) % 16]);
}

/// The SHA-256 compression function on one block per lane: big-endian
/// message words `block` (the known ones of `L` are ignored) and chaining
/// value `h` to the next chaining value.
#[inline(always)]
pub(crate) fn compress<W: Word, L: Layout>(h: &[W; 8], block: &[W; 16]) -> [W; 8] {
    let mut v = *h;
    let mut w = *block;
    v[7] = v[7].add(schedule_plus_k::<W, L>(&w, 0));
    seq!(T in 0..64 {
        round::<W, L, T>(&mut v, &mut w);
    });
    add_state(h, &v)
}

/// `h[i] + v[i]`, the chaining value after a block. A loop, not
/// `core::array::from_fn`: a closure is a function of its own, compiled
/// without the kernel's target features, and where the compiler does not
/// inline it (it did not for two groups in flight) every vector addition in
/// it becomes an out-of-line call (as in `crate::simd::stored`).
#[inline(always)]
fn add_state<W: Word>(h: &[W; 8], v: &[W; 8]) -> [W; 8] {
    let mut out = *h;
    for (o, x) in out.iter_mut().zip(v) {
        *o = o.add(*x);
    }
    out
}

/// The initial hash value in every lane.
#[inline(always)]
pub(crate) fn h0<W: Word>() -> [W; 8] {
    // A loop, not `H0.map(..)`, as in `add_state`.
    let mut h = [W::splat(0); 8];
    for (w, &x) in h.iter_mut().zip(&H0) {
        *w = W::splat(x);
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_schedule_of_64_byte_second_block() {
        // All padding: every schedule word is a constant.
        assert!(Pad64Second::SCHEDULE.iter().all(Option::is_some));
        assert_eq!(Pad64Second::SCHEDULE[0], Some(0x8000_0000));
        assert_eq!(Pad64Second::SCHEDULE[15], Some(512));
        assert!(Pad32::SCHEDULE[8..16].iter().all(Option::is_some) && Pad32::SCHEDULE[16].is_none());
    }

    /// `u32` computing the message schedule `N` rounds ahead.
    #[derive(Clone, Copy)]
    struct Lead<const N: usize>(u32);
    impl<const N: usize> Word for Lead<N> {
        const SCHEDULE_LEAD: usize = N;
        fn splat(x: u32) -> Self {
            Self(x)
        }
        fn add(self, rhs: Self) -> Self {
            Self(self.0.wrapping_add(rhs.0))
        }
        fn xor(self, rhs: Self) -> Self {
            Self(self.0 ^ rhs.0)
        }
        fn and(self, rhs: Self) -> Self {
            Self(self.0 & rhs.0)
        }
        fn or_not(self, rhs: Self) -> Self {
            Self(self.0 | !rhs.0)
        }
        fn rol(self, n: u32) -> Self {
            Self(self.0.rotate_left(n))
        }
    }

    /// One block of every layout with the schedule computed `N` rounds
    /// ahead, against the `sha2` crate's compression function.
    fn lead_matches_sha2<const N: usize>() {
        fn check<const N: usize, L: Layout>(seed: u64) {
            let bytes = crate::tests::bytes(seed, 64 + 32);
            let mut block: [u32; 16] =
                core::array::from_fn(|i| u32::from_be_bytes(bytes[4 * i..4 * i + 4].try_into().unwrap()));
            for (word, known) in block.iter_mut().zip(L::KNOWN) {
                *word = known.unwrap_or(*word);
            }
            let h: [u32; 8] =
                core::array::from_fn(|i| u32::from_be_bytes(bytes[64 + 4 * i..68 + 4 * i].try_into().unwrap()));
            let got = compress::<Lead<N>, L>(&h.map(Lead), &block.map(Lead)).map(|x| x.0);
            let mut want = h;
            let mut be = [0u8; 64];
            for (bytes, word) in be.chunks_exact_mut(4).zip(block) {
                bytes.copy_from_slice(&word.to_be_bytes());
            }
            sha2::compress256(&mut want, &[be.into()]);
            assert_eq!(got, want, "schedule lead {N}, seed {seed}");
        }
        for seed in 0..4 {
            check::<N, Open>(seed);
            check::<N, Pad32>(seed);
            check::<N, Pad33>(seed);
            check::<N, Pad64Second>(seed);
            check::<N, Pad65Second>(seed);
        }
    }

    /// Every lead a kernel set may choose (1 to 16, asserted in `round`).
    #[test]
    fn every_schedule_lead_matches_sha2() {
        seq!(N in 1..=16 {
            lead_matches_sha2::<N>();
        });
    }

    #[test]
    fn known_schedule_of_65_byte_second_block() {
        // W16 = W0 varies; W17 = σ1(520) is known; W18 = σ1(W16) varies.
        let s = Pad65Second::SCHEDULE;
        assert!(s[16].is_none() && s[18].is_none());
        assert_eq!(s[17], Some(known_sigma(520, SMALL_SIGMA1)));
        assert!(s[19].is_some() && s[21].is_some() && s[23].is_none());
    }
}
