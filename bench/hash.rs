//! Criterion benchmarks of the RIPEMD-160 batch function on 32-byte
//! messages, every backend this CPU supports, against the RustCrypto
//! `ripemd` crate hashing the same messages one by one (the baseline,
//! measured in the same run). `make bench` prints the table from these.
//!
//! Benchmark ids: group `hash32`, function = backend name or
//! `baseline:ripemd-crate`, parameter = n (messages per call).

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use ripemd::Digest;
use ripemd160mb::{hash32_with, Backend, BACKEND_NAMES};

const COUNTS: [usize; 5] = [1, 4, 16, 64, 4096];

fn messages(n: usize) -> Vec<[u8; 32]> {
    (0..n).map(|i| core::array::from_fn(|j| (i * 31 + j * 7) as u8)).collect()
}

fn hash32(c: &mut Criterion) {
    let mut group = c.benchmark_group("hash32");
    for n in COUNTS {
        let msgs = messages(n);
        let mut out = vec![[0u8; 20]; n];
        group.throughput(Throughput::Elements(n as u64));
        group.bench_with_input(BenchmarkId::new("baseline:ripemd-crate", n), &msgs, |b, msgs| {
            b.iter(|| {
                for (m, o) in msgs.iter().zip(out.iter_mut()) {
                    *o = ripemd::Ripemd160::digest(black_box(m)).into();
                }
            })
        });
        for name in BACKEND_NAMES {
            let Ok(backend) = Backend::by_name(name) else {
                eprintln!("NOTICE: backend {name} not available on this CPU: not measured");
                continue;
            };
            group.bench_with_input(BenchmarkId::new(name, n), &msgs, |b, msgs| {
                b.iter(|| hash32_with(backend, black_box(&mut out), black_box(msgs)))
            });
        }
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(std::time::Duration::from_millis(500))
        .measurement_time(std::time::Duration::from_secs(2));
    targets = hash32
}
criterion_main!(benches);
