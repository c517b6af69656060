//! The x86 SHA extensions (SHA-NI): SHA-256 (NIST FIPS 180-4) with
//! `sha256rnds2` (two rounds), `sha256msg1` and `sha256msg2` (the message
//! schedule, four words at a time), several messages interleaved.
//!
//! Not a lane type: one message's state is two `xmm` registers (`ABEF` and
//! `CDGH`, the layout `sha256rnds2` wants) and its rounds are one dependent
//! chain of 32 `sha256rnds2`, so a lone message runs at the instruction's
//! latency. [`STREAMS`] messages' chains are issued side by side instead,
//! each four rounds of every stream before the next four, so that the
//! CPU's SHA unit takes one `sha256rnds2` as often as it can issue one.
//! Whether this beats a backend's lanes is decided where the kernel sets
//! are built (`crate::kernels`), which detect the instructions once.
//!
//! HASH160 on a kernel set with this SHA-256 runs it and the lanes'
//! RIPEMD-160 in two stages, in functions of their own: interleaving them
//! in one instruction stream was slower (`docs/PERFORMANCE.md`, "SHA-NI").
//!
//! The round constants and initial value are `crate::sha256::compress`'s,
//! the padded tail of a message is built by `crate::manager`'s
//! `build_tail` (the one padding code of the lane manager).

use core::arch::x86_64::*;

use seq_macro::seq;

use super::compress::{Layout, Pad64Second, H0, K};
use super::Sha256;
use crate::manager::{build_tail, TAIL};
use crate::messages::Messages;

/// Messages in flight. A stream's four rounds are two dependent
/// `sha256rnds2`, so one stream alone waits out their latency; the issue
/// rate is what several streams reach. A stream holds eight `xmm`
/// registers (state, schedule window, the state saved for the final
/// addition), so with 16 of them more than two streams spill to the stack.
/// Three: the fastest measured with two, three and four
/// (`docs/PERFORMANCE.md`, "SHA-NI streams").
pub(crate) const STREAMS: usize = 3;

/// Messages in flight for 64-byte messages (merkle nodes): four. Their
/// second block (and double SHA-256's second hash, mostly) has constant
/// schedule words, so that block's streams hold their state alone, and
/// four chains of `sha256rnds2` cover its latency (`docs/PERFORMANCE.md`,
/// "SHA-NI streams for 64-byte messages").
pub(crate) const STREAMS_64: usize = 4;

/// One message's chaining value: `[ABEF, CDGH]`, word A in the high lane of
/// the first register (the operand order of `sha256rnds2`).
type State = [__m128i; 2];

/// The chaining value `h` (words A..H) as a [`State`].
#[inline(always)]
fn state(h: &[u32; 8]) -> State {
    let w = |i: usize| h[i] as i32;
    // SAFETY: SSE2, which every x86_64 CPU has.
    unsafe { [_mm_set_epi32(w(0), w(1), w(4), w(5)), _mm_set_epi32(w(2), w(3), w(6), w(7))] }
}

/// The chaining value (words A..H) of a [`State`].
#[cfg(test)]
fn words(s: &State) -> [u32; 8] {
    let (mut abef, mut cdgh) = ([0u32; 4], [0u32; 4]);
    // SAFETY: SSE2; each store writes the 16 bytes of a [u32; 4].
    unsafe {
        _mm_storeu_si128(abef.as_mut_ptr().cast(), s[0]);
        _mm_storeu_si128(cdgh.as_mut_ptr().cast(), s[1]);
    }
    [abef[3], abef[2], cdgh[3], cdgh[2], abef[1], abef[0], cdgh[1], cdgh[0]]
}

/// The big-endian digest of a [`State`]: the high halves of `CDGH` and
/// `ABEF` are words D, C, B, A from the low lane up, the low halves H, G,
/// F, E, so reversing each register's 16 bytes gives A..D and E..H, each
/// word big-endian.
///
/// # Safety
/// The CPU has SSSE3 (`pshufb`).
#[inline(always)]
unsafe fn digest(s: &State) -> [u8; 32] {
    let mut out = [0u8; 32];
    // SAFETY: SSE2 and, by the caller, SSSE3; each store writes 16 of
    // out's 32 bytes.
    unsafe {
        let reverse = _mm_set_epi64x(0x0001_0203_0405_0607, 0x0809_0a0b_0c0d_0e0f);
        let dcba = _mm_unpackhi_epi64(s[1], s[0]);
        let hgfe = _mm_unpacklo_epi64(s[1], s[0]);
        _mm_storeu_si128(out.as_mut_ptr().cast(), _mm_shuffle_epi8(dcba, reverse));
        _mm_storeu_si128(out.as_mut_ptr().add(16).cast(), _mm_shuffle_epi8(hgfe, reverse));
    }
    out
}

/// The message words `W[0..4Q]` of the `16 * Q` bytes at `p` (a block: `Q
/// = 4`), four per register (`W[4j]` in the low lane), from big-endian
/// bytes.
///
/// # Safety
/// The CPU has SSSE3; `16 * Q` bytes are readable at `p`.
#[inline(always)]
unsafe fn load<const Q: usize>(p: *const u8) -> [__m128i; Q] {
    // SAFETY: the caller's; each load reads 16 of the 16 * Q bytes.
    unsafe {
        let bswap = _mm_set_epi64x(0x0c0d_0e0f_0809_0a0b, 0x0405_0607_0001_0203);
        let mut x = [_mm_setzero_si128(); Q];
        for (j, x) in x.iter_mut().enumerate() {
            *x = _mm_shuffle_epi8(_mm_loadu_si128(p.add(16 * j).cast()), bswap);
        }
        x
    }
}

/// Four message words as a register (`w[0]` in the low lane).
#[inline(always)]
fn quad(w: [u32; 4]) -> __m128i {
    // SAFETY: SSE2, which every x86_64 CPU has.
    unsafe { _mm_set_epi32(w[3] as i32, w[2] as i32, w[1] as i32, w[0] as i32) }
}

/// One compression function of each of `S` messages, interleaved: message
/// words `x[s]` (`W[0..16]`, as [`load`] makes them) into `states[s]`.
/// `SECOND`: the block is [`digest_block`]'s (`W[8..16]` the padding of a
/// 32-byte message), whose schedule skips the terms of its zero words. Quad-round `i`
/// uses schedule words `W[4i .. 4i + 4]`, kept in a window of four
/// registers per stream: `W[4i..]` for `i >= 4` is
/// `sha256msg2(sha256msg1(W[4i-16..], W[4i-12..]) + W[4i-7..4i-3],
/// W[4i-4..])` (σ0 of the first, σ1 of the last, the `W[t-7]` term by
/// `palignr`).
///
/// Out of line in unoptimised builds, as the lane kernels' rounds: inlined
/// there into each of a driver's calls, the unrolled quad-rounds'
/// temporaries would each get a stack slot, and the frame would overflow a
/// small thread stack in a dependent crate's debug build.
///
/// # Safety
/// The CPU has the SHA extensions, SSSE3 and SSE4.1.
#[cfg_attr(debug_assertions, inline(never), target_feature(enable = "sha,sse2,ssse3,sse4.1"))]
#[cfg_attr(not(debug_assertions), inline(always))]
unsafe fn compress<const S: usize, const SECOND: bool>(states: &mut [State; S], x: [[__m128i; 4]; S]) {
    // SAFETY (the whole function): the caller's CPU features; the loads
    // read the 256 bytes of K.
    unsafe {
        let saved = *states;
        let mut w = x;
        // Unrolled, so that the window's indices are constants (registers).
        seq!(I in 0..16 {{
            let i: usize = I;
            let k = _mm_loadu_si128(K.as_ptr().add(4 * i).cast());
            for s in 0..S {
                let w = &mut w[s];
                if SECOND && i == 4 {
                    // W[9..13] are zero: no W[t-7] term to add.
                    w[0] = _mm_sha256msg2_epu32(_mm_sha256msg1_epu32(w[0], w[1]), w[3]);
                } else if SECOND && i == 6 {
                    // sha256msg1(W[8..12], W[12..16]) is W[8..12] itself
                    // (σ0 of the zero words W[9..13]).
                    let t7 = _mm_alignr_epi8::<4>(w[1], w[0]);
                    w[2] = _mm_sha256msg2_epu32(_mm_add_epi32(SECOND_W8, t7), w[1]);
                } else if i >= 4 {
                    let t7 = _mm_alignr_epi8::<4>(w[(i + 3) % 4], w[(i + 2) % 4]);
                    let x = _mm_add_epi32(_mm_sha256msg1_epu32(w[i % 4], w[(i + 1) % 4]), t7);
                    w[i % 4] = _mm_sha256msg2_epu32(x, w[(i + 3) % 4]);
                }
                rounds4(&mut states[s], _mm_add_epi32(w[i % 4], k));
            }
        }});
        add_saved(states, saved);
    }
}

/// Four rounds of one stream with the sums `wk` = `K[t] + W[t]` of rounds
/// `t .. t + 4` (`t` in the low lane).
///
/// # Safety
/// The CPU has the SHA extensions.
#[inline(always)]
unsafe fn rounds4(state: &mut State, wk: __m128i) {
    let [abef, cdgh] = state;
    // SAFETY: the caller's CPU features.
    unsafe {
        // Rounds t and t + 1 write the new ABEF over CDGH (the old ABEF is
        // the new CDGH), rounds t + 2 and t + 3 swap them back.
        *cdgh = _mm_sha256rnds2_epu32(*cdgh, *abef, wk);
        *abef = _mm_sha256rnds2_epu32(*abef, *cdgh, _mm_shuffle_epi32::<0x0e>(wk));
    }
    quad_boundary(state);
}

/// The end of a compression function: the chaining value it started from
/// added to each state.
#[inline(always)]
fn add_saved<const S: usize>(states: &mut [State; S], saved: [State; S]) {
    for (st, sv) in states.iter_mut().zip(saved) {
        // SAFETY: SSE2, which every x86_64 CPU has.
        unsafe {
            st[0] = _mm_add_epi32(st[0], sv[0]);
            st[1] = _mm_add_epi32(st[1], sv[1]);
        }
    }
}

/// `K[t] + W[t]` of the padding block of a 64-byte message (a merkle node),
/// whose schedule is all constants: its compression is rounds alone.
const PAD64_WK: [u32; 64] = {
    let w = Pad64Second::SCHEDULE;
    let mut wk = [0u32; 64];
    let mut t = 0;
    while t < 64 {
        wk[t] = match w[t] {
            Some(w) => K[t].wrapping_add(w),
            None => panic!("the padding block's schedule is known"),
        };
        t += 1;
    }
    wk
};

/// One compression function of each of `S` messages whose block is the
/// same constant for all and whose `K[t] + W[t]` are given (`wk`): no
/// schedule to compute.
///
/// # Safety
/// The CPU has the SHA extensions, SSSE3 and SSE4.1.
#[cfg_attr(debug_assertions, inline(never), target_feature(enable = "sha,sse2,ssse3,sse4.1"))]
#[cfg_attr(not(debug_assertions), inline(always))]
#[allow(clippy::erasing_op, clippy::identity_op)] // 4 * I for I = 0, 1
unsafe fn compress_known<const S: usize>(states: &mut [State; S], wk: &[u32; 64]) {
    let saved = *states;
    seq!(I in 0..16 {
        // SAFETY: the caller's CPU features; the load reads 16 of wk's
        // 256 bytes.
        unsafe {
            let wk = _mm_loadu_si128(wk.as_ptr().add(4 * I).cast());
            for state in states.iter_mut() {
                rounds4(state, wk);
            }
        }
    });
    add_saved(states, saved);
}

/// `W[8..12]` of [`digest_block`]: the padding's first word.
const SECOND_W8: __m128i = {
    // SAFETY: both types are 16 bytes of plain data.
    unsafe { core::mem::transmute::<[u32; 4], __m128i>([0x8000_0000, 0, 0, 0]) }
};

/// The block of the second hash of double SHA-256: the 32-byte digest of
/// `state` as message words `W[0..8]`, then the padding of a 32-byte
/// message. Register to register: the high halves of `CDGH` and `ABEF` are
/// words D, C, B, A from the low lane up (as in [`digest`]), reversed by
/// word into A..D.
#[inline(always)]
fn digest_block(state: &State) -> [__m128i; 4] {
    // SAFETY: SSE2, which every x86_64 CPU has.
    unsafe {
        let abcd = _mm_shuffle_epi32::<0x1b>(_mm_unpackhi_epi64(state[1], state[0]));
        let efgh = _mm_shuffle_epi32::<0x1b>(_mm_unpacklo_epi64(state[1], state[0]));
        [abcd, efgh, SECOND_W8, quad([0, 0, 0, 256])]
    }
}

/// After each stream's quad-round: an empty `asm!` that the stream's state
/// passes through. These statements keep their order (they are not
/// `pure`) and each needs its stream's state as of the previous quad-round,
/// so no stream's rounds can run more than one quad-round ahead of the
/// others' ([`compress`] writes them in step). Without them the compiler,
/// short of registers, may schedule the last stream's 32 rounds after the
/// others' (as `lto = true` with one codegen unit did), one dependent chain
/// at the latency of `sha256rnds2` (`docs/PERFORMANCE.md`, "SHA-NI
/// streams").
/// Under Miri, which runs no inline assembly, it does nothing.
#[inline(always)]
#[cfg_attr(miri, allow(unused_variables))]
fn quad_boundary(state: &mut State) {
    // SAFETY: the assembly is empty: it reads and writes nothing but the
    // two registers, which it leaves as they are.
    #[cfg(not(miri))]
    unsafe {
        core::arch::asm!(
            "/* {} {} */",
            inout(xmm_reg) state[0],
            inout(xmm_reg) state[1],
            options(nomem, nostack, preserves_flags)
        );
    }
}

/// The word `m[at] << 24 | 0x80 << 16`: a message's last byte and the
/// padding's first, both in one big-endian word.
#[inline(always)]
fn last_byte_word(m: &[u8], at: usize) -> u32 {
    u32::from(m[at]) << 24 | 0x0080_0000
}

/// `S` messages of `width` bytes at `src` (one after another) into `dst`,
/// their SHA-256, or with `DOUBLE` the SHA-256 of that (double SHA-256).
/// `W` is `width` where it is one of the fixed widths, else 0 (so that the
/// copy for other widths holds none of their paths). Widths 32, 33, 65 and
/// 80 (block headers) build their padded last block from the message's
/// words and constants (the padding and the length), width 64's padding
/// block is constants alone ([`PAD64_WK`]); every other width hashes its
/// whole blocks straight from `src`, then the padded tail (one or two
/// blocks) from a buffer on the stack.
///
/// # Safety
/// The CPU has the SHA extensions, SSSE3 and SSE4.1; `src` holds `S * width` bytes
/// and `dst` `S` digests.
#[inline(always)]
unsafe fn group<const S: usize, const DOUBLE: bool, const W: usize>(src: &[u8], width: usize, dst: &mut [[u8; 32]]) {
    debug_assert!(src.len() == S * width && dst.len() == S && (W == 0 || W == width));
    let msg = |s: usize| &src[s * width..(s + 1) * width];
    let bits = (width as u32) << 3;
    let mut states = [state(&H0); S];
    // No closures with intrinsics here: a closure does not inherit the
    // kernel's target features, so they would not inline.
    let mut x = [[quad([0; 4]); 4]; S];
    // SAFETY (the block): the caller's features; every load reads 64 bytes
    // (32 for words 0..8, 16 for an 80-byte message's last ones) within a
    // message or a tail buffer.
    unsafe {
        match W {
            32 | 33 => {
                for (s, x) in x.iter_mut().enumerate() {
                    let words = load::<2>(msg(s).as_ptr());
                    let w8 = if W == 32 { 0x8000_0000 } else { last_byte_word(msg(s), 32) };
                    *x = [words[0], words[1], quad([w8, 0, 0, 0]), quad([0, 0, 0, bits])];
                }
                compress::<_, false>(&mut states, x);
            }
            64 => {
                for (s, x) in x.iter_mut().enumerate() {
                    *x = load::<4>(msg(s).as_ptr());
                }
                compress::<_, false>(&mut states, x);
                compress_known(&mut states, &PAD64_WK);
            }
            65 => {
                for (s, x) in x.iter_mut().enumerate() {
                    *x = load::<4>(msg(s).as_ptr());
                }
                compress::<_, false>(&mut states, x);
                for (s, x) in x.iter_mut().enumerate() {
                    *x = [
                        quad([last_byte_word(msg(s), 64), 0, 0, 0]),
                        quad([0; 4]),
                        quad([0; 4]),
                        quad([0, 0, 0, bits]),
                    ];
                }
                compress::<_, false>(&mut states, x);
            }
            80 => {
                for (s, x) in x.iter_mut().enumerate() {
                    *x = load::<4>(msg(s).as_ptr());
                }
                compress::<_, false>(&mut states, x);
                for (s, x) in x.iter_mut().enumerate() {
                    let [last] = load::<1>(msg(s)[64..].as_ptr());
                    *x = [last, quad([0x8000_0000, 0, 0, 0]), quad([0; 4]), quad([0, 0, 0, bits])];
                }
                compress::<_, false>(&mut states, x);
            }
            _ => {
                let mut tails = [[0u8; TAIL]; S];
                let mut tail_blocks = 0;
                for (s, tail) in tails.iter_mut().enumerate() {
                    tail_blocks = build_tail::<Sha256>(msg(s), tail);
                }
                for b in 0..width / 64 {
                    for (s, x) in x.iter_mut().enumerate() {
                        *x = load::<4>(msg(s)[64 * b..].as_ptr());
                    }
                    compress::<_, false>(&mut states, x);
                }
                for b in 0..tail_blocks {
                    // The tail's blocks start past the buffer's 64 bytes of
                    // scratch (TAIL = 64 + 2 * 64).
                    for (x, tail) in x.iter_mut().zip(&tails) {
                        *x = load::<4>(tail[64 + 64 * b..].as_ptr());
                    }
                    compress::<_, false>(&mut states, x);
                }
            }
        }
    }
    if DOUBLE {
        for (x, st) in x.iter_mut().zip(&states) {
            *x = digest_block(st);
        }
        states = [state(&H0); S];
        // SAFETY: the caller's features.
        unsafe { compress::<_, true>(&mut states, x) };
    }
    for (d, st) in dst.iter_mut().zip(&states) {
        // SAFETY: the caller's features include SSSE3.
        *d = unsafe { digest(st) };
    }
}

/// `dst[i] = SHA256(src[width*i .. width*i + width])`, [`STREAMS`]
/// messages at a time, the last few as a smaller group.
///
/// # Safety
/// The CPU has the SHA extensions, SSSE3 and SSE4.1 (SSE4.1: no instruction
/// of the kernel needs it, but with it the compiler builds and takes apart
/// the registers of words faster).
#[target_feature(enable = "sha,sse2,ssse3,sse4.1")]
pub(crate) unsafe fn sha256(src: &[u8], width: usize, dst: &mut [[u8; 32]]) {
    // SAFETY: the caller's.
    unsafe { hash::<false>(src, width, dst) }
}

/// `dst[i] = SHA256(SHA256(src[width*i .. width*i + width]))`, as
/// [`sha256`], the first digest handed to the second hash in registers.
///
/// # Safety
/// As [`sha256`].
#[target_feature(enable = "sha,sse2,ssse3,sse4.1")]
pub(crate) unsafe fn sha256d(src: &[u8], width: usize, dst: &mut [[u8; 32]]) {
    // SAFETY: the caller's.
    unsafe { hash::<true>(src, width, dst) }
}

/// [`sha256`], or with `DOUBLE` [`sha256d`].
///
/// # Safety
/// As [`sha256`].
#[target_feature(enable = "sha,sse2,ssse3,sse4.1")]
unsafe fn hash<const DOUBLE: bool>(src: &[u8], width: usize, dst: &mut [[u8; 32]]) {
    assert_eq!(Some(src.len()), dst.len().checked_mul(width), "sha256: src is not dst.len() messages of width bytes");
    /// Messages of `W` bytes (`W == 0`: of `width` bytes), one copy per
    /// fixed width, so that the width folds into its tail copies and loops.
    ///
    /// # Safety
    /// As [`sha256`].
    #[target_feature(enable = "sha,sse2,ssse3,sse4.1")]
    #[inline(never)]
    unsafe fn run<const W: usize, const DOUBLE: bool>(src: &[u8], width: usize, dst: &mut [[u8; 32]]) {
        let width = if W == 0 { width } else { W };
        // SAFETY (both): the caller's.
        if W == 64 {
            unsafe { groups::<STREAMS_64, DOUBLE, W>(src, width, dst) }
        } else {
            unsafe { groups::<STREAMS, DOUBLE, W>(src, width, dst) }
        }
    }
    /// [`group`]s of `G` messages, the last few as a smaller group.
    ///
    /// # Safety
    /// As [`sha256`].
    #[inline(always)]
    unsafe fn groups<const G: usize, const DOUBLE: bool, const W: usize>(
        src: &[u8],
        width: usize,
        dst: &mut [[u8; 32]],
    ) {
        let mut groups = dst.chunks_exact_mut(G);
        let mut at = 0;
        for d in &mut groups {
            // SAFETY: the features are enabled; G messages at `at`.
            unsafe { group::<G, DOUBLE, W>(&src[at..at + G * width], width, d) };
            at += G * width;
        }
        let rest = groups.into_remainder();
        let src = &src[at..];
        const { assert!(G <= 4) };
        // SAFETY (each arm): as above, rest.len() < STREAMS messages left.
        match rest.len() {
            0 => {}
            1 => unsafe { group::<1, DOUBLE, W>(src, width, rest) },
            2 => unsafe { group::<2, DOUBLE, W>(src, width, rest) },
            _ => unsafe { group::<3, DOUBLE, W>(src, width, rest) },
        }
    }
    // SAFETY (each arm): the caller's.
    match width {
        32 => unsafe { run::<32, DOUBLE>(src, width, dst) },
        33 => unsafe { run::<33, DOUBLE>(src, width, dst) },
        64 => unsafe { run::<64, DOUBLE>(src, width, dst) },
        65 => unsafe { run::<65, DOUBLE>(src, width, dst) },
        80 => unsafe { run::<80, DOUBLE>(src, width, dst) },
        _ => unsafe { run::<0, DOUBLE>(src, width, dst) },
    }
}

/// One message in flight: where its next block is and its chaining value.
struct Stream<'a> {
    /// The message.
    msg: &'a [u8],
    /// Index of the next block: `msg`'s whole blocks first, then the tail
    /// buffer's.
    block: usize,
    /// Blocks in all (whole blocks and the tail's one or two).
    blocks: usize,
    /// Digest index in `dst`.
    out: usize,
    state: State,
    /// 64 bytes of scratch, then the padded tail ([`build_tail`]).
    tail: [u8; TAIL],
}

impl<'a> Stream<'a> {
    #[inline(always)]
    fn new(msg: &'a [u8], out: usize) -> Self {
        let mut tail = [0u8; TAIL];
        let blocks = msg.len() / 64 + build_tail::<Sha256>(msg, &mut tail);
        Stream { msg, block: 0, blocks, out, state: state(&H0), tail }
    }

    /// The next block's first byte (64 bytes are readable there).
    #[inline(always)]
    fn next(&self) -> *const u8 {
        let full = self.msg.len() / 64;
        if self.block < full {
            self.msg[64 * self.block..].as_ptr()
        } else {
            self.tail[64 + 64 * (self.block - full)..].as_ptr()
        }
    }
}

/// One compression of each of the first `S` streams.
///
/// # Safety
/// The CPU has the SHA extensions, SSSE3 and SSE4.1; `streams.len() >= S` and each
/// of those has a block left.
#[inline(always)]
unsafe fn step<const S: usize>(streams: &mut [Stream<'_>], steps: usize) {
    let mut states: [State; S] = core::array::from_fn(|s| streams[s].state);
    let mut x = [[quad([0; 4]); 4]; S];
    for _ in 0..steps {
        for (x, s) in x.iter_mut().zip(streams.iter()) {
            // SAFETY: the caller's; `next` points at 64 readable bytes.
            *x = unsafe { load::<4>(s.next()) };
        }
        // SAFETY: the caller's.
        unsafe { compress::<_, false>(&mut states, x) };
        for s in &mut streams[..S] {
            s.block += 1;
        }
    }
    for (s, st) in streams.iter_mut().zip(states) {
        s.state = st;
    }
}

/// `dst[i] = SHA256(msgs.get(i))`: the multi-buffer manager of these
/// streams. Up to [`STREAMS`] messages in flight; every step runs them all
/// until the first one ends, which writes its digest and takes the next
/// message; with no message left the busy ones go on as a smaller group.
///
/// # Safety
/// The CPU has the SHA extensions, SSSE3 and SSE4.1.
#[target_feature(enable = "sha,sse2,ssse3,sse4.1")]
pub(crate) unsafe fn sha256_many(msgs: Messages<'_>, dst: &mut [[u8; 32]]) {
    assert_eq!(msgs.len(), dst.len(), "many: msgs and dst hold different numbers of messages");
    let n = msgs.len();
    let mut streams: [Stream<'_>; STREAMS] = core::array::from_fn(|_| Stream::new(&[], usize::MAX));
    let mut busy = 0;
    let mut next = 0;
    while busy < STREAMS && next < n {
        streams[busy] = Stream::new(msgs.get(next), next);
        busy += 1;
        next += 1;
    }
    while busy > 0 {
        let steps = streams[..busy].iter().map(|s| s.blocks - s.block).min().unwrap_or(0);
        // SAFETY (each arm): the features are enabled; the first `busy`
        // streams each have `steps` blocks left.
        if busy == STREAMS {
            unsafe { step::<STREAMS>(&mut streams, steps) }
        } else {
            match busy {
                1 => unsafe { step::<1>(&mut streams, steps) },
                2 => unsafe { step::<2>(&mut streams, steps) },
                _ => unsafe { step::<3>(&mut streams, steps) },
            }
        }
        // Finished streams write their digests and take the next messages;
        // with none left, the last busy stream takes a finished one's place.
        let mut s = 0;
        while s < busy {
            if streams[s].block < streams[s].blocks {
                s += 1;
                continue;
            }
            // SAFETY: SSSE3 is enabled.
            dst[streams[s].out] = unsafe { digest(&streams[s].state) };
            if next < n {
                streams[s] = Stream::new(msgs.get(next), next);
                next += 1;
            } else {
                busy -= 1;
                streams.swap(s, busy);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The state layout round-trips, and `words` reads A..H back.
    #[test]
    fn state_round_trip() {
        let h = [1, 2, 3, 4, 5, 6, 7, 8];
        assert_eq!(words(&state(&h)), h);
    }

    /// `digest` writes words A..H big-endian.
    #[test]
    fn digest_is_big_endian_a_to_h() {
        if !std::arch::is_x86_feature_detected!("ssse3") {
            eprintln!("NOTICE: shani digest test skipped: this CPU lacks SSSE3 (the digest's byte shuffle)");
            return;
        }
        let h: [u32; 8] = core::array::from_fn(|i| 0x0102_0304u32.wrapping_mul(i as u32 + 1) ^ 0xA5A5_0F0F);
        let want: Vec<u8> = h.iter().flat_map(|w| w.to_be_bytes()).collect();
        // SAFETY: SSSE3 was detected above.
        assert_eq!(unsafe { digest(&state(&h)) }.to_vec(), want);
    }
}
