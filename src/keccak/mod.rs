//! Keccak-256 over batches (G. Bertoni, J. Daemen, M. Peeters, G. Van
//! Assche, "The Keccak reference" 3.0, 2011): the original Keccak padding
//! `0x01 ... 0x80` that Ethereum uses, not FIPS 202 SHA3-256's `0x06`.
//!
//! - `consts.rs`: the round constants, rotation offsets, rate and padding
//!   bytes, the one copy (checked against their definitions at compile
//!   time).
//! - `permute.rs`: Keccak-f[1600], written once over `crate::simd::Word64`.
//! - `sponge.rs`: the sponge on one message (`u64`, the reference kernel)
//!   and on groups of messages of one width on any `Lanes64` type, with the
//!   tail policy of `crate::policy`.
//! - `many.rs`: messages of any lengths, the lane manager.
//! - here: the scalar backend's kernels and the macro with which each vector
//!   lane type's file in `crate::simd` makes its `#[target_feature]` entry
//!   points.

pub(crate) mod consts;
pub(crate) mod many;
pub(crate) mod permute;
pub(crate) mod sponge;

pub(crate) use sponge::{keccak256, FixedKernel};

/// The scalar backend's kernels: one message at a time on `u64`.
pub(crate) mod scalar {
    use crate::many::Messages;

    /// Kernel entry point: `dst[i] = Keccak256(src[width*i .. width*i +
    /// width])`.
    ///
    /// # Safety
    /// None; `unsafe` to share the vector kernels' type.
    pub(crate) unsafe fn keccak256(src: &[u8], width: usize, dst: &mut [[u8; 32]]) {
        assert_eq!(Some(src.len()), dst.len().checked_mul(width), "keccak256: src is not dst.len() messages of width bytes");
        for (i, out) in dst.iter_mut().enumerate() {
            *out = super::keccak256(&src[width * i..width * i + width]);
        }
    }

    /// Kernel entry point: `dst[i] = Keccak256(msgs[i])`, any lengths.
    ///
    /// # Safety
    /// None; `unsafe` to share the vector kernels' type.
    pub(crate) unsafe fn keccak256_many(msgs: Messages<'_>, dst: &mut [[u8; 32]]) {
        assert_eq!(msgs.len(), dst.len(), "keccak256_many: msgs and dst hold different numbers of messages");
        for (i, out) in dst.iter_mut().enumerate() {
            *out = super::keccak256(msgs.get(i));
        }
    }
}

/// Defines a 64-bit lane type's two Keccak-256 entry points, `$fixed`
/// (fixed width) and `$many` (any lengths), for lane type `$v` and target features
/// `$features`, in the lane type's file of `crate::simd`.
macro_rules! keccak_entry_points {
    ($fixed:ident, $many:ident, $v:ty, $features:literal) => {
        /// Kernel entry point: `dst[i] = Keccak256(src[width*i .. width*i +
        /// width])`.
        ///
        /// # Safety
        /// The CPU has the target features (a `Backend` of this kind
        /// exists).
        #[target_feature(enable = $features)]
        pub(crate) unsafe fn $fixed(src: &[u8], width: usize, dst: &mut [[u8; 32]]) {
            // SAFETY: the features are enabled here.
            unsafe { $crate::keccak::sponge::hash_fixed::<$v>(src, width, dst) }
        }
        /// Kernel entry point: `dst[i] = Keccak256(msgs[i])`, any lengths.
        ///
        /// # Safety
        /// The CPU has the target features (a `Backend` of this kind exists).
        #[target_feature(enable = $features)]
        pub(crate) unsafe fn $many(msgs: $crate::many::Messages<'_>, dst: &mut [[u8; 32]]) {
            let lanes = <$v as $crate::simd::Lanes64>::LANES;
            // SAFETY: the features are enabled here.
            unsafe { $crate::keccak::many::hash_many::<$v>(msgs, dst, $crate::policy::many_drain_keccak256(lanes)) }
        }
    };
}
pub(crate) use keccak_entry_points;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_message() {
        let want = "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470";
        let got: String = keccak256(b"").iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(got, want);
    }
}
