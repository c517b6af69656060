//! The properties the fuzz targets check, as plain functions from arbitrary
//! bytes; each panics on a finding. The fuzz targets (`fuzz/fuzz_targets/`)
//! call them under libFuzzer, and `tests/regressions.rs` replays every saved
//! input (`tests/regressions/<target>/*`) through them on every `cargo test`,
//! on every target architecture.
//!
//! The independent oracles are RustCrypto's `ripemd`, `sha2` and `sha3` crates
//! (`tests/common/oracle.rs`). Expects `crate::guarded`
//! (fuzz/shared/guarded.rs) and `crate::oracle` beside it.
#![allow(dead_code)]

use core::ffi::{c_char, c_int, CStr};

use ripemd160mb::ffi::*;
use ripemd160mb::{eth_address_with, keccak256_many_with, keccak256_with};
use ripemd160mb::{
    hash160_many_with, hash160_with, hash32_in_place, hash32_with, ripemd160, ripemd160_many_with, sha256_many_with,
    sha256_with,
};
use ripemd160mb::{Backend, Ripemd160, BACKEND_NAMES};

use crate::guarded::Guarded;

use crate::oracle::{oracle_eth_address, oracle_hash160, oracle_keccak256, oracle_ripemd160, oracle_sha256};

/// Reads the fuzz input front to back; past the end every read gives zeros.
pub struct Input<'a> {
    data: &'a [u8],
}

impl<'a> Input<'a> {
    pub fn new(data: &'a [u8]) -> Self {
        Input { data }
    }
    pub fn byte(&mut self) -> u8 {
        match self.data.split_first() {
            Some((&b, rest)) => {
                self.data = rest;
                b
            }
            None => 0,
        }
    }
    pub fn u16(&mut self) -> usize {
        usize::from(self.byte()) | usize::from(self.byte()) << 8
    }
    pub fn u64(&mut self) -> u64 {
        (0..8).fold(0u64, |acc, i| acc | u64::from(self.byte()) << (8 * i))
    }
    /// Up to `n` bytes (fewer at the end of the input).
    pub fn take(&mut self, n: usize) -> &'a [u8] {
        let (head, rest) = self.data.split_at(n.min(self.data.len()));
        self.data = rest;
        head
    }
    pub fn rest(&mut self) -> &'a [u8] {
        self.take(self.data.len())
    }
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }
}

// ---------------------------------------------------------------------------
// (a) Streaming with random chunking vs one-shot vs the `ripemd` crate.

/// Chunk length for one control byte: 0..=191 bytes as is, larger values
/// whole-block runs of 64..=4096 bytes.
fn chunk_len(b: u8) -> usize {
    if b < 0xC0 {
        usize::from(b)
    } else {
        (usize::from(b - 0xC0) + 1) * 64
    }
}

/// Input: `k`, then `k % 16 + 1` chunk-length bytes, a repeat count, then
/// the message (repeated `r % 8 + 1` times, so messages reach many blocks).
/// The message is fed in chunks of the given lengths (cyclically) to
/// [`Ripemd160`], to the C context API and to the `ripemd` crate; the
/// digest of every prefix at a chunk boundary must agree, and the whole
/// message must agree with the one-shot [`ripemd160`] and `rmd160mb_sum`.
pub fn stream(data: &[u8]) {
    use ripemd::Digest;
    let mut input = Input::new(data);
    let nctl = usize::from(input.byte() % 16) + 1;
    let ctl = input.take(nctl).to_vec();
    let repeat = usize::from(input.byte() % 8) + 1;
    let msg = input.rest().repeat(repeat);

    let want = oracle_ripemd160(&msg);
    assert_eq!(ripemd160(&msg), want, "one-shot ripemd160, {} bytes", msg.len());
    let mut out = [0u8; 20];
    // SAFETY: msg.len() readable bytes (or NULL-safe empty), 20 writable.
    assert_eq!(unsafe { rmd160mb_sum(out.as_mut_ptr(), msg.as_ptr(), msg.len()) }, RMD160MB_OK);
    assert_eq!(out, want, "rmd160mb_sum, {} bytes", msg.len());

    let mut ours = Ripemd160::new();
    let mut theirs = ripemd::Ripemd160::new();
    let mut ctx = rmd160mb_ctx { opaque: [0; 12] };
    // SAFETY: ctx is a live local.
    assert_eq!(unsafe { rmd160mb_init(&mut ctx) }, RMD160MB_OK);
    let mut pos = 0;
    // Bounded even when every control byte is 0.
    for step in 0..msg.len() + ctl.len() + 1 {
        let len = if ctl.is_empty() { msg.len() - pos } else { chunk_len(ctl[step % ctl.len()]).min(msg.len() - pos) };
        let chunk = &msg[pos..pos + len];
        ours.update(chunk);
        theirs.update(chunk);
        // SAFETY: ctx initialised; chunk readable for len bytes.
        assert_eq!(unsafe { rmd160mb_update(&mut ctx, chunk.as_ptr(), len) }, RMD160MB_OK);
        pos += len;
        if step >= 256 {
            // Prefix digests for the first 256 chunks only: keeps an
            // execution fast when the chunks are tiny.
            if pos == msg.len() {
                break;
            }
            continue;
        }
        let prefix: [u8; 20] = theirs.clone().finalize().into();
        // `finalize` takes a copy: `ours` goes on.
        assert_eq!(ours.finalize(), prefix, "prefix of {pos} bytes, chunk {step} of {len}");
        // SAFETY: ctx initialised, out writable for 20.
        assert_eq!(unsafe { rmd160mb_final(&mut ctx, out.as_mut_ptr()) }, RMD160MB_OK);
        assert_eq!(out, prefix, "C context, prefix of {pos} bytes");
        if pos == msg.len() {
            break;
        }
    }
    if pos < msg.len() {
        ours.update(&msg[pos..]);
        theirs.update(&msg[pos..]);
        // SAFETY: ctx initialised; the rest of msg is readable.
        assert_eq!(unsafe { rmd160mb_update(&mut ctx, msg[pos..].as_ptr(), msg.len() - pos) }, RMD160MB_OK);
    }
    assert_eq!(ours.finalize(), want, "streamed, {} bytes", msg.len());
    assert_eq!(<[u8; 20]>::from(theirs.finalize()), want, "ripemd crate streamed vs one-shot");
    // SAFETY: ctx initialised, out writable for 20.
    assert_eq!(unsafe { rmd160mb_final(&mut ctx, out.as_mut_ptr()) }, RMD160MB_OK);
    assert_eq!(out, want, "C context, whole message");
    // A copy of the finished hasher, extended, is independent.
    let mut copy = ours;
    copy.update(b"x");
    assert_eq!(ours.finalize(), want, "copy changed the original");
}

// ---------------------------------------------------------------------------
// (b) hash32 / hash160 of random counts and widths: every backend vs scalar,
// scalar vs the oracle.

/// At most this many messages per call, to keep executions fast.
const MAX_N: usize = 300;

/// Input: a mode byte (bit 0: hash32 or hash160; bits 1-2: misalignment
/// 0..3 of the source), a width byte and a count byte (hash160), then the
/// message bytes.
pub fn batch(data: &[u8]) {
    batch_many(data);
    batch_sha256_keccak(data);
    let mut input = Input::new(data);
    let mode = input.byte();
    let offset = usize::from(mode >> 1 & 3);
    let width = usize::from(input.byte());
    let count = usize::from(input.byte());
    let rest = input.rest();
    if mode & 1 == 0 {
        let n = (rest.len() / 32).min(MAX_N);
        let mut buf = vec![0u8; offset + 32 * n];
        buf[offset..].copy_from_slice(&rest[..32 * n]);
        // SAFETY: [u8; 32] has alignment 1 and buf holds 32n bytes past
        // offset; buf is not otherwise borrowed while msgs lives.
        let msgs: &[[u8; 32]] = unsafe { core::slice::from_raw_parts(buf.as_ptr().add(offset).cast(), n) };
        let mut scalar = vec![[0u8; 20]; n];
        hash32_with(Backend::SCALAR, &mut scalar, msgs);
        for (i, (msg, got)) in msgs.iter().zip(&scalar).enumerate() {
            assert_eq!(*got, oracle_ripemd160(msg), "scalar hash32, n {n}, message {i}");
        }
        for backend in Backend::available() {
            let mut got = vec![[0xA5u8; 20]; n];
            hash32_with(backend, &mut got, msgs);
            assert_eq!(got, scalar, "hash32 on {backend} vs scalar, n {n}, offset {offset}");
        }
        // In place on the current backend.
        let mut flat = buf[offset..].to_vec();
        hash32_in_place(&mut flat);
        for (i, want) in scalar.iter().enumerate() {
            assert_eq!(flat[20 * i..20 * i + 20], want[..], "hash32_in_place, n {n}, message {i}");
        }
    } else {
        let n = rest.len().checked_div(width).unwrap_or(count).min(MAX_N);
        let src = &rest[..n * width];
        let mut buf = vec![0u8; offset + src.len()];
        buf[offset..].copy_from_slice(src);
        fixed_width_backends("hash160", hash160_with, oracle_hash160, (&buf[offset..], n, width), offset);
    }
}

/// `f` (a fixed-width function of the Rust API) on `src`, `n` messages of
/// `width` bytes (`src.len() == n * width`) at misalignment `offset`: the
/// scalar kernel against the oracle, every backend against the scalar
/// kernel.
fn fixed_width_backends<const D: usize>(
    name: &str,
    f: fn(Backend, &mut [[u8; D]], &[u8], usize),
    oracle: fn(&[u8]) -> [u8; D],
    (src, n, width): (&[u8], usize, usize),
    offset: usize,
) {
    let mut scalar = vec![[0u8; D]; n];
    f(Backend::SCALAR, &mut scalar, src, width);
    for (i, got) in scalar.iter().enumerate() {
        assert_eq!(*got, oracle(&src[i * width..(i + 1) * width]), "scalar {name}, width {width}, n {n}, message {i}");
    }
    for backend in Backend::available() {
        let mut got = vec![[0xA5u8; D]; n];
        f(backend, &mut got, src, width);
        assert_eq!(got, scalar, "{name} on {backend} vs scalar, width {width}, n {n}, offset {offset}");
    }
}

/// SHA-256, Keccak-256 and Ethereum addresses on the same input as
/// [`batch`]: the width and count bytes and the misalignment of the mode
/// byte; the message bytes read as `n` messages of `width` bytes (SHA-256
/// and Keccak-256), then as keys of 64 or 65 bytes (bit 0 of the mode byte;
/// a 65-byte key's first byte set to 0x04). Every backend against the
/// scalar kernel, the scalar kernel against the `sha2` and `sha3` crates.
fn batch_sha256_keccak(data: &[u8]) {
    let mut input = Input::new(data);
    let mode = input.byte();
    let offset = usize::from(mode >> 1 & 3);
    let width = usize::from(input.byte());
    let count = usize::from(input.byte());
    let rest = input.rest();
    let n = rest.len().checked_div(width).unwrap_or(count).min(MAX_N);
    let mut buf = vec![0u8; offset + n * width];
    buf[offset..].copy_from_slice(&rest[..n * width]);
    let msgs = (&buf[offset..], n, width);
    fixed_width_backends("keccak256", keccak256_with, oracle_keccak256, msgs, offset);
    fixed_width_backends("sha256", sha256_with, oracle_sha256, msgs, offset);

    let kw = 64 + usize::from(mode & 1);
    let n = (rest.len() / kw).min(MAX_N);
    let mut keys = vec![0u8; offset + n * kw];
    keys[offset..].copy_from_slice(&rest[..n * kw]);
    let keys = &mut keys[offset..];
    if kw == 65 {
        for key in keys.chunks_exact_mut(65) {
            key[0] = 0x04;
        }
    }
    let want: Vec<[u8; 20]> = keys.chunks_exact(kw).map(|k| oracle_eth_address(&k[kw - 64..])).collect();
    for backend in Backend::available() {
        let mut got = vec![[0xA5u8; 20]; n];
        let status = eth_address_with(backend, &mut got, keys, kw);
        assert!(status.is_ok(), "eth_address on {backend}, width {kw}: {status:?}");
        assert_eq!(got, want, "eth_address on {backend}, width {kw}, n {n}, offset {offset}");
    }
}

/// The any-length functions on the same input read as a list of messages,
/// each a length byte ([`chunk_len`]: 0..=191 bytes, or whole-block runs)
/// and that many bytes (at most [`MAX_N`] messages); the first message is
/// repeated when the input's first byte is odd. Every backend through the
/// Rust API and the current one through the C functions, against the
/// oracles.
fn batch_many(data: &[u8]) {
    let mut input = Input::new(data);
    let repeat = data.first().is_some_and(|b| b & 1 == 1);
    let mut msgs: Vec<&[u8]> = Vec::new();
    while !input.is_empty() && msgs.len() < MAX_N {
        let len = chunk_len(input.byte());
        msgs.push(input.take(len));
        if repeat && msgs.len().is_multiple_of(3) {
            msgs.push(msgs[0]);
        }
    }
    let n = msgs.len();
    let want_rmd: Vec<[u8; 20]> = msgs.iter().map(|m| oracle_ripemd160(m)).collect();
    let want_sha: Vec<[u8; 32]> = msgs.iter().map(|m| oracle_sha256(m)).collect();
    let want_h160: Vec<[u8; 20]> = msgs.iter().map(|m| oracle_hash160(m)).collect();
    let want_kec: Vec<[u8; 32]> = msgs.iter().map(|m| oracle_keccak256(m)).collect();
    for backend in Backend::available() {
        let mut d20 = vec![[0xA5u8; 20]; n];
        ripemd160_many_with(backend, &mut d20, &msgs);
        assert!(d20 == want_rmd, "ripemd160_many on {backend}, n {n}");
        hash160_many_with(backend, &mut d20, &msgs);
        assert!(d20 == want_h160, "hash160_many on {backend}, n {n}");
        let mut d32 = vec![[0xA5u8; 32]; n];
        sha256_many_with(backend, &mut d32, &msgs);
        assert!(d32 == want_sha, "sha256_many on {backend}, n {n}");
        keccak256_many_with(backend, &mut d32, &msgs);
        assert!(d32 == want_kec, "keccak256_many on {backend}, n {n}");
    }
    let ptrs: Vec<*const u8> = msgs.iter().map(|m| m.as_ptr()).collect();
    let lens: Vec<usize> = msgs.iter().map(|m| m.len()).collect();
    let mut d20 = vec![[0u8; 20]; n];
    let mut d32 = vec![[0u8; 32]; n];
    // SAFETY: n pointers and lengths of live messages; 20n and 32n bytes.
    unsafe {
        assert_eq!(rmd160mb_sum_many(d20.as_mut_ptr().cast(), ptrs.as_ptr(), lens.as_ptr(), n), RMD160MB_OK);
        assert!(d20 == want_rmd, "rmd160mb_sum_many, n {n}");
        assert_eq!(rmd160mb_hash160_many(d20.as_mut_ptr().cast(), ptrs.as_ptr(), lens.as_ptr(), n), RMD160MB_OK);
        assert!(d20 == want_h160, "rmd160mb_hash160_many, n {n}");
        assert_eq!(rmd160mb_sha256_many(d32.as_mut_ptr().cast(), ptrs.as_ptr(), lens.as_ptr(), n), RMD160MB_OK);
        assert!(d32 == want_sha, "rmd160mb_sha256_many, n {n}");
        assert_eq!(rmd160mb_keccak256_many(d32.as_mut_ptr().cast(), ptrs.as_ptr(), lens.as_ptr(), n), RMD160MB_OK);
        assert!(d32 == want_kec, "rmd160mb_keccak256_many, n {n}");
    }
}

// ---------------------------------------------------------------------------
// (c) The C entry points with random lengths, offsets, overlaps, NULLs and
// impossible sizes inside one guarded buffer; statuses against the contract
// in src/ffi.rs, results against the oracle, and no byte of the buffer
// changed except where the contract allows.

/// The guarded buffer: two pages (on 4 KiB-page machines), a PROT_NONE
/// page on each side.
const BUF_PAGES: usize = 2;

thread_local! {
    static ARENA: std::cell::RefCell<Option<Guarded>> = const { std::cell::RefCell::new(None) };
}

/// Where the model says a region of `count * size` bytes at `addr` is.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Reg {
    /// Zero bytes: any pointer is fine.
    Empty,
    /// The contract makes this region an error by itself (the status).
    Bad(c_int),
    /// `[start, end)`, a real range.
    At(usize, usize),
}

/// The contract's view of one pointer argument.
///
/// A size above `isize::MAX` (PTRDIFF_MAX: no C object is that large) is
/// RMD160MB_ERR_OVERFLOW, as the header documents.
fn region(addr: usize, count: usize, size: usize) -> Reg {
    match count.checked_mul(size) {
        Some(0) => Reg::Empty,
        None => Reg::Bad(RMD160MB_ERR_OVERFLOW),
        Some(bytes) if bytes > isize::MAX as usize => Reg::Bad(RMD160MB_ERR_OVERFLOW),
        Some(_) if addr == 0 => Reg::Bad(RMD160MB_ERR_NULL),
        Some(bytes) => match addr.checked_add(bytes) {
            Some(end) => Reg::At(addr, end),
            None => Reg::Bad(RMD160MB_ERR_OVERFLOW),
        },
    }
}

/// True when `count * size` does not fit (in `usize`, or above PTRDIFF_MAX).
fn size_overflows(count: usize, size: usize) -> bool {
    count.checked_mul(size).is_none_or(|bytes| bytes > isize::MAX as usize)
}

/// The status the contract requires from the arguments alone (empty when
/// they are fine), in the documented order: RMD160MB_ERR_OVERFLOW before
/// RMD160MB_ERR_NULL (the header: "Checked before NULL pointers: a call with
/// both problems returns this status"); the overlap check comes after both.
/// A size that does not fit, with a NULL pointer in any argument (the
/// fuzzer's input tests/regressions/ffi/crash-16f7d1ab...), must give
/// RMD160MB_ERR_OVERFLOW: exactly one status is accepted.
/// A region that wraps the address space in one argument with a NULL
/// pointer in another gives RMD160MB_ERR_OVERFLOW too: every size and range
/// is checked before any pointer.
fn errors(args: &[(usize, usize, usize)]) -> Vec<c_int> {
    let regs: Vec<Reg> = args.iter().map(|&(addr, count, size)| region(addr, count, size)).collect();
    let any_size_overflow = args.iter().any(|&(_, count, size)| size_overflows(count, size));
    let any_null = regs.contains(&Reg::Bad(RMD160MB_ERR_NULL));
    let any_wrap = regs.contains(&Reg::Bad(RMD160MB_ERR_OVERFLOW));
    if any_size_overflow || any_wrap {
        vec![RMD160MB_ERR_OVERFLOW]
    } else if any_null {
        vec![RMD160MB_ERR_NULL]
    } else {
        Vec::new()
    }
}

fn overlap(a: Reg, b: Reg) -> bool {
    matches!((a, b), (Reg::At(a0, a1), Reg::At(b0, b1)) if a0 < b1 && b0 < a1)
}

/// The arena: the guarded buffer's address range.
struct Arena {
    lo: usize,
    hi: usize,
}

impl Arena {
    /// True when the region lies inside the buffer (or is empty / an error
    /// the function must catch before touching memory).
    fn holds(&self, r: Reg) -> bool {
        match r {
            Reg::At(a, b) => self.lo <= a && b <= self.hi,
            _ => true,
        }
    }
}

/// A pointer argument from the input: NULL, an offset in the buffer, or an
/// address near the top of the address space (only meaningful when the
/// region then wraps, or is empty: otherwise the case is skipped).
fn pointer(input: &mut Input, arena: &Arena) -> usize {
    let kind = input.byte() % 8;
    let v = input.u16();
    match kind {
        0 => 0,
        1 => usize::MAX - v,
        2 => v.max(1), // a low non-NULL address: fine only for empty regions
        _ => arena.lo + v % (arena.hi - arena.lo + 1),
    }
}

/// A count: usually small, sometimes so large that a size overflows or a
/// region wraps.
fn count(input: &mut Input) -> usize {
    let kind = input.byte() % 8;
    let v = input.u16();
    match kind {
        0 => usize::MAX / 20 + 1 + v,                     // 20n overflows
        1 => usize::MAX / 32 + 1 + v % 1000,              // 32n overflows, 20n does not
        2 => usize::MAX - v,                              // everything overflows
        3 => usize::from(v.is_multiple_of(4)) * (v >> 2), // often 0
        _ => v % 300,
    }
}

/// A backend for the next batch call, set through `rmd160mb_set_backend`.
fn choose_backend(input: &mut Input) {
    let available = Backend::available();
    let backend = available[usize::from(input.byte()) % available.len()];
    let name = std::ffi::CString::new(backend.name()).expect("name without NUL");
    // SAFETY: a NUL-terminated string.
    assert_eq!(unsafe { rmd160mb_set_backend(name.as_ptr()) }, RMD160MB_OK, "set_backend({backend})");
}

/// With `RMD160MB_FUZZ_TRACE=1`, prints every C call the ffi check makes
/// and its status (to see what a saved input exercises).
fn trace(what: &str, status: c_int) {
    static ON: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    if *ON.get_or_init(|| std::env::var_os("RMD160MB_FUZZ_TRACE").is_some()) {
        eprintln!("  {what} -> {status}");
    }
}

fn current_backend_name() -> String {
    // SAFETY: rmd160mb_backend returns a static NUL-terminated string.
    unsafe { CStr::from_ptr(rmd160mb_backend()) }.to_str().expect("ASCII backend name").to_owned()
}

/// Input: a seed for the buffer contents, then a sequence of operations
/// (at most 24), each an op byte and its arguments. The op byte: 248 and
/// above the `_many` functions ([`op_many`]); 232 to 247 Keccak-256 (even)
/// or Ethereum addresses (odd); below 232 by its value mod 8: 0 hash32,
/// 1 HASH160 (bit 3 clear), SHA-256 (bit 3 set, bit 4 clear) or double
/// SHA-256 (bits 3 and 4 set), 2 one-shot RIPEMD-160 (bit 3 clear) or the
/// merkle root (set, [`op_merkle`]), 3 init, 4 and 5 update, 6 final, 7 the
/// rest ([`op_misc`]).
pub fn ffi(data: &[u8]) {
    ARENA.with(|cell| {
        let mut slot = cell.borrow_mut();
        let arena = slot.get_or_insert_with(|| Guarded::new(BUF_PAGES * 4096));
        ffi_in(arena, data);
    });
}

fn ffi_in(buf: &mut Guarded, data: &[u8]) {
    let mut input = Input::new(data);
    let mut seed = input.u64() | 1;
    for b in buf.bytes() {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        *b = seed as u8;
    }
    let arena = Arena { lo: buf.start() as usize, hi: buf.end() as usize };
    // The C streaming context under test: its offset (8-aligned), and what
    // the model knows of it.
    let mut ctx: Option<(usize, Option<ripemd::Ripemd160>)> = None;
    for _ in 0..24 {
        if input.is_empty() {
            break;
        }
        let size = core::mem::size_of::<rmd160mb_ctx>();
        let ctx_bytes = ctx.as_ref().map(|(off, _)| buf.view()[*off..*off + size].to_vec());
        let op_byte = input.byte();
        let stream_op = op_byte < 232 && (3..=6).contains(&(op_byte % 8));
        match op_byte {
            248.. => op_many(buf, &arena, &mut input),
            232.. if op_byte & 1 == 0 => op_fixed(&KECCAK256, buf, &arena, &mut input),
            232.. => op_eth_address(buf, &arena, &mut input),
            _ => match op_byte % 8 {
                0 => op_hash32(buf, &arena, &mut input),
                // Bit 3 of the op byte: HASH160 or SHA-256.
                1 if op_byte & 8 == 0 => op_fixed(&HASH160, buf, &arena, &mut input),
                1 if op_byte & 16 == 0 => op_fixed(&SHA256, buf, &arena, &mut input),
                1 => op_fixed(&SHA256D, buf, &arena, &mut input),
                2 if op_byte & 8 == 0 => op_sum(buf, &arena, &mut input),
                2 => op_merkle(buf, &arena, &mut input),
                3 => op_init(buf, &arena, &mut input, &mut ctx),
                4 | 5 => op_update(buf, &arena, &mut input, &mut ctx),
                6 => op_final(buf, &arena, &mut input, &mut ctx),
                _ => op_misc(buf, &mut input, &mut ctx),
            },
        }
        // Another call's output may land on the context (the contract allows
        // that when it does not overlap that call's input), and so may the
        // pointer and length arrays that `op_many` writes into the buffer:
        // the model then no longer knows the context's state.
        if !stream_op {
            if let (Some((off, model)), Some(old)) = (ctx.as_mut(), ctx_bytes) {
                if buf.view()[*off..*off + size] != old[..] {
                    *model = None;
                }
            }
        }
    }
}

/// `rmd160mb_sum_many`, `rmd160mb_hash160_many`, `rmd160mb_sha256_many`,
/// `rmd160mb_keccak256_many` or (a selector byte of 0xF0 and above)
/// `rmd160mb_sha256d_many` with their pointer and length arrays written into the buffer (at any
/// alignment, or NULL), messages anywhere (NULL, in the buffer, near the top
/// of the address space) of small, huge or wrapping lengths, and `dst`
/// anywhere: the status against the contract's order, nothing written on an
/// error, the digests against the oracles and nothing written outside `dst`
/// otherwise.
fn op_many(buf: &mut Guarded, arena: &Arena, input: &mut Input) {
    choose_backend(input);
    let which = match input.byte() {
        0xF0.. => 4,
        w => w % 4,
    };
    let d = if which >= 2 { 32 } else { 20 };
    let dst = pointer(input, arena);
    let n = match input.byte() % 8 {
        0 => usize::MAX / 8 + 1 + input.u16(), // the arrays' sizes overflow
        k => usize::from(k) + usize::from(input.byte() % 4) * 7 - 1, // 0..=27
    };
    let small = n <= 64;
    let word = core::mem::size_of::<usize>();
    // The arrays: NULL, or at an offset in the buffer (any alignment).
    let array = |input: &mut Input| match input.byte() % 16 {
        0 => 0,
        _ => arena.lo + input.u16() % (arena.hi - arena.lo - 64 * word).max(1),
    };
    let (msgs_at, lens_at) = (array(input), array(input));
    let mut entries: Vec<(usize, usize)> = Vec::new();
    if small {
        for _ in 0..n {
            let p = pointer(input, arena);
            let len = match input.byte() {
                l @ 0..=239 => usize::from(l) % 130,
                240..=247 => usize::MAX - input.u16(), // wraps / overflows
                248..=251 => isize::MAX as usize + 1,  // above PTRDIFF_MAX
                _ => 64 * (1 + usize::from(input.byte() % 40)), // whole blocks
            };
            entries.push((p, len));
        }
    }
    // Write the arrays into the buffer (before the snapshot: they are input).
    if small {
        let view = buf.bytes();
        for (i, &(p, len)) in entries.iter().enumerate() {
            if msgs_at != 0 {
                let o = msgs_at - arena.lo + i * word;
                if o + word <= view.len() {
                    view[o..o + word].copy_from_slice(&p.to_ne_bytes());
                }
            }
            if lens_at != 0 {
                let o = lens_at - arena.lo + i * word;
                if o + word <= view.len() {
                    view[o..o + word].copy_from_slice(&len.to_ne_bytes());
                }
            }
        }
        // The arrays may overlap each other: read back what was written last.
        for (i, e) in entries.iter_mut().enumerate() {
            let read = |at: usize| {
                let o = at - arena.lo + i * word;
                usize::from_ne_bytes(buf.view()[o..o + word].try_into().expect("one word"))
            };
            if msgs_at != 0 {
                e.0 = read(msgs_at);
            }
            if lens_at != 0 {
                e.1 = read(lens_at);
            }
        }
    }
    let (rd, rm, rl) = (region(dst, n, d), region(msgs_at, n, word), region(lens_at, n, word));
    // The contract's order (src/ffi.rs, check_many).
    let expected: c_int = if n == 0 {
        RMD160MB_OK
    } else if matches!(rd, Reg::Bad(RMD160MB_ERR_OVERFLOW))
        || [rm, rl].iter().any(|r| matches!(r, Reg::Bad(RMD160MB_ERR_OVERFLOW)))
    {
        RMD160MB_ERR_OVERFLOW
    } else if msgs_at == 0 || lens_at == 0 {
        RMD160MB_ERR_NULL
    } else if entries.iter().any(|&(p, len)| matches!(region(p, len, 1), Reg::Bad(RMD160MB_ERR_OVERFLOW))) {
        RMD160MB_ERR_OVERFLOW
    } else if dst == 0 || entries.iter().any(|&(p, len)| region(p, len, 1) == Reg::Bad(RMD160MB_ERR_NULL)) {
        RMD160MB_ERR_NULL
    } else if overlap(rd, rm) || overlap(rd, rl) || entries.iter().any(|&(p, len)| overlap(rd, region(p, len, 1))) {
        RMD160MB_ERR_OVERLAP
    } else {
        RMD160MB_OK
    };
    if n > 0 && !(arena.holds(rm) && arena.holds(rl)) {
        return; // arrays past the buffer: not a case
    }
    if expected == RMD160MB_OK
        && n > 0
        && !(arena.holds(rd) && entries.iter().all(|&(p, len)| arena.holds(region(p, len, 1))))
    {
        return; // valid-looking arguments outside our memory: not a case
    }
    let before = buf.view().to_vec();
    let f = [
        rmd160mb_sum_many,
        rmd160mb_hash160_many,
        rmd160mb_sha256_many,
        rmd160mb_keccak256_many,
        rmd160mb_sha256d_many,
    ][usize::from(which)];
    // SAFETY: every region the call may read or write is in the buffer, or
    // the model expects an error the contract requires to be reported before
    // any memory but the arrays (in the buffer) is touched.
    let status = unsafe { f(dst as *mut u8, msgs_at as *const *const u8, lens_at as *const usize, n) };
    let after = buf.view();
    let what = format!("many #{which}(dst {rd:?}, msgs {rm:?}, lens {rl:?}, n {n}) on {}", current_backend_name());
    trace(&what, status);
    assert_eq!(status, expected, "{what}: {entries:?}");
    if status != RMD160MB_OK {
        assert_eq!(before, after, "{what}: wrote on an error");
        return;
    }
    let Some(ds) = span(arena, rd) else {
        assert_eq!(before, after, "{what}: n == 0 wrote");
        return;
    };
    for (i, &(p, len)) in entries.iter().enumerate() {
        let msg: &[u8] = match span(arena, region(p, len, 1)) {
            Some(r) => &before[r],
            None => &[],
        };
        let got = &after[ds.start + d * i..ds.start + d * i + d];
        match which {
            0 => assert_eq!(got, oracle_ripemd160(msg), "{what}: digest {i}"),
            1 => assert_eq!(got, oracle_hash160(msg), "{what}: digest {i}"),
            2 => assert_eq!(got, oracle_sha256(msg), "{what}: digest {i}"),
            3 => assert_eq!(got, oracle_keccak256(msg), "{what}: digest {i}"),
            _ => assert_eq!(got, oracle_sha256(&oracle_sha256(msg)), "{what}: digest {i}"),
        }
    }
    unchanged_outside(&before, after, &[ds], &what);
}

/// The byte range of `r` as offsets into the buffer (None when not a real
/// range inside it).
fn span(arena: &Arena, r: Reg) -> Option<core::ops::Range<usize>> {
    match r {
        Reg::At(a, b) if arena.lo <= a && b <= arena.hi => Some(a - arena.lo..b - arena.lo),
        _ => None,
    }
}

/// Asserts that `after` equals `before` outside the `allowed` ranges.
fn unchanged_outside(before: &[u8], after: &[u8], allowed: &[core::ops::Range<usize>], what: &str) {
    for (i, (x, y)) in before.iter().zip(after).enumerate() {
        if x != y && !allowed.iter().any(|r| r.contains(&i)) {
            panic!("{what}: byte {i} of the buffer changed outside the allowed output");
        }
    }
}

fn op_hash32(buf: &mut Guarded, arena: &Arena, input: &mut Input) {
    choose_backend(input);
    let dst = pointer(input, arena);
    let src = pointer(input, arena);
    let n = count(input);
    let (rd, rs) = (region(dst, n, 20), region(src, n, 32));
    let errs = errors(&[(dst, n, 20), (src, n, 32)]);
    if errs.is_empty() && !(arena.holds(rd) && arena.holds(rs)) {
        return; // valid-looking arguments outside our memory: not a case
    }
    let before = buf.view().to_vec();
    // SAFETY: the regions are in the buffer, or empty, or an error the
    // contract requires to be reported before any memory is touched.
    let status = unsafe { rmd160mb_hash32(dst as *mut u8, src as *const u8, n) };
    let after = buf.view();
    let what = format!("hash32(dst {rd:?}, src {rs:?}, n {n}) on {}", current_backend_name());
    trace(&what, status);
    if !errs.is_empty() {
        assert!(errs.contains(&status), "{what}: status {status}, contract allows {errs:?}");
        assert_eq!(before, after, "{what}: wrote on an error");
        return;
    }
    if overlap(rd, rs) && dst != src {
        assert_eq!(status, RMD160MB_ERR_OVERLAP, "{what}");
        assert_eq!(before, after, "{what}: wrote on an error");
        return;
    }
    assert_eq!(status, RMD160MB_OK, "{what}");
    let (Some(ds), Some(ss)) = (span(arena, rd), span(arena, rs)) else {
        assert_eq!(before, after, "{what}: n == 0 wrote");
        return;
    };
    for i in 0..n {
        let msg = &before[ss.start + 32 * i..ss.start + 32 * i + 32];
        assert_eq!(after[ds.start + 20 * i..ds.start + 20 * i + 20], oracle_ripemd160(msg), "{what}: digest {i}");
    }
    // In place, the rest of the source is unspecified.
    let allowed = if dst == src { vec![ds, ss] } else { vec![ds] };
    unchanged_outside(&before, after, &allowed, &what);
}

/// A fixed-width batch function of the C API, `f(dst, src, n, width)`:
/// `n` messages of `width` bytes to `n` digests of `digest` bytes, in place
/// allowed when `width >= digest`.
struct FixedWidth {
    name: &'static str,
    f: unsafe extern "C" fn(*mut u8, *const u8, usize, usize) -> c_int,
    digest: usize,
    /// Widths picked often: the fixed-width kernels' and the padding's
    /// edges.
    widths: [usize; 12],
    oracle: fn(&[u8]) -> Vec<u8>,
}

const HASH160: FixedWidth = FixedWidth {
    name: "hash160",
    f: rmd160mb_hash160,
    digest: 20,
    widths: [0, 1, 19, 20, 21, 32, 33, 55, 56, 63, 64, 65],
    oracle: |m| oracle_hash160(m).to_vec(),
};

const SHA256: FixedWidth = FixedWidth {
    name: "sha256",
    f: rmd160mb_sha256,
    digest: 32,
    widths: [0, 1, 31, 32, 33, 55, 56, 63, 64, 65, 119, 120],
    oracle: |m| oracle_sha256(m).to_vec(),
};

/// Double SHA-256 (Bitcoin's txids, block-header hashes, merkle nodes):
/// the 32-, 64- and 80-byte kernels and the padding's edges.
const SHA256D: FixedWidth = FixedWidth {
    name: "sha256d",
    f: rmd160mb_sha256d,
    digest: 32,
    widths: [0, 31, 32, 33, 55, 56, 63, 64, 65, 80, 119, 120],
    oracle: |m| oracle_sha256(&oracle_sha256(m)).to_vec(),
};

const KECCAK256: FixedWidth = FixedWidth {
    name: "keccak256",
    f: rmd160mb_keccak256,
    digest: 32,
    widths: [0, 1, 31, 32, 33, 64, 65, 135, 136, 137, 271, 272],
    oracle: |m| oracle_keccak256(m).to_vec(),
};

/// `rmd160mb_hash160`, `rmd160mb_sha256`, `rmd160mb_sha256d` or
/// `rmd160mb_keccak256` with its
/// pointers, count and width from the input: the status against the
/// contract, nothing written on an error, the digests against the oracle
/// and nothing written outside `dst` (and, in place, the source) otherwise.
fn op_fixed(func: &FixedWidth, buf: &mut Guarded, arena: &Arena, input: &mut Input) {
    choose_backend(input);
    let dst = pointer(input, arena);
    let src = pointer(input, arena);
    let n = count(input);
    let width = match input.byte() {
        w @ 0..=199 => usize::from(w),
        200..=249 => func.widths[usize::from(input.byte()) % func.widths.len()],
        _ => usize::MAX / 2 + input.u16(), // width * n overflows for n > 1
    };
    let d = func.digest;
    let (rd, rs) = (region(dst, n, d), region(src, n, width));
    let errs = errors(&[(dst, n, d), (src, n, width)]);
    if errs.is_empty() && !(arena.holds(rd) && arena.holds(rs)) {
        return;
    }
    let before = buf.view().to_vec();
    // SAFETY: as in op_hash32.
    let status = unsafe { (func.f)(dst as *mut u8, src as *const u8, n, width) };
    let after = buf.view();
    let what = format!("{}(dst {rd:?}, src {rs:?}, n {n}, width {width}) on {}", func.name, current_backend_name());
    trace(&what, status);
    if !errs.is_empty() {
        assert!(errs.contains(&status), "{what}: status {status}, contract allows {errs:?}");
        assert_eq!(before, after, "{what}: wrote on an error");
        return;
    }
    if overlap(rd, rs) && !(dst == src && width >= d) {
        assert_eq!(status, RMD160MB_ERR_OVERLAP, "{what}");
        assert_eq!(before, after, "{what}: wrote on an error");
        return;
    }
    assert_eq!(status, RMD160MB_OK, "{what}");
    let Some(ds) = span(arena, rd) else {
        assert_eq!(before, after, "{what}: n == 0 wrote");
        return;
    };
    let ss = span(arena, rs).unwrap_or(0..0);
    for i in 0..n {
        let msg = if width == 0 { &[][..] } else { &before[ss.start + width * i..ss.start + width * (i + 1)] };
        assert_eq!(after[ds.start + d * i..ds.start + d * (i + 1)], (func.oracle)(msg)[..], "{what}: digest {i}");
    }
    let allowed = if dst == src { vec![ds, ss] } else { vec![ds] };
    unchanged_outside(&before, after, &allowed, &what);
}

/// Bitcoin Core's `ComputeMerkleRoot`, level by level with the oracle's
/// SHA-256 applied twice: an odd level pairs its last node with itself;
/// mutated when a level holds equal nodes at `2k` and `2k+1`; no leaves: 32
/// zero bytes, not mutated.
fn oracle_merkle_root(leaves: &[u8]) -> ([u8; 32], bool) {
    let mut level: Vec<[u8; 32]> = leaves.chunks_exact(32).map(|c| c.try_into().expect("32 bytes")).collect();
    let mut mutated = false;
    if level.is_empty() {
        return ([0; 32], false);
    }
    while level.len() > 1 {
        mutated |= level.chunks_exact(2).any(|p| p[0] == p[1]);
        if level.len() % 2 == 1 {
            level.push(level[level.len() - 1]);
        }
        level = level.chunks_exact(2).map(|p| oracle_sha256(&oracle_sha256(&[p[0], p[1]].concat()))).collect();
    }
    (level[0], mutated)
}

/// `rmd160mb_merkle_root`: `dst` and the leaves anywhere (NULL, in the
/// buffer, wrapping; `dst` may overlap the leaves), `mutated` NULL or an
/// `int` in the buffer (anywhere: over `dst` or the leaves too), sometimes
/// two whole subtrees made equal first (a mutated tree at a level from the
/// input). The status against the contract (`dst` NULL is an error even for
/// `n == 0`), nothing written on an error; otherwise the root against
/// [`oracle_merkle_root`] of the leaves as they were, and the buffer as
/// before but for `dst` and then `*mutated` (written last).
fn op_merkle(buf: &mut Guarded, arena: &Arena, input: &mut Input) {
    choose_backend(input);
    let dst = pointer(input, arena);
    let leaves = pointer(input, arena);
    let n = count(input);
    let int = core::mem::size_of::<c_int>();
    let mutated = match input.byte() % 4 {
        0 => 0,
        _ => arena.lo + (input.u16() % (arena.hi - arena.lo - int + 1)) / int * int,
    };
    let dup = input.byte();
    let (rd, rl) = (region(dst, 1, 32), region(leaves, n, 32));
    let errs = errors(&[(dst, 1, 32), (leaves, n, 32)]);
    if errs.is_empty() && !(arena.holds(rd) && arena.holds(rl)) {
        return; // valid-looking arguments outside our memory: not a case
    }
    // A mutated tree: the subtree of 2^level leaves at pair position 2k
    // copied onto the one at 2k+1 (before the snapshot: it is input).
    if dup & 1 == 1 && errs.is_empty() {
        if let Some(ls) = span(arena, rl) {
            let level = u32::from(dup >> 1) % 8;
            let size = 32usize << level;
            let pairs = n >> (level + 1);
            if pairs > 0 {
                let k = input.u16() % pairs;
                let from = ls.start + 2 * k * size;
                buf.bytes().copy_within(from..from + size, from + size);
            }
        }
    }
    let before = buf.view().to_vec();
    // SAFETY: dst and the leaves are in the buffer, or empty, or an error
    // the contract requires to be reported before any memory is touched;
    // mutated is NULL or an aligned int in the buffer.
    let status = unsafe { rmd160mb_merkle_root(dst as *mut u8, leaves as *const u8, n, mutated as *mut c_int) };
    let after = buf.view();
    let what = format!(
        "merkle_root(dst {rd:?}, leaves {rl:?}, n {n}, mutated {}) on {}",
        if mutated == 0 { "NULL".to_owned() } else { format!("+{}", mutated - arena.lo) },
        current_backend_name()
    );
    trace(&what, status);
    if let Some(&e) = errs.first() {
        assert_eq!(status, e, "{what}");
        assert_eq!(before, after, "{what}: wrote on an error");
        return;
    }
    assert_eq!(status, RMD160MB_OK, "{what}");
    let ds = span(arena, rd).expect("dst in the buffer");
    let leaf_bytes = span(arena, rl).map_or(&[][..], |r| &before[r]);
    let (root, flag) = oracle_merkle_root(leaf_bytes);
    let mut want = before.clone();
    want[ds.clone()].copy_from_slice(&root);
    if mutated != 0 {
        let m = mutated - arena.lo;
        want[m..m + int].copy_from_slice(&c_int::from(flag).to_ne_bytes());
    }
    if want != after {
        let first = want.iter().zip(after).position(|(a, b)| a != b).expect("a difference");
        panic!(
            "{what}: byte {first} of the buffer is {:#04x}, expected {:#04x} (root {}, mutated {flag})",
            after[first],
            want[first],
            root.iter().map(|b| format!("{b:02x}")).collect::<String>()
        );
    }
}

/// `rmd160mb_eth_address`: widths 64 and 65 mostly (the 65-byte keys'
/// first bytes usually set to 0x04, sometimes not), other widths too.
fn op_eth_address(buf: &mut Guarded, arena: &Arena, input: &mut Input) {
    choose_backend(input);
    let dst = pointer(input, arena);
    let src = pointer(input, arena);
    let n = count(input);
    let kind = input.byte();
    let width = match kind % 8 {
        0..=2 => 64,
        3..=6 => 65,
        _ => match input.byte() {
            w @ 0..=249 => usize::from(w),
            _ => usize::MAX / 2 + input.u16(),
        },
    };
    let (rd, rs) = (region(dst, n, 20), region(src, n, width));
    // Prefix the 65-byte keys with 0x04 (but for one in 8 calls), before
    // the snapshot: they are input.
    if width == 65 && kind & 0x38 != 0 {
        if let Some(ss) = span(arena, rs) {
            for i in 0..n {
                buf.bytes()[ss.start + 65 * i] = 0x04;
            }
        }
    }
    let errs = errors(&[(dst, n, 20), (src, n, width)]);
    if errs.is_empty() && width != 64 && width != 65 && n > 0 {
        // Valid sizes and pointers, a width the function does not take.
    } else if errs.is_empty() && !(arena.holds(rd) && arena.holds(rs)) {
        return;
    }
    let before = buf.view().to_vec();
    // SAFETY: as in op_hash32 (a width other than 64 and 65 is refused
    // before any memory is touched).
    let status = unsafe { rmd160mb_eth_address(dst as *mut u8, src as *const u8, n, width) };
    let after = buf.view();
    let what = format!("eth_address(dst {rd:?}, src {rs:?}, n {n}, width {width}) on {}", current_backend_name());
    trace(&what, status);
    let expected = eth_address_status(&before, arena, &errs, (dst, rd), (src, rs), n, width);
    assert_eq!(status, expected, "{what}");
    if status != RMD160MB_OK {
        assert_eq!(before, after, "{what}: wrote on an error");
        return;
    }
    let Some(ds) = span(arena, rd) else {
        assert_eq!(before, after, "{what}: n == 0 wrote");
        return;
    };
    let ss = span(arena, rs).expect("keys in the buffer");
    for i in 0..n {
        let key = &before[ss.start + width * i..ss.start + width * (i + 1)];
        assert_eq!(
            after[ds.start + 20 * i..ds.start + 20 * i + 20],
            oracle_eth_address(&key[width - 64..]),
            "{what}: address {i}"
        );
    }
    let allowed = if dst == src { vec![ds, ss] } else { vec![ds] };
    unchanged_outside(&before, after, &allowed, &what);
}

/// The one status `rmd160mb_eth_address` must return, in the contract's
/// order (src/ffi.rs): sizes and ranges (RMD160MB_ERR_OVERFLOW), NULL,
/// overlap other than in place, the width (RMD160MB_ERR_INPUT, also with
/// n == 0, which otherwise succeeds), and last a 65-byte key not starting
/// with 0x04 (RMD160MB_ERR_INPUT, read from the keys).
fn eth_address_status(
    before: &[u8],
    arena: &Arena,
    errs: &[c_int],
    dst: (usize, Reg),
    src: (usize, Reg),
    n: usize,
    width: usize,
) -> c_int {
    // The order of the header: sizes and NULL, overlap (in place is allowed,
    // every accepted width being >= 20), then the width (also with n == 0),
    // then the keys' prefixes.
    if let Some(&e) = errs.first() {
        e
    } else if n > 0 && overlap(dst.1, src.1) && !(dst.0 == src.0 && width >= 20) {
        RMD160MB_ERR_OVERLAP
    } else if width != 64 && width != 65 {
        RMD160MB_ERR_INPUT
    } else if n == 0 {
        RMD160MB_OK
    } else if width == 65 && span(arena, src.1).is_some_and(|ss| (0..n).any(|i| before[ss.start + 65 * i] != 0x04)) {
        RMD160MB_ERR_INPUT
    } else {
        RMD160MB_OK
    }
}

fn op_sum(buf: &mut Guarded, arena: &Arena, input: &mut Input) {
    let out = pointer(input, arena);
    let msg = pointer(input, arena);
    let len = match input.byte() % 4 {
        0 => usize::MAX - input.u16(),
        _ => input.u16() % 9000,
    };
    let (ro, rm) = (region(out, 1, 20), region(msg, len, 1));
    let errs = errors(&[(out, 1, 20), (msg, len, 1)]);
    if errs.is_empty() && !(arena.holds(ro) && arena.holds(rm)) {
        return;
    }
    let before = buf.view().to_vec();
    // SAFETY: as in op_hash32.
    let status = unsafe { rmd160mb_sum(out as *mut u8, msg as *const u8, len) };
    let after = buf.view();
    let what = format!("sum(out {ro:?}, msg {rm:?}, len {len})");
    trace(&what, status);
    if !errs.is_empty() {
        assert!(errs.contains(&status), "{what}: status {status}, contract allows {errs:?}");
        assert_eq!(before, after, "{what}: wrote on an error");
        return;
    }
    if overlap(ro, rm) {
        assert_eq!(status, RMD160MB_ERR_OVERLAP, "{what}");
        assert_eq!(before, after, "{what}: wrote on an error");
        return;
    }
    assert_eq!(status, RMD160MB_OK, "{what}");
    let os = span(arena, ro).expect("out is a real range here");
    let message = span(arena, rm).map_or(&[][..], |r| &before[r]);
    assert_eq!(after[os.clone()], oracle_ripemd160(message), "{what}");
    unchanged_outside(&before, after, &[os], &what);
}

/// An 8-aligned offset for a context (96 bytes) inside the buffer.
fn ctx_offset(input: &mut Input, arena: &Arena) -> usize {
    let room = arena.hi - arena.lo - core::mem::size_of::<rmd160mb_ctx>();
    (input.u16() % (room + 1)) & !7
}

type CtxModel = Option<(usize, Option<ripemd::Ripemd160>)>;

fn op_init(buf: &mut Guarded, arena: &Arena, input: &mut Input, ctx: &mut CtxModel) {
    if input.byte().is_multiple_of(8) {
        // SAFETY: NULL is reported, never dereferenced.
        assert_eq!(unsafe { rmd160mb_init(core::ptr::null_mut()) }, RMD160MB_ERR_NULL, "init(NULL)");
        return;
    }
    let off = ctx_offset(input, arena);
    let before = buf.view().to_vec();
    // SAFETY: 8-aligned, 96 bytes inside the buffer.
    let status = unsafe { rmd160mb_init(buf.start().add(off).cast()) };
    assert_eq!(status, RMD160MB_OK, "init at offset {off}");
    let size = core::mem::size_of::<rmd160mb_ctx>();
    unchanged_outside(&before, buf.view(), core::slice::from_ref(&(off..off + size)), "init");
    *ctx = Some((off, Some(ripemd::Ripemd160::default())));
}

fn op_update(buf: &mut Guarded, arena: &Arena, input: &mut Input, ctx: &mut CtxModel) {
    use ripemd::Digest;
    let size = core::mem::size_of::<rmd160mb_ctx>();
    let null_ctx = input.byte().is_multiple_of(16);
    let data = pointer(input, arena);
    let len = match input.byte() % 8 {
        0 => 0,
        1 => usize::MAX - input.u16(),
        _ => input.u16() % 5000,
    };
    let (cp, model) = match (null_ctx, ctx.as_mut()) {
        (false, Some((off, model))) => (arena.lo + *off, Some(model)),
        _ => (0, None),
    };
    let rc = region(cp, 1, size);
    let rdat = region(data, len, 1);
    let mut errs = errors(&[(data, len, 1), (cp, 1, size)]);
    if len == 0 {
        errs.clear(); // len == 0 succeeds whatever the pointers
    }
    if errs.is_empty() && !arena.holds(rdat) {
        return;
    }
    let before = buf.view().to_vec();
    // SAFETY: ctx is NULL or a context in the buffer; the data region is in
    // the buffer, empty, or an error reported before any access.
    let status = unsafe { rmd160mb_update(cp as *mut rmd160mb_ctx, data as *const u8, len) };
    let after = buf.view();
    let what = format!("update(ctx {rc:?}, data {rdat:?}, len {len})");
    trace(&what, status);
    if len == 0 {
        assert_eq!(status, RMD160MB_OK, "{what}");
        assert_eq!(before, after, "{what}: len 0 changed something");
        return;
    }
    if !errs.is_empty() {
        assert!(errs.contains(&status), "{what}: status {status}, contract allows {errs:?}");
        assert_eq!(before, after, "{what}: wrote on an error");
        return;
    }
    if overlap(rc, rdat) {
        assert_eq!(status, RMD160MB_ERR_OVERLAP, "{what}");
        assert_eq!(before, after, "{what}: wrote on an error");
        return;
    }
    let cs = span(arena, rc).expect("context in the buffer");
    let model = model.expect("context present");
    match model {
        Some(h) => {
            assert_eq!(status, RMD160MB_OK, "{what}");
            h.update(&before[span(arena, rdat).expect("data in the buffer")]);
        }
        // A corrupted context: either verdict, but nothing outside it written.
        None => assert!(
            status == RMD160MB_OK || status == RMD160MB_ERR_CONTEXT,
            "{what}: status {status} on a corrupted context"
        ),
    }
    unchanged_outside(&before, after, &[cs], &what);
}

fn op_final(buf: &mut Guarded, arena: &Arena, input: &mut Input, ctx: &mut CtxModel) {
    use ripemd::Digest;
    let size = core::mem::size_of::<rmd160mb_ctx>();
    let null_ctx = input.byte().is_multiple_of(16);
    let out = pointer(input, arena);
    let (cp, model) = match (null_ctx, ctx.as_mut()) {
        (false, Some((off, model))) => (arena.lo + *off, Some(model)),
        _ => (0, None),
    };
    let rc = region(cp, 1, size);
    let ro = region(out, 1, 20);
    let errs = errors(&[(cp, 1, size), (out, 1, 20)]);
    if errs.is_empty() && !arena.holds(ro) {
        return;
    }
    let before = buf.view().to_vec();
    // SAFETY: as in op_update.
    let status = unsafe { rmd160mb_final(cp as *mut rmd160mb_ctx, out as *mut u8) };
    let after = buf.view();
    let what = format!("final(ctx {rc:?}, out {ro:?})");
    trace(&what, status);
    if !errs.is_empty() {
        assert!(errs.contains(&status), "{what}: status {status}, contract allows {errs:?}");
        assert_eq!(before, after, "{what}: wrote on an error");
        return;
    }
    if overlap(rc, ro) {
        assert_eq!(status, RMD160MB_ERR_OVERLAP, "{what}");
        assert_eq!(before, after, "{what}: wrote on an error");
        return;
    }
    let os = span(arena, ro).expect("out in the buffer");
    match model.expect("context present") {
        Some(h) => {
            assert_eq!(status, RMD160MB_OK, "{what}");
            let want: [u8; 20] = h.clone().finalize().into();
            assert_eq!(after[os.clone()], want, "{what}: digest");
        }
        None => assert!(
            status == RMD160MB_OK || status == RMD160MB_ERR_CONTEXT,
            "{what}: status {status} on a corrupted context"
        ),
    }
    // The context itself is left unchanged.
    unchanged_outside(&before, after, &[os], &what);
}

/// Backend names (valid, unknown, unavailable, with the NUL at the very end
/// of the buffer), a context corrupted with input bytes, a context copied
/// by value mid-stream, and n == 0 with wild pointers.
fn op_misc(buf: &mut Guarded, input: &mut Input, ctx: &mut CtxModel) {
    let size = core::mem::size_of::<rmd160mb_ctx>();
    match input.byte() % 4 {
        0 => {
            let pick = input.byte();
            let name: Vec<u8> = match pick % 4 {
                0 => b"auto".to_vec(),
                1 => BACKEND_NAMES[usize::from(pick >> 2) % BACKEND_NAMES.len()].as_bytes().to_vec(),
                _ => {
                    let n = usize::from(input.byte() % 9);
                    input.take(n).iter().map(|&b| b.max(1)).collect()
                }
            };
            // The name, NUL-terminated, ends at the trailing guard page:
            // reading past the NUL faults.
            let at = buf.tail(name.len() + 1);
            let before_name = current_backend_name();
            // SAFETY: name.len() + 1 bytes at `at` inside the buffer.
            unsafe {
                core::ptr::copy_nonoverlapping(name.as_ptr(), at, name.len());
                *at.add(name.len()) = 0;
            }
            // SAFETY: a NUL-terminated string in readable memory.
            let status = unsafe { rmd160mb_set_backend(at as *const c_char) };
            let text = String::from_utf8_lossy(&name).into_owned();
            let expected = match core::str::from_utf8(&name).ok().map(Backend::by_name) {
                Some(Ok(b)) => Some(b),
                _ => None,
            };
            match expected {
                Some(b) => {
                    assert_eq!(status, RMD160MB_OK, "set_backend({text:?})");
                    assert_eq!(current_backend_name(), b.name(), "set_backend({text:?}) took no effect");
                }
                None => {
                    assert_eq!(status, RMD160MB_ERR_BACKEND, "set_backend({text:?})");
                    assert_eq!(
                        current_backend_name(),
                        before_name,
                        "a failed set_backend({text:?}) changed the backend"
                    );
                }
            }
            // SAFETY: NULL is reported, never read.
            assert_eq!(unsafe { rmd160mb_set_backend(core::ptr::null()) }, RMD160MB_ERR_NULL);
        }
        1 => {
            if let Some((off, model)) = ctx.as_mut() {
                let bytes = input.take(size);
                let k = usize::from(input.byte()) % size;
                for (i, &b) in bytes.iter().enumerate() {
                    buf.bytes()[*off + (k + i) % size] = b;
                }
                if !bytes.is_empty() {
                    *model = None;
                }
            }
        }
        2 => {
            if let Some((off, _)) = ctx.as_mut() {
                // Copy the context by value to another aligned place; the
                // copy carries on the same message.
                let room = buf.capacity() - size;
                let to = (input.u16() % (room + 1)) & !7;
                buf.bytes().copy_within(*off..*off + size, to);
                *off = to;
            }
        }
        _ => {
            // n == 0 (len == 0) succeeds whatever the pointers; none is read.
            let a = input.u64() as usize;
            let b = input.u64() as usize;
            let w = input.u64() as usize;
            let before = buf.view().to_vec();
            // SAFETY: zero-sized requests: the contract says the pointers
            // are not used.
            unsafe {
                assert_eq!(rmd160mb_hash32(a as *mut u8, b as *const u8, 0), RMD160MB_OK, "hash32 n 0");
                assert_eq!(rmd160mb_hash160(a as *mut u8, b as *const u8, 0, w), RMD160MB_OK, "hash160 n 0");
                assert_eq!(rmd160mb_sha256d(a as *mut u8, b as *const u8, 0, w), RMD160MB_OK, "sha256d n 0");
                assert_eq!(rmd160mb_update(a as *mut rmd160mb_ctx, b as *const u8, 0), RMD160MB_OK, "update len 0");
            }
            assert_eq!(before, buf.view(), "a zero-sized call wrote");
        }
    }
}
