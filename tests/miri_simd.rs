//! Every batch entry point on every x86 SIMD backend (AVX2, AVX-512 and the
//! SHA-NI SHA-256 kernel), compared bit for bit with the scalar kernel and
//! with an independent oracle (the `ripemd`, `sha2` and `sha3` crates, and
//! the bundled vector files where the messages come from them).
//!
//! `make miri-simd` runs this file under Miri, built with the target
//! features the backends' detection asks for, so that the kernels run in
//! Miri's interpreter on any x86-64 host whatever its CPU has (std's feature
//! detection reports what the build enables); two builds at once, one test
//! each: [`simd_kernels_sha_ni_build`] with SHA-NI, where the AVX2
//! backend's SHA-256 runs on it, and [`simd_kernels_lanes_build`] without,
//! where the lanes take all of SHA-256. Between them every entry point runs
//! on every backend: through the C API `hash32`, `hash160`, `sha256`,
//! `sha256d` and four `_many` (all but `sha256d_many`), the others through
//! the Rust API (the C wrappers add only the checks of `src/ffi.rs`).
//! `cargo test` runs both natively, on the backends this CPU has.
//!
//! Counts: every count from 0 to `2 * lanes + 3` (every group and tail
//! path) at one width per entry point, and a count past the batch driver's
//! chunk; at the other widths a count that reaches their kernels with whole
//! and partial groups ([`spot`]). Buffers are misaligned, and in
//! place where the API allows it. The `_many` batches mix lengths so that
//! lanes take new messages at different steps.
//!
//! Miri runs the scalar kernel and an oracle about as slowly as a SIMD
//! kernel runs a whole group, so the batches cycle through a few distinct
//! messages per width ([`distinct`]) and a reference digest is computed
//! once per distinct message.
//!
//! Each test ends by printing the kernels it ran: `miri-simd: kernels run:
//! avx2 (hash32, ...), avx512 (...), sha-ni (...)`.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Mutex, MutexGuard};

use common::{oracle_keccak256, oracle_merkle_root_by, oracle_ripemd160, oracle_sha256, Rng};
use ripemd160mb::ffi::*;
use ripemd160mb::internals::{keccak_lanes, BATCH_CHUNK, SHA256D_WIDTHS, SHA256_FIXED_WIDTHS, SHA256_WIDTHS};
use ripemd160mb::*;

/// Held while a test sets the process-wide backend (the in-place and C
/// entry points run on it).
static BACKEND_LOCK: Mutex<()> = Mutex::new(());

fn backend_lock() -> MutexGuard<'static, ()> {
    BACKEND_LOCK.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Message widths of the any-length batches' mixes, and with
/// [`SHA256_FIXED_WIDTHS`] those of the SHA-256 entry point ([`widths`]):
/// no byte, one block (0..=55), two blocks (56..=119), three (120..), and
/// around Keccak's rate (136).
const WIDTHS: &[usize] = &[0, 1, 31, 32, 33, 55, 56, 63, 64, 65, 119, 120, 135, 136, 137];

/// The widths of the SHA-256 entry point: [`WIDTHS`] and every width with a
/// kernel of its own, read from the library, in order.
fn widths() -> Vec<usize> {
    let mut w: Vec<usize> = WIDTHS.iter().chain(SHA256_FIXED_WIDTHS).copied().collect();
    w.sort_unstable();
    w.dedup();
    w
}

/// The widths of the HASH160 entry point: the fused kernels' (32, 33 and
/// 65); at any other width HASH160 is the SHA-256 kernel and the 32-byte
/// RIPEMD-160 kernel one after the other, each checked on its own, so one
/// such width (two blocks) stands for them.
const HASH160_WIDTHS: &[usize] = &[32, 33, 65, 64];

/// The widths of the Keccak-256 entry point: one block (32 and 64 with
/// paths of their own in the any-length driver) and around the rate of
/// 136 bytes.
const KECCAK_WIDTHS: &[usize] = &[0, 1, 32, 64, 65, 135, 136, 137];

/// Every count that reaches every group and tail path of `lanes` lanes
/// (0 to `2 * lanes + 3`), and with `past_chunk` one past the batch
/// driver's chunk.
fn sweep(lanes: usize, past_chunk: bool) -> Vec<usize> {
    (0..=2 * lanes + 3).chain(past_chunk.then_some(BATCH_CHUNK + 1)).collect()
}

/// The count for a width whose tails are swept at another width: two whole
/// groups (a pair, where a kernel runs two at once) and a partial one.
fn spot(lanes: usize) -> Vec<usize> {
    vec![2 * lanes + 3]
}

/// Distinct messages in a batch for `lanes` lanes, cycled: the smallest
/// prime above the lane count, so that no two messages of a group, and no
/// two messages `lanes` apart, are the same. Message `k` of a width is the
/// same whatever the count, so that the references are shared.
fn distinct(lanes: usize) -> usize {
    (lanes + 1..).find(|&p| (2..p).all(|d| p % d != 0)).expect("a prime")
}

/// The SIMD backends this build can run (all but scalar).
fn simd_backends() -> Vec<Backend> {
    let all = Backend::available();
    assert_eq!(all[0], Backend::SCALAR);
    for name in BACKEND_NAMES {
        if let Err(e) = Backend::by_name(name) {
            eprintln!(
                "NOTICE: miri-simd: backend {name} not run here: {e} (make miri-simd runs the x86 ones under Miri)"
            );
        }
    }
    if cfg!(miri) {
        assert!(all.len() > 1, "under Miri without x86 target features no SIMD kernel runs: use make miri-simd");
    }
    all[1..].to_vec()
}

/// What ran, by kernel: the backend's name, or "sha-ni" for the SHA-256
/// of a backend whose SHA-256 runs on the SHA extensions.
#[derive(Default)]
struct Ran(BTreeMap<&'static str, BTreeSet<&'static str>>);

impl Ran {
    fn add(&mut self, kernel: &'static str, entry: &'static str) {
        if self.0.entry(kernel).or_default().insert(entry) {
            eprintln!("miri-simd: {kernel} {entry}: done");
        }
    }
    /// The backend's own kernel, and SHA-NI when `sha` and its SHA-256 runs
    /// there.
    fn add_backend(&mut self, b: Backend, entry: &'static str, sha: bool) {
        self.add(b.name(), entry);
        if sha && b.sha256_kernel() != b.name() {
            self.add(b.sha256_kernel(), entry);
        }
    }
    fn line(&self) -> String {
        let kernels: Vec<String> =
            self.0.iter().map(|(k, e)| format!("{k} ({})", e.iter().copied().collect::<Vec<_>>().join(", "))).collect();
        format!("miri-simd: kernels run: {}", kernels.join(", "))
    }
}

/// The algorithms, each with its oracle and its scalar kernel.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Alg {
    Ripemd160,
    Sha256,
    Hash160,
    Keccak256,
    EthAddress,
    Sha256d,
}

/// Reference digests, computed once per (algorithm, message): the oracle's,
/// checked against the scalar kernel's and, where the message comes from a
/// vector file, against the file's digest. (Ordered maps: Miri compares
/// byte strings faster than it hashes them.)
#[derive(Default)]
struct Refs {
    done: BTreeMap<(Alg, Vec<u8>), Vec<u8>>,
    known: BTreeMap<(Alg, Vec<u8>), Vec<u8>>,
}

impl Refs {
    /// The reference digest of `m`. RIPEMD-160 and Keccak-256: the oracle
    /// crate's, checked against the scalar kernel's. SHA-256: the `sha2`
    /// crate's, which is also the scalar backend's SHA-256. HASH160: the
    /// `ripemd` crate's of that, checked against the scalar RIPEMD-160
    /// kernel's. Ethereum addresses: the tail of Keccak-256 of `X || Y`.
    fn get(&mut self, alg: Alg, m: &[u8]) -> Vec<u8> {
        let key = (alg, m.to_vec());
        if let Some(d) = self.done.get(&key) {
            return d.clone();
        }
        let scalar = Backend::SCALAR;
        let ripemd160 = |m: &[u8]| {
            let oracle = oracle_ripemd160(m);
            let mut d = [[0u8; 20]];
            ripemd160_many_with(scalar, &mut d, &[m]);
            agree("RIPEMD-160", &d[0], &oracle, m)
        };
        let digest = match alg {
            Alg::Ripemd160 => ripemd160(m),
            Alg::Sha256 => oracle_sha256(m).to_vec(),
            Alg::Hash160 => ripemd160(&self.get(Alg::Sha256, m)),
            Alg::Keccak256 => {
                let oracle = oracle_keccak256(m);
                let mut d = [[0u8; 32]];
                keccak256_with(scalar, &mut d, m, m.len());
                agree("Keccak-256", &d[0], &oracle, m)
            }
            Alg::EthAddress => self.get(Alg::Keccak256, &m[m.len() - 64..])[12..].to_vec(),
            Alg::Sha256d => oracle_sha256(&self.get(Alg::Sha256, m)).to_vec(),
        };
        if let Some(k) = self.known.get(&key) {
            assert!(
                &digest == k,
                "{alg:?}: the oracle {} against the vector file {}, message {}",
                hex(&digest),
                hex(k),
                hex(m)
            );
        }
        self.done.insert(key, digest.clone());
        digest
    }

    /// A digest known from a vector file, checked when the message is first
    /// hashed.
    fn known(&mut self, alg: Alg, m: Vec<u8>, digest: Vec<u8>) {
        self.known.insert((alg, m), digest);
    }

    /// Compares the digests of `D` bytes each at `out` with the references
    /// of `msgs`.
    fn check(&mut self, alg: Alg, what: &str, out: &[u8], d: usize, msgs: &[&[u8]]) {
        let n = msgs.len();
        assert_eq!(out.len(), d * n, "{what}: output size");
        for (i, m) in msgs.iter().enumerate() {
            let (got, want) = (&out[d * i..d * i + d], self.get(alg, m));
            assert!(got == want.as_slice(), "{what}: message {i} of {n}: {} against {}", hex(got), hex(&want));
        }
    }
}

/// The `n` messages of `width` bytes of `src`.
fn split(src: &[u8], width: usize, n: usize) -> Vec<&[u8]> {
    (0..n).map(|i| &src[width * i..width * i + width]).collect()
}

fn hex(d: &[u8]) -> String {
    d.iter().map(|b| format!("{b:02x}")).collect()
}

/// The rows of a bundled vector file, compiled in (Miri's isolation keeps
/// files closed): the first [`keys`] data rows.
fn rows(text: &'static str) -> Vec<Vec<&'static str>> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .take(keys())
        .map(|l| l.split('\t').collect())
        .collect()
}

/// Hex to bytes, by nibbles (`common::unhex` parses each pair with
/// `from_str_radix`, which Miri runs a thousand times slower).
fn unhex(s: &str) -> Vec<u8> {
    let nibble = |c: u8| match c {
        b'0'..=b'9' => c - b'0',
        b'a'..=b'f' => c - b'a' + 10,
        _ => panic!("not lowercase hex: {s}"),
    };
    s.as_bytes().chunks(2).map(|p| nibble(p[0]) << 4 | nibble(p[1])).collect()
}

/// The scalar kernel's digest of `m` equals the oracle's: the oracle's, as
/// the reference of the other backends.
fn agree(what: &str, scalar: &[u8], oracle: &[u8], m: &[u8]) -> Vec<u8> {
    assert!(
        scalar == oracle,
        "the scalar {what} {} against the oracle {}, message {}",
        hex(scalar),
        hex(oracle),
        hex(m)
    );
    oracle.to_vec()
}

/// Keys and 32-byte messages taken from the vector files: enough for the
/// widest backend the library lists ([`distinct`] of its lanes).
fn keys() -> usize {
    distinct(backends().iter().map(|b| b.lanes).max().expect("the scalar backend at least"))
}

/// `n` messages, `msgs` cycled, one byte into the buffer (misaligned).
fn cycle(msgs: &[Vec<u8>], n: usize) -> Vec<u8> {
    let mut buf = vec![0xEE];
    for i in 0..n {
        buf.extend_from_slice(&msgs[i % msgs.len()]);
    }
    buf
}

struct Ctx {
    refs: Refs,
    ran: Ran,
    /// The vector files' messages by width (32: hash32.tsv; 33 and 65: the
    /// public keys; 64: the keys without their 0x04).
    known: BTreeMap<usize, Vec<Vec<u8>>>,
}

impl Ctx {
    /// The independent vectors: HASH160 of secp256k1 public keys (33 and
    /// 65 bytes; libsecp256k1 and two RIPEMD-160 implementations),
    /// RIPEMD-160 of 32-byte messages, the keys' Ethereum addresses
    /// (pycryptodome). The fixed-width batches of those widths hash these
    /// very messages.
    fn new() -> Ctx {
        let mut refs = Refs::default();
        let mut known: BTreeMap<usize, Vec<Vec<u8>>> = BTreeMap::new();
        for r in rows(include_str!("vectors/hash160-pubkeys.tsv")) {
            let (k33, k65) = (unhex(r[1]), unhex(r[3]));
            refs.known(Alg::Hash160, k33.clone(), unhex(r[2]));
            refs.known(Alg::Hash160, k65.clone(), unhex(r[4]));
            known.entry(33).or_default().push(k33);
            known.entry(64).or_default().push(k65[1..].to_vec());
            known.entry(65).or_default().push(k65);
        }
        for r in rows(include_str!("vectors/eth-addresses.tsv")) {
            let key = unhex(r[1]);
            refs.known(Alg::EthAddress, key[1..].to_vec(), unhex(r[3]));
            refs.known(Alg::EthAddress, key, unhex(r[3]));
        }
        for r in rows(include_str!("vectors/hash32.tsv")) {
            let m = unhex(r[0]);
            refs.known(Alg::Ripemd160, m.clone(), unhex(r[1]));
            known.entry(32).or_default().push(m);
        }
        Ctx { refs, ran: Ran::default(), known }
    }

    /// The [`keys`] messages of `width` bytes the batches of that width
    /// cycle through: the vector files' where they have that width, else
    /// seeded bytes.
    fn messages(&mut self, width: usize) -> &[Vec<u8>] {
        self.known.entry(width).or_insert_with(|| {
            let mut rng = Rng(0x5eed_0000 + width as u64);
            (0..keys()).map(|_| rng.bytes(width)).collect()
        })
    }

    /// `n` messages of `width` bytes for `lanes` lanes, one byte into the
    /// buffer: the first [`distinct`] of [`Ctx::messages`], cycled.
    fn batch(&mut self, width: usize, n: usize, lanes: usize) -> Vec<u8> {
        let d = distinct(lanes);
        assert!(d <= keys(), "{lanes} lanes need {d} distinct messages, more than the widest backend's");
        cycle(&self.messages(width)[..d], n)
    }
}

/// RIPEMD-160 of 32-byte messages: `hash32_with` over every count from a
/// misaligned buffer, then in place through `hash32_in_place` and
/// `rmd160mb_hash32`.
fn hash32(cx: &mut Ctx, b: Backend) {
    let lanes = b.lanes();
    for n in sweep(lanes, true) {
        let buf = cx.batch(32, n, lanes);
        let (src, _) = buf[1..].as_chunks::<32>();
        let mut out = vec![[0u8; 20]; n];
        hash32_with(b, &mut out, src);
        let msgs: Vec<&[u8]> = src.iter().map(|m| &m[..]).collect();
        cx.refs.check(Alg::Ripemd160, &format!("{b} hash32, n {n}"), out.as_flattened(), 20, &msgs);
    }
    cx.ran.add(b.name(), "hash32");
    let _lock = backend_lock();
    b.make_current();
    for n in spot(lanes) {
        let mut buf = cx.batch(32, n, lanes);
        let copy = buf[1..].to_vec();
        let msgs = split(&copy, 32, n);
        hash32_in_place(&mut buf[1..]);
        cx.refs.check(Alg::Ripemd160, &format!("{b} hash32_in_place, n {n}"), &buf[1..1 + 20 * n], 20, &msgs);
        let mut buf = cx.batch(32, n, lanes);
        let p = buf[1..].as_mut_ptr();
        // SAFETY: p holds 32n bytes; in place (dst == src) is allowed.
        assert_eq!(unsafe { rmd160mb_hash32(p, p, n) }, RMD160MB_OK);
        cx.refs.check(Alg::Ripemd160, &format!("{b} rmd160mb_hash32 in place, n {n}"), &buf[1..1 + 20 * n], 20, &msgs);
    }
    cx.ran.add(b.name(), "hash32_in_place");
}

/// SHA-256 and HASH160 of fixed-width messages at the widths of `widths`
/// (HASH160 at those of [`HASH160_WIDTHS`]). With `sweep_tails`, both at 33
/// bytes (SHA-256 also past the chunk) run every count, which reaches every
/// tail of the group drivers and of the fused HASH160 (the other widths
/// share them); every other width runs the spot count, which reaches its
/// kernel with whole and partial groups. Then in place through the C entry
/// points.
fn sha256_and_hash160(cx: &mut Ctx, b: Backend, widths: &[usize], sweep_tails: bool) {
    let lanes = b.lanes();
    for &width in widths {
        for alg in [Alg::Sha256, Alg::Hash160] {
            if alg == Alg::Hash160 && !HASH160_WIDTHS.contains(&width) {
                continue;
            }
            let swept = sweep_tails && width == 33;
            for n in if swept { sweep(lanes, alg == Alg::Sha256) } else { spot(lanes) } {
                let buf = cx.batch(width, n, lanes);
                let src = &buf[1..];
                let msgs = split(src, width, n);
                let what = format!("{b} {alg:?}, width {width}, n {n}");
                if alg == Alg::Sha256 {
                    let mut out = vec![[0u8; 32]; n];
                    sha256_with(b, &mut out, src, width);
                    cx.refs.check(alg, &what, out.as_flattened(), 32, &msgs);
                } else {
                    let mut out = vec![[0u8; 20]; n];
                    hash160_with(b, &mut out, src, width);
                    cx.refs.check(alg, &what, out.as_flattened(), 20, &msgs);
                }
            }
        }
    }
    let _lock = backend_lock();
    b.make_current();
    for &width in SHA256_WIDTHS {
        let n = 2 * lanes + 3;
        for (alg, d) in [(Alg::Sha256, 32), (Alg::Hash160, 20)] {
            let mut buf = cx.batch(width, n, lanes);
            let copy = buf[1..].to_vec();
            let p = buf[1..].as_mut_ptr();
            // SAFETY: p holds width * n bytes, width >= the digest size, so
            // in place is allowed.
            let status = unsafe {
                if alg == Alg::Sha256 {
                    rmd160mb_sha256(p, p, n, width)
                } else {
                    rmd160mb_hash160(p, p, n, width)
                }
            };
            assert_eq!(status, RMD160MB_OK);
            let what = format!("{b} {alg:?} in place, width {width}, n {n}");
            cx.refs.check(alg, &what, &buf[1..1 + d * n], d, &split(&copy, width, n));
        }
    }
    cx.ran.add_backend(b, "sha256", true);
    cx.ran.add_backend(b, "hash160", true);
}

/// Double SHA-256 at [`SHA256D_WIDTHS`] (spot counts, the tails being the
/// SHA-256 entry point's, swept there), of any lengths (`sha256d_many`: a
/// group of 64-byte messages among others), in place through the C entry
/// point, and the merkle root of a few trees (odd levels, one pair of
/// equal leaves), against Bitcoin Core's rule written plainly.
fn sha256d_and_merkle(cx: &mut Ctx, b: Backend) {
    let lanes = b.lanes();
    for &width in SHA256D_WIDTHS {
        let n = spot(lanes)[0];
        let buf = cx.batch(width, n, lanes);
        let src = &buf[1..];
        let mut out = vec![[0u8; 32]; n];
        sha256d_with(b, &mut out, src, width);
        cx.refs.check(
            Alg::Sha256d,
            &format!("{b} sha256d, width {width}, n {n}"),
            out.as_flattened(),
            32,
            &split(src, width, n),
        );
    }
    // Any lengths: a group of 64-byte messages (the fixed-width class, on
    // its kernel) among others (the any-length path).
    let d = distinct(lanes);
    let msgs: Vec<Vec<u8>> = (0..lanes)
        .map(|i| (64, i))
        .chain([0, 33, 80, 100].map(|width| (width, 0)))
        .map(|(width, i)| cx.messages(width)[i % d].clone())
        .collect();
    let slices: Vec<&[u8]> = msgs.iter().map(Vec::as_slice).collect();
    let mut out = vec![[0u8; 32]; slices.len()];
    sha256d_many_with(b, &mut out, &slices);
    cx.refs.check(
        Alg::Sha256d,
        &format!("{b} sha256d_many, {} messages", slices.len()),
        out.as_flattened(),
        32,
        &slices,
    );
    let _lock = backend_lock();
    b.make_current();
    let n = lanes + 1;
    let mut buf = cx.batch(64, n, lanes);
    let copy = buf[1..].to_vec();
    let p = buf[1..].as_mut_ptr();
    // SAFETY: p holds 64 * n bytes; in place is allowed at width 64.
    assert_eq!(unsafe { rmd160mb_sha256d(p, p, n, 64) }, RMD160MB_OK);
    cx.refs.check(Alg::Sha256d, &format!("{b} sha256d in place, n {n}"), &buf[1..1 + 32 * n], 32, &split(&copy, 64, n));
    // Merkle trees: the leaves are 32-byte messages of the batch.
    for (n, dup) in [(3, None), (lanes + 3, Some(2))] {
        let mut leaves: Vec<[u8; 32]> =
            cx.batch(32, n, lanes)[1..].chunks_exact(32).map(|c| c.try_into().expect("32")).collect();
        if let Some(k) = dup {
            leaves[k + 1] = leaves[k];
        }
        let (root, mutated) =
            oracle_merkle_root_by(&leaves, |pair| <[u8; 32]>::try_from(cx.refs.get(Alg::Sha256d, pair)).expect("32"));
        assert_eq!(merkle_root_with(b, &leaves), (root, mutated), "{b} merkle root of {n} leaves");
        assert_eq!(mutated, dup.is_some());
    }
    cx.ran.add_backend(b, "sha256d", true);
    cx.ran.add_backend(b, "sha256d_many", true);
    cx.ran.add_backend(b, "merkle_root", true);
}

/// Keccak-256 of fixed-width messages (every count at 64 bytes, the spot
/// counts at the other widths of [`KECCAK_WIDTHS`]) and Ethereum addresses
/// of 64- and 65-byte keys, over the backend's Keccak lanes.
fn keccak256_and_eth_address(cx: &mut Ctx, b: Backend) {
    let lanes = keccak_lanes(b);
    for &width in KECCAK_WIDTHS {
        for n in if width == 64 { sweep(lanes, false) } else { spot(lanes) } {
            let buf = cx.batch(width, n, lanes);
            let src = &buf[1..];
            let mut out = vec![[0u8; 32]; n];
            keccak256_with(b, &mut out, src, width);
            let what = format!("{b} keccak256, width {width}, n {n}");
            cx.refs.check(Alg::Keccak256, &what, out.as_flattened(), 32, &split(src, width, n));
        }
    }
    cx.ran.add(b.name(), "keccak256");
    for width in [64, 65] {
        for n in spot(lanes) {
            let buf = cx.batch(width, n, lanes);
            let src = &buf[1..];
            let mut out = vec![[0u8; 20]; n];
            eth_address_with(b, &mut out, src, width).expect("public keys");
            let what = format!("{b} eth_address, width {width}, n {n}");
            cx.refs.check(Alg::EthAddress, &what, out.as_flattened(), 20, &split(src, width, n));
        }
    }
    cx.ran.add(b.name(), "eth_address");
}

/// Batches of any lengths for `lanes` lanes, from the fixed-width batches'
/// messages (so that most references are shared): lengths of every width
/// of [`WIDTHS`] (zero to three blocks) in an order in which lanes take new
/// messages at different steps; enough 33-byte messages among others for
/// the drivers to split the batch and hash them with the fixed-width
/// kernel; and one message longer than all the others together.
fn many_batches(cx: &mut Ctx, lanes: usize) -> Vec<Vec<Vec<u8>>> {
    let d = distinct(lanes);
    let mut msg = |width: usize, k: usize| cx.messages(width)[k % d].clone();
    let mixed = (0..lanes + 5).map(|i| msg(WIDTHS[(7 * i + 3) % WIDTHS.len()], i)).collect();
    let split =
        (0..lanes + 5).map(|i| if i % 5 == 4 { msg(WIDTHS[i % WIDTHS.len()], i) } else { msg(33, i) }).collect();
    let long = (0..5).map(|i| if i == 1 { msg(700, 0) } else { msg(WIDTHS[3 * i], i) }).collect();
    vec![mixed, split, long]
}

/// The any-length entry points of `algs`, through the Rust API, and the C
/// API with misaligned messages, arrays and output.
fn many(cx: &mut Ctx, b: Backend, algs: &[Alg]) {
    for &alg in algs {
        let (entry, lanes, d) = match alg {
            Alg::Ripemd160 => ("ripemd160_many", b.lanes(), 20),
            Alg::Sha256 => ("sha256_many", b.lanes(), 32),
            Alg::Hash160 => ("hash160_many", b.lanes(), 20),
            _ => ("keccak256_many", keccak_lanes(b), 32),
        };
        for msgs in many_batches(cx, lanes) {
            let n = msgs.len();
            let slices: Vec<&[u8]> = msgs.iter().map(Vec::as_slice).collect();
            let mut out = vec![0u8; d * n];
            match alg {
                Alg::Ripemd160 => ripemd160_many_with(b, out.as_chunks_mut::<20>().0, &slices),
                Alg::Sha256 => sha256_many_with(b, out.as_chunks_mut::<32>().0, &slices),
                Alg::Hash160 => hash160_many_with(b, out.as_chunks_mut::<20>().0, &slices),
                _ => keccak256_many_with(b, out.as_chunks_mut::<32>().0, &slices),
            }
            cx.refs.check(alg, &format!("{b} {entry}, {n} messages"), &out, d, &slices);
        }
        // The C entry point: each message one byte into its own buffer, the
        // pointer and length arrays and dst one byte in too.
        let msgs = &many_batches(cx, lanes)[0];
        let n = msgs.len();
        let bufs: Vec<Vec<u8>> = msgs.iter().map(|m| [&[0xEE][..], m].concat()).collect();
        // The arrays start one byte into word-aligned storage, so they are
        // misaligned whatever address the allocation gets (Miri's symbolic
        // alignment check would flag a byte buffer that happened to land
        // aligned and took the library's aligned path).
        let mut ptr_words = vec![0usize; n + 1];
        let mut len_words = vec![0usize; n + 1];
        // SAFETY: one byte into allocations of (n + 1) words.
        let (ptr_bytes, len_bytes) =
            unsafe { (ptr_words.as_mut_ptr().cast::<u8>().add(1), len_words.as_mut_ptr().cast::<u8>().add(1)) };
        for (i, m) in bufs.iter().enumerate() {
            let at = size_of::<usize>() * i;
            // SAFETY: 1 + at + size_of::<usize>() <= size_of::<usize>() * (n + 1).
            unsafe {
                ptr_bytes.add(at).cast::<*const u8>().write_unaligned(m[1..].as_ptr());
                len_bytes.add(at).cast::<usize>().write_unaligned(m.len() - 1);
            }
        }
        let (pp, lp) = (ptr_bytes.cast_const().cast::<*const u8>(), len_bytes.cast_const().cast::<usize>());
        assert!(!pp.is_aligned() && !lp.is_aligned());
        let mut out = vec![0u8; 1 + d * n];
        let dst = out[1..].as_mut_ptr();
        let _lock = backend_lock();
        b.make_current();
        // SAFETY: dst holds d * n bytes; pp and lp hold n (unaligned)
        // elements; each pointer is readable for its length.
        let status = unsafe {
            match alg {
                Alg::Ripemd160 => rmd160mb_sum_many(dst, pp, lp, n),
                Alg::Sha256 => rmd160mb_sha256_many(dst, pp, lp, n),
                Alg::Hash160 => rmd160mb_hash160_many(dst, pp, lp, n),
                _ => rmd160mb_keccak256_many(dst, pp, lp, n),
            }
        };
        assert_eq!(status, RMD160MB_OK);
        let slices: Vec<&[u8]> = msgs.iter().map(Vec::as_slice).collect();
        cx.refs.check(alg, &format!("{b} C {entry}, misaligned"), &out[1..], d, &slices);
        cx.ran.add_backend(b, entry, matches!(alg, Alg::Sha256 | Alg::Hash160));
    }
}

/// The AVX-512 SHA-256 kernel with two groups in flight for 64-byte
/// messages (what AMD Zen 5 runs, whatever this CPU's family): one whole
/// pair of groups, then a whole group and a partial one (the unit tests
/// sweep every count natively), and a width that takes the one-group path.
fn sha256_two_groups(cx: &mut Ctx) {
    for (width, n) in [(64, 49), (33, 1)] {
        let buf = cx.batch(width, n, 16);
        let src = &buf[1..];
        let mut out = vec![[0u8; 32]; n];
        if !ripemd160mb::internals::sha256_avx512_two_groups(&mut out, src, width) {
            eprintln!("NOTICE: miri-simd: avx512 SHA-256 with two groups in flight not run here: no AVX-512");
            return;
        }
        let what = format!("avx512 SHA-256 two groups in flight, width {width}, n {n}");
        cx.refs.check(Alg::Sha256, &what, out.as_flattened(), 32, &split(src, width, n));
    }
    cx.ran.add("avx512", "sha256 two groups");
}

/// The SIMD backends of this build: the widest one, and the others.
fn widest_and_others() -> (Option<Backend>, Vec<Backend>) {
    let mut all = simd_backends();
    all.sort_by_key(|b| b.lanes());
    let widest = all.pop();
    (widest, all)
}

fn finish(cx: &Ctx) {
    assert!(!cx.ran.0.is_empty() || !cfg!(miri), "no SIMD kernel ran");
    eprintln!("{}", cx.ran.line());
}

/// `make miri-simd` runs this test in the build with SHA-NI: every entry
/// point of the backends but the widest (avx2, whose SHA-256 and HASH160
/// then run on SHA-NI, swept over every count); the widest backend's
/// Keccak-256 entry points, which do not depend on SHA-256, and its
/// SHA-256 entry points at the spot count at HASH160's widths (with SHA-NI
/// its short SHA-256 tails take another path; [`simd_kernels_lanes_build`]
/// runs its kernels at every width and count). Natively (`cargo test`) it
/// runs on the backends and features this CPU has.
#[test]
fn simd_kernels_sha_ni_build() {
    let mut cx = Ctx::new();
    let (widest, others) = widest_and_others();
    if let Some(b) = widest {
        keccak256_and_eth_address(&mut cx, b);
        sha256_and_hash160(&mut cx, b, HASH160_WIDTHS, false);
        many(&mut cx, b, &[Alg::Keccak256, Alg::Sha256]);
    }
    for &b in &others {
        hash32(&mut cx, b);
        sha256_and_hash160(&mut cx, b, &widths(), true);
        sha256d_and_merkle(&mut cx, b);
        keccak256_and_eth_address(&mut cx, b);
        many(&mut cx, b, &[Alg::Ripemd160, Alg::Sha256, Alg::Hash160, Alg::Keccak256]);
    }
    finish(&cx);
}

/// `make miri-simd` runs this test in the build without SHA-NI, where the
/// lanes take all of SHA-256, tails included: the SHA-256 entry points of
/// every backend swept over every count, the widest backend's RIPEMD-160
/// entry points, and the AVX-512 SHA-256 kernel with two groups in flight
/// (Zen 5's, [`sha256_two_groups`]). Natively (`cargo test`) it runs on the
/// backends and features this CPU has.
#[test]
fn simd_kernels_lanes_build() {
    let mut cx = Ctx::new();
    let (widest, others) = widest_and_others();
    if let Some(b) = widest {
        hash32(&mut cx, b);
        sha256_and_hash160(&mut cx, b, &widths(), true);
        sha256d_and_merkle(&mut cx, b);
        many(&mut cx, b, &[Alg::Ripemd160, Alg::Sha256, Alg::Hash160]);
    }
    sha256_two_groups(&mut cx);
    for &b in &others {
        sha256_and_hash160(&mut cx, b, &widths(), true);
        sha256d_and_merkle(&mut cx, b);
        many(&mut cx, b, &[Alg::Sha256, Alg::Hash160]);
    }
    finish(&cx);
}
