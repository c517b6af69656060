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

/// Every version node of the linker script (`RMD160MB_0`, `RMD160MB_0.2`,
/// ...) names a release no newer than this one, so that the header's
/// version macros tell a C program which functions it has: a function
/// added in a node `RMD160MB_M.N` is there when the header says M.N or
/// later. Adding a node without raising Cargo.toml's version fails here.
#[test]
fn symbol_version_nodes_not_newer_than_the_crate() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let map = std::fs::read_to_string(root.join("capi/ripemd160mb.map")).expect("capi/ripemd160mb.map");
    let crate_version: (u32, u32) =
        (env!("CARGO_PKG_VERSION_MAJOR").parse().unwrap(), env!("CARGO_PKG_VERSION_MINOR").parse().unwrap());
    // The script without its comments; a node is `RMD160MB_<version> {`
    // (a name after `}` is the node it inherits from, not a new one).
    let mut script = String::new();
    let mut rest = map.as_str();
    while let Some((before, after)) = rest.split_once("/*") {
        script.push_str(before);
        rest = after.split_once("*/").expect("an unterminated comment in capi/ripemd160mb.map").1;
    }
    script.push_str(rest);
    let nodes: Vec<(u32, u32)> = script
        .split("RMD160MB_")
        .skip(1)
        .filter_map(|tail| {
            let end = tail.find(|c: char| !c.is_ascii_digit() && c != '.').unwrap_or(tail.len());
            let (version, after) = tail.split_at(end);
            after.trim_start().starts_with('{').then_some(version)
        })
        .map(|v| {
            let mut parts = v.split('.').map(|p| p.parse::<u32>().unwrap_or_else(|_| panic!("version node {v:?}")));
            (parts.next().unwrap(), parts.next().unwrap_or(0))
        })
        .collect();
    assert_eq!(nodes.len(), script.matches('{').count(), "a node of capi/ripemd160mb.map not parsed: {nodes:?}");
    assert!(nodes.contains(&(crate_version.0, 0)), "no node RMD160MB_{} in the map: {nodes:?}", crate_version.0);
    for node in nodes {
        assert!(
            node <= crate_version,
            "capi/ripemd160mb.map has the node RMD160MB_{}.{}, newer than this crate's version {}.{}: \
             raise Cargo.toml's version with the functions the node holds",
            node.0,
            node.1,
            crate_version.0,
            crate_version.1
        );
    }
}
