//! Guard pages: every buffer is placed so that it ends exactly where a
//! `PROT_NONE` page begins (or starts exactly where one ends), so a read or
//! write one byte outside it kills the test with SIGSEGV. For every available
//! backend and every count 0..=2*lanes+3 (and around the batch driver's chunk),
//! through the Rust API and the C entry points, in place and not; HASH160
//! at widths 0, 1, 20, 32, 33, 65; SHA-256 and double SHA-256 at every width
//! with a kernel of its own and a general one; the one-shot and streaming
//! functions at every length around the block size. A backend this CPU
//! lacks is skipped with a notice.

mod common;
#[path = "../fuzz/shared/guarded.rs"]
mod guarded;

use common::{backends_or_notice, oracle_hash160, oracle_ripemd160, oracle_sha256, Rng};
use guarded::Guarded;
use ripemd160mb::ffi::*;
use ripemd160mb::{hash160_with, hash32_with, sha256_with, sha256d_with, Backend};

/// Where a buffer sits in its guarded mapping.
#[derive(Clone, Copy, Debug)]
enum Place {
    /// Its last byte is followed by a PROT_NONE page.
    End,
    /// Its first byte is preceded by a PROT_NONE page.
    Start,
}

/// `len` bytes in a fresh guarded mapping, placed as asked.
struct Buf {
    map: Guarded,
    ptr: *mut u8,
    len: usize,
}

impl Buf {
    fn new(len: usize, place: Place) -> Buf {
        let map = Guarded::new(len);
        let ptr = match place {
            Place::End => map.tail(len),
            Place::Start => map.start(),
        };
        Buf { map, ptr, len }
    }
    fn with(bytes: &[u8], place: Place) -> Buf {
        let mut b = Buf::new(bytes.len(), place);
        b.slice_mut().copy_from_slice(bytes);
        b
    }
    fn slice(&self) -> &[u8] {
        // SAFETY: len bytes at ptr lie inside the read-write part of `map`,
        // which lives as long as self.
        unsafe { core::slice::from_raw_parts(self.ptr, self.len) }
    }
    fn slice_mut(&mut self) -> &mut [u8] {
        // SAFETY: as in `slice`, borrowed mutably through self.
        unsafe { core::slice::from_raw_parts_mut(self.ptr, self.len) }
    }
    fn messages(&self) -> &[[u8; 32]] {
        assert_eq!(self.len % 32, 0);
        // SAFETY: [u8; 32] has alignment 1; len/32 of them fill the buffer.
        unsafe { core::slice::from_raw_parts(self.ptr.cast(), self.len / 32) }
    }
    fn digests_mut<const D: usize>(&mut self) -> &mut [[u8; D]] {
        assert_eq!(self.len % D, 0);
        // SAFETY: [u8; D] has alignment 1; len/D of them fill the buffer.
        unsafe { core::slice::from_raw_parts_mut(self.ptr.cast(), self.len / D) }
    }
    /// Touches the guard page just past the end of the mapping's usable
    /// part: used only to prove (in a child process) that guards fault.
    #[allow(dead_code)]
    fn usable(&self) -> &Guarded {
        &self.map
    }
}

const PLACES: [Place; 2] = [Place::End, Place::Start];

fn counts(lanes: usize) -> Vec<usize> {
    let mut c: Vec<usize> = (0..=2 * lanes + 3).collect();
    let chunk = ripemd160mb::internals::BATCH_CHUNK;
    c.extend([63, 64, 65, 129, chunk - 1, chunk, chunk + 1]);
    c.sort_unstable();
    c.dedup();
    c
}

#[test]
fn hash32_rust_api_stays_inside_buffers() {
    let mut rng = Rng(0x6a4d_0001);
    for backend in backends_or_notice() {
        for n in counts(backend.lanes()) {
            let msgs = rng.bytes(32 * n);
            let want: Vec<[u8; 20]> = msgs.chunks(32).map(oracle_ripemd160).collect();
            for src_place in PLACES {
                for dst_place in PLACES {
                    let src = Buf::with(&msgs, src_place);
                    let mut dst = Buf::new(20 * n, dst_place);
                    hash32_with(backend, dst.digests_mut(), src.messages());
                    assert_eq!(dst.digests_mut(), &want[..], "{backend} n {n} src {src_place:?} dst {dst_place:?}");
                }
            }
        }
    }
}

#[test]
fn hash160_rust_api_stays_inside_buffers() {
    let mut rng = Rng(0x6a4d_0002);
    for backend in backends_or_notice() {
        for width in [0, 1, 20, 32, 33, 65] {
            for n in counts(backend.lanes()) {
                let msgs = rng.bytes(width * n);
                let want: Vec<[u8; 20]> = (0..n).map(|i| oracle_hash160(&msgs[i * width..(i + 1) * width])).collect();
                for place in PLACES {
                    let src = Buf::with(&msgs, place);
                    let mut dst = Buf::new(20 * n, place);
                    hash160_with(backend, dst.digests_mut(), src.slice(), width);
                    assert_eq!(dst.digests_mut(), &want[..], "{backend} width {width} n {n} {place:?}");
                }
            }
        }
    }
}

/// SHA-256 and double SHA-256 at every width with a group loader of its own
/// (whose loads reach the end of each message: an 80-byte message's last
/// 16 bytes, a 65-byte one's last byte), read from the library, and at one
/// general width (whole blocks and a tail buffer).
#[test]
fn sha256_and_sha256d_stay_inside_buffers() {
    let mut rng = Rng(0x6a4d_0005);
    let mut widths: Vec<usize> = ripemd160mb::internals::SHA256_FIXED_WIDTHS.to_vec();
    widths.extend([0, 100]);
    for backend in backends_or_notice() {
        for &width in &widths {
            for n in counts(backend.lanes()) {
                let msgs = rng.bytes(width * n);
                let sha: Vec<[u8; 32]> = (0..n).map(|i| oracle_sha256(&msgs[i * width..(i + 1) * width])).collect();
                let double: Vec<[u8; 32]> = sha.iter().map(|d| oracle_sha256(d)).collect();
                for place in PLACES {
                    let src = Buf::with(&msgs, place);
                    let mut dst = Buf::new(32 * n, place);
                    sha256_with(backend, dst.digests_mut(), src.slice(), width);
                    assert_eq!(dst.digests_mut(), &sha[..], "sha256 {backend} width {width} n {n} {place:?}");
                    sha256d_with(backend, dst.digests_mut(), src.slice(), width);
                    assert_eq!(dst.digests_mut(), &double[..], "sha256d {backend} width {width} n {n} {place:?}");
                }
            }
        }
    }
}

/// The C entry points on every backend (switched with
/// `rmd160mb_set_backend`), separate and in place. The only test in this
/// file that changes the process-wide backend; the others pass theirs.
#[test]
fn c_entry_points_stay_inside_buffers() {
    let mut rng = Rng(0x6a4d_0003);
    for backend in backends_or_notice() {
        let name = std::ffi::CString::new(backend.name()).unwrap();
        // SAFETY: a NUL-terminated name.
        assert_eq!(unsafe { rmd160mb_set_backend(name.as_ptr()) }, RMD160MB_OK);
        for n in counts(backend.lanes()) {
            let msgs = rng.bytes(32 * n);
            let want: Vec<[u8; 20]> = msgs.chunks(32).map(oracle_ripemd160).collect();
            for place in PLACES {
                let src = Buf::with(&msgs, place);
                let mut dst = Buf::new(20 * n, place);
                // SAFETY: src holds 32n readable bytes, dst 20n writable.
                let status = unsafe { rmd160mb_hash32(dst.ptr, src.ptr, n) };
                assert_eq!(status, RMD160MB_OK, "{backend} n {n}");
                assert_eq!(dst.digests_mut(), &want[..], "{backend} n {n} {place:?}");
                // In place: the buffer is exactly 32n bytes.
                let mut buf = Buf::with(&msgs, place);
                // SAFETY: 32n bytes, read and written in place.
                assert_eq!(unsafe { rmd160mb_hash32(buf.ptr, buf.ptr, n) }, RMD160MB_OK);
                for (i, w) in want.iter().enumerate() {
                    assert_eq!(&buf.slice_mut()[20 * i..20 * i + 20], w, "in place, {backend} n {n} {place:?}");
                }
            }
            for width in [0usize, 1, 20, 32, 33, 65] {
                let keys = rng.bytes(width * n);
                let want: Vec<[u8; 20]> = (0..n).map(|i| oracle_hash160(&keys[i * width..(i + 1) * width])).collect();
                for place in PLACES {
                    let src = Buf::with(&keys, place);
                    let mut dst = Buf::new(20 * n, place);
                    // SAFETY: src holds width*n readable bytes, dst 20n.
                    let status = unsafe { rmd160mb_hash160(dst.ptr, src.ptr, n, width) };
                    assert_eq!(status, RMD160MB_OK, "{backend} width {width} n {n}");
                    assert_eq!(dst.digests_mut(), &want[..], "{backend} width {width} n {n} {place:?}");
                    if width >= 20 {
                        let mut buf = Buf::with(&keys, place);
                        // SAFETY: width*n >= 20n bytes, in place.
                        assert_eq!(unsafe { rmd160mb_hash160(buf.ptr, buf.ptr, n, width) }, RMD160MB_OK);
                        for (i, w) in want.iter().enumerate() {
                            assert_eq!(
                                &buf.slice_mut()[20 * i..20 * i + 20],
                                w,
                                "hash160 in place, {backend} width {width} n {n}"
                            );
                        }
                    }
                }
            }
        }
    }
    Backend::detect().make_current();
}

/// The any-length functions: every message in its own guarded mapping
/// (ending at a guard page, or starting after one), `dst`, `msgs` and
/// `lens` too, for mixed lengths around the block boundaries and the
/// fixed-width classes (32, 33, 65), every count up to past the pair lanes
/// and a chunk, through the C entry points and the Rust API.
#[test]
fn many_stays_inside_buffers() {
    let mut rng = Rng(0x6a4d_0005);
    const LENS: [usize; 16] = [0, 1, 31, 32, 33, 55, 56, 63, 64, 65, 119, 120, 127, 128, 129, 200];
    for backend in backends_or_notice() {
        let lanes = backend.lanes();
        let mut shapes: Vec<Vec<usize>> =
            (0..=4 * lanes + 3).map(|n| (0..n).map(|i| LENS[(i * 7 + n) % LENS.len()]).collect()).collect();
        shapes.push(vec![33; 3 * lanes + 1]);
        shapes.push((0..2 * lanes + 40).map(|i| if i % 3 == 0 { 65 } else { 33 }).collect());
        shapes.push(vec![32; 2 * lanes + 5]);
        shapes.push((0..600).map(|i| LENS[i % LENS.len()]).collect());
        for lens in shapes {
            let n = lens.len();
            for place in PLACES {
                let msgs: Vec<Buf> = lens.iter().map(|&l| Buf::with(&rng.bytes(l), place)).collect();
                let ptrs: Vec<*const u8> = msgs.iter().map(|m| m.ptr.cast_const()).collect();
                let ptr_buf = Buf::with(
                    // SAFETY: the pointer array's bytes, read as bytes.
                    unsafe { core::slice::from_raw_parts(ptrs.as_ptr().cast::<u8>(), n * size_of::<*const u8>()) },
                    place,
                );
                let len_buf = Buf::with(
                    // SAFETY: as above for the lengths.
                    unsafe { core::slice::from_raw_parts(lens.as_ptr().cast::<u8>(), n * size_of::<usize>()) },
                    place,
                );
                let (p, l) = (ptr_buf.ptr.cast::<*const u8>().cast_const(), len_buf.ptr.cast::<usize>().cast_const());
                let mut d20 = Buf::new(20 * n, place);
                let mut h20 = Buf::new(20 * n, place);
                let mut d32 = Buf::new(32 * n, place);
                // SAFETY: n pointers and lengths (possibly unaligned: the C
                // functions read them unaligned), each message readable for
                // its length, 20n / 32n writable bytes.
                unsafe {
                    assert_eq!(rmd160mb_sum_many(d20.ptr, p, l, n), RMD160MB_OK);
                    assert_eq!(rmd160mb_hash160_many(h20.ptr, p, l, n), RMD160MB_OK);
                    assert_eq!(rmd160mb_sha256_many(d32.ptr, p, l, n), RMD160MB_OK);
                }
                let slices: Vec<&[u8]> = msgs.iter().map(Buf::slice).collect();
                for (i, m) in slices.iter().enumerate() {
                    assert_eq!(
                        d20.slice()[20 * i..20 * i + 20],
                        oracle_ripemd160(m),
                        "{backend} sum_many n {n} message {i} {place:?}"
                    );
                    assert_eq!(
                        h20.slice()[20 * i..20 * i + 20],
                        oracle_hash160(m),
                        "{backend} hash160_many n {n} message {i} {place:?}"
                    );
                    assert_eq!(
                        d32.slice()[32 * i..32 * i + 32],
                        common::oracle_sha256(m),
                        "{backend} sha256_many n {n} message {i}"
                    );
                }
                ripemd160mb::ripemd160_many_with(backend, d20.digests_mut(), &slices);
                ripemd160mb::hash160_many_with(backend, h20.digests_mut(), &slices);
                for (i, m) in slices.iter().enumerate() {
                    assert_eq!(d20.digests_mut()[i], oracle_ripemd160(m), "{backend} ripemd160_many n {n} message {i}");
                    assert_eq!(h20.digests_mut()[i], oracle_hash160(m), "{backend} hash160_many n {n} message {i}");
                }
                let _ = d32.slice_mut();
            }
        }
    }
}

/// One-shot and streaming: messages of every length 0..=200 ending at a
/// guard page (and starting after one), digests written against one.
#[test]
fn one_shot_and_streaming_stay_inside_buffers() {
    let mut rng = Rng(0x6a4d_0004);
    for len in 0..=200usize {
        let msg = rng.bytes(len);
        let want = oracle_ripemd160(&msg);
        for place in PLACES {
            let src = Buf::with(&msg, place);
            let out = Buf::new(20, place);
            // SAFETY: len readable bytes, 20 writable.
            assert_eq!(unsafe { rmd160mb_sum(out.ptr, src.ptr, len) }, RMD160MB_OK);
            assert_eq!(out.slice(), want, "sum, len {len} {place:?}");
            // The context itself between guard pages, fed in two pieces.
            let ctx_buf = Buf::new(core::mem::size_of::<rmd160mb_ctx>(), place);
            let ctx = ctx_buf.ptr.cast::<rmd160mb_ctx>();
            assert_eq!(ctx as usize % core::mem::align_of::<rmd160mb_ctx>(), 0, "context alignment");
            let cut = len / 3;
            // SAFETY: ctx is writable, aligned memory for one context; the
            // pieces lie inside src.
            unsafe {
                assert_eq!(rmd160mb_init(ctx), RMD160MB_OK);
                assert_eq!(rmd160mb_update(ctx, src.ptr, cut), RMD160MB_OK);
                assert_eq!(rmd160mb_update(ctx, src.ptr.add(cut), len - cut), RMD160MB_OK);
                assert_eq!(rmd160mb_final(ctx, out.ptr), RMD160MB_OK);
            }
            assert_eq!(out.slice(), want, "streamed, len {len} {place:?}");
            assert_eq!(ripemd160mb::ripemd160(src.slice()), want, "ripemd160(), len {len} {place:?}");
        }
    }
}

/// The guard pages themselves work: a child process that reads one byte
/// past a buffer must die of a signal (otherwise every test above would
/// pass vacuously). The child is this test binary, re-run on this test with
/// an environment variable set; it prints a marker first, so a child that
/// could not be started at all (under a cross runner the binary may not
/// run directly) is told apart and reported as skipped.
#[test]
fn guard_page_faults() {
    const MARKER: &str = "guard child: about to read past the end";
    if std::env::var_os("RMD160MB_GUARD_CHILD").is_some() {
        let buf = Buf::new(32, Place::End);
        let past = buf.usable().end();
        println!("{MARKER}");
        use std::io::Write;
        std::io::stdout().flush().unwrap();
        // SAFETY: deliberately NOT safe: reads the PROT_NONE page to show
        // that it faults; only ever run in the child process.
        let byte = unsafe { core::ptr::read_volatile(past) };
        println!("read {byte} past the end: the guard page did not fault");
        std::process::exit(0);
    }
    let exe = std::env::current_exe().expect("test binary path");
    let output = std::process::Command::new(exe)
        .args(["--exact", "guard_page_faults", "--nocapture", "--test-threads=1"])
        .env("RMD160MB_GUARD_CHILD", "1")
        .output();
    let output = match output {
        Ok(o) => o,
        Err(e) => {
            eprintln!("NOTICE: cannot re-run the test binary ({e}); guard fault check skipped");
            return;
        }
    };
    let stdout = String::from_utf8_lossy(&output.stdout);
    if !stdout.contains(MARKER) {
        eprintln!("NOTICE: the test binary did not run directly (cross runner?); guard fault check skipped");
        return;
    }
    // Killed by the signal (Unix) or ended by the access violation
    // (Windows: its exit code is the exception's, STATUS_ACCESS_VIOLATION),
    // or (built with AddressSanitizer, whose handler reports the fault and
    // exits) a SEGV report.
    #[cfg(unix)]
    let faulted = {
        use std::os::unix::process::ExitStatusExt;
        let signal = output.status.signal();
        signal == Some(libc::SIGSEGV) || signal == Some(libc::SIGBUS)
    };
    #[cfg(windows)]
    let faulted = output.status.code() == Some(0xC000_0005_u32 as i32);
    let stderr = String::from_utf8_lossy(&output.stderr);
    let sanitizer_report = !output.status.success() && stderr.contains("AddressSanitizer: SEGV");
    assert!(
        faulted || sanitizer_report,
        "reading past the buffer did not fault: {:?}\n{stdout}\n{stderr}",
        output.status
    );
}
