//! The tail rules: which kernel runs what is left of a batch when fewer
//! messages remain than a backend has lanes, and when a lane kernel is worth
//! running at all. The rules are written here once; the numbers they use
//! belong to each kernel set ([`Tuning`], built with the set in
//! `crate::kernels`), keyed by the backend that measured them, and
//! `docs/PERFORMANCE.md` ("Tail rules and thresholds") keeps the
//! measurements behind them.

/// A kernel set's thresholds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Tuning {
    /// Fewest messages of one SHA-256 block (`[0]`) or more (`[1]`) for
    /// which a partial group on the lanes beats the kernel set's tail kernel
    /// (`KernelSet::sha256_tail`: the `sha2` crate message by message, or
    /// the SHA-NI streams); 1 where any partial group does.
    pub(crate) sha256_min_partial_group: [usize; 2],
    /// The widths whose HASH160 runs fused, both halves on the lanes in one
    /// loop (`crate::hash160`), rather than in two stages through a buffer
    /// of SHA-256 digests.
    pub(crate) hash160_fused_widths: &'static [usize],
    /// Busy lanes at or below which the lane manager, once no message is
    /// left to start, finishes them one by one on scalar code: RIPEMD-160,
    /// SHA-256 and Keccak-256.
    pub(crate) drain_ripemd160: usize,
    /// As `drain_ripemd160`, for SHA-256.
    pub(crate) drain_sha256: usize,
    /// As `drain_ripemd160`, for Keccak-256.
    pub(crate) drain_keccak256: usize,
}

impl Tuning {
    /// The thresholds of a kernel set without lanes (the scalar one) or
    /// without a tail worth taking off them.
    pub(crate) const NONE: Tuning = Tuning {
        sha256_min_partial_group: [1, 1],
        hash160_fused_widths: &[],
        drain_ripemd160: 0,
        drain_sha256: 0,
        drain_keccak256: 0,
    };

    /// Fewest messages of `width` bytes worth a partial SHA-256 group.
    pub(crate) fn sha256_min_partial_group(&self, width: usize) -> usize {
        let blocks = (width + 9).div_ceil(64);
        self.sha256_min_partial_group[usize::from(blocks > 1)]
    }

    /// Whether HASH160 of `width`-byte messages runs fused.
    pub(crate) fn hash160_fused(&self, width: usize) -> bool {
        self.hash160_fused_widths.contains(&width)
    }
}

/// How the last `left < lanes` messages of a fixed-width batch run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Tail {
    /// Nothing left.
    Done,
    /// One message: the scalar code (a lone message in a vector group
    /// costs a whole group).
    Scalar,
    /// The kernel set's narrower vector kernel (AVX-512's tails of 2..8 run
    /// on AVX2's 8 lanes, which cost about half a 16-lane group).
    Narrower,
    /// One group, padded.
    Padded,
}

/// The tail rule of RIPEMD-160 of 32-byte messages and of Keccak-256, for
/// a kernel set of `lanes` lanes with or without a narrower vector kernel:
/// one message to scalar, up to half the lanes to the narrower kernel, the
/// rest as one padded group.
pub(crate) fn tail(lanes: usize, left: usize, has_narrower: bool) -> Tail {
    debug_assert!(left < lanes.max(1));
    match left {
        0 => Tail::Done,
        1 => Tail::Scalar,
        l if has_narrower && l <= lanes / 2 => Tail::Narrower,
        _ => Tail::Padded,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rule: one message to scalar, up to half the lanes to a narrower
    /// kernel where there is one, the rest padded.
    #[test]
    fn tails() {
        assert_eq!(tail(16, 0, true), Tail::Done);
        assert_eq!(tail(16, 1, true), Tail::Scalar);
        for left in 2..=8 {
            assert_eq!(tail(16, left, true), Tail::Narrower, "{left}");
        }
        for left in 9..16 {
            assert_eq!(tail(16, left, true), Tail::Padded, "{left}");
        }
        for lanes in [2, 4, 8] {
            assert_eq!(tail(lanes, 1, false), Tail::Scalar);
            for left in 2..lanes {
                assert_eq!(tail(lanes, left, false), Tail::Padded, "{lanes} lanes, {left} left");
            }
        }
    }

    /// One block up to 55 bytes, two from 56.
    #[test]
    fn sha256_partial_group_by_blocks() {
        let t = Tuning { sha256_min_partial_group: [7, 8], ..Tuning::NONE };
        assert_eq!(t.sha256_min_partial_group(0), 7);
        assert_eq!(t.sha256_min_partial_group(55), 7);
        assert_eq!(t.sha256_min_partial_group(56), 8);
        assert_eq!(t.sha256_min_partial_group(65), 8);
    }
}
