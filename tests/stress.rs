//! Concurrency: worker threads hash batches (hash32 and hash160, through the
//! Rust API on the current backend and through the C entry points) while
//! another thread keeps switching the process-wide backend with
//! `rmd160mb_set_backend` among every available name (and "auto", and names
//! that must be refused). Every digest must match the oracle, whatever
//! backend each call ran on. Bounded: a fixed number of rounds per worker.

mod common;
use common::{oracle_hash160, oracle_ripemd160, Rng};

use std::ffi::{CStr, CString};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;

use ripemd160mb::ffi::*;
use ripemd160mb::{Backend, BACKEND_NAMES};

const WORKERS: usize = 4;
const ROUNDS: usize = 150;

/// One prepared job: messages and their oracle digests.
struct Job {
    width: usize,
    msgs: Vec<u8>,
    want: Vec<[u8; 20]>,
}

fn jobs(seed: u64) -> Vec<Job> {
    let mut rng = Rng(seed);
    (0..16)
        .map(|j| {
            let n = [0, 1, 7, 16, 17, 33, 64, 65, 100][rng.below(9)] + j % 3;
            let width = if j % 2 == 0 { 32 } else { [0, 1, 20, 33, 65][rng.below(5)] };
            let msgs = rng.bytes(n * width);
            let want = (0..n)
                .map(|i| {
                    let m = &msgs[i * width..(i + 1) * width];
                    if j % 2 == 0 {
                        oracle_ripemd160(m)
                    } else {
                        oracle_hash160(m)
                    }
                })
                .collect();
            Job { width, msgs, want }
        })
        .collect()
}

fn worker(id: usize, seen: &[AtomicUsize], started: &AtomicBool) {
    let jobs = jobs(0x57e5_5000 + id as u64);
    while !started.load(Ordering::Acquire) {
        std::thread::yield_now();
    }
    for round in 0..ROUNDS {
        let job = &jobs[round % jobs.len()];
        let n = job.want.len();
        let hash32 = round % 2 == 0 && job.width == 32;
        let mut got = vec![[0u8; 20]; n];
        if hash32 {
            let msgs: Vec<[u8; 32]> = job.msgs.chunks(32).map(|c| c.try_into().unwrap()).collect();
            if round % 4 == 0 {
                ripemd160mb::hash32(&mut got, &msgs);
            } else {
                // SAFETY: 32n readable bytes, 20n writable.
                let status = unsafe { rmd160mb_hash32(got.as_mut_ptr().cast(), job.msgs.as_ptr(), n) };
                assert_eq!(status, RMD160MB_OK);
            }
        } else if job.width == 32 || round % 3 == 0 {
            // SAFETY: width*n readable bytes, 20n writable.
            let status = unsafe { rmd160mb_hash160(got.as_mut_ptr().cast(), job.msgs.as_ptr(), n, job.width) };
            assert_eq!(status, RMD160MB_OK);
        } else {
            ripemd160mb::hash160(&mut got, &job.msgs, job.width);
        }
        if job.width == 32 && !hash32 {
            // The job's oracle is RIPEMD-160; hash160 of the same bytes:
            for (i, g) in got.iter().enumerate() {
                assert_eq!(
                    *g,
                    oracle_hash160(&job.msgs[32 * i..32 * i + 32]),
                    "worker {id} round {round} hash160 message {i}"
                );
            }
        } else {
            assert_eq!(got, job.want, "worker {id} round {round} width {} n {n}", job.width);
        }
        // SAFETY: a static NUL-terminated string.
        let name = unsafe { CStr::from_ptr(rmd160mb_backend()) }.to_str().unwrap();
        let k = BACKEND_NAMES.iter().position(|&b| b == name).expect("rmd160mb_backend names a known backend");
        seen[k].fetch_add(1, Ordering::Relaxed);
        assert!([1, 4, 8, 16].contains(&rmd160mb_lanes()));
    }
}

#[test]
fn hashing_while_the_backend_switches() {
    let available = common::backends_or_notice();
    let mut names: Vec<CString> = available.iter().map(|b| CString::new(b.name()).unwrap()).collect();
    names.push(CString::new("auto").unwrap());
    let refused: Vec<CString> = BACKEND_NAMES
        .iter()
        .filter(|n| Backend::by_name(n).is_err())
        .chain(["", "AVX512", "sse9"].iter())
        .map(|n| CString::new(*n).unwrap())
        .collect();

    let done = Arc::new(AtomicBool::new(false));
    let started = Arc::new(AtomicBool::new(false));
    let seen: Arc<Vec<AtomicUsize>> = Arc::new(BACKEND_NAMES.iter().map(|_| AtomicUsize::new(0)).collect());
    let switches = {
        let done = Arc::clone(&done);
        let started = Arc::clone(&started);
        std::thread::spawn(move || {
            let mut k = 0usize;
            // Bounded even if a worker hangs: at most this many switches.
            while !done.load(Ordering::Relaxed) && k < 2_000_000 {
                started.store(true, Ordering::Release);
                let name = &names[k % names.len()];
                // SAFETY: NUL-terminated.
                assert_eq!(unsafe { rmd160mb_set_backend(name.as_ptr()) }, RMD160MB_OK, "{name:?}");
                let bad = &refused[k % refused.len()];
                // SAFETY: NUL-terminated.
                assert_eq!(unsafe { rmd160mb_set_backend(bad.as_ptr()) }, RMD160MB_ERR_BACKEND, "{bad:?}");
                k += 1;
                std::thread::yield_now();
            }
            k
        })
    };
    let workers: Vec<_> = (0..WORKERS)
        .map(|id| {
            let seen = Arc::clone(&seen);
            let started = Arc::clone(&started);
            std::thread::spawn(move || worker(id, &seen, &started))
        })
        .collect();
    let mut failure = None;
    for w in workers {
        if let Err(e) = w.join() {
            failure.get_or_insert(e);
        }
    }
    done.store(true, Ordering::Relaxed);
    let switched = switches.join().expect("switching thread");
    Backend::detect().make_current();
    if let Some(e) = failure {
        std::panic::resume_unwind(e);
    }
    let seen: Vec<String> =
        BACKEND_NAMES.iter().zip(seen.iter()).map(|(n, c)| format!("{n}: {}", c.load(Ordering::Relaxed))).collect();
    eprintln!("{switched} backend switches; rounds observed per backend: {}", seen.join(", "));
    assert!(switched > 0, "the backend never switched");
}
