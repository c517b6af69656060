//! Unit tests of the kernels through one generic harness, as a new backend
//! gets them for free: every backend of the table that this CPU supports
//! (the others are skipped with a printed notice), against the scalar
//! kernel and the `ripemd`/`sha2` crates, for every count that reaches every
//! group and tail path (0..=2 * lanes + 3, and large ones), from misaligned
//! buffers; and each lane type's transposes on their own.

use ripemd::Digest as _;

use crate::backend::Backend;
use crate::simd::Lanes;
use crate::BACKEND_NAMES;

/// Deterministic test bytes (xorshift64).
pub(crate) fn bytes(mut seed: u64, n: usize) -> Vec<u8> {
    (0..n)
        .map(|_| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed as u8
        })
        .collect()
}

/// Every backend this CPU supports; the others are named on standard error.
fn backends() -> Vec<Backend> {
    BACKEND_NAMES
        .iter()
        .filter_map(|name| match Backend::by_name(name) {
            Ok(b) => Some(b),
            Err(e) => {
                eprintln!("NOTICE: backend {name} skipped: {e}");
                None
            }
        })
        .collect()
}

/// The counts that reach every path of a backend of `lanes` lanes.
fn counts(lanes: usize) -> impl Iterator<Item = usize> {
    (0..=2 * lanes + 3).chain([64, 65, 100, 1000])
}

#[test]
fn hash32_kernels_match_scalar_and_ripemd() {
    for backend in backends() {
        for n in counts(backend.lanes()) {
            // One byte in, so the messages are misaligned.
            let buf = bytes(n as u64, 32 * n + 1);
            let (src, _) = buf[1..].as_chunks::<32>();
            let mut got = vec![[0u8; 20]; n];
            let mut scalar = vec![[0u8; 20]; n];
            backend.hash32(src, &mut got);
            Backend::SCALAR.hash32(src, &mut scalar);
            for i in 0..n {
                let want: [u8; 20] = ripemd::Ripemd160::digest(src[i]).into();
                assert_eq!(got[i], want, "{backend}: n = {n}, message {i}");
                assert_eq!(scalar[i], want, "scalar: n = {n}, message {i}");
            }
        }
    }
}

#[test]
fn sha256_kernels_match_scalar_and_sha2() {
    for backend in backends() {
        for width in [0, 1, 20, 31, 32, 33, 55, 56, 63, 64, 65, 119, 120, 200] {
            for n in counts(backend.lanes()).filter(|&n| n <= 100) {
                let buf = bytes((n * 1000 + width) as u64, width * n + 1);
                let src = &buf[1..];
                let mut got = vec![[0u8; 32]; n];
                backend.sha256(src, width, &mut got);
                for (i, g) in got.iter().enumerate() {
                    let want: [u8; 32] = sha2::Sha256::digest(&src[i * width..(i + 1) * width]).into();
                    assert_eq!(*g, want, "{backend}: width {width}, n = {n}, message {i}");
                }
            }
        }
    }
}

/// `load_msgs32` puts word j of message l in lane l of vector j, and
/// `store_digests20` writes lane l's five words as digest l (little-endian),
/// for as many digests as asked. Called from a function that enables `V`'s
/// instruction set.
fn check_transposes<V: Lanes>() {
    let lanes = V::LANES;
    let buf = bytes(lanes as u64, 32 * lanes + 3);
    let (msgs, _) = buf[3..].as_chunks::<32>();
    // SAFETY: `msgs` holds LANES messages; the caller enabled V's features.
    let x = unsafe { V::load_msgs32(msgs.as_ptr()) };
    for (j, v) in x.iter().enumerate() {
        let mut lane = [0u32; 16];
        v.store(&mut lane);
        for (l, msg) in msgs.iter().enumerate() {
            let word = u32::from_le_bytes(msg[4 * j..4 * j + 4].try_into().unwrap());
            assert_eq!(lane[l], word, "{lanes} lanes: word {j} of message {l}");
        }
    }
    let h: [V; 5] = core::array::from_fn(|i| x[i]);
    for count in 0..=lanes {
        let mut out = vec![[0xAAu8; 20]; lanes];
        V::store_digests20(&h, &mut out[..count]);
        for (l, digest) in out.iter().enumerate() {
            let want: [u8; 20] = if l < count { msgs[l][..20].try_into().unwrap() } else { [0xAA; 20] };
            assert_eq!(*digest, want, "{lanes} lanes: digest {l} of {count}");
        }
    }
}

#[test]
fn transposes() {
    check_transposes::<u32>();
    #[cfg(target_arch = "x86_64")]
    {
        /// # Safety
        /// The CPU has AVX2.
        #[target_feature(enable = "avx2")]
        unsafe fn avx2() {
            check_transposes::<core::arch::x86_64::__m256i>();
        }
        /// # Safety
        /// The CPU has AVX-512 F, BW and VL.
        #[target_feature(enable = "avx512f,avx512bw,avx512vl")]
        unsafe fn avx512() {
            check_transposes::<core::arch::x86_64::__m512i>();
        }
        match Backend::avx2() {
            // SAFETY: detected.
            Some(_) => unsafe { avx2() },
            None => eprintln!("NOTICE: avx2 transposes skipped: not supported by this CPU"),
        }
        match Backend::avx512() {
            // SAFETY: detected.
            Some(_) => unsafe { avx512() },
            None => eprintln!("NOTICE: avx512 transposes skipped: not supported by this CPU"),
        }
    }
    #[cfg(rmd160mb_neon)]
    {
        /// # Safety
        /// The CPU has NEON.
        #[target_feature(enable = "neon")]
        unsafe fn neon() {
            check_transposes::<core::arch::aarch64::uint32x4_t>();
        }
        // SAFETY: this build enables NEON for every function.
        unsafe { neon() };
    }
}
