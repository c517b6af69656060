//! `rmd160mb backends`: what this build has, what this CPU runs, what is
//! chosen and why.

use ripemd160mb::{Backend, BackendError, BACKEND_NAMES};

/// The backends compiled into the library for this target (the library's
/// own `cfg`s: x86_64 has AVX2 and AVX-512, little-endian aarch64 NEON).
fn in_build(name: &str) -> bool {
    match name {
        "scalar" => true,
        "avx2" | "avx512" => cfg!(target_arch = "x86_64"),
        "neon" => cfg!(all(target_arch = "aarch64", target_endian = "little", target_feature = "neon")),
        _ => false,
    }
}

/// Lanes of a backend this CPU cannot run (the API reports lanes only for
/// backends it can obtain).
fn nominal_lanes(name: &str) -> usize {
    match name {
        "avx2" => 8,
        "avx512" => 16,
        "neon" => 4,
        _ => 1,
    }
}

pub fn run() -> u8 {
    let current = Backend::current();
    let detected = Backend::detect();
    println!("{:<8} {:<10} {:<9} {:>5}  {:<8}", "backend", "this build", "this CPU", "lanes", "SHA-256");
    for name in BACKEND_NAMES {
        let built = in_build(name);
        let (runs, lanes, sha256) = match Backend::by_name(name) {
            Ok(b) => (true, b.lanes(), b.sha256_kernel()),
            Err(_) => (false, nominal_lanes(name), "-"),
        };
        let mark = if runs && Backend::by_name(name).ok() == Some(current) { "  <- chosen" } else { "" };
        println!(
            "{:<8} {:<10} {:<9} {:>5}  {:<8}{mark}",
            name,
            if built { "yes" } else { "no" },
            if runs { "yes" } else { "no" },
            lanes,
            sha256
        );
    }
    let why = match std::env::var("RMD160MB_FORCE") {
        Ok(v) => match Backend::by_name(&v) {
            Ok(b) if b == current => format!("RMD160MB_FORCE={v}"),
            Ok(_) => format!("RMD160MB_FORCE={v} was overridden by the program"),
            Err(BackendError::Unknown) => {
                format!("RMD160MB_FORCE={v} ignored (unknown backend name); the fastest this CPU supports")
            }
            Err(BackendError::Unavailable) => format!(
                "RMD160MB_FORCE={v} ignored (not supported by this build or CPU); the fastest this CPU supports"
            ),
        },
        Err(_) => "the fastest this CPU supports (RMD160MB_FORCE not set)".to_string(),
    };
    println!("chosen: {} ({} lanes): {why}", current.name(), current.lanes());
    if current.sha256_kernel() != current.name() {
        println!(
            "SHA-256 and HASH160's first half: {} (the library's policy runs them on the CPU's SHA extensions rather than {}'s lanes)",
            current.sha256_kernel(),
            current.name()
        );
    }
    if current != detected {
        println!("detected: {}", detected.name());
    }
    0
}
