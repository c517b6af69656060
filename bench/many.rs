//! Batches of messages of different lengths through the C entry points
//! `rmd160mb_sum_many` and `rmd160mb_hash160_many` (n = 4096), every backend
//! this CPU supports, each group against its baseline measured in the same
//! run:
//! - `many-rmd160-len0-256`: lengths uniform in 0..=256 (fixed seed) against
//!   the `ripemd` crate one message at a time;
//! - `many-rmd160-len32`: all 32 bytes, against `rmd160mb_hash32` on the
//!   same messages packed contiguously (current backend: the fastest);
//! - `many-hash160-len33-65`: a 50/50 mix of 33- and 65-byte keys against
//!   the `sha2` + `ripemd` chain one key at a time.
//!
//! Benchmark ids: group as above, function = backend name or
//! `baseline:...`, parameter = n. `make bench` prints the table.

mod common;

use common::ThreadCpuTime;
use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use ripemd::Digest as _;
use ripemd160mb::ffi::{rmd160mb_hash160_many, rmd160mb_hash32, rmd160mb_sum_many, RMD160MB_OK};
use ripemd160mb::{Backend, BACKEND_NAMES};

const N: usize = 4096;

fn backends() -> Vec<Backend> {
    BACKEND_NAMES.iter().filter_map(|name| Backend::by_name(name).ok()).collect()
}

/// xorshift64 with a fixed seed.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// `N` messages whose lengths `len(rng)` picks, each its own allocation.
fn messages(seed: u64, mut len: impl FnMut(&mut Rng) -> usize) -> Vec<Vec<u8>> {
    let mut rng = Rng(seed);
    (0..N)
        .map(|_| {
            let l = len(&mut rng);
            (0..l).map(|_| rng.next() as u8).collect()
        })
        .collect()
}

/// Times `f` per backend, each made the process-wide one first.
fn per_backend(g: &mut criterion::BenchmarkGroup<'_, ThreadCpuTime>, mut f: impl FnMut()) {
    for backend in backends() {
        backend.make_current();
        g.bench_function(BenchmarkId::new(backend.name(), N), |b| b.iter(&mut f));
    }
    Backend::detect().make_current();
}

fn many(c: &mut Criterion<ThreadCpuTime>) {
    // Lengths uniform in 0..=256.
    {
        let msgs = messages(0x5eed_0256, |r| (r.next() % 257) as usize);
        let ptrs: Vec<*const u8> = msgs.iter().map(|m| m.as_ptr()).collect();
        let lens: Vec<usize> = msgs.iter().map(Vec::len).collect();
        let mut dst = vec![[0u8; 20]; N];
        let mut g = c.benchmark_group("many-rmd160-len0-256");
        g.throughput(Throughput::Elements(N as u64));
        g.bench_function(BenchmarkId::new("baseline:ripemd-crate", N), |b| {
            b.iter(|| {
                for (m, o) in black_box(&msgs).iter().zip(dst.iter_mut()) {
                    *o = ripemd::Ripemd160::digest(m).into();
                }
            })
        });
        per_backend(&mut g, || {
            // SAFETY: N messages, N lengths, 20N bytes of dst.
            let s = unsafe { rmd160mb_sum_many(dst.as_mut_ptr().cast(), ptrs.as_ptr(), lens.as_ptr(), N) };
            assert_eq!(s, RMD160MB_OK);
        });
        g.finish();
    }
    // All 32 bytes, against hash32 on the same messages.
    {
        let msgs = messages(0x5eed_0032, |_| 32);
        let packed: Vec<u8> = msgs.concat();
        let ptrs: Vec<*const u8> = msgs.iter().map(|m| m.as_ptr()).collect();
        let lens: Vec<usize> = msgs.iter().map(Vec::len).collect();
        let mut dst = vec![[0u8; 20]; N];
        let mut g = c.benchmark_group("many-rmd160-len32");
        g.throughput(Throughput::Elements(N as u64));
        g.bench_function(BenchmarkId::new("baseline:rmd160mb_hash32", N), |b| {
            b.iter(|| {
                // SAFETY: 32N bytes in, 20N out.
                let s = unsafe { rmd160mb_hash32(dst.as_mut_ptr().cast(), black_box(packed.as_ptr()), N) };
                assert_eq!(s, RMD160MB_OK);
            })
        });
        per_backend(&mut g, || {
            // SAFETY: N messages, N lengths, 20N bytes of dst.
            let s = unsafe { rmd160mb_sum_many(dst.as_mut_ptr().cast(), ptrs.as_ptr(), lens.as_ptr(), N) };
            assert_eq!(s, RMD160MB_OK);
        });
        g.finish();
    }
    // 33- and 65-byte keys, 50/50, HASH160.
    {
        let msgs = messages(0x5eed_3365, |r| if r.next() & 1 == 0 { 33 } else { 65 });
        let ptrs: Vec<*const u8> = msgs.iter().map(|m| m.as_ptr()).collect();
        let lens: Vec<usize> = msgs.iter().map(Vec::len).collect();
        let mut dst = vec![[0u8; 20]; N];
        let mut g = c.benchmark_group("many-hash160-len33-65");
        g.throughput(Throughput::Elements(N as u64));
        g.bench_function(BenchmarkId::new("baseline:sha2+ripemd-chain", N), |b| {
            b.iter(|| {
                for (m, o) in black_box(&msgs).iter().zip(dst.iter_mut()) {
                    let sha: [u8; 32] = <sha2::Sha256 as sha2::Digest>::digest(m).into();
                    *o = ripemd::Ripemd160::digest(sha).into();
                }
            })
        });
        per_backend(&mut g, || {
            // SAFETY: N messages, N lengths, 20N bytes of dst.
            let s = unsafe { rmd160mb_hash160_many(dst.as_mut_ptr().cast(), ptrs.as_ptr(), lens.as_ptr(), N) };
            assert_eq!(s, RMD160MB_OK);
        });
        g.finish();
    }
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = many
}
criterion_main!(benches);
