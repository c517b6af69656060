//! Keccak-256 and Ethereum addresses over n = 4096 messages: every backend
//! this CPU has, against the `sha3` crate's `Keccak256` message by message
//! (the `baseline:` row) and, on x86_64, asmcrypto's 8-lane AVX-512
//! `keccak_batch::keccak256_batch`, all measured in the same run (compare
//! the ratios within one run: the machine may be shared).
//!
//! `cargo bench --bench keccak`; `make bench` prints all rows as one table
//! (bench/table.rs).
//!
//! Benchmark ids: group `keccak256-w64` (64-byte messages) /
//! `eth-address-w65` (uncompressed public keys, prefix checked) /
//! `eth-address-w64` (`X || Y`), function = backend name,
//! `asmcrypto-keccak256_batch` or `baseline:sha3-crate`, parameter = n.

mod common;

use common::ThreadCpuTime;
use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use ripemd160mb::{eth_address_with, keccak256_with, Backend, BACKEND_NAMES};
use sha3::Digest;

const N: usize = 4096;

fn backends() -> Vec<Backend> {
    BACKEND_NAMES.iter().filter_map(|name| Backend::by_name(name).ok()).collect()
}

fn bytes(width: usize, n: usize) -> Vec<u8> {
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    (0..width * n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x as u8
        })
        .collect()
}

fn keccak256_rows(c: &mut Criterion<ThreadCpuTime>) {
    let width = 64;
    let src = bytes(width, N);
    let mut g = c.benchmark_group(format!("keccak256-w{width}"));
    g.throughput(Throughput::Elements(N as u64));
    g.bench_function(BenchmarkId::new("baseline:sha3-crate", N), |b| {
        let mut dst = vec![[0u8; 32]; N];
        b.iter(|| {
            for (msg, out) in black_box(&src).chunks_exact(width).zip(dst.iter_mut()) {
                *out = sha3::Keccak256::digest(msg).into();
            }
            black_box(&dst);
        })
    });
    #[cfg(target_arch = "x86_64")]
    g.bench_function(BenchmarkId::new("asmcrypto-keccak256_batch", N), |b| {
        let mut dst = vec![[0u8; 32]; N];
        b.iter(|| {
            let src = black_box(&src);
            for (k, out) in dst.chunks_exact_mut(8).enumerate() {
                let msgs: [&[u8]; 8] = core::array::from_fn(|i| &src[(8 * k + i) * width..(8 * k + i + 1) * width]);
                out.copy_from_slice(&asmcrypto::keccak_batch::keccak256_batch(msgs));
            }
            black_box(&dst);
        })
    });
    for backend in backends() {
        g.bench_function(BenchmarkId::new(backend.name(), N), |b| {
            let mut dst = vec![[0u8; 32]; N];
            b.iter(|| keccak256_with(backend, black_box(&mut dst), black_box(&src), width))
        });
    }
    g.finish();
}

fn eth_address_rows(c: &mut Criterion<ThreadCpuTime>) {
    for width in [65usize, 64] {
        let mut src = bytes(width, N);
        if width == 65 {
            for key in src.chunks_exact_mut(65) {
                key[0] = 0x04;
            }
        }
        let mut g = c.benchmark_group(format!("eth-address-w{width}"));
        g.throughput(Throughput::Elements(N as u64));
        g.bench_function(BenchmarkId::new("baseline:sha3-crate", N), |b| {
            let mut dst = vec![[0u8; 20]; N];
            b.iter(|| {
                for (key, out) in black_box(&src).chunks_exact(width).zip(dst.iter_mut()) {
                    out.copy_from_slice(&sha3::Keccak256::digest(&key[width - 64..])[12..]);
                }
                black_box(&dst);
            })
        });
        for backend in backends() {
            g.bench_function(BenchmarkId::new(backend.name(), N), |b| {
                let mut dst = vec![[0u8; 20]; N];
                b.iter(|| eth_address_with(backend, black_box(&mut dst), black_box(&src), width).expect("valid keys"))
            });
        }
        g.finish();
    }
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = keccak256_rows, eth_address_rows
}
criterion_main!(benches);
