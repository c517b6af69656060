//! RIPEMD-160 (H. Dobbertin, A. Bosselaers, B. Preneel, "RIPEMD-160: A
//! Strengthened Version of RIPEMD", FSE 1996).
//!
//! - `consts.rs`: the constants, the one table every kernel reads (public
//!   as `ripemd160mb::consts`).
//! - `compress.rs`: the compression function, written once over
//!   [`crate::simd::Word`].
//! - `stream.rs`: one message of any length, in one call or streamed.
//! - here: the group driver of the fixed 32-byte path, which every lane
//!   type's `hash32` entry point in `crate::simd` instantiates.

pub mod consts;
pub(crate) mod compress;
pub(crate) mod stream;

use crate::policy::{self, Tail};
use crate::simd::{Lanes, Pair};
use compress::hash32_words;

/// A kernel entry point of the fixed 32-byte path:
/// `dst[i] = RIPEMD160(src[i])`, `src.len() == dst.len()`.
///
/// # Safety
/// The CPU has the instruction set of the kernel.
pub(crate) type Hash32Kernel = unsafe fn(&[[u8; 32]], &mut [[u8; 20]]);

/// One group of `V::LANES` messages at `msgs` (within `src`) to
/// `out` (`V::LANES` digests).
///
/// # Safety
/// `msgs` is valid for reads of `V::LANES` messages; the CPU has `V`'s
/// instruction set.
#[inline(always)]
unsafe fn group<V: Lanes>(msgs: *const [u8; 32], out: &mut [[u8; 20]]) {
    // SAFETY: the caller's.
    let x = unsafe { V::load_msgs32(msgs) };
    V::store_digests20(&hash32_words(&x), out);
}

/// RIPEMD-160 of each 32-byte message on `V`'s lanes: pairs of groups in
/// flight where `V::PAIRS`, then single groups, then the tail as
/// [`policy::hash32_tail`] says (the scalar kernel, `narrower`, or one group
/// padded from a zeroed copy on the stack, so nothing outside `src` and
/// `dst` is read or written).
///
/// # Safety
/// The CPU has `V`'s instruction set and `narrower`'s (when given).
#[inline(always)]
pub(crate) unsafe fn hash32_lanes<V: Lanes>(src: &[[u8; 32]], dst: &mut [[u8; 20]], narrower: Option<Hash32Kernel>) {
    assert_eq!(src.len(), dst.len(), "hash32: src and dst hold different numbers of messages");
    let lanes = V::LANES;
    let n = src.len();
    let p = src.as_ptr();
    let mut done = 0;
    if V::PAIRS {
        while n - done >= 2 * lanes {
            // SAFETY: messages done..done + 2 * lanes lie within `src`; the
            // CPU has V's instruction set (the caller's).
            let (x0, x1) = unsafe { (V::load_msgs32(p.add(done)), V::load_msgs32(p.add(done + lanes))) };
            let x: [Pair<V>; 8] = core::array::from_fn(|j| Pair(x0[j], x1[j]));
            let h = hash32_words(&x);
            let (o0, o1) = dst[done..done + 2 * lanes].split_at_mut(lanes);
            V::store_digests20(&h.map(|w| w.0), o0);
            V::store_digests20(&h.map(|w| w.1), o1);
            done += 2 * lanes;
        }
    }
    while n - done >= lanes {
        // SAFETY: messages done..done + lanes lie within `src`; as above.
        unsafe { group::<V>(p.add(done), &mut dst[done..done + lanes]) };
        done += lanes;
    }
    let (src, dst) = (&src[done..], &mut dst[done..]);
    match (policy::hash32_tail(lanes, src.len(), narrower.is_some()), narrower) {
        (Tail::Done, _) => {}
        // SAFETY: the scalar kernel needs no CPU feature.
        (Tail::Scalar, _) => unsafe { crate::simd::scalar::hash32(src, dst) },
        // SAFETY: the caller's: the CPU has the narrower kernel's
        // instruction set.
        (Tail::Narrower, Some(kernel)) => unsafe { kernel(src, dst) },
        (Tail::Padded | Tail::Narrower, _) => {
            let mut msgs = [[0u8; 32]; 16];
            msgs[..src.len()].copy_from_slice(src);
            // SAFETY: `msgs` holds 16 >= V::LANES messages; as above.
            unsafe { group::<V>(msgs.as_ptr(), dst) };
        }
    }
}
