//! `rmd160mb bench`: per backend, ns per message and M messages/s for
//! RIPEMD-160 of 32-byte messages, HASH160 of 33- and 65-byte keys and
//! SHA-256 of 32- and 64-byte messages (64: merkle nodes), Keccak-256 of
//! 32-byte messages, Ethereum addresses of
//! 64-byte keys, double SHA-256 of 64- and 80-byte messages and the merkle
//! root of 4096 leaves (ns per leaf), beside the one-at-a-time `ripemd`,
//! `sha2` and `sha3` crates measured in the same run (for the merkle root,
//! a level-by-level loop of `sha2` calls), plus all-cores throughput.

use std::hint::black_box;
use std::io::{self, Write};
use std::time::{Duration, Instant};

use ripemd::Digest as _;
use ripemd160mb::Backend;

use crate::BenchArgs;

/// Messages per batch call.
const BATCH: usize = 4096;

#[derive(Clone, Copy)]
enum Op {
    Rmd32,
    Hash160(usize),
    /// SHA-256 of messages of this width.
    Sha256(usize),
    Keccak256,
    /// Ethereum addresses of 64-byte keys (X || Y).
    EthAddress,
    /// Double SHA-256 of messages of this width.
    Sha256d(usize),
    /// The merkle root of BATCH leaves (a message is a leaf).
    Merkle,
}

impl Op {
    fn label(self) -> String {
        match self {
            Op::Rmd32 => "ripemd160-32".into(),
            Op::Hash160(w) => format!("hash160-{w}"),
            Op::Sha256(w) => format!("sha256-{w}"),
            Op::Keccak256 => "keccak256-32".into(),
            Op::EthAddress => "eth-address-64".into(),
            Op::Sha256d(w) => format!("sha256d-{w}"),
            Op::Merkle => format!("merkle-{BATCH}"),
        }
    }
    fn width(self) -> usize {
        match self {
            Op::Hash160(w) | Op::Sha256(w) | Op::Sha256d(w) => w,
            Op::EthAddress => 64,
            _ => 32,
        }
    }
}

/// Deterministic message bytes.
fn messages(n: usize, width: usize) -> Vec<u8> {
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    (0..n * width)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x as u8
        })
        .collect()
}

/// One batch of BATCH messages with `backend` (None: the one-at-a-time crates).
fn run_batch(op: Op, backend: Option<Backend>, src: &[u8], d20: &mut [[u8; 20]], d32: &mut [[u8; 32]]) {
    let w = op.width();
    match (op, backend) {
        (Op::Rmd32, Some(b)) => ripemd160mb::hash32_with(b, d20, src.as_chunks::<32>().0),
        (Op::Hash160(_), Some(b)) => ripemd160mb::hash160_with(b, d20, src, w),
        (Op::Sha256(_), Some(b)) => ripemd160mb::sha256_with(b, d32, src, w),
        (Op::Keccak256, Some(b)) => ripemd160mb::keccak256_with(b, d32, src, w),
        (Op::EthAddress, Some(b)) => {
            let _ = ripemd160mb::eth_address_with(b, d20, src, w);
        }
        (Op::Sha256d(_), Some(b)) => ripemd160mb::sha256d_with(b, d32, src, w),
        (Op::Merkle, Some(b)) => d32[0] = ripemd160mb::merkle_root_with(b, src.as_chunks::<32>().0).0,
        (Op::Rmd32, None) => {
            for (d, m) in d20.iter_mut().zip(src.chunks_exact(w)) {
                d.copy_from_slice(&ripemd::Ripemd160::digest(m));
            }
        }
        (Op::Hash160(_), None) => {
            for (d, m) in d20.iter_mut().zip(src.chunks_exact(w)) {
                d.copy_from_slice(&ripemd::Ripemd160::digest(sha2::Sha256::digest(m)));
            }
        }
        (Op::Sha256(_), None) => {
            for (d, m) in d32.iter_mut().zip(src.chunks_exact(w)) {
                d.copy_from_slice(&sha2::Sha256::digest(m));
            }
        }
        (Op::Keccak256, None) => {
            for (d, m) in d32.iter_mut().zip(src.chunks_exact(w)) {
                d.copy_from_slice(&sha3::Keccak256::digest(m));
            }
        }
        (Op::EthAddress, None) => {
            for (d, m) in d20.iter_mut().zip(src.chunks_exact(w)) {
                d.copy_from_slice(&sha3::Keccak256::digest(m)[12..]);
            }
        }
        (Op::Sha256d(_), None) => {
            for (d, m) in d32.iter_mut().zip(src.chunks_exact(w)) {
                d.copy_from_slice(&sha2::Sha256::digest(sha2::Sha256::digest(m)));
            }
        }
        (Op::Merkle, None) => {
            // Level by level in d32: node k of the next level is
            // SHA256D(node 2k || node 2k+1), an odd level's last node
            // paired with itself.
            for (d, m) in d32.iter_mut().zip(src.chunks_exact(32)) {
                d.copy_from_slice(m);
            }
            let mut n = d32.len();
            while n > 1 {
                for k in 0..n.div_ceil(2) {
                    let right = d32[(2 * k + 1).min(n - 1)];
                    let first = sha2::Sha256::new().chain_update(d32[2 * k]).chain_update(right).finalize();
                    d32[k].copy_from_slice(&sha2::Sha256::digest(first));
                }
                n = n.div_ceil(2);
            }
        }
    }
    black_box((&d20, &d32));
}

/// Messages per second over about `time` (best of a few rounds).
fn measure(op: Op, backend: Option<Backend>, time: Duration) -> f64 {
    let src = messages(BATCH, op.width());
    let mut d20 = vec![[0u8; 20]; BATCH];
    let mut d32 = vec![[0u8; 32]; BATCH];
    run_batch(op, backend, &src, &mut d20, &mut d32);
    let rounds = 5;
    let mut best = 0f64;
    for _ in 0..rounds {
        let start = Instant::now();
        let mut n = 0usize;
        while start.elapsed() < time / rounds {
            run_batch(op, backend, black_box(&src), &mut d20, &mut d32);
            n += BATCH;
        }
        best = best.max(n as f64 / start.elapsed().as_secs_f64());
    }
    best
}

/// All threads at once, each on its own batch; total messages per second.
fn measure_all(op: Op, backend: Backend, threads: usize, time: Duration) -> f64 {
    let total: usize = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                s.spawn(move || {
                    let src = messages(BATCH, op.width());
                    let mut d20 = vec![[0u8; 20]; BATCH];
                    let mut d32 = vec![[0u8; 32]; BATCH];
                    let start = Instant::now();
                    let mut n = 0usize;
                    while start.elapsed() < time {
                        run_batch(op, Some(backend), black_box(&src), &mut d20, &mut d32);
                        n += BATCH;
                    }
                    n as f64 / start.elapsed().as_secs_f64()
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap_or(0.0) as usize).sum()
    });
    total as f64
}

pub fn run(a: BenchArgs) -> io::Result<u8> {
    let time = Duration::from_millis(a.time_ms.max(1));
    let threads = a.threads.get();
    let ops = [
        Op::Rmd32,
        Op::Hash160(33),
        Op::Hash160(65),
        Op::Sha256(32),
        Op::Sha256(64),
        Op::Keccak256,
        Op::EthAddress,
        Op::Sha256d(64),
        Op::Sha256d(80),
        Op::Merkle,
    ];
    let mut rows: Vec<(String, Vec<f64>)> = Vec::new();
    rows.push(("baseline".into(), ops.iter().map(|&op| measure(op, None, time)).collect()));
    for b in Backend::available() {
        rows.push((b.name().into(), ops.iter().map(|&op| measure(op, Some(b), time)).collect()));
    }
    let best = Backend::current();
    let all: Vec<f64> = ops.iter().map(|&op| measure_all(op, best, threads, time)).collect();
    let all_label = format!("{}x{threads}", best.name());

    if a.json {
        let row = |name: &str, v: &[f64]| {
            let cells: Vec<String> = ops
                .iter()
                .zip(v)
                .map(|(op, r)| {
                    format!("\"{}\":{{\"ns_per_msg\":{:.3},\"mmsg_per_s\":{:.3}}}", op.label(), 1e9 / r, r / 1e6)
                })
                .collect();
            format!("{{\"backend\":\"{name}\",{}}}", cells.join(","))
        };
        let body: Vec<String> = rows.iter().map(|(n, v)| row(n, v)).collect();
        let mut out = io::stdout().lock();
        writeln!(
            out,
            "{{\"rows\":[{}],\"all_cores\":{{\"threads\":{threads},{}}}}}",
            body.join(","),
            &row(&all_label, &all)[1..row(&all_label, &all).len() - 1]
        )?;
        return Ok(0);
    }
    let mut out = io::stdout().lock();
    let thread_s = if threads == 1 { "thread" } else { "threads" };
    write!(out, "{:<14}", "ns/msg (M/s)")?;
    for op in ops {
        write!(out, " {:>20}", op.label())?;
    }
    writeln!(out)?;
    for (name, v) in rows.iter().chain(std::iter::once(&(all_label.clone(), all.clone()))) {
        write!(out, "{:<14}", name)?;
        for r in v {
            write!(out, " {:>20}", format!("{:.2} ({:.1})", 1e9 / r, r / 1e6))?;
        }
        writeln!(out)?;
    }
    writeln!(
        out,
        "baseline: the ripemd, sha2 and sha3 crates one message at a time (merkle: level by level); {all_label}: {threads} {thread_s}, total (ns/msg = 1/throughput)"
    )?;
    writeln!(out, "merkle-{BATCH}: one root of {BATCH} leaves a call; ns and M per leaf")?;
    Ok(0)
}
