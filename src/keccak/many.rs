//! Keccak-256 of messages of any lengths: the multi-buffer manager of
//! `crate::manager` in Keccak's shape (136-byte blocks, a 25-lane state of
//! 64-bit words, one padded tail block per message).
//!
//! Every lane carries its own message: a pointer to its next block, the
//! number of blocks left, and a tail buffer on the stack with the message's
//! last partial block padded (`0x01 ... 0x80`: it always fits in one block),
//! built when the lane takes the message. Each step, every lane's block is
//! copied into a staging row, loaded word by word into the lanes, and one
//! permutation runs on all lanes. Steps run without any per-lane decision
//! until the first busy lane's message ends; then the finished lanes store
//! their digests and take the next messages, their states reset to zero.
//! When no message is left to start and at most `drain_at` lanes are busy,
//! those finish one by one on the scalar code. The states live in memory as
//! `[word][lane]` arrays, loaded and stored around each permutation. No heap
//! allocation.

use super::consts::RATE;
use super::permute::keccak_f;
use super::sponge::{absorb_block, digest, padded_block};
use crate::messages::Messages;
use crate::simd::Lanes64;

/// Lanes at most (AVX-512's 8).
const MAX_LANES: usize = 8;

/// `Book::out` of a free lane.
const IDLE: usize = usize::MAX;

/// The lanes' bookkeeping, one array per field (indexed by lane). Lane `l`
/// is busy when `out[l] != IDLE`; `left[l]` blocks remain, the last in its
/// tail buffer: while more than one remains, its next block is the 136
/// bytes at `next[l]`, within its message; then (and for a free lane, whose
/// tail buffer is read and ignored) it is `tails[l]`. No pointer into the
/// struct itself, so nothing is invalidated when it is borrowed again.
struct Book {
    next: [*const u8; MAX_LANES],
    left: [usize; MAX_LANES],
    out: [usize; MAX_LANES],
    tails: [[u8; RATE]; MAX_LANES],
}

impl Book {
    /// Lane `l`'s block has been read: moves to the next one.
    #[inline(always)]
    fn advance(&mut self, l: usize) {
        if self.left[l] != 0 {
            self.left[l] -= 1;
            self.next[l] = self.next[l].wrapping_add(RATE);
        }
    }

    /// Lane `l` starts message `m` (index `index` of the batch).
    #[inline(always)]
    fn start(&mut self, l: usize, m: &[u8], index: usize) {
        let full = m.len() / RATE;
        self.tails[l] = padded_block(&m[RATE * full..]);
        self.left[l] = full + 1;
        self.next[l] = m.as_ptr();
        self.out[l] = index;
    }

    /// Lane `l` is free.
    #[inline(always)]
    fn free(&mut self, l: usize) {
        self.out[l] = IDLE;
        self.left[l] = 0;
        self.next[l] = core::ptr::null();
    }

    /// Lane `l`'s next block.
    ///
    /// # Safety
    /// The messages of the busy lanes are alive and unchanged.
    #[inline(always)]
    unsafe fn block(&self, l: usize) -> &[u8; RATE] {
        if self.left[l] <= 1 {
            return &self.tails[l];
        }
        // SAFETY: the caller's; more than one block left, so the next one
        // is a whole block of the message: 136 readable bytes at `next[l]`.
        unsafe { &*self.next[l].cast::<[u8; RATE]>() }
    }
}

/// `dst[i] = Keccak256(msgs.get(i))` on `V`'s lanes; lanes still busy when
/// no message is left to start finish on the scalar code once at most
/// `drain_at` remain.
///
/// # Safety
/// The CPU has `V`'s instruction set.
#[inline(always)]
pub(crate) unsafe fn hash_many<V: Lanes64>(msgs: Messages<'_>, dst: &mut [[u8; 32]], drain_at: usize) {
    assert_eq!(msgs.len(), dst.len(), "keccak256_many: msgs and dst hold different numbers of messages");
    let lanes = V::LANES;
    const { assert!(V::LANES <= MAX_LANES) };
    let n = msgs.len();
    // s[i][l]: lane i of the state of lane l.
    let mut s = [[0u64; 8]; 25];
    let mut staging = [[0u8; RATE]; MAX_LANES];
    let row_offsets = V::lane_offsets(RATE, lanes);
    let mut book = Book {
        next: [core::ptr::null(); MAX_LANES],
        left: [0; MAX_LANES],
        out: [IDLE; MAX_LANES],
        tails: [[0; RATE]; MAX_LANES],
    };
    for l in 0..MAX_LANES {
        book.free(l);
    }
    let mut next = 0;
    let mut busy = 0;
    for l in 0..lanes.min(n) {
        book.start(l, msgs.get(l), l);
        next += 1;
        busy += 1;
    }
    loop {
        if busy == 0 {
            return;
        }
        if next == n && busy <= drain_at {
            for l in 0..lanes {
                if book.out[l] == IDLE {
                    continue;
                }
                let mut a: [u64; 25] = core::array::from_fn(|i| s[i][l]);
                while book.left[l] > 0 {
                    // SAFETY: lane l is busy: its next block is in its
                    // message or its tail buffer.
                    absorb_block(&mut a, unsafe { book.block(l) });
                    book.advance(l);
                }
                dst[book.out[l]] = digest(&a);
                book.free(l);
            }
            return;
        }
        // Steps until the first busy lane finishes.
        let mut steps = usize::MAX;
        for l in 0..lanes {
            steps = steps.min(if book.out[l] == IDLE { usize::MAX } else { book.left[l] });
        }
        for _ in 0..steps {
            for (l, row) in staging.iter_mut().enumerate().take(lanes) {
                // SAFETY: a busy lane's next block is in its message or tail
                // buffer; a free lane reads its tail buffer.
                *row = *unsafe { book.block(l) };
                book.advance(l);
            }
            // A loop, not `from_fn`: a closure would not inherit the
            // kernel's target features.
            let mut a = [V::splat(0); 25];
            for (lane, words) in a.iter_mut().zip(s.iter()) {
                *lane = V::load(words);
            }
            let rows = staging.as_ptr().cast::<u8>();
            for (j, lane) in a.iter_mut().take(RATE / 8).enumerate() {
                // SAFETY: row l of `staging` holds 136 bytes at l * RATE, for
                // l < lanes; the caller's CPU features.
                *lane = lane.xor(unsafe { V::gather(rows.add(8 * j), row_offsets) });
            }
            keccak_f(&mut a);
            for (i, w) in a.iter().enumerate() {
                w.store(&mut s[i]);
            }
        }
        // The lanes whose message ended store their digest and take the
        // next message.
        let mut finished = 0u32;
        for l in 0..lanes {
            finished |= u32::from(book.out[l] != IDLE && book.left[l] == 0) << l;
        }
        while finished != 0 {
            let l = finished.trailing_zeros() as usize;
            finished &= finished - 1;
            let a: [u64; 25] = core::array::from_fn(|i| s[i][l]);
            dst[book.out[l]] = digest(&a);
            for word in s.iter_mut() {
                word[l] = 0;
            }
            if next < n {
                book.start(l, msgs.get(next), next);
                next += 1;
            } else {
                book.free(l);
                busy -= 1;
            }
        }
    }
}
