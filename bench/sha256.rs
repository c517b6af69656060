//! SHA-256 and HASH160 over n = 4096 public keys (widths 33 and 65), SHA-256
//! of 4096 merkle nodes (64 bytes; on AVX-512 both ways its kernel set can
//! run them), Bitcoin's double SHA-256 of 4096 merkle nodes and block
//! headers (80 bytes) and the merkle root of 4096 leaves: every backend this
//! CPU has, against the `sha2` crate message by message (and the `sha2` +
//! `ripemd` chain), all measured in the same run (compare the ratios within
//! one run: the machine may be shared).
//!
//! `cargo bench --bench sha256`; `-- remainder` for the partial-group rows
//! (n = 1..lanes) that set where the kernels hand the tail to `sha2`.
//! `make bench` prints all rows as one table (bench/table.rs).
//!
//! Benchmark ids: group `sha256-w<width>` / `hash160-w<width>` /
//! `sha256d-w<width>` / `merkle-root` (ns per leaf) / `remainder-w<width>`,
//! function = backend name, `baseline:...`, or at width 64
//! `avx512:one-group` / `avx512:two-groups` (the AVX-512 kernel set's two
//! SHA-256 variants), parameter = n (messages or leaves per call).

mod common;

use common::ThreadCpuTime;
use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use ripemd160mb::{hash160_with, merkle_root_with, sha256_with, sha256d_with, Backend, BACKEND_NAMES};
use sha2::Digest;

const N: usize = 4096;

fn backends() -> Vec<Backend> {
    BACKEND_NAMES.iter().filter_map(|name| Backend::by_name(name).ok()).collect()
}

fn keys(width: usize, n: usize) -> Vec<u8> {
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

/// SHA-256 of public keys (33 and 65 bytes) and of merkle nodes (64 bytes;
/// hashtree's case): every backend, and at 64 bytes the AVX-512 kernel
/// set's two variants side by side where this CPU has AVX-512 (one group
/// of 16 at a time, as Intel runs it; two in flight, as AMD Zen 5 does:
/// `docs/PERFORMANCE.md`, "Two SHA-256 groups in flight").
fn sha256_rows(c: &mut Criterion<ThreadCpuTime>) {
    use ripemd160mb::internals::{sha256_avx512_one_group, sha256_avx512_two_groups};
    type Variant = fn(&mut [[u8; 32]], &[u8], usize) -> bool;
    let variants: [(&str, Variant); 2] =
        [("avx512:one-group", sha256_avx512_one_group), ("avx512:two-groups", sha256_avx512_two_groups)];
    for width in [33usize, 64, 65] {
        let src = keys(width, N);
        let mut g = c.benchmark_group(format!("sha256-w{width}"));
        g.throughput(Throughput::Elements(N as u64));
        g.bench_function(BenchmarkId::new("baseline:sha2-crate", N), |b| {
            let mut dst = vec![[0u8; 32]; N];
            b.iter(|| {
                for (msg, out) in black_box(&src).chunks_exact(width).zip(dst.iter_mut()) {
                    *out = sha2::Sha256::digest(msg).into();
                }
                black_box(&dst);
            })
        });
        for backend in backends() {
            g.bench_function(BenchmarkId::new(backend.name(), N), |b| {
                let mut dst = vec![[0u8; 32]; N];
                b.iter(|| sha256_with(backend, black_box(&mut dst), black_box(&src), width))
            });
        }
        for (name, variant) in variants.into_iter().filter(|_| width == 64) {
            let mut dst = vec![[0u8; 32]; N];
            if !variant(&mut dst, &src, width) {
                continue;
            }
            g.bench_function(BenchmarkId::new(name, N), |b| {
                b.iter(|| assert!(variant(black_box(&mut dst), black_box(&src), width)))
            });
        }
        g.finish();
    }
}

fn hash160_rows(c: &mut Criterion<ThreadCpuTime>) {
    for width in [33usize, 65] {
        let src = keys(width, N);
        let mut g = c.benchmark_group(format!("hash160-w{width}"));
        g.throughput(Throughput::Elements(N as u64));
        g.bench_function(BenchmarkId::new("baseline:sha2+ripemd-chain", N), |b| {
            let mut dst = vec![[0u8; 20]; N];
            b.iter(|| {
                for (msg, out) in black_box(&src).chunks_exact(width).zip(dst.iter_mut()) {
                    *out = ripemd::Ripemd160::digest(sha2::Sha256::digest(msg)).into();
                }
                black_box(&dst);
            })
        });
        for backend in backends() {
            g.bench_function(BenchmarkId::new(backend.name(), N), |b| {
                let mut dst = vec![[0u8; 20]; N];
                b.iter(|| hash160_with(backend, black_box(&mut dst), black_box(&src), width))
            });
        }
        g.finish();
    }
}

/// Double SHA-256 of one message with the `sha2` crate: the baselines.
fn sha256d_sha2(msg: &[u8]) -> [u8; 32] {
    sha2::Sha256::digest(sha2::Sha256::digest(msg)).into()
}

fn sha256d_rows(c: &mut Criterion<ThreadCpuTime>) {
    for width in [64usize, 80] {
        let src = keys(width, N);
        let mut g = c.benchmark_group(format!("sha256d-w{width}"));
        g.throughput(Throughput::Elements(N as u64));
        g.bench_function(BenchmarkId::new("baseline:sha2-crate-twice", N), |b| {
            let mut dst = vec![[0u8; 32]; N];
            b.iter(|| {
                for (msg, out) in black_box(&src).chunks_exact(width).zip(dst.iter_mut()) {
                    *out = sha256d_sha2(msg);
                }
                black_box(&dst);
            })
        });
        for backend in backends() {
            g.bench_function(BenchmarkId::new(backend.name(), N), |b| {
                let mut dst = vec![[0u8; 32]; N];
                b.iter(|| sha256d_with(backend, black_box(&mut dst), black_box(&src), width))
            });
        }
        g.finish();
    }
}

/// The merkle root of N leaves, ns per leaf. The baseline reduces level by
/// level with the `sha2` crate (the last node paired with itself on an odd
/// level, as Bitcoin Core's `ComputeMerkleRoot`).
fn merkle_rows(c: &mut Criterion<ThreadCpuTime>) {
    let leaves: Vec<[u8; 32]> = keys(32, N).as_chunks::<32>().0.to_vec();
    let mut g = c.benchmark_group("merkle-root");
    g.throughput(Throughput::Elements(N as u64));
    g.bench_function(BenchmarkId::new("baseline:sha2-crate-levels", N), |b| {
        let mut level = Vec::with_capacity(N);
        b.iter(|| {
            level.clear();
            level.extend_from_slice(black_box(&leaves));
            while level.len() > 1 {
                if level.len() % 2 == 1 {
                    level.push(level[level.len() - 1]);
                }
                let next: Vec<[u8; 32]> = level.as_flattened().chunks_exact(64).map(sha256d_sha2).collect();
                level = next;
            }
            black_box(&level);
        })
    });
    for backend in backends() {
        g.bench_function(BenchmarkId::new(backend.name(), N), |b| {
            b.iter(|| merkle_root_with(backend, black_box(&leaves)))
        });
    }
    g.finish();
}

/// Small batches (one partial group): where lanes stop paying off.
fn remainder_rows(c: &mut Criterion<ThreadCpuTime>) {
    for width in [33usize, 65, 200] {
        let src = keys(width, 16);
        let mut g = c.benchmark_group(format!("remainder-w{width}"));
        for n in [1usize, 2, 3, 4, 5, 6, 8, 12, 16] {
            g.bench_function(BenchmarkId::new("baseline:sha2-crate", n), |b| {
                let mut dst = vec![[0u8; 32]; n];
                b.iter(|| {
                    for (msg, out) in black_box(&src).chunks_exact(width).zip(dst.iter_mut()) {
                        *out = sha2::Sha256::digest(msg).into();
                    }
                    black_box(&dst);
                })
            });
            for backend in backends().into_iter().filter(|b| b.lanes() >= n && b.lanes() > 1) {
                g.bench_function(BenchmarkId::new(backend.name(), n), |b| {
                    let mut dst = vec![[0u8; 32]; n];
                    b.iter(|| sha256_with(backend, black_box(&mut dst), black_box(&src[..n * width]), width))
                });
            }
        }
        g.finish();
    }
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = sha256_rows, hash160_rows, sha256d_rows, merkle_rows, remainder_rows
}
criterion_main!(benches);
