//! The checked-in C header is exactly what cbindgen generates from
//! `src/ffi.rs`. `make header` (RMD160MB_BLESS_HEADER=1) rewrites it.

use std::path::Path;

#[test]
fn header_matches_generated() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let config = cbindgen::Config::from_file(root.join("cbindgen.toml")).expect("cbindgen.toml");
    // The C symbols are #[no_mangle] only in the C library build (feature
    // capi), written #[cfg_attr(feature = "capi", no_mangle)], which
    // cbindgen does not expand: it reads a copy with the attribute as the C
    // build sees it.
    let ffi = std::fs::read_to_string(root.join("src/ffi.rs")).expect("src/ffi.rs");
    let ffi = ffi.replace("#[cfg_attr(feature = \"capi\", no_mangle)]", "#[no_mangle]");
    let capi_src = Path::new(env!("CARGO_TARGET_TMPDIR")).join("ffi-capi.rs");
    std::fs::write(&capi_src, ffi).expect("write the capi view of src/ffi.rs");
    let bindings = cbindgen::Builder::new()
        .with_config(config)
        .with_src(&capi_src)
        .generate()
        .expect("cbindgen generates the header");
    let mut generated = Vec::new();
    bindings.write(&mut generated);
    let path = root.join("include/ripemd160mb.h");
    if std::env::var_os("RMD160MB_BLESS_HEADER").is_some() {
        std::fs::write(&path, &generated).expect("write include/ripemd160mb.h");
        return;
    }
    let checked_in = std::fs::read(&path).expect("include/ripemd160mb.h exists");
    assert!(
        checked_in == generated,
        "include/ripemd160mb.h differs from what cbindgen generates from src/ffi.rs: run `make header` and commit it"
    );
}

#[test]
fn version_macros_match_cargo() {
    use ripemd160mb::ffi::*;
    assert_eq!(RMD160MB_VERSION_MAJOR.to_string(), env!("CARGO_PKG_VERSION_MAJOR"));
    assert_eq!(RMD160MB_VERSION_MINOR.to_string(), env!("CARGO_PKG_VERSION_MINOR"));
    assert_eq!(RMD160MB_VERSION_PATCH.to_string(), env!("CARGO_PKG_VERSION_PATCH"));
    // SAFETY: rmd160mb_version returns a static NUL-terminated string.
    let v = unsafe { std::ffi::CStr::from_ptr(rmd160mb_version()) };
    assert_eq!(v.to_str().unwrap(), env!("CARGO_PKG_VERSION"));
}
