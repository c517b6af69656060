//! `rmd160mb backends`: what this build has, what this CPU runs, what is
//! chosen and why.

use std::io::{self, Write};

use ripemd160mb::{backends, Backend};

pub fn run() -> io::Result<u8> {
    let current = Backend::current();
    let detected = Backend::detect();
    let mut out = io::stdout().lock();
    writeln!(out, "{:<8} {:<10} {:<9} {:>5}  {:<8}", "backend", "this build", "this CPU", "lanes", "SHA-256")?;
    // The library's own list: names, lanes, what this build and CPU have.
    for b in backends() {
        let mark = if b.supported && b.name == current.name() { "  <- chosen" } else { "" };
        writeln!(
            out,
            "{:<8} {:<10} {:<9} {:>5}  {:<8}{mark}",
            b.name,
            if b.compiled { "yes" } else { "no" },
            if b.supported { "yes" } else { "no" },
            b.lanes,
            b.sha256_kernel.unwrap_or("-")
        )?;
    }
    let force = std::env::var_os("RMD160MB_FORCE").filter(|v| !v.is_empty());
    let why = match (force, Backend::force_ignored()) {
        (None, _) => "the fastest this CPU supports (RMD160MB_FORCE not set)".to_string(),
        (Some(v), None) => format!("RMD160MB_FORCE={}", v.to_string_lossy()),
        (Some(v), Some(why)) => {
            format!("RMD160MB_FORCE={} ignored ({why}); the fastest this CPU supports", v.to_string_lossy())
        }
    };
    let lanes = if current.lanes() == 1 { "lane" } else { "lanes" };
    writeln!(out, "chosen: {} ({} {lanes}): {why}", current.name(), current.lanes())?;
    if current.sha256_kernel() != current.name() {
        writeln!(
            out,
            "SHA-256 and HASH160's first half: {} (the library's policy runs them on the CPU's SHA extensions rather than {}'s lanes)",
            current.sha256_kernel(),
            current.name()
        )?;
    }
    if current != detected {
        writeln!(out, "detected: {}", detected.name())?;
    }
    Ok(0)
}
