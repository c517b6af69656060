//! Unit tests of the kernels through one generic harness, as a new backend
//! gets them for free: every kernel set this CPU runs (each backend's, and
//! the variants its detection passed over; the backends this CPU lacks are
//! named in a printed notice), each entry point on its own and through its
//! driver, against the scalar kernel set and the `ripemd`/`sha2`/`sha3`
//! crates, for every count that reaches every group and tail path (0..=2 *
//! lanes + 3, and large ones), from misaligned buffers; and each lane
//! type's transposes on their own.

use ripemd::Digest as _;

// The integration tests' oracles: Bitcoin Core's merkle rule written
// plainly is the reference of the merkle driver.
#[path = "../tests/common/oracle.rs"]
mod oracle;

use crate::backend::Backend;
use crate::drivers;
use crate::kernels::{self, KernelSet};
use crate::messages::Messages;
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

/// Where a backend this CPU lacks is checked instead, for the notices.
const CHECKED_ELSEWHERE: &str =
    "the x86 kernels are checked under Miri on any x86-64 host (make miri-simd), NEON under qemu (make test-aarch64)";

/// Every backend this CPU supports; the others are named on standard error.
fn backends() -> Vec<Backend> {
    BACKEND_NAMES
        .iter()
        .filter_map(|name| match Backend::by_name(name) {
            Ok(b) => Some(b),
            Err(e) => {
                eprintln!("NOTICE: backend {name} skipped: {e}; {CHECKED_ELSEWHERE}");
                None
            }
        })
        .collect()
}

/// Every kernel set this CPU runs, with a label; the backends it lacks are
/// named on standard error.
fn kernel_sets() -> Vec<(String, KernelSet)> {
    backends();
    kernels::every_kernel_set()
        .into_iter()
        .map(|(variant, k)| {
            let name = k.name.to_str().unwrap_or("?");
            let engine = k.sha256_engine.to_str().unwrap_or("?");
            let variant = if variant.is_empty() { String::new() } else { format!(", {variant}") };
            (format!("{name} (SHA-256 on {engine}{variant})"), k)
        })
        .collect()
}

/// The scalar kernel set, the reference.
const SCALAR: KernelSet = kernels::scalar::SET;

/// The counts that reach every path of a backend of `lanes` lanes.
fn counts(lanes: usize) -> impl Iterator<Item = usize> {
    let chunk = drivers::CHUNK;
    (0..=2 * lanes + 3).chain([64, 65, chunk - 1, chunk, chunk + 1, 1000])
}

#[test]
fn hash32_kernels_match_scalar_and_ripemd() {
    for (label, k) in kernel_sets() {
        for n in counts(k.lanes) {
            // One byte in, so the messages are misaligned.
            let buf = bytes(n as u64, 32 * n + 1);
            let (src, _) = buf[1..].as_chunks::<32>();
            let mut got = vec![[0u8; 20]; n];
            let mut kernel = vec![[0u8; 20]; n];
            let mut scalar = vec![[0u8; 20]; n];
            drivers::hash32(&k, src, &mut got);
            // SAFETY: the kernel set exists, so its detection passed.
            unsafe { (k.hash32)(src, &mut kernel) };
            drivers::hash32(&SCALAR, src, &mut scalar);
            for i in 0..n {
                let want: [u8; 20] = ripemd::Ripemd160::digest(src[i]).into();
                assert_eq!(got[i], want, "{label}: n = {n}, message {i}");
                assert_eq!(kernel[i], want, "{label} kernel alone: n = {n}, message {i}");
                assert_eq!(scalar[i], want, "scalar: n = {n}, message {i}");
            }
        }
    }
}

/// One case of a fixed-width 32-byte-digest algorithm on kernel set `k`:
/// `driver` through `k` (with its tail rules), `kernel` (the set's entry
/// point) alone on every message, partial groups included, and `driver`
/// through the scalar set, each against `oracle`, message by message.
/// Returns the driver's digests.
#[allow(clippy::too_many_arguments)]
fn check_fixed32(
    label: &str,
    k: &KernelSet,
    kernel: kernels::FixedKernel,
    driver: fn(&KernelSet, &[u8], usize, &mut [[u8; 32]]),
    oracle: impl Fn(&[u8]) -> [u8; 32],
    src: &[u8],
    width: usize,
    n: usize,
) -> Vec<[u8; 32]> {
    let mut got = vec![[0u8; 32]; n];
    let mut alone = vec![[0u8; 32]; n];
    let mut scalar = vec![[0u8; 32]; n];
    driver(k, src, width, &mut got);
    // SAFETY: the kernel set exists, so its detection passed.
    unsafe { kernel(src, width, &mut alone) };
    driver(&SCALAR, src, width, &mut scalar);
    for i in 0..n {
        let want = oracle(&src[i * width..(i + 1) * width]);
        assert_eq!(got[i], want, "{label}: width {width}, n = {n}, message {i}");
        assert_eq!(alone[i], want, "{label} kernel alone: width {width}, n = {n}, message {i}");
        assert_eq!(scalar[i], want, "scalar: width {width}, n = {n}, message {i}");
    }
    got
}

#[test]
fn sha256_kernels_match_scalar_and_sha2() {
    for (label, k) in kernel_sets() {
        // Every padding boundary up to three blocks, and every width with a
        // group loader of its own.
        let fixed = crate::sha256::groups::FIXED_WIDTHS.iter().copied();
        for width in [0, 1, 20, 31, 55, 56, 63, 119, 120, 200].into_iter().chain(fixed) {
            for n in counts(k.lanes).filter(|&n| n <= 100) {
                let buf = bytes((n * 1000 + width) as u64, width * n + 1);
                let oracle = |m: &[u8]| sha2::Sha256::digest(m).into();
                check_fixed32(&label, &k, k.sha256, drivers::sha256, oracle, &buf[1..], width, n);
            }
        }
    }
}

/// Double SHA-256 of one message with the `sha2` crate, the oracle.
fn sha256d_oracle(m: &[u8]) -> [u8; 32] {
    sha2::Sha256::digest(sha2::Sha256::digest(m)).into()
}

#[test]
fn sha256d_kernels_match_scalar_and_sha2() {
    for (label, k) in kernel_sets() {
        for width in (0..=130).chain([191, 192, 200, 300]) {
            for n in counts(k.lanes).filter(|&n| n <= 100) {
                let buf = bytes((n * 1000 + width) as u64 ^ 0xd, width * n + 1);
                check_fixed32(&label, &k, k.sha256d, drivers::sha256d, sha256d_oracle, &buf[1..], width, n);
            }
        }
    }
}

#[test]
fn merkle_root_matches_the_plain_reference() {
    let (s, u) = (drivers::MERKLE_SUBTREE, drivers::MERKLE_UPPER);
    let sets = kernel_sets();
    let leaf = |i: usize| -> [u8; 32] { sha2::Sha256::digest((i as u64).to_le_bytes()).into() };
    // Each tree's reference once, then every kernel set against it.
    let check = |what: &str, leaves: &[[u8; 32]], mutated: Option<bool>| {
        let want = oracle::oracle_merkle_root(leaves);
        if let Some(mutated) = mutated {
            assert_eq!(want.1, mutated, "the reference's flag: {what}");
        }
        for (label, k) in &sets {
            assert_eq!(drivers::merkle_root(k, leaves), want, "{label}: {what}");
        }
    };
    // Around the subtree size (s) and the upper buffer's (u); 4u + 1 carries
    // two levels up the counter of pending nodes and pairs the last ones
    // with themselves through levels that hold none.
    let sizes = (0..=70).chain([s - 1, s, s + 1, 2 * s - 1, 2 * s, 2 * s + 1, 3 * s, 3 * s + 7, 5 * s + 1]).chain([
        u - 1,
        u,
        u + 1,
        u + s + 3,
        2 * u + 1,
        3 * u + 2 * s + 1,
        4 * u + 1,
    ]);
    for n in sizes {
        let leaves: Vec<[u8; 32]> = (0..n).map(leaf).collect();
        check(&format!("n = {n}"), &leaves, None);
    }
    // Mutated at level `l`: the subtree of 2^l leaves at 2k copied to
    // 2k + 1 makes nodes 2k and 2k + 1 of level l equal; a pair in the
    // middle and the last pair, in subtrees below and across the stack
    // buffer's subtree size, and in a full and a partial upper buffer.
    for n in [37, s + 3, 3 * s + 5, u + 2 * s + 3] {
        for l in 0..=n.ilog2() {
            let w = 1usize << l;
            let middle = (n / 2) & !(2 * w - 1);
            let last = n.checked_sub(2 * w).map(|at| at & !(2 * w - 1));
            let mut places: Vec<usize> = [Some(middle), last].into_iter().flatten().collect();
            places.dedup();
            for at in places.into_iter().filter(|at| at + 2 * w <= n) {
                let mut leaves: Vec<[u8; 32]> = (0..n).map(leaf).collect();
                leaves.copy_within(at..at + w, at + w);
                check(&format!("n = {n}, mutated at level {l}, leaves {at}.."), &leaves, Some(true));
            }
        }
    }
    // Mutated where two full upper buffers' nodes meet (the counter of
    // pending nodes above them).
    let mut leaves: Vec<[u8; 32]> = (0..2 * u + 1).map(leaf).collect();
    leaves.copy_within(..u, u);
    check("two equal upper buffers", &leaves, Some(true));
}

/// HASH160 through the batch driver (the policy's choice: fused or two
/// stages) and through the backend's fused kernel on its own, against the
/// `sha2` and `ripemd` crates: the fused kernel hashes every whole group of
/// a width with a fixed-width path (none on scalar) and leaves the rest.
#[test]
fn hash160_kernels_match_sha2_and_ripemd() {
    for (label, k) in kernel_sets() {
        let lanes = k.lanes;
        for width in [0, 1, 31, 32, 33, 64, 65, 66] {
            for n in counts(lanes).filter(|&n| n <= 100) {
                let buf = bytes((n * 1000 + width) as u64 ^ 0x160, width * n + 1);
                let src = &buf[1..];
                let want: Vec<[u8; 20]> = (0..n)
                    .map(|i| ripemd::Ripemd160::digest(sha2::Sha256::digest(&src[i * width..(i + 1) * width])).into())
                    .collect();
                let mut got = vec![[0u8; 20]; n];
                // SAFETY: width * n readable and 20 * n writable bytes,
                // disjoint.
                unsafe { drivers::hash160_raw(&k, got.as_mut_ptr().cast(), src.as_ptr(), n, width) };
                assert_eq!(got, want, "{label}: width {width}, n = {n}");
                let mut fused = vec![[0xAAu8; 20]; n];
                // SAFETY: the kernel set exists, so its detection passed.
                let done = unsafe { (k.hash160_fused)(src, width, &mut fused) };
                let fixed = lanes > 1 && drivers::SHA256_WIDTHS.contains(&width);
                assert_eq!(done, if fixed { n / lanes * lanes } else { 0 }, "{label} fused: width {width}, n = {n}");
                assert_eq!(fused[..done], want[..done], "{label} fused: width {width}, n = {n}");
                assert!(
                    fused[done..].iter().all(|d| *d == [0xAA; 20]),
                    "{label} fused wrote past what it hashed: width {width}, n = {n}"
                );
            }
        }
    }
}

/// The SHA extensions' kernels on their own (the AVX2 kernel set runs
/// SHA-256 on them where the CPU has them): every width
/// 0..300 (one to five blocks, every padding boundary) for every count that
/// reaches every group size (0..=2 * STREAMS + 3) and large ones, from
/// misaligned buffers, and the any-length manager on the `_many` batches.
#[cfg(target_arch = "x86_64")]
#[test]
fn sha_ni_kernels_match_sha2() {
    use crate::sha256::shani::STREAMS;
    let Some(sha_ni) = kernels::avx2::kernel_set().filter(|k| k.sha256_engine == c"sha-ni") else {
        eprintln!("NOTICE: SHA-NI kernels skipped: this CPU lacks AVX2 or the SHA extensions; {CHECKED_ELSEWHERE}");
        return;
    };
    for width in 0..300 {
        for n in (0..=2 * STREAMS + 3).chain([64, 101]) {
            let buf = bytes((n * 1000 + width) as u64, width * n + 3);
            let src = &buf[3..];
            let mut got = vec![[0u8; 32]; n];
            // SAFETY: the kernel set exists, so its detection passed.
            unsafe { (sha_ni.sha256)(src, width, &mut got) };
            for (i, g) in got.iter().enumerate() {
                let want: [u8; 32] = sha2::Sha256::digest(&src[i * width..(i + 1) * width]).into();
                assert_eq!(*g, want, "sha-ni: width {width}, n = {n}, message {i}");
            }
            // SAFETY: as above.
            unsafe { (sha_ni.sha256d)(src, width, &mut got) };
            for (i, g) in got.iter().enumerate() {
                let want = sha256d_oracle(&src[i * width..(i + 1) * width]);
                assert_eq!(*g, want, "sha-ni sha256d: width {width}, n = {n}, message {i}");
            }
        }
    }
    let mut bufs = Vec::new();
    for (k, (name, msgs)) in many_batches(STREAMS).into_iter().enumerate() {
        misaligned(&msgs, k % 5, &mut bufs);
        let slices: Vec<&[u8]> = bufs.iter().map(|b| &b[k % 5..]).collect();
        let mut got = vec![[0u8; 32]; slices.len()];
        // SAFETY: as above.
        unsafe { (sha_ni.sha256_many)(Messages::slices(&slices), &mut got, 0) };
        for (i, g) in got.iter().enumerate() {
            assert_eq!(*g, <[u8; 32]>::from(sha2::Sha256::digest(&msgs[i])), "sha-ni many: {name}, message {i}");
        }
    }
}

/// The Keccak-256 lengths: every length 0..300 (every count that reaches
/// every group and tail path), and the lengths around the 136-byte rate
/// (with large counts too).
const KECCAK_RATE_EDGES: [usize; 11] = [0, 1, 32, 64, 65, 135, 136, 137, 271, 272, 273];

#[test]
fn keccak256_kernels_match_scalar_and_sha3() {
    use sha3::Digest as _;
    for (label, k) in kernel_sets() {
        let lanes = k.keccak_lanes;
        let cases = (0..300usize)
            .flat_map(|w| (0..=2 * lanes + 3).map(move |n| (w, n)))
            .chain(KECCAK_RATE_EDGES.iter().flat_map(|&w| [64usize, 65, 100, 1000].map(|n| (w, n))));
        for (width, n) in cases {
            // One byte in, so the messages are misaligned.
            let buf = bytes((n * 1000 + width) as u64, width * n + 1);
            let src = &buf[1..];
            let oracle = |m: &[u8]| sha3::Keccak256::digest(m).into();
            let got = check_fixed32(&label, &k, k.keccak256, drivers::keccak256, oracle, src, width, n);
            // In place through the driver (width >= 32), from the same
            // misaligned start.
            if width >= 32 {
                let mut inplace = src.to_vec();
                let p = inplace.as_mut_ptr();
                // SAFETY: width * n readable and 32 * n <= width * n
                // writable bytes at p, in place.
                unsafe { drivers::keccak256_raw(&k, p, p, n, width) };
                for (i, g) in got.iter().enumerate() {
                    assert_eq!(
                        inplace[32 * i..32 * i + 32],
                        g[..],
                        "{label}: in place, width {width}, n = {n}, message {i}"
                    );
                }
            }
        }
    }
}

/// Known values: Keccak-256 of the empty message, and the Ethereum
/// addresses of `tests/vectors/eth-addresses.tsv` (keys derived with
/// libsecp256k1, hashed by another implementation), on every backend, from
/// 64- and 65-byte keys, in place too.
#[test]
fn keccak256_known_values_and_eth_addresses() {
    let hex = |s: &str| -> Vec<u8> {
        (0..s.len()).step_by(2).map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap()).collect()
    };
    let file = include_str!("../tests/vectors/eth-addresses.tsv");
    let empty = file.lines().find_map(|l| l.strip_prefix("# keccak256_empty\t")).expect("keccak256_empty line");
    let (mut keys, mut hashes, mut addrs) = (Vec::new(), Vec::new(), Vec::new());
    for line in file.lines().filter(|l| !l.starts_with('#') && !l.is_empty()) {
        let f: Vec<&str> = line.split('\t').collect();
        keys.extend(hex(f[1]));
        hashes.push(<[u8; 32]>::try_from(hex(f[2])).unwrap());
        addrs.push(<[u8; 20]>::try_from(hex(f[3])).unwrap());
    }
    let n = addrs.len();
    assert!(n >= 2 && hex(empty).len() == 32);
    assert_eq!(addrs[0], <[u8; 20]>::try_from(hex("7e5f4552091a69125d5dfcb7b8c2659029395bdf")).unwrap());
    let xy: Vec<u8> = keys.chunks(65).flat_map(|k| k[1..].to_vec()).collect();
    for backend in backends() {
        let mut d = [[0u8; 32]; 3];
        crate::keccak256_with(backend, &mut d, &[], 0);
        assert!(d.iter().all(|x| x[..] == hex(empty)[..]), "{backend}: keccak256 of the empty message");
        let mut got = vec![[0u8; 32]; n];
        crate::keccak256_with(backend, &mut got, &xy, 64);
        assert!(got == hashes, "{backend}: keccak256 of X||Y");
        for (width, src) in [(64, &xy), (65, &keys)] {
            let mut a = vec![[0u8; 20]; n];
            crate::eth_address_with(backend, &mut a, src, width).unwrap();
            assert!(a == addrs, "{backend}: eth_address, width {width}");
            let mut inplace = src.clone();
            let p = inplace.as_mut_ptr();
            // SAFETY: width * n readable and 20 * n writable bytes, in place.
            unsafe { drivers::eth_address_raw(backend.kernels(), p, p, n, width) }.unwrap();
            for i in 0..n {
                assert_eq!(
                    inplace[20 * i..20 * i + 20],
                    addrs[i][..],
                    "{backend}: eth_address in place, width {width}, key {i}"
                );
            }
        }
        // Errors: nothing written.
        let mut a = vec![[0xAAu8; 20]; n];
        let mut bad = keys.clone();
        bad[65 * (n - 1)] = 0x02;
        assert_eq!(crate::eth_address_with(backend, &mut a, &bad, 65), Err(crate::InputError::Prefix { index: n - 1 }));
        assert_eq!(crate::eth_address_with(backend, &mut a[..0], &[], 33), Err(crate::InputError::Width(33)));
        assert!(a.iter().all(|x| *x == [0xAA; 20]), "{backend}: eth_address wrote on an error");
    }
}

/// Each lane of `V`'s rotations, shifts and byte swap agrees with `u32`'s
/// for every amount (the compiler turns some amounts into other
/// instructions: a rotation by whole bytes into a byte shuffle), and its
/// boolean functions and their sums (`Word::add_f`, `Word::add_f_biased`)
/// with the paper's definitions. Called from a function that enables `V`'s
/// instruction set.
fn check_word_ops<V: Lanes>() {
    let words: [u32; 16] =
        core::array::from_fn(|i| 0x0123_4567u32.wrapping_mul(i as u32 + 1).rotate_left(i as u32) ^ 0x89AB_CDEF);
    let x = V::load(&words);
    let lanes = |v: V| {
        let mut out = [0u32; 16];
        v.store(&mut out);
        out
    };
    for n in 1..32 {
        let (rol, ror, shr) = (lanes(x.rol(n)), lanes(x.ror(n)), lanes(x.shr(n)));
        for (l, &w) in words.iter().enumerate().take(V::LANES) {
            assert_eq!(rol[l], w.rotate_left(n), "{} lanes: rol {n}, lane {l}", V::LANES);
            assert_eq!(ror[l], w.rotate_right(n), "{} lanes: ror {n}, lane {l}", V::LANES);
            assert_eq!(shr[l], w >> n, "{} lanes: shr {n}, lane {l}", V::LANES);
        }
    }
    let bswap = lanes(x.bswap());
    for (l, &w) in words.iter().enumerate().take(V::LANES) {
        assert_eq!(bswap[l], w.swap_bytes(), "{} lanes: bswap, lane {l}", V::LANES);
    }
    // The boolean functions and their sums with a word (`add_f`, and
    // `add_f_biased` on the word less `F_BIAS`), against the paper's
    // definitions on u32: once with words of no pattern, once with lane 0
    // holding every combination of an x, y and z bit (bit patterns
    // 0xF0.., 0xCC.., 0xAA..; a one-lane type has only lane 0).
    let others = |k: u32| words.map(|w| w.rotate_left(7 * k) ^ 0x5A5A_A5A5u32.wrapping_mul(k));
    let paper = |f: u8, x: u32, y: u32, z: u32| match f {
        1 => x ^ y ^ z,
        2 => (x & y) | (!x & z),
        3 => (x | !y) ^ z,
        4 => (x & z) | (y & !z),
        _ => x ^ (y | !z),
    };
    for patterned in [false, true] {
        let (a, mut fx, mut y, mut z) = (others(1), words, others(2), others(3));
        if patterned {
            (fx[0], y[0], z[0]) = (0xF0F0_F0F0, 0xCCCC_CCCC, 0xAAAA_AAAA);
        }
        let (x, va, vy, vz) = (V::load(&fx), V::load(&a), V::load(&y), V::load(&z));
        // `add_f_biased` on `a` less the type's bias, as the compression
        // function calls it.
        let biased = |f: u8| V::load(&a.map(|w| w.wrapping_sub(V::F_BIAS[usize::from(f)])));
        let by_f = |f: u8| -> ([u32; 16], [u32; 16], [u32; 16]) {
            let vb = biased(f);
            // The three forms of one function, `F` a const generic.
            macro_rules! forms {
                ($f:literal) => {
                    (
                        lanes(V::f::<$f>(x, vy, vz)),
                        lanes(va.add_f::<$f>(x, vy, vz)),
                        lanes(vb.add_f_biased::<$f>(x, vy, vz)),
                    )
                };
            }
            match f {
                1 => forms!(1),
                2 => forms!(2),
                3 => forms!(3),
                4 => forms!(4),
                _ => forms!(5),
            }
        };
        for f in 1..=5u8 {
            let (got_f, got_sum, got_biased) = by_f(f);
            for l in 0..V::LANES {
                let want = paper(f, fx[l], y[l], z[l]);
                assert_eq!(got_f[l], want, "{} lanes: f{f}, lane {l}, patterned {patterned}", V::LANES);
                let sum = a[l].wrapping_add(want);
                assert_eq!(got_sum[l], sum, "{} lanes: add_f {f}, lane {l}, patterned {patterned}", V::LANES);
                assert_eq!(got_biased[l], sum, "{} lanes: add_f_biased {f}, lane {l}, patterned {patterned}", V::LANES);
            }
        }
    }
}

/// Asserts that lane `l` of element `j` of `y` is the little-endian word
/// at `buf[at(l) + 4 * j..]`, for every lane and `j < 8`: a transpose of
/// rows that start at `at(l)`.
fn expect_rows<V: Lanes>(y: &[V; 8], buf: &[u8], at: impl Fn(usize) -> usize, what: &str) {
    for (j, v) in y.iter().enumerate() {
        let mut lane = [0u32; 16];
        v.store(&mut lane);
        for (l, got) in lane.iter().take(V::LANES).enumerate() {
            let p = at(l) + 4 * j;
            let want = u32::from_le_bytes(buf[p..p + 4].try_into().unwrap());
            assert_eq!(*got, want, "{} lanes, {what}: word {j} of row {l}", V::LANES);
        }
    }
}

/// `load_msgs32` puts word j of message l in lane l of vector j (as do
/// `load_words8` for rows at a stride and `load_rows32` for rows at their
/// own addresses), and `store_digests20` writes lane l's five words as
/// digest l (little-endian), for as many digests as asked. Called from a
/// function that enables `V`'s instruction set.
fn check_transposes<V: Lanes>() {
    let lanes = V::LANES;
    let buf = bytes(lanes as u64, 32 * lanes + 3);
    let (msgs, _) = buf[3..].as_chunks::<32>();
    // SAFETY: `msgs` holds LANES messages; the caller enabled V's features.
    let x = unsafe { V::load_msgs32(msgs.as_ptr()) };
    expect_rows(&x, &buf, |l| 3 + 32 * l, "messages side by side");
    // Rows at a stride (the SHA-256 loaders' 33- and 65-byte messages).
    for stride in [32, 33, 65] {
        let buf = bytes(stride as u64, stride * lanes + 32);
        // SAFETY: 32 readable bytes at 1 + l * stride for every lane l.
        let y = unsafe { V::load_words8(buf[1..].as_ptr(), stride) };
        expect_rows(&y, &buf, |l| 1 + l * stride, &format!("stride {stride}"));
    }
    // Rows each at its own address, out of order, at an offset (the
    // multi-buffer manager's lanes, `load_rows32`).
    let buf = bytes(7, 97 * 16 + 64);
    let row_at = |l: usize| (l * 5 + 3) % 16 * 97 + 1;
    let rows: [*const u8; 16] = core::array::from_fn(|l| buf[row_at(l)..].as_ptr());
    for offset in [0, 32] {
        // SAFETY: 64 readable bytes at each rows[l] (l < 16) and at
        // rows[l] + offset for 32; the caller enabled V's features.
        let y = unsafe { V::load_rows32(&rows, offset) };
        expect_rows(&y, &buf, |l| row_at(l) + offset, &format!("rows at offset {offset}"));
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

/// RIPEMD-160's compression function on two groups in flight (`Pair<V>`,
/// as the kernels with `Lanes::PAIRS` run it) equals it on each group
/// alone, on the general and the fixed 32-byte path: `Pair` forwards the
/// lane type's bias (`Word::F_BIAS`) and its sums; SHA-256's likewise (its
/// word operations and round boundaries through `Pair`). Called from a
/// function that enables `V`'s instruction set.
fn check_pair_compress<V: Lanes>() {
    use crate::ripemd160::compress::compress;
    use crate::simd::Pair;
    let word = |g: u32, i: usize| -> [u32; 16] {
        core::array::from_fn(|l| {
            0x9E37_79B9u32.wrapping_mul(g * 1000 + i as u32 * 16 + l as u32 + 1).rotate_left(i as u32)
        })
    };
    let (h0, h1): ([V; 5], [V; 5]) =
        (core::array::from_fn(|i| V::load(&word(0, i))), core::array::from_fn(|i| V::load(&word(1, i))));
    let (x0, x1): ([V; 16], [V; 16]) =
        (core::array::from_fn(|i| V::load(&word(2, i))), core::array::from_fn(|i| V::load(&word(3, i))));
    let hp: [Pair<V>; 5] = core::array::from_fn(|i| Pair(h0[i], h1[i]));
    let xp: [Pair<V>; 16] = core::array::from_fn(|i| Pair(x0[i], x1[i]));
    let lanes = |v: V| {
        let mut out = [0u32; 16];
        v.store(&mut out);
        out
    };
    // SHA-256's compression function on the same words (eight of state).
    {
        use crate::sha256::compress::{compress, Open};
        let (s0, s1): ([V; 8], [V; 8]) =
            (core::array::from_fn(|i| V::load(&word(4, i))), core::array::from_fn(|i| V::load(&word(5, i))));
        let sp: [Pair<V>; 8] = core::array::from_fn(|i| Pair(s0[i], s1[i]));
        let (pair, one, two) =
            (compress::<Pair<V>, Open>(&sp, &xp), compress::<V, Open>(&s0, &x0), compress::<V, Open>(&s1, &x1));
        for i in 0..8 {
            let n = V::LANES;
            assert_eq!(lanes(pair[i].0)[..n], lanes(one[i])[..n], "{n} lanes: SHA-256 pair, group 0, word {i}");
            assert_eq!(lanes(pair[i].1)[..n], lanes(two[i])[..n], "{n} lanes: SHA-256 pair, group 1, word {i}");
        }
    }
    for fixed in [false, true] {
        let (pair, one, two) = if fixed {
            (compress::<Pair<V>, true>(&hp, &xp), compress::<V, true>(&h0, &x0), compress::<V, true>(&h1, &x1))
        } else {
            (compress::<Pair<V>, false>(&hp, &xp), compress::<V, false>(&h0, &x0), compress::<V, false>(&h1, &x1))
        };
        for i in 0..5 {
            let n = V::LANES;
            assert_eq!(lanes(pair[i].0)[..n], lanes(one[i])[..n], "{n} lanes: pair, group 0, word {i}, fixed {fixed}");
            assert_eq!(lanes(pair[i].1)[..n], lanes(two[i])[..n], "{n} lanes: pair, group 1, word {i}, fixed {fixed}");
        }
    }
}

/// [`check_transposes`], [`check_word_ops`] and [`check_pair_compress`] on
/// every lane type this CPU runs.
#[test]
fn transposes_and_word_ops() {
    check_transposes::<u32>();
    check_word_ops::<u32>();
    check_pair_compress::<u32>();
    #[cfg(target_arch = "x86_64")]
    {
        /// # Safety
        /// The CPU has AVX2.
        #[target_feature(enable = "avx2")]
        unsafe fn avx2() {
            check_transposes::<core::arch::x86_64::__m256i>();
            check_word_ops::<core::arch::x86_64::__m256i>();
            check_pair_compress::<core::arch::x86_64::__m256i>();
        }
        /// # Safety
        /// The CPU has AVX-512 F, BW and VL.
        #[target_feature(enable = "avx512f,avx512bw,avx512vl")]
        unsafe fn avx512() {
            check_transposes::<core::arch::x86_64::__m512i>();
            check_word_ops::<core::arch::x86_64::__m512i>();
            check_pair_compress::<core::arch::x86_64::__m512i>();
        }
        match Backend::avx2() {
            // SAFETY: detected.
            Some(_) => unsafe { avx2() },
            None => eprintln!(
                "NOTICE: avx2 transposes and word operations skipped: not supported by this CPU; {CHECKED_ELSEWHERE}"
            ),
        }
        match Backend::avx512() {
            // SAFETY: detected.
            Some(_) => unsafe { avx512() },
            None => eprintln!(
                "NOTICE: avx512 transposes and word operations skipped: not supported by this CPU; {CHECKED_ELSEWHERE}"
            ),
        }
    }
    #[cfg(rmd160mb_neon)]
    {
        /// # Safety
        /// The CPU has NEON.
        #[target_feature(enable = "neon")]
        unsafe fn neon() {
            check_transposes::<core::arch::aarch64::uint32x4_t>();
            check_word_ops::<core::arch::aarch64::uint32x4_t>();
            check_pair_compress::<core::arch::aarch64::uint32x4_t>();
        }
        // SAFETY: this build enables NEON for every function.
        unsafe { neon() };
    }
}

/// Batches of messages of any lengths, for the any-length kernels: lengths
/// 0..300 ascending, descending and shuffled, all equal (at the block
/// boundaries and around them), one 1 MiB message among short ones (first,
/// in the middle, last), every count 0..=2 * lanes + 3 (with pair lanes)
/// and large ones, misaligned message starts, and the same message repeated.
fn many_batches(lanes: usize) -> Vec<(String, Vec<Vec<u8>>)> {
    let mut out = Vec::new();
    let ascending: Vec<usize> = (0..300).collect();
    let descending: Vec<usize> = (0..300).rev().collect();
    let mut shuffled = ascending.clone();
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    for i in (1..shuffled.len()).rev() {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        shuffled.swap(i, (seed % (i as u64 + 1)) as usize);
    }
    for (name, lens) in [("ascending", ascending), ("descending", descending), ("shuffled", shuffled)] {
        out.push((name.to_string(), lens.iter().map(|&l| bytes(l as u64 + 1, l)).collect()));
    }
    for len in [0, 1, 32, 33, 55, 56, 63, 64, 65, 80, 119, 120, 128, 200] {
        for n in (0..=4 * lanes + 3).chain([100, 257, 600]) {
            out.push((format!("{n} x {len} bytes"), (0..n).map(|i| bytes((i * 7 + len) as u64, len)).collect()));
        }
    }
    for at in [0usize, 20, 40] {
        let mut msgs: Vec<Vec<u8>> = (0..41).map(|i| bytes(i as u64 + 77, (i * 13) % 150)).collect();
        msgs[at] = bytes(5, 1 << 20);
        out.push((format!("1 MiB message at {at} of 41"), msgs));
    }
    // Key mixes: the fixed widths (32, 33, 64, 65, 80) among other lengths, some
    // too few to fill the lanes (40), over several chunks (1100).
    for n in [40, 1100] {
        let widths = [33, 65, 32, 65, 64, 33, 0, 100, 33, 64, 65, 80];
        let msgs = (0..n).map(|i| bytes(i as u64 + 9, widths[(i * 7 + i / 3) % widths.len()])).collect();
        out.push((format!("{n} of widths 32, 33, 64, 65, 80 and others"), msgs));
    }
    for n in 0..=4 * lanes + 3 {
        out.push((format!("{n} of mixed lengths"), (0..n).map(|i| bytes(i as u64 + 3, (i * 37) % 190)).collect()));
    }
    out
}

/// `msgs` as slices starting `offset` bytes into fresh buffers (misaligned).
fn misaligned(msgs: &[Vec<u8>], offset: usize, bufs: &mut Vec<Vec<u8>>) {
    bufs.clear();
    for m in msgs {
        let mut b = vec![0xEEu8; m.len() + offset];
        b[offset..].copy_from_slice(m);
        bufs.push(b);
    }
}

#[test]
fn many_kernels_match_scalar_and_crates() {
    for (label, k) in kernel_sets() {
        let lanes = k.lanes * 2;
        let mut bufs = Vec::new();
        for (j, (name, msgs)) in many_batches(lanes).into_iter().enumerate() {
            misaligned(&msgs, j % 5, &mut bufs);
            let slices: Vec<&[u8]> = bufs.iter().map(|b| &b[j % 5..]).collect();
            let want_rmd: Vec<[u8; 20]> = msgs.iter().map(|m| ripemd::Ripemd160::digest(m).into()).collect();
            let want_sha: Vec<[u8; 32]> = msgs.iter().map(|m| sha2::Sha256::digest(m).into()).collect();
            let want_h160: Vec<[u8; 20]> = want_sha.iter().map(|d| ripemd::Ripemd160::digest(d).into()).collect();
            let want_keccak: Vec<[u8; 32]> = msgs.iter().map(|m| sha3::Keccak256::digest(m).into()).collect();
            // The kernels themselves, then the drivers (fixed-width chunks).
            let msgs_of = || Messages::slices(&slices);
            let t = k.tuning;
            // One output buffer per call, compared with the crates' digests.
            fn check<const D: usize>(what: &str, want: &[[u8; D]], f: impl FnOnce(&mut [[u8; D]])) {
                let mut got = vec![[0u8; D]; want.len()];
                f(&mut got);
                assert!(got == want, "{what}");
            }
            // SAFETY (the kernels alone): the kernel set exists, so its
            // detection passed.
            check(&format!("{label}: ripemd160_many kernel, {name}"), &want_rmd, |d| unsafe {
                (k.ripemd160_many)(msgs_of(), d, t.drain_ripemd160)
            });
            check(&format!("{label}: sha256_many kernel, {name}"), &want_sha, |d| unsafe {
                (k.sha256_many)(msgs_of(), d, t.drain_sha256)
            });
            check(&format!("{label}: keccak256_many kernel, {name}"), &want_keccak, |d| unsafe {
                (k.keccak256_many)(msgs_of(), d, t.drain_keccak256)
            });
            // The drivers (fixed-width chunks split out).
            check(&format!("scalar: ripemd160_many, {name}"), &want_rmd, |d| {
                drivers::ripemd160_many_msgs(&SCALAR, msgs_of(), d)
            });
            check(&format!("{label}: ripemd160_many, {name}"), &want_rmd, |d| {
                drivers::ripemd160_many_msgs(&k, msgs_of(), d)
            });
            check(&format!("{label}: sha256_many, {name}"), &want_sha, |d| drivers::sha256_many_msgs(&k, msgs_of(), d));
            check(&format!("{label}: hash160_many, {name}"), &want_h160, |d| {
                drivers::hash160_many_msgs(&k, msgs_of(), d)
            });
            check(&format!("{label}: keccak256_many, {name}"), &want_keccak, |d| {
                drivers::keccak256_many_msgs(&k, msgs_of(), d)
            });
            let want_sha256d: Vec<[u8; 32]> = want_sha.iter().map(|d| sha2::Sha256::digest(d).into()).collect();
            check(&format!("{label}: sha256d_many, {name}"), &want_sha256d, |d| {
                drivers::sha256d_many_msgs(&k, msgs_of(), d)
            });
        }
        // The same message repeated (one pointer many times).
        for len in [0usize, 32, 33, 64, 65, 100, 300] {
            let m = bytes(len as u64, len);
            let slices: Vec<&[u8]> = vec![&m[..]; 3 * lanes + 1];
            let mut rmd = vec![[0u8; 20]; slices.len()];
            drivers::ripemd160_many_msgs(&k, Messages::slices(&slices), &mut rmd);
            let want: [u8; 20] = ripemd::Ripemd160::digest(&m).into();
            assert!(rmd.iter().all(|d| *d == want), "{label}: repeated message of {len} bytes");
            let mut keccak = vec![[0u8; 32]; slices.len()];
            drivers::keccak256_many_msgs(&k, Messages::slices(&slices), &mut keccak);
            let want: [u8; 32] = sha3::Keccak256::digest(&m).into();
            assert!(keccak.iter().all(|d| *d == want), "{label}: keccak256_many, repeated message of {len} bytes");
        }
    }
}

/// SHA-256 of 64-byte messages two groups in flight (`groups::hash_pairs`
/// with `pair64`, as the AVX-512 kernel set runs them where two groups
/// pay) on one `u32` lane: generic code, checked on every CPU, big-endian
/// hosts too, not only on those that run it on AVX-512.
#[test]
fn sha256_pairs_on_u32_lanes() {
    use crate::sha256::groups::{hash_pairs, pair64, FixedWidth, W64};
    for n in 0..=7 {
        let src = bytes(n as u64 + 64, 64 * n);
        let want: Vec<[u8; 32]> = src.chunks_exact(64).map(|m| sha2::Sha256::digest(m).into()).collect();
        let mut got = vec![[0u8; 32]; n];
        // SAFETY: u32 needs no CPU feature; hash_pairs passes whole pairs of
        // groups, then groups of m >= 1 messages, within src.
        unsafe { hash_pairs::<u32>(&src, 64, &mut got, |p| pair64::<u32>(p), |p, m| W64::group::<u32>(p, m)) };
        assert!(got == want, "hash_pairs::<u32>, {n} messages of 64 bytes");
    }
}

/// The generic manager on one `u32` lane (everywhere, big-endian hosts too).
#[test]
fn many_manager_on_u32_lanes() {
    use crate::manager::hash_many;
    use crate::ripemd160::Ripemd160;
    use crate::sha256::Sha256;
    for (name, msgs) in many_batches(2) {
        let slices: Vec<&[u8]> = msgs.iter().map(|m| &m[..]).collect();
        for drain in [0, 1] {
            let mut rmd = vec![[0u8; 20]; slices.len()];
            let mut sha = vec![[0u8; 32]; slices.len()];
            // SAFETY: u32 needs no CPU feature.
            unsafe {
                hash_many::<u32, Ripemd160, 20>(Messages::slices(&slices), &mut rmd, drain);
                hash_many::<u32, Sha256, 32>(Messages::slices(&slices), &mut sha, drain);
            }
            let mut keccak = vec![[0u8; 32]; slices.len()];
            // SAFETY: u64 needs no CPU feature.
            unsafe { crate::keccak::many::hash_many::<u64>(Messages::slices(&slices), &mut keccak, drain) };
            for (i, m) in msgs.iter().enumerate() {
                assert_eq!(keccak[i], <[u8; 32]>::from(sha3::Keccak256::digest(m)), "{name}, message {i}");
                assert_eq!(rmd[i], <[u8; 20]>::from(ripemd::Ripemd160::digest(m)), "{name}, message {i}");
                assert_eq!(sha[i], <[u8; 32]>::from(sha2::Sha256::digest(m)), "{name}, message {i}");
            }
        }
    }
}

/// The generic Keccak-256 kernels, the fixed-width group driver and the
/// lane manager, on one `u64` lane: everywhere (big-endian hosts too), and
/// under Miri (`make miri`), for which the sizes are kept small.
#[test]
fn keccak_generic_kernels_on_u64_lanes() {
    use sha3::Digest as _;
    let oracle = |m: &[u8]| -> [u8; 32] { sha3::Keccak256::digest(m).into() };
    for width in [0usize, 1, 7, 8, 64, 65, 135, 136, 137, 272] {
        for n in 0..=3 {
            let src = bytes(width as u64 * 31 + n as u64, width * n);
            let want: Vec<[u8; 32]> = (0..n).map(|i| oracle(&src[i * width..(i + 1) * width])).collect();
            let mut got = vec![[0u8; 32]; n];
            // SAFETY: u64 needs no CPU feature.
            unsafe { crate::keccak::sponge::hash_fixed::<u64>(&src, width, &mut got) };
            assert!(got == want, "hash_fixed::<u64>, {n} messages of {width} bytes");
        }
    }
    let msgs: Vec<Vec<u8>> =
        [0usize, 300, 1, 136, 135, 137, 64, 272, 2, 0].iter().map(|&l| bytes(l as u64 + 5, l)).collect();
    let slices: Vec<&[u8]> = msgs.iter().map(|m| &m[..]).collect();
    for drain in [0, 1] {
        let mut got = vec![[0u8; 32]; slices.len()];
        // SAFETY: u64 needs no CPU feature.
        unsafe { crate::keccak::many::hash_many::<u64>(Messages::slices(&slices), &mut got, drain) };
        for (i, m) in msgs.iter().enumerate() {
            assert_eq!(got[i], oracle(m), "hash_many::<u64>, drain {drain}, message {i}");
        }
    }
}
