//! The default backend: NEON on arm64 (detected, 4 lanes, and current
//! unless `RMD160MB_FORCE` names another). `make test-aarch64` runs this
//! under qemu once without and once with `RMD160MB_FORCE=scalar`.
//! One test in this binary, so nothing else changes the current backend.

use ripemd160mb::Backend;

#[test]
fn neon_is_the_default_on_aarch64_and_force_is_honoured() {
    let detected = Backend::detect();
    if cfg!(all(target_arch = "aarch64", target_endian = "little")) {
        assert_eq!(detected.name(), "neon", "arm64 must default to the NEON kernel");
        let listed = ripemd160mb::backends().into_iter().find(|b| b.name == "neon").expect("neon is listed");
        assert!(listed.supported && listed.compiled, "{listed:?}");
        assert_eq!(detected.lanes(), listed.lanes);
        assert_eq!(Backend::by_name("neon"), Ok(detected));
    } else {
        eprintln!("NOTICE: not little-endian aarch64: the NEON default is not checked (detected {detected})");
    }
    let forced = std::env::var("RMD160MB_FORCE").ok().and_then(|name| Backend::by_name(name.trim()).ok());
    let current = Backend::current();
    match forced {
        Some(backend) => assert_eq!(current, backend, "RMD160MB_FORCE not honoured"),
        None => assert_eq!(current, detected, "the current backend is not the detected one"),
    }
    // SAFETY: rmd160mb_backend returns a static NUL-terminated string.
    let c_name = unsafe { std::ffi::CStr::from_ptr(ripemd160mb::ffi::rmd160mb_backend()) };
    assert_eq!(c_name.to_str(), Ok(current.name()));
}
