//! Gives the shared library its SONAME, `libripemd160mb.so.<major>` (0.x
//! releases: `.so.0`), as distributions expect.

fn main() {
    let target_os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let major = std::env::var("CARGO_PKG_VERSION_MAJOR").unwrap_or_default();
    if target_os == "linux" {
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libripemd160mb.so.{major}");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
