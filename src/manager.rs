//! The lane manager: batches of messages of any lengths on the lanes of a
//! lane type, written once for the hashes of 64-byte blocks (RIPEMD-160,
//! SHA-256: [`Algo`]), the isa-l_crypto model.
//!
//! Every lane carries its own message: a pointer to its next 64-byte
//! block, the number of blocks left, and a tail buffer on the stack with the
//! message's last partial block and its padding (0x80, zeros, the bit length
//! in the algorithm's byte order; one or two blocks), built when the lane
//! takes the message. Each step, every lane's block (straight from its
//! message while whole blocks remain, then from its tail buffer) is read
//! where it is and transposed into 16 message words by the lane type's
//! 32-byte transposes (`Lanes::load_rows32`, twice), and one compression
//! runs on all lanes. Steps run without any per-lane decision until the
//! first busy lane's message ends; then the finished lanes (a bit mask)
//! store their digests and take the next messages, their chaining values
//! reset to the initial value. So one long message holds no other lane
//! back. When no message is left to start and only a few lanes are still
//! busy (the `drain_at` of the kernel set, `crate::tuning::Tuning`),
//! those finish one by one on scalar code. The chaining values live in
//! memory as `[word][lane]` arrays, loaded and stored around each
//! compression (`Lanes::load`, `Lanes::store`). No heap allocation.
//!
//! The algorithms implement [`Algo`] beside their compression functions:
//! `crate::ripemd160` (Dobbertin, Bosselaers, Preneel 1996) and
//! `crate::sha256` (FIPS 180-4), which also pads with [`build_tail`] in
//! its SHA-NI streams. Keccak-256's sponge (136-byte blocks, a state of 25
//! 64-bit words) has a manager of the same shape in `crate::keccak::many`.

use crate::messages::Messages;
use crate::simd::{Lanes, Pair, Word};

/// What the manager needs to know of a hash function.
pub(crate) trait Algo {
    /// Chaining words (5 or 8; the arrays below have 8).
    const WORDS: usize;
    /// Big-endian message words and length (SHA-256), else little-endian.
    const BIG_ENDIAN: bool;
    /// True when two groups of lanes in flight pay ([`Lanes::PAIRS`] too).
    const PAIRS: bool;
    /// The initial chaining value (first `WORDS` words).
    const IV: [u32; 8];
    /// One compression on every lane: message words `x` (in the
    /// algorithm's byte order), chaining words `h[..WORDS]`.
    fn compress<W: Word>(h: &[W; 8], x: &[W; 16]) -> [W; 8];
    /// One compression of one lane on scalar code.
    fn compress_one(h: &mut [u32; 8], block: &[u8; 64]);
}

/// Lanes at most: two groups of 16.
const MAX_LANES: usize = 32;

/// `Book::out` of a free lane.
const IDLE: usize = usize::MAX;

/// Bytes of a lane's tail buffer: 64 bytes of scratch, then the
/// message's last partial block with its padding, one or two blocks.
pub(crate) const TAIL: usize = 192;

/// Builds message `m`'s padded tail in `tail[64..]` (the bytes after its
/// whole blocks, 0x80, zeros, the bit length in `A`'s byte order) and
/// returns its number of blocks, 1 or 2. A message of 64 bytes or more
/// has its last 64 bytes copied with one fixed-size copy ending where
/// the tail's message bytes end (the bytes before it land in the
/// scratch): no variable-length copy.
#[inline(always)]
pub(crate) fn build_tail<A: Algo>(m: &[u8], tail: &mut [u8; TAIL]) -> usize {
    let r = m.len() % 64;
    tail[64..].fill(0);
    match m.last_chunk::<64>() {
        Some(last) => tail[r..r + 64].copy_from_slice(last),
        None => copy_short(&mut tail[64..64 + r], m),
    }
    tail[64 + r] = 0x80;
    let blocks = 1 + usize::from(r >= 56);
    let bits = (m.len() as u64).wrapping_mul(8);
    let length = if A::BIG_ENDIAN { bits.to_be_bytes() } else { bits.to_le_bytes() };
    tail[64 * blocks + 56..64 * blocks + 64].copy_from_slice(&length);
    blocks
}

/// `dst.copy_from_slice(src)` for fewer than 64 bytes: two fixed-size
/// copies of the largest power of two that fits (overlapping in the
/// middle; one byte or none below 2), so that no call to `memcpy` (and
/// no `vzeroupper` in the middle of a vector kernel) is made per
/// message.
#[inline(always)]
fn copy_short(dst: &mut [u8], src: &[u8]) {
    /// The first and the last `N` bytes (`N <= src.len() < 2 * N`).
    #[inline(always)]
    fn ends<const N: usize>(dst: &mut [u8], src: &[u8]) {
        let (d, s) = (dst.first_chunk_mut::<N>(), src.first_chunk::<N>());
        *d.expect("N bytes") = *s.expect("N bytes");
        let (d, s) = (dst.last_chunk_mut::<N>(), src.last_chunk::<N>());
        *d.expect("N bytes") = *s.expect("N bytes");
    }
    debug_assert!(dst.len() == src.len() && src.len() < 64);
    match src.len() {
        32.. => ends::<32>(dst, src),
        16..=31 => ends::<16>(dst, src),
        8..=15 => ends::<8>(dst, src),
        4..=7 => ends::<4>(dst, src),
        2..=3 => ends::<2>(dst, src),
        1 => dst[0] = src[0],
        0 => {}
    }
}

/// The digest of chaining words `h` (`D / 4` of them) in the algorithm's
/// byte order.
#[inline(always)]
fn digest<A: Algo, const D: usize>(h: &[u32; 8]) -> [u8; D] {
    let mut out = [0u8; D];
    for (chunk, w) in out.chunks_exact_mut(4).zip(h) {
        chunk.copy_from_slice(&if A::BIG_ENDIAN { w.to_be_bytes() } else { w.to_le_bytes() });
    }
    out
}

/// The 16 message words of group `g`'s lanes (lanes `g * V::LANES ..`),
/// each lane's block read where it is (`rows[l]`, its message or its
/// tail buffer) by the lane type's 32-byte transposes, twice, in `A`'s
/// byte order. A function rather than a closure: closures do not inherit
/// the kernel's target features, so the intrinsics would not inline.
///
/// # Safety
/// The CPU has `V`'s instruction set; `(g + 1) * V::LANES <= MAX_LANES`;
/// 64 bytes are readable at `rows[l]` for each of the group's lanes.
#[inline(always)]
unsafe fn words<V: Lanes, A: Algo>(rows: &[*const u8; MAX_LANES], g: usize) -> [V; 16] {
    debug_assert!((g + 1) * V::LANES <= MAX_LANES);
    // At most two groups of at most 16 lanes: 16 rows from the group's
    // first, within the 32.
    let rows = rows[g * V::LANES..].first_chunk::<16>().expect("a group's rows lie within MAX_LANES");
    // SAFETY: the caller's; both halves of each block are readable.
    let (a, b) = unsafe { (V::load_rows32(rows, 0), V::load_rows32(rows, 32)) };
    let mut x = [V::splat(0); 16];
    x[..8].copy_from_slice(&a);
    x[8..].copy_from_slice(&b);
    if A::BIG_ENDIAN {
        for w in &mut x {
            *w = w.bswap();
        }
    }
    x
}

/// Chaining word `i` of every lane of one group (zero past `A::WORDS`).
#[inline(always)]
fn state<V: Lanes, A: Algo>(h: &[[u32; 16]; 8], i: usize) -> V {
    if i < A::WORDS {
        V::load(&h[i])
    } else {
        V::splat(0)
    }
}

/// The lanes' bookkeeping, one array per field (indexed by lane).
///
/// Lane `l` is busy when `out[l] != IDLE`; its next block is the 64
/// bytes at `next[l]`, within its message while whole blocks remain,
/// then within its tail buffer (`tails + l`); `left[l]` blocks remain,
/// the last `tail_blocks[l]` of them in the tail buffer. A free lane's
/// `next` points at its own tail buffer, so reading it is harmless.
struct Book {
    next: [*const u8; MAX_LANES],
    left: [usize; MAX_LANES],
    tail_blocks: [usize; MAX_LANES],
    out: [usize; MAX_LANES],
    /// The tail buffers (`[[u8; TAIL]; MAX_LANES]` of the caller's
    /// stack frame), written only through this pointer.
    tails: *mut [u8; TAIL],
}

impl Book {
    /// Lane `l`'s block has been read: moves to the next one.
    #[inline(always)]
    fn advance(&mut self, l: usize) {
        if self.left[l] != 0 {
            self.left[l] -= 1;
            self.next[l] =
                if self.left[l] == self.tail_blocks[l] { self.tail(l) } else { self.next[l].wrapping_add(64) };
        }
    }

    /// Every lane's block has been read.
    #[inline(always)]
    fn advance_all(&mut self, lanes: usize) {
        for l in 0..lanes {
            self.advance(l);
        }
    }

    /// The first tail block of lane `l` (past the scratch bytes).
    #[inline(always)]
    fn tail(&self, l: usize) -> *const u8 {
        self.tails.wrapping_add(l).cast_const().cast::<u8>().wrapping_add(64)
    }

    /// Lane `l` starts message `m` (index `index` of the batch).
    #[inline(always)]
    fn start<A: Algo>(&mut self, l: usize, m: &[u8], index: usize) {
        // SAFETY: `tails` points at MAX_LANES buffers of our caller's
        // frame, l < MAX_LANES, and no reference to them is alive
        // (they are only read through `next` pointers, by `words` and
        // `block`).
        let tail = unsafe { &mut *self.tails.add(l) };
        let tail_blocks = build_tail::<A>(m, tail);
        let full = m.len() / 64;
        self.left[l] = full + tail_blocks;
        self.tail_blocks[l] = tail_blocks;
        self.next[l] = if full > 0 { m.as_ptr() } else { self.tail(l) };
        self.out[l] = index;
    }

    /// Lane `l` is free.
    #[inline(always)]
    fn free(&mut self, l: usize) {
        self.out[l] = IDLE;
        self.left[l] = 0;
        self.next[l] = self.tail(l);
    }

    /// Lane `l`'s next 64 bytes.
    ///
    /// # Safety
    /// The messages of the busy lanes are alive and unchanged.
    #[inline(always)]
    unsafe fn block(&self, l: usize) -> *const [u8; 64] {
        self.next[l].cast()
    }
}

/// `dst[i] = H(msgs.get(i))` for hash `A` on `V`'s lanes (two groups of them
/// where both `V::PAIRS` and `A::PAIRS`); lanes still busy when no message is
/// left to start finish on scalar code once at most `drain_at` remain.
///
/// # Safety
/// The CPU has `V`'s instruction set.
#[inline(always)]
pub(crate) unsafe fn hash_many<V: Lanes, A: Algo, const D: usize>(
    msgs: Messages<'_>,
    dst: &mut [[u8; D]],
    drain_at: usize,
) {
    assert_eq!(msgs.len(), dst.len(), "many: msgs and dst hold different numbers of messages");
    const { assert!(D <= 32 && D.is_multiple_of(4)) };
    let groups = if V::PAIRS && A::PAIRS { 2 } else { 1 };
    let lanes = V::LANES * groups;
    debug_assert!(lanes <= MAX_LANES);
    let n = msgs.len();
    // h[g][i][l]: word i of lane l of group g.
    let mut h = [[[0u32; 16]; 8]; 2];
    let mut tails = [[0u8; TAIL]; MAX_LANES];
    let tails_ptr = tails.as_mut_ptr();
    let mut book = Book {
        next: [core::ptr::null(); MAX_LANES],
        left: [0; MAX_LANES],
        tail_blocks: [0; MAX_LANES],
        out: [IDLE; MAX_LANES],
        tails: tails_ptr,
    };
    for l in 0..MAX_LANES {
        book.free(l);
    }
    let mut next = 0;
    // Bit l: lane l is busy (`book.out[l] != IDLE`), kept in a register
    // so that the scans below read no lane's `out`.
    let mut busy = 0u32;
    for l in 0..lanes.min(n) {
        book.start::<A>(l, msgs.get(l), l);
        for (i, word) in h[l / V::LANES].iter_mut().take(A::WORDS).enumerate() {
            word[l % V::LANES] = A::IV[i];
        }
        next += 1;
        busy |= 1 << l;
    }
    loop {
        if busy == 0 {
            return;
        }
        if next == n && busy.count_ones() as usize <= drain_at {
            for l in 0..lanes {
                if busy >> l & 1 == 0 {
                    continue;
                }
                let mut state: [u32; 8] = [0; 8];
                for (i, s) in state.iter_mut().take(A::WORDS).enumerate() {
                    *s = h[l / V::LANES][i][l % V::LANES];
                }
                while book.left[l] > 0 {
                    // SAFETY: lane l is busy: its next 64 bytes are in
                    // its message or its tail buffer.
                    A::compress_one(&mut state, unsafe { &*book.block(l) });
                    book.advance(l);
                }
                dst[book.out[l]] = digest::<A, D>(&state);
                book.free(l);
            }
            return;
        }
        // Steps until the first busy lane finishes (every busy lane has
        // a block left): no lane needs a decision meanwhile. `ending`:
        // the lanes whose message ends then. Free lanes count as
        // endless, read from `busy`, not from `book.out` (which the
        // compiler would load as a vector, stalling on the scalar
        // stores that just wrote it).
        let mut steps = usize::MAX;
        let mut ending = 0u32;
        for l in 0..lanes {
            let left = if busy >> l & 1 != 0 { book.left[l] } else { usize::MAX };
            let bit = 1u32 << l;
            ending = if left < steps {
                bit
            } else if left == steps {
                ending | bit
            } else {
                ending
            };
            steps = steps.min(left);
        }
        for _ in 0..steps {
            if groups == 2 {
                // SAFETY: the caller's CPU features; a busy lane's next
                // 64 bytes are in its message or tail buffer, a free
                // lane's `next` is its tail buffer.
                let (x0, x1) = unsafe { (words::<V, A>(&book.next, 0), words::<V, A>(&book.next, 1)) };
                // Every lane moves on before the compression, so the
                // next step's loads need not wait for it.
                book.advance_all(lanes);
                let mut x = [Pair(V::splat(0), V::splat(0)); 16];
                for j in 0..16 {
                    x[j] = Pair(x0[j], x1[j]);
                }
                let mut s = [Pair(V::splat(0), V::splat(0)); 8];
                for (i, w) in s.iter_mut().enumerate() {
                    *w = Pair(state::<V, A>(&h[0], i), state::<V, A>(&h[1], i));
                }
                let r = A::compress(&s, &x);
                for i in 0..A::WORDS {
                    r[i].0.store(&mut h[0][i]);
                    r[i].1.store(&mut h[1][i]);
                }
            } else {
                // SAFETY: as above.
                let x = unsafe { words::<V, A>(&book.next, 0) };
                book.advance_all(lanes);
                let mut s = [V::splat(0); 8];
                for (i, w) in s.iter_mut().enumerate() {
                    *w = state::<V, A>(&h[0], i);
                }
                let r = A::compress(&s, &x);
                for i in 0..A::WORDS {
                    r[i].store(&mut h[0][i]);
                }
            }
        }
        // The lanes whose message ended store their digest and take
        // the next message: a bit mask, so that the branches are per
        // finished lane rather than per lane.
        let mut finished = ending;
        debug_assert!((0..lanes).all(|l| (finished >> l & 1 != 0) == (book.out[l] != IDLE && book.left[l] == 0)));
        while finished != 0 {
            let l = finished.trailing_zeros() as usize;
            finished &= finished - 1;
            let (g, lane) = (l / V::LANES, l % V::LANES);
            let mut state: [u32; 8] = [0; 8];
            for (i, s) in state.iter_mut().take(A::WORDS).enumerate() {
                *s = h[g][i][lane];
            }
            dst[book.out[l]] = digest::<A, D>(&state);
            if next < n {
                book.start::<A>(l, msgs.get(next), next);
                for (i, word) in h[g].iter_mut().take(A::WORDS).enumerate() {
                    word[lane] = A::IV[i];
                }
                next += 1;
            } else {
                book.free(l);
                busy &= !(1 << l);
            }
        }
    }
}
