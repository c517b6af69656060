//! SHA-256 and HASH160 over n = 4096 public keys (widths 33 and 65): every
//! backend this CPU has, against the `sha2` crate message by message and
//! the `sha2` + `ripemd` chain, all measured in the same run (compare the
//! ratios within one run: the machine may be shared).
//!
//! `cargo bench --bench sha256`; `-- remainder` for the partial-group rows
//! (n = 1..lanes) that set where the kernels hand the tail to `sha2`.
//!
//! `RMD160MB_BENCH_MIN=1 cargo bench --bench sha256` prints instead a table
//! of the fastest of many interleaved runs per row, and the ratios: on a
//! loaded machine the minimum is far steadier than criterion's mean.

use criterion::{black_box, criterion_group, BenchmarkId, Criterion, Throughput};
use ripemd160mb::{hash160_with, hash32_with, sha256_with, Backend, BACKEND_NAMES};
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

fn sha256_rows(c: &mut Criterion) {
    for width in [33usize, 65] {
        let src = keys(width, N);
        let mut g = c.benchmark_group(format!("sha256/w{width}"));
        g.throughput(Throughput::Elements(N as u64));
        g.bench_function("sha2-crate-loop", |b| {
            let mut dst = vec![[0u8; 32]; N];
            b.iter(|| {
                for (msg, out) in black_box(&src).chunks_exact(width).zip(dst.iter_mut()) {
                    *out = sha2::Sha256::digest(msg).into();
                }
                black_box(&dst);
            })
        });
        for backend in backends() {
            g.bench_function(BenchmarkId::new("rmd160mb", backend.name()), |b| {
                let mut dst = vec![[0u8; 32]; N];
                b.iter(|| sha256_with(backend, black_box(&mut dst), black_box(&src), width))
            });
        }
        g.finish();
    }
}

fn hash160_rows(c: &mut Criterion) {
    for width in [33usize, 65] {
        let src = keys(width, N);
        let mut g = c.benchmark_group(format!("hash160/w{width}"));
        g.throughput(Throughput::Elements(N as u64));
        g.bench_function("sha2+ripemd-chain", |b| {
            let mut dst = vec![[0u8; 20]; N];
            b.iter(|| {
                for (msg, out) in black_box(&src).chunks_exact(width).zip(dst.iter_mut()) {
                    *out = ripemd::Ripemd160::digest(sha2::Sha256::digest(msg)).into();
                }
                black_box(&dst);
            })
        });
        for backend in backends() {
            g.bench_function(BenchmarkId::new("rmd160mb", backend.name()), |b| {
                let mut dst = vec![[0u8; 20]; N];
                b.iter(|| hash160_with(backend, black_box(&mut dst), black_box(&src), width))
            });
        }
        g.finish();
    }
}

/// Small batches (one partial group): where lanes stop paying off.
fn remainder_rows(c: &mut Criterion) {
    for width in [33usize, 65, 200] {
        let src = keys(width, 16);
        let mut g = c.benchmark_group(format!("remainder/w{width}"));
        for n in [1usize, 2, 3, 4, 5, 6, 8, 12, 16] {
            g.bench_function(BenchmarkId::new("sha2-crate-loop", n), |b| {
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
    config = Criterion::default().sample_size(20).warm_up_time(std::time::Duration::from_millis(300)).measurement_time(std::time::Duration::from_secs(1));
    targets = sha256_rows, hash160_rows, remainder_rows
}
/// The fastest of `reps` runs of `f`, in nanoseconds per message.
fn min_ns(n: usize, reps: usize, mut f: impl FnMut()) -> f64 {
    let mut best = f64::INFINITY;
    for _ in 0..reps {
        let t = std::time::Instant::now();
        f();
        best = best.min(t.elapsed().as_nanos() as f64);
    }
    best / n as f64
}

/// The minimum-time table (RMD160MB_BENCH_MIN=1): rows interleaved round
/// after round, so that load changes hit every row alike.
///
/// `RMD160MB_BENCH_ONLY=<substring>` runs only the matching rows, `=w33`
/// only width 33 (for `perf stat -e cycles:u`: cycles per message are then
/// cycles / (90 * 4096 * rows), whatever the machine's load).
fn min_table() {
    let rounds = 30;
    let only = std::env::var("RMD160MB_BENCH_ONLY").unwrap_or_default();
    let run = |name: &str, width: usize| only.is_empty() || name.contains(&only) || only == format!("w{width}");
    for width in [33usize, 65] {
        let src = keys(width, N);
        let mut d32 = vec![[0u8; 32]; N];
        let mut d20 = vec![[0u8; 20]; N];
        let mut rows: Vec<(String, f64)> = Vec::new();
        let mut names = vec!["sha256 sha2-crate-loop".to_string(), "hash160 sha2+ripemd-chain".to_string()];
        for b in backends() {
            names.push(format!("sha256 rmd160mb/{}", b.name()));
            names.push(format!("hash160 rmd160mb/{}", b.name()));
        }
        let mut best = vec![f64::INFINITY; names.len()];
        for _ in 0..rounds {
            if run(&names[0], width) {
            best[0] = best[0].min(min_ns(N, 3, || {
                for (msg, out) in black_box(&src).chunks_exact(width).zip(d32.iter_mut()) {
                    *out = sha2::Sha256::digest(msg).into();
                }
                black_box(&d32);
            }));
            }
            if run(&names[1], width) {
            best[1] = best[1].min(min_ns(N, 3, || {
                for (msg, out) in black_box(&src).chunks_exact(width).zip(d20.iter_mut()) {
                    *out = ripemd::Ripemd160::digest(sha2::Sha256::digest(msg)).into();
                }
                black_box(&d20);
            }));
            }
            for (k, b) in backends().into_iter().enumerate() {
                if run(&names[2 + 2 * k], width) {
                    best[2 + 2 * k] = best[2 + 2 * k].min(min_ns(N, 3, || sha256_with(b, black_box(&mut d32), black_box(&src), width)));
                }
                if run(&names[3 + 2 * k], width) {
                    best[3 + 2 * k] = best[3 + 2 * k].min(min_ns(N, 3, || hash160_with(b, black_box(&mut d20), black_box(&src), width)));
                }
            }
        }
        for (name, ns) in names.into_iter().zip(best) {
            rows.push((name, ns));
        }
        // The RIPEMD-160 half of HASH160 alone (32-byte messages), to show
        // what the fused pipeline adds up.
        if width == 33 {
            let msgs: Vec<[u8; 32]> = src.chunks(33).map(|c| c[..32].try_into().unwrap()).collect();
            for b in backends() {
                let name = format!("ripemd160 hash32 rmd160mb/{}", b.name());
                if run(&name, width) {
                    let ns = (0..rounds).map(|_| min_ns(N, 3, || hash32_with(b, black_box(&mut d20), black_box(&msgs)))).fold(f64::INFINITY, f64::min);
                    rows.push((name, ns));
                }
            }
        }
        println!("width {width}, n = {N}: fastest of {rounds}x3 runs, ns per message (ratio = baseline / row)");
        for (name, ns) in rows.iter().filter(|r| r.1.is_finite()) {
            let base = if name.starts_with("sha256") { rows[0].1 } else if name.starts_with("hash160") { rows[1].1 } else { *ns };
            println!("  {name:<32} {ns:8.1} ns  {:5.2}x", base / ns);
        }
    }
}

fn main() {
    if std::env::var_os("RMD160MB_BENCH_MIN").is_some() {
        min_table();
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
