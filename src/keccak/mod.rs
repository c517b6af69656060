//! Keccak-256 over batches (G. Bertoni, J. Daemen, M. Peeters, G. Van
//! Assche, "The Keccak reference" 3.0, 2011): the original Keccak padding
//! `0x01 ... 0x80` that Ethereum uses, not FIPS 202 SHA3-256's `0x06`.
//!
//! - `consts.rs`: the round constants, rotation offsets, rate and padding
//!   bytes, the one copy (checked against their definitions at compile
//!   time).
//! - `permute.rs`: Keccak-f[1600], written once over `crate::simd::Word64`.
//! - `sponge.rs`: the sponge on one message (`u64`, the reference kernel)
//!   and on groups of messages of one width on any `Lanes64` type.
//! - `many.rs`: messages of any lengths, the lane manager.
//! - here: one message at a time, for the scalar kernel set and the tails.

pub(crate) mod consts;
pub(crate) mod many;
pub(crate) mod permute;
pub(crate) mod sponge;

pub(crate) use sponge::keccak256;

use crate::messages::Messages;

/// `dst[i] = Keccak256(src[width*i .. width*i + width])`, one message at a
/// time on `u64`: the scalar kernel, and the lone message that the tail
/// rule takes off the lanes.
pub(crate) fn fixed_scalar(src: &[u8], width: usize, dst: &mut [[u8; 32]]) {
    assert_eq!(
        Some(src.len()),
        dst.len().checked_mul(width),
        "keccak256: src is not dst.len() messages of width bytes"
    );
    for (i, out) in dst.iter_mut().enumerate() {
        *out = keccak256(&src[width * i..width * i + width]);
    }
}

/// `dst[i] = Keccak256(msgs[i])`, any lengths, one message at a time.
pub(crate) fn many_scalar(msgs: Messages<'_>, dst: &mut [[u8; 32]]) {
    assert_eq!(msgs.len(), dst.len(), "keccak256_many: msgs and dst hold different numbers of messages");
    for (i, out) in dst.iter_mut().enumerate() {
        *out = keccak256(msgs.get(i));
    }
}

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
