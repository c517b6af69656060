//! The tail policy: which kernel runs what is left of a batch when fewer
//! messages remain than a backend has lanes, and when a lane kernel is worth
//! running at all. Every threshold of the library lives here, with the
//! measurement that chose it; the group drivers (`crate::ripemd160`,
//! `crate::sha256`) ask, the backend table (`crate::backend`) says which
//! kernels a backend has.

/// How the last `left < lanes` messages of a fixed 32-byte RIPEMD-160 batch
/// run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Tail {
    /// Nothing left.
    Done,
    /// One message: the scalar kernel (a lone message in a vector group
    /// costs a whole group; NEON: about 1300 instructions scalar against
    /// 1600 for a zero-padded group, `bench/count-insns.sh`).
    Scalar,
    /// The backend's narrower vector kernel (AVX-512's tails of 2..8 run on
    /// AVX2's 8 lanes, which cost about half a 16-lane group).
    Narrower,
    /// One group, padded from a zeroed copy on the stack.
    Padded,
}

/// The RIPEMD-160 tail rule for a backend of `lanes` lanes with or without a
/// narrower vector kernel: one message to scalar, up to half the lanes to
/// the narrower kernel, the rest as one padded group. Measured with
/// `make bench` (the `hash32` rows for n = 1..32) on AMD Zen 5.
pub(crate) fn hash32_tail(lanes: usize, left: usize, has_narrower: bool) -> Tail {
    debug_assert!(left < lanes.max(1));
    match left {
        0 => Tail::Done,
        1 => Tail::Scalar,
        l if has_narrower && l <= lanes / 2 => Tail::Narrower,
        _ => Tail::Padded,
    }
}

/// SHA-256 messages of more bytes than this (over 2^27, far past where
/// lanes pay off) go to the `sha2` crate: lane offsets are 32-bit.
#[cfg(rmd160mb_lanes)]
pub(crate) const SHA256_MAX_LANE_WIDTH: usize = 1 << 27;

/// Fewest messages for which a partial SHA-256 group of `lanes` lanes beats
/// the `sha2` crate message by message. Without SHA-NI, `sha2` runs
/// portable code and a group of any size is faster. With it, measured with
/// `cargo bench --bench sha256 -- remainder` and the minimum-time table on
/// AMD Zen 5 (a group costs the same for any count, about 380 ns for 16
/// one-block messages and 680 ns for two blocks; `sha2` about 59 and 85 ns
/// per message): AVX-512 breaks even at about 6.5 messages of one block and
/// 8 of two; AVX2 (8 lanes, about 300 and 610 ns a group) at about 5 and
/// only for full groups of two blocks.
#[cfg(any(test, rmd160mb_lanes))]
pub(crate) fn sha256_min_partial_group(lanes: usize, width: usize) -> usize {
    if lanes == 1 || !sha_ni() {
        return 1;
    }
    let blocks = (width + 9).div_ceil(64);
    match (lanes, blocks) {
        (16, 1) => 7,
        (16, _) => 8,
        (_, 1) => 5,
        _ => lanes,
    }
}

/// True when the `sha2` crate runs on the SHA extensions (SHA-NI).
#[cfg(any(test, rmd160mb_lanes))]
#[inline]
fn sha_ni() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("sha") && std::arch::is_x86_feature_detected!("sse4.1")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// The SHA extensions (`crate::simd::shani`: `sha256rnds2`, several
/// messages interleaved), when SHA-256 (and so HASH160's first half) on a
/// backend of `lanes` lanes runs on them rather than on the lanes: on the
/// 8-lane AVX2 backend whenever the CPU has them, for every width; never on
/// AVX-512's 16 lanes nor on the scalar reference (the `sha2` crate, which
/// uses SHA-NI one message at a time). A rule of what the CPU has, fixed
/// for the process, never a timing taken at run time. Measured:
/// - AMD EPYC (family 23 model 1, Zen; AVX2, no AVX-512), 2026-12-02,
///   `cargo bench --bench sha256`: the AVX2 lanes take 152 ns per 33-byte
///   message and 279 per 65-byte one, SHA-NI 36 and 71 (the `sha2` crate
///   88 and 131). `make bench-ports`: `sha256rnds2` issues every 2 cycles
///   (a block at least 80 cycles with its schedule), and so does a 256-bit
///   shift (`vpsrld ymm`, 0.50 per cycle: this core splits 256-bit
///   operations in two halves), which the AVX2 lanes' rotations are made of.
/// - Intel Xeon (family 6 model 207), 2026-12-01 (`make bench` and `make
///   bench-ports` of that day; this kernel did not exist yet):
///   `sha256rnds2` issues every 3 cycles, so a block takes at least 96
///   cycles, 32.5 ns at 2.95 GHz, more than the AVX-512 lanes' 23.4 ns per
///   33-byte message: AVX-512 keeps its lanes. Timed there on 2026-12-02
///   (best of 300 calls of n = 2048 in an ad-hoc timing loop, not in the
///   tree, the avx2 backend with this rule and with it turned off):
///   HASH160 of 33-byte keys 66.2 ns on SHA-NI against 88.4 on the AVX2
///   lanes, of 65-byte keys 102.2 against 130.9; `make bench-ports` put
///   this kernel at 40.5 ns per 32-byte message, 88% of its bound.
/// - AMD EPYC (family 25 model 1, Zen 3; AVX2, no AVX-512), 2026-12-02,
///   `make bench-ports`: `sha256rnds2` issues once a cycle, a block at
///   least 53.6 cycles (17.5 ns at 3.05 GHz); `rmd160mb bench` in the same
///   run: 23.9 ns per 32-byte message on SHA-NI, against 64.1 for the
///   `sha2` crate (19.0 against 55.3 at 21:43, with the kernel's streams
///   kept interleaved: `simd::shani::quad_boundary`). The AVX2 lanes'
///   SHA-256 was not timed there, but their one-block function is about
///   3570 `ymm` instructions for 8 messages (`objdump -d`), about 446 a
///   message: at the measured 3.78 a cycle at least 39 ns, against SHA-NI's
///   23.9 in the same run.
/// - Not timed on Zen 2 nor on Intel client cores with AVX2 and SHA-NI,
///   which this rule puts on SHA-NI too.
/// - AMD Zen 5 with AVX-512 (2026-11-30): the 16 lanes took 24.3 ns per
///   33-byte message; SHA-NI interleaved was not measured there, so
///   AVX-512 keeps its lanes.
#[cfg(target_arch = "x86_64")]
#[inline]
pub(crate) fn sha256_on_sha_ni(lanes: usize) -> Option<crate::simd::shani::ShaNi> {
    if lanes == 1 || lanes > 8 {
        return None;
    }
    crate::simd::shani::ShaNi::detect()
}

/// Whether HASH160 of `width`-byte messages runs fused on a backend of
/// `lanes` lanes whose SHA-256 runs on its lanes (`crate::hash160`: the
/// SHA-256 chaining value goes to RIPEMD-160 in registers, one group at a
/// time), rather than in two stages through a buffer of digests (each
/// kernel its own loop, RIPEMD-160 two groups in flight where its lane
/// type does so). Fused saves the transposes between the halves but puts
/// both compression functions in one loop, which must fit in the
/// instruction cache. Measured on the Intel Xeon (family 6 model 207),
/// best of 300 calls of n = 2048 in an ad-hoc timing loop (not in the
/// tree), ns per key, fused against two stages:
/// - AVX-512 (16 lanes): 33-byte keys 31.9 against 33.3, 65-byte keys 50.8
///   against 51.8 (pairs of groups fused were slower: 36.4 and 56.5);
/// - AVX2 lanes (8; this CPU runs AVX2's SHA-256 on SHA-NI, so measured
///   with that rule turned off): 85.4 against 88.4 for 33-byte keys, but
///   146.2 against 130.9 for 65-byte keys (two blocks of SHA-256 and
///   RIPEMD-160 in one loop: more code than the cache holds).
///
/// Widths 32 and 33 are one SHA-256 block, as is the code of their loop.
/// NEON (4 lanes) was not measured and keeps two stages.
pub(crate) fn hash160_fused(lanes: usize, width: usize) -> bool {
    match lanes {
        16 => true,
        8 => width != 65,
        _ => false,
    }
}

/// Busy lanes at or below which the any-length RIPEMD-160 manager
/// (`crate::many`), once no message is left to start, finishes them one by
/// one on the scalar code: a step of `lanes` lanes costs about `lanes / 8`
/// scalar compressions (`make bench`, Intel Xeon model 207: 14.4 ns per
/// message and block on 16 AVX-512 lanes, 37.7 on 8 AVX2 lanes, against 73
/// to 190 ns for one message on the scalar kernel).
#[cfg(any(test, rmd160mb_lanes))]
pub(crate) fn many_drain_ripemd160(lanes: usize) -> usize {
    (lanes / 8).max(1)
}

/// The same for SHA-256: the lanes left that the `sha2` crate hashes faster
/// than a whole group (one fewer than [`sha256_min_partial_group`] for
/// one-block messages: none without SHA-NI).
#[cfg(any(test, rmd160mb_lanes))]
pub(crate) fn many_drain_sha256(lanes: usize) -> usize {
    sha256_min_partial_group(lanes, 33) - 1
}

/// How the last `left < lanes` messages of a fixed-width Keccak-256 batch
/// run: one message on the scalar code, more as one group with the last
/// message repeated (a group costs the same whatever its fill). No
/// narrower kernel: on the Intel Xeon model 207 (`cargo bench --bench
/// keccak`, 64-byte messages) an AVX-512 group of 8 costs about 474 ns and
/// an AVX2 group of 4 about 660 ns, so AVX2 never beats a padded AVX-512
/// group; one message costs about 457 ns on the scalar code, under either
/// group.
pub(crate) fn keccak256_tail(lanes: usize, left: usize) -> Tail {
    hash32_tail(lanes, left, false)
}

/// Busy lanes at or below which the any-length Keccak-256 manager, once no
/// message is left to start, finishes them one by one on the scalar code:
/// one, on every backend. With the figures of [`keccak256_tail`] a
/// permutation of a whole group (474 ns on 8 AVX-512 lanes, 660 on 4 AVX2
/// ones) costs about one scalar permutation (457 ns), or more, so a second
/// busy lane already pays for the group.
pub(crate) fn many_drain_keccak256(_lanes: usize) -> usize {
    1
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rule reproduces each backend's measured choices.
    #[test]
    fn hash32_tails() {
        // AVX-512 (16 lanes, AVX2 below it).
        assert_eq!(hash32_tail(16, 0, true), Tail::Done);
        assert_eq!(hash32_tail(16, 1, true), Tail::Scalar);
        for left in 2..=8 {
            assert_eq!(hash32_tail(16, left, true), Tail::Narrower, "{left}");
        }
        for left in 9..16 {
            assert_eq!(hash32_tail(16, left, true), Tail::Padded, "{left}");
        }
        // AVX2 (8) and NEON (4): no narrower vector kernel.
        for left in 2..8 {
            assert_eq!(hash32_tail(8, left, false), Tail::Padded, "{left}");
        }
        assert_eq!(hash32_tail(4, 1, false), Tail::Scalar);
        assert_eq!(hash32_tail(4, 3, false), Tail::Padded);
    }

    /// Keccak-256: one message to scalar, more as a padded group, with no
    /// narrower kernel on any backend.
    #[test]
    fn keccak256_tails() {
        for lanes in [2, 4, 8] {
            assert_eq!(keccak256_tail(lanes, 0), Tail::Done);
            assert_eq!(keccak256_tail(lanes, 1), Tail::Scalar);
            for left in 2..lanes {
                assert_eq!(keccak256_tail(lanes, left), Tail::Padded, "{lanes} lanes, {left} left");
            }
        }
    }

    #[test]
    fn sha256_partial_groups() {
        assert_eq!(sha256_min_partial_group(1, 33), 1);
        // Without SHA-NI any partial group beats the portable sha2 code.
        let want = |with_sha_ni: usize| if sha_ni() { with_sha_ni } else { 1 };
        assert_eq!(sha256_min_partial_group(16, 33), want(7));
        assert_eq!(sha256_min_partial_group(16, 65), want(8));
        assert_eq!(sha256_min_partial_group(8, 32), want(5));
        assert_eq!(sha256_min_partial_group(8, 65), want(8));
    }
}
