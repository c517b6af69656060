//! Hashes on every backend this CPU has, in a thread with a small stack
//! (RMD160MB_DEPENDENT_STACK bytes, default 256 KiB), through the Rust API of
//! ripemd160mb built as a dependency in this crate's profile (debug, no
//! overrides), and checks every digest against the `ripemd` and `sha2`
//! crates. Exit status 1 on a wrong digest; a stack overflow aborts.

use ripemd::Digest as _;

fn oracle_rmd(m: &[u8]) -> [u8; 20] {
    ripemd::Ripemd160::digest(m).into()
}

fn oracle_sha(m: &[u8]) -> [u8; 32] {
    sha2::Sha256::digest(m).into()
}

/// Messages `n` of `width` bytes, distinct.
fn messages(n: usize, width: usize) -> Vec<u8> {
    (0..n * width).map(|i| (i.wrapping_mul(131) ^ (i >> 7)) as u8).collect()
}

fn check(backend: ripemd160mb::Backend) -> usize {
    let mut bad = 0;
    let name = backend.name();
    // Counts around the lane widths and a multi-chunk one.
    for n in [0usize, 1, 3, 8, 15, 16, 17, 33, 100, 1000] {
        let src32: Vec<[u8; 32]> = messages(n, 32).chunks_exact(32).map(|c| c.try_into().unwrap()).collect();
        let mut d = vec![[0u8; 20]; n];
        ripemd160mb::hash32_with(backend, &mut d, &src32);
        for (i, m) in src32.iter().enumerate() {
            if d[i] != oracle_rmd(m) {
                eprintln!("FAIL {name}: hash32 n={n} message {i}");
                bad += 1;
            }
        }
        for width in [0usize, 20, 33, 65, 100] {
            let src = messages(n, width);
            let mut h = vec![[0u8; 20]; n];
            ripemd160mb::hash160_with(backend, &mut h, &src, width);
            let mut s = vec![[0u8; 32]; n];
            ripemd160mb::sha256_with(backend, &mut s, &src, width);
            for i in 0..n {
                let m = &src[i * width..(i + 1) * width];
                if h[i] != oracle_rmd(&oracle_sha(m)) {
                    eprintln!("FAIL {name}: hash160 n={n} width={width} message {i}");
                    bad += 1;
                }
                if s[i] != oracle_sha(m) {
                    eprintln!("FAIL {name}: sha256 n={n} width={width} message {i}");
                    bad += 1;
                }
            }
        }
    }
    bad
}

fn main() {
    let stack: usize = std::env::var("RMD160MB_DEPENDENT_STACK")
        .ok()
        .map(|s| s.parse().expect("RMD160MB_DEPENDENT_STACK: a number of bytes"))
        .unwrap_or(256 * 1024);
    let mut failures = 0;
    for backend in ripemd160mb::Backend::available() {
        let bad = std::thread::Builder::new()
            .stack_size(stack)
            .spawn(move || check(backend))
            .expect("spawn")
            .join()
            .expect("the hashing thread panicked");
        println!("{} {}: hash32, hash160, sha256 on a {} KiB stack", if bad == 0 { "PASS" } else { "FAIL" }, backend.name(), stack / 1024);
        failures += bad;
    }
    if failures != 0 {
        std::process::exit(1);
    }
}
