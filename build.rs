//! Names the build configuration the kernels are compiled for (the C
//! library's SONAME and symbol versions are set where the Makefile links it):
//! - `rmd160mb_neon`: the arm64 NEON lane type and kernels (little-endian
//!   aarch64 with NEON enabled, the default of every aarch64 Linux target);
//! - `rmd160mb_lanes`: some vector lane type exists (x86_64 or NEON), so the
//!   generic multi-lane SHA-256 code is compiled (elsewhere the scalar
//!   backend's SHA-256 is the `sha2` crate, and only the tests use it).

fn main() {
    println!("cargo::rustc-check-cfg=cfg(rmd160mb_neon)");
    println!("cargo::rustc-check-cfg=cfg(rmd160mb_lanes)");
    // Set by `make coverage` (nightly): see `coverage(off)` in src/.
    println!("cargo::rustc-check-cfg=cfg(coverage_nightly)");
    // Set by `make coverage COVERAGE_HIDE=...`: detection reports the named
    // instruction sets missing (`kernels::hidden`).
    println!("cargo::rustc-check-cfg=cfg(rmd160mb_hide, values(\"avx512\", \"avx2\", \"sha-ni\"))");
    let arch = std::env::var("CARGO_CFG_TARGET_ARCH").unwrap_or_default();
    let endian = std::env::var("CARGO_CFG_TARGET_ENDIAN").unwrap_or_default();
    let features = std::env::var("CARGO_CFG_TARGET_FEATURE").unwrap_or_default();
    let neon = arch == "aarch64" && endian == "little" && features.split(',').any(|f| f == "neon");
    if neon {
        println!("cargo:rustc-cfg=rmd160mb_neon");
    }
    if neon || arch == "x86_64" {
        println!("cargo:rustc-cfg=rmd160mb_lanes");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
