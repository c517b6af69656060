//! The drivers, one per algorithm and batch shape, between the APIs
//! (`crate::batch` for Rust, `crate::ffi` for C) and a kernel set
//! (`crate::kernels`): n messages of one width in chunks that fit on the
//! stack ([`chunked`]), messages of any lengths split by width
//! ([`many_driver`]), and the stages that call a kernel set's entry points
//! with the tail rules of `crate::tuning`. No heap allocation.
//!
//! A chunk's messages are read in full (into the kernel) before any of its
//! digests is written, and digest i never lands past the start of message
//! i + 1 when the message width is at least the digest size: that is why
//! `dst == src` works.

use core::ptr;
use core::slice;

use crate::kernels::KernelSet;
use crate::messages::Messages;
use crate::tuning::{tail, Tail};
use crate::{keccak, ripemd160};

// The stages: a kernel set's entry points, with the tail rules. The
// kernels are `unsafe fn`s whose one condition is that the CPU has their
// instruction set, which the kernel set proves: it exists only after its
// detection passed (`crate::kernels`).

/// `dst[i] = RIPEMD160(src[i])` for 32-byte messages: whole groups on the
/// lanes, the tail as [`tail`] says.
pub(crate) fn hash32(k: &KernelSet, src: &[[u8; 32]], dst: &mut [[u8; 20]]) {
    assert_eq!(src.len(), dst.len(), "hash32: src and dst hold different numbers of messages");
    let whole = src.len() - src.len() % k.lanes;
    // SAFETY: the kernel set's detection passed (above).
    unsafe { (k.hash32)(&src[..whole], &mut dst[..whole]) };
    let (src, dst) = (&src[whole..], &mut dst[whole..]);
    match (tail(k.lanes, src.len(), k.hash32_narrower.is_some()), k.hash32_narrower) {
        (Tail::Done, _) => {}
        (Tail::Scalar, _) => ripemd160::hash32_scalar(src, dst),
        // SAFETY: as above; the narrower kernel was detected with the set.
        (Tail::Narrower, Some(narrower)) => unsafe { narrower(src, dst) },
        // SAFETY: as above; the kernel pads a partial group.
        (Tail::Padded | Tail::Narrower, _) => unsafe { (k.hash32)(src, dst) },
    }
}

/// `dst[i] = SHA256(src[width*i .. width*i + width])`: on the kernel set's
/// SHA-256 kernel, but for a partial group too small to pay
/// (`Tuning::sha256_min_partial_group`), which goes to its tail kernel.
pub(crate) fn sha256(k: &KernelSet, src: &[u8], width: usize, dst: &mut [[u8; 32]]) {
    assert_eq!(Some(src.len()), dst.len().checked_mul(width), "sha256: src is not dst.len() messages of width bytes");
    sha256_stage(k, k.sha256, k.sha256_tail, src, width, dst);
}

/// The SHA-256 tail rule, shared by single and double SHA-256: `kernel`
/// takes the whole groups and a partial group large enough to pay
/// (`Tuning::sha256_min_partial_group`), `tail` the rest (both the kernel
/// set's).
#[inline(always)]
fn sha256_stage(
    k: &KernelSet,
    kernel: crate::kernels::FixedKernel,
    tail: crate::kernels::FixedKernel,
    src: &[u8],
    width: usize,
    dst: &mut [[u8; 32]],
) {
    let rest = dst.len() % k.lanes;
    let off = if rest < k.tuning.sha256_min_partial_group(width) { rest } else { 0 };
    let on = dst.len() - off;
    // SAFETY: `kernel` belongs to the kernel set, whose detection passed.
    unsafe { kernel(&src[..on * width], width, &mut dst[..on]) };
    if off > 0 {
        // SAFETY: as above, `tail` too.
        unsafe { tail(&src[on * width..], width, &mut dst[on..]) };
    }
}

/// `dst[i] = SHA256(SHA256(src[width*i .. width*i + width]))`: as
/// [`sha256`], on the kernel set's double SHA-256 kernel.
pub(crate) fn sha256d(k: &KernelSet, src: &[u8], width: usize, dst: &mut [[u8; 32]]) {
    assert_eq!(Some(src.len()), dst.len().checked_mul(width), "sha256d: src is not dst.len() messages of width bytes");
    sha256_stage(k, k.sha256d, k.sha256d_tail, src, width, dst);
}

/// Fused HASH160 of the leading whole groups where the kernel set's tuning
/// names `width`; returns how many messages it hashed.
fn hash160_fused(k: &KernelSet, src: &[u8], width: usize, dst: &mut [[u8; 20]]) -> usize {
    if !k.tuning.hash160_fused(width) {
        return 0;
    }
    // SAFETY: the kernel set's detection passed.
    unsafe { (k.hash160_fused)(src, width, dst) }
}

/// `dst[i] = Keccak256(src[width*i .. width*i + width])`: whole and
/// partial groups on the lanes, a lone last message as [`tail`] says.
pub(crate) fn keccak256(k: &KernelSet, src: &[u8], width: usize, dst: &mut [[u8; 32]]) {
    assert_eq!(
        Some(src.len()),
        dst.len().checked_mul(width),
        "keccak256: src is not dst.len() messages of width bytes"
    );
    let rest = dst.len() % k.keccak_lanes;
    let off = match tail(k.keccak_lanes, rest, false) {
        Tail::Scalar => rest,
        _ => 0,
    };
    let on = dst.len() - off;
    // SAFETY: the kernel set's detection passed.
    unsafe { (k.keccak256)(&src[..on * width], width, &mut dst[..on]) };
    keccak::fixed_scalar(&src[on * width..], width, &mut dst[on..]);
}

/// `dst[i] = RIPEMD160(msgs[i])` on the kernel set's lane manager.
fn ripemd160_many(k: &KernelSet, msgs: Messages<'_>, dst: &mut [[u8; 20]]) {
    // SAFETY: the kernel set's detection passed.
    unsafe { (k.ripemd160_many)(msgs, dst, k.tuning.drain_ripemd160) }
}

/// `dst[i] = SHA256(msgs[i])` on the kernel set's any-length kernel.
fn sha256_many(k: &KernelSet, msgs: Messages<'_>, dst: &mut [[u8; 32]]) {
    // SAFETY: the kernel set's detection passed.
    unsafe { (k.sha256_many)(msgs, dst, k.tuning.drain_sha256) }
}

/// `dst[i] = Keccak256(msgs[i])` on the kernel set's lane manager.
fn keccak256_many(k: &KernelSet, msgs: Messages<'_>, dst: &mut [[u8; 32]]) {
    // SAFETY: the kernel set's detection passed.
    unsafe { (k.keccak256_many)(msgs, dst, k.tuning.drain_keccak256) }
}

/// Messages per chunk: a multiple of every backend's lane count (16, 8 and
/// 4) and of the SHA-NI kernel's three streams (`crate::sha256::shani::STREAMS`),
/// so that no chunk of a long batch ends in a partial group
/// (`docs/PERFORMANCE.md`, "The batch chunk").
pub(crate) const CHUNK: usize = 96;
const _: () = assert!(CHUNK.is_multiple_of(16) && CHUNK.is_multiple_of(3));

/// Runs `stage` on the `n` messages of `width` bytes at `src`, at most
/// [`CHUNK`] at a time, and copies each chunk's `D`-byte digests to `dst`.
/// `stage(msgs, out)` gets `out.len()` messages as `msgs` (`width *
/// out.len()` bytes) and fills `out`.
///
/// # Safety
/// `src` is valid for reads of `width * n` bytes (or `width * n == 0`) and
/// `dst` for writes of `D * n` bytes (neither product overflows); the ranges
/// are disjoint, or start at the same address with `width >= D`.
#[inline(always)]
unsafe fn chunked<const D: usize>(
    dst: *mut u8,
    src: *const u8,
    n: usize,
    width: usize,
    mut stage: impl FnMut(&[u8], &mut [[u8; D]]),
) {
    let mut digests = [[0u8; D]; CHUNK];
    let mut done = 0;
    while done < n {
        let m = CHUNK.min(n - done);
        {
            let msgs: &[u8] = if width == 0 {
                &[]
            } else {
                // SAFETY: messages done..done + m lie within the caller's
                // width * n readable bytes; nothing writes them while this
                // slice lives (it ends before dst is written).
                unsafe { slice::from_raw_parts(src.add(width * done), width * m) }
            };
            stage(msgs, &mut digests[..m]);
        }
        // In place, the digest bytes end at D * (done + m) <= width * (done +
        // m): this chunk's messages (already read) and earlier ones.
        // SAFETY: within the caller's D * n writable bytes; `digests` is on
        // our stack, so it overlaps nothing of the caller's.
        unsafe { ptr::copy_nonoverlapping(digests.as_ptr().cast::<u8>(), dst.add(D * done), D * m) };
        done += m;
    }
}

/// The 32-byte messages of `msgs` (a multiple of 32 bytes) as arrays.
#[inline(always)]
fn as_msgs32(msgs: &[u8]) -> &[[u8; 32]] {
    let (whole, rest) = msgs.as_chunks::<32>();
    debug_assert!(rest.is_empty());
    whole
}

/// `dst[20i..20i+20) = RIPEMD160(src[32i..32i+32))` for i < n.
///
/// # Safety
/// As [`chunked`] with width 32 and 20-byte digests.
pub(crate) unsafe fn hash32_raw(k: &KernelSet, dst: *mut u8, src: *const u8, n: usize) {
    // SAFETY: the caller's.
    unsafe { chunked::<20>(dst, src, n, 32, |msgs, out| hash32(k, as_msgs32(msgs), out)) }
}

/// `out[i] = RIPEMD160(SHA256(msgs[width*i .. width*i + width]))`: whole
/// groups fused where the backend's SHA-256 runs on its lanes
/// (the widths its tuning names), the rest in two stages, [`CHUNK`] at a
/// time: the backend's SHA-256 kernel into a buffer on the stack, then its
/// RIPEMD-160 kernel on that buffer. No heap allocation.
#[inline]
fn hash160_packed(k: &KernelSet, msgs: &[u8], width: usize, out: &mut [[u8; 20]]) {
    debug_assert_eq!(Some(msgs.len()), out.len().checked_mul(width));
    let fused = hash160_fused(k, msgs, width, out);
    if fused < out.len() {
        hash160_two_stage(k, &msgs[fused * width..], width, &mut out[fused..]);
    }
}

/// [`hash160_packed`] in two stages.
#[inline(never)]
fn hash160_two_stage(k: &KernelSet, msgs: &[u8], width: usize, out: &mut [[u8; 20]]) {
    let mut sha = [[0u8; 32]; CHUNK];
    let mut done = 0;
    while done < out.len() {
        let m = CHUNK.min(out.len() - done);
        let sha = &mut sha[..m];
        sha256(k, &msgs[done * width..(done + m) * width], width, sha);
        hash32(k, sha, &mut out[done..done + m]);
        done += m;
    }
}

/// `dst[20i..20i+20) = RIPEMD160(SHA256(src[w*i..w*i+w)))` for i < n, a
/// chunk at a time through [`hash160_packed`]. No heap allocation.
///
/// # Safety
/// As [`chunked`] with 20-byte digests.
pub(crate) unsafe fn hash160_raw(k: &KernelSet, dst: *mut u8, src: *const u8, n: usize, width: usize) {
    // SAFETY: the caller's.
    unsafe { chunked::<20>(dst, src, n, width, |msgs, out| hash160_packed(k, msgs, width, out)) }
}

/// `dst[32i..32i+32) = SHA256(src[w*i..w*i+w))` for i < n. No heap
/// allocation.
///
/// # Safety
/// As [`chunked`] with 32-byte digests.
pub(crate) unsafe fn sha256_raw(k: &KernelSet, dst: *mut u8, src: *const u8, n: usize, width: usize) {
    // SAFETY: the caller's.
    unsafe { chunked::<32>(dst, src, n, width, |msgs, out| sha256(k, msgs, width, out)) }
}

/// `dst[32i..32i+32) = SHA256(SHA256(src[w*i..w*i+w)))` for i < n. No heap
/// allocation.
///
/// # Safety
/// As [`chunked`] with 32-byte digests.
pub(crate) unsafe fn sha256d_raw(k: &KernelSet, dst: *mut u8, src: *const u8, n: usize, width: usize) {
    // SAFETY: the caller's.
    unsafe { chunked::<32>(dst, src, n, width, |msgs, out| sha256d(k, msgs, width, out)) }
}

/// Leaves per subtree of [`merkle_root`]: a subtree's first level goes from
/// the leaves to a buffer on the stack of half as many nodes (16 KiB), where
/// its next levels are reduced in place down to [`SUBTREE_TOPS`] nodes.
pub(crate) const MERKLE_SUBTREE: usize = 1024;

/// Nodes a whole subtree is reduced to before the levels above it: one
/// group of the widest kernel set's lanes (AVX-512's 16), so every level
/// inside a subtree is whole groups, and the levels of 8, 4, 2 and 1 nodes,
/// which leave lanes idle, run once for all the subtrees under an
/// [`UPPER_NODES`] buffer instead of once per subtree.
const SUBTREE_TOPS: usize = 16;

/// Nodes of the upper buffer of [`merkle_root`] (16 KiB on the stack): the
/// tops of `UPPER_NODES / SUBTREE_TOPS` subtrees, reduced in place to one
/// node when it is full.
const UPPER_NODES: usize = 512;

/// Leaves whose subtrees' tops fill the upper buffer once: larger trees
/// carry the root of each such part up a counter of at most one pending
/// node per level.
pub(crate) const MERKLE_UPPER: usize = UPPER_NODES / SUBTREE_TOPS * MERKLE_SUBTREE;

const _: () = assert!(MERKLE_SUBTREE.is_power_of_two() && SUBTREE_TOPS.is_power_of_two());
const _: () = assert!(MERKLE_SUBTREE.is_multiple_of(2 * SUBTREE_TOPS));
const _: () = assert!(UPPER_NODES.is_power_of_two() && UPPER_NODES.is_multiple_of(SUBTREE_TOPS));

/// Levels from a subtree's leaves to its tops, and from a full upper
/// buffer to its one node.
const TOP_LEVELS: u32 = (MERKLE_SUBTREE / SUBTREE_TOPS).trailing_zeros();
const UPPER_LEVELS: u32 = UPPER_NODES.trailing_zeros();

type Node = [u8; 32];

/// Levels that reduce `m >= 1` nodes to one (each level halves, rounding
/// up).
fn levels_to_one(m: usize) -> u32 {
    m.next_power_of_two().trailing_zeros()
}

/// One level of Bitcoin's merkle tree: the `m >= 1` nodes at `src`, paired
/// `2k` with `2k + 1` (the last node with itself when `m` is odd), become
/// their double SHA-256 at `dst[k]`, `m.div_ceil(2)` nodes. Returns whether
/// some pair held two equal nodes (CVE-2012-2459; the last node's pairing
/// with itself does not count).
///
/// # Safety
/// `src` is readable for `m` nodes, `dst` writable for `m.div_ceil(2)`, and
/// either `dst == src` (in place) or the two do not overlap.
unsafe fn pair_up(k: &KernelSet, dst: *mut Node, src: *const Node, m: usize) -> bool {
    debug_assert!(m >= 1);
    // SAFETY: `src` is readable for m nodes; the slice is not used once
    // `dst` is written.
    let level = unsafe { slice::from_raw_parts(src, m) };
    let mutated = level.as_chunks::<2>().0.iter().any(|[a, b]| a == b);
    let last = (m % 2 == 1).then(|| level[m - 1]);
    // SAFETY: m / 2 messages of 64 bytes at `src`, their 32-byte digests at
    // `dst`: in place (width 64 >= 32) or disjoint, as the caller says.
    unsafe { sha256d_raw(k, dst.cast(), src.cast(), m / 2, 64) };
    if let Some(last) = last {
        // SAFETY: `dst` is writable for m.div_ceil(2) = m / 2 + 1 nodes.
        unsafe { dst.add(m / 2).write(merkle_parent(k, &last, &last)) };
    }
    mutated
}

/// Reduces the `m` nodes at the front of `nodes` by `levels` levels of the
/// tree, in place ([`pair_up`]). Returns the count left and whether some
/// level was mutated.
fn reduce(k: &KernelSet, nodes: &mut [Node], m: usize, levels: u32) -> (usize, bool) {
    assert!(m >= 1 && m <= nodes.len());
    let (mut m, mut mutated) = (m, false);
    for _ in 0..levels {
        let p = nodes.as_mut_ptr();
        // SAFETY: `nodes` holds m nodes and the parents go in place.
        mutated |= unsafe { pair_up(k, p, p, m) };
        m = m.div_ceil(2);
    }
    (m, mutated)
}

/// The node `H(left || right)` of Bitcoin's merkle tree.
fn merkle_parent(k: &KernelSet, left: &Node, right: &Node) -> Node {
    let mut node = [[0u8; 32]; 2];
    node[0] = *left;
    node[1] = *right;
    let mut out = [[0u8; 32]];
    sha256d(k, node.as_flattened(), 64, &mut out);
    out[0]
}

/// The Bitcoin merkle root of `leaves` (32-byte hashes in internal byte
/// order) and whether the tree is mutated, exactly as Bitcoin Core's
/// `ComputeMerkleRoot`: each level pairs nodes `2k` and `2k + 1` (an odd
/// level pairs its last node with itself) into their double SHA-256;
/// mutated when some level holds equal nodes at `2k` and `2k + 1`. No
/// leaves: 32 zero bytes, not mutated.
///
/// No heap allocation. Up to [`MERKLE_SUBTREE`] leaves, the whole tree is
/// reduced in a buffer on the stack. Above, the leaves are taken a subtree
/// at a time and reduced to the subtree's [`SUBTREE_TOPS`] nodes, which
/// gather in a second buffer ([`Upper`]), a level of the whole tree reduced
/// there. A subtree's nodes and the upper buffer's are the whole tree's
/// because everything before them is a whole number of subtrees (or of
/// full upper buffers): at each level an even count of nodes, so the last
/// part's odd levels pair their last node with itself exactly where the
/// whole tree's do.
pub(crate) fn merkle_root(k: &KernelSet, leaves: &[Node]) -> (Node, bool) {
    let n = leaves.len();
    if n <= 1 {
        return (leaves.first().copied().unwrap_or([0; 32]), false);
    }
    let mut buf = [[0u8; 32]; MERKLE_SUBTREE / 2];
    // A subtree's first level, from the leaves into `buf`.
    let first_level = |buf: &mut [Node; MERKLE_SUBTREE / 2], subtree: &[Node]| {
        assert!(subtree.len() <= MERKLE_SUBTREE);
        // SAFETY: `subtree` holds its nodes; `buf` has room for half of
        // MERKLE_SUBTREE (asserted just above), and is not the leaves.
        unsafe { pair_up(k, buf.as_mut_ptr(), subtree.as_ptr(), subtree.len()) }
    };
    if n <= MERKLE_SUBTREE {
        // The whole tree in the buffer, as ComputeMerkleRoot does.
        let mutated = first_level(&mut buf, leaves);
        let m = n.div_ceil(2);
        let (_, mutation) = reduce(k, &mut buf, m, levels_to_one(m));
        return (buf[0], mutated | mutation);
    }
    let mut upper = Upper::new();
    for subtree in leaves.chunks(MERKLE_SUBTREE) {
        let mutated = first_level(&mut buf, subtree);
        let (m, mutation) = reduce(k, &mut buf, subtree.len().div_ceil(2), TOP_LEVELS - 1);
        upper.push(k, &buf[..m], mutated | mutation);
    }
    upper.root(k)
}

/// The levels of [`merkle_root`] above its subtrees: their tops, nodes of
/// one level of the whole tree, gather in `nodes`; a full buffer is
/// reduced to one node, which goes up a binary counter of pending left
/// siblings.
struct Upper {
    nodes: [Node; UPPER_NODES],
    /// Nodes held in `nodes`.
    m: usize,
    /// Whether a full buffer went up the counter (else `nodes` holds the
    /// whole level).
    flushed: bool,
    /// `pending[l]`: a node `UPPER_LEVELS + l` levels above `nodes`' level
    /// whose right sibling has not come yet.
    pending: [Option<Node>; 64],
    mutated: bool,
}

impl Upper {
    fn new() -> Self {
        Upper { nodes: [[0; 32]; UPPER_NODES], m: 0, flushed: false, pending: [None; 64], mutated: false }
    }

    /// Takes a subtree's tops (all [`SUBTREE_TOPS`] of them but for the
    /// last subtree) and whether its levels were mutated.
    fn push(&mut self, k: &KernelSet, tops: &[Node], mutated: bool) {
        self.mutated |= mutated;
        self.nodes[self.m..self.m + tops.len()].copy_from_slice(tops);
        self.m += tops.len();
        if self.m == UPPER_NODES {
            self.flush(k);
        }
    }

    /// Reduces the held nodes by [`UPPER_LEVELS`] levels (a partial last
    /// buffer's odd levels pair their last node with itself, up to one node
    /// paired with itself, as in the whole tree) and carries the node up the
    /// counter: a left sibling waiting at a level takes it as its right one.
    fn flush(&mut self, k: &KernelSet) {
        let (m, mutation) = reduce(k, &mut self.nodes, self.m, UPPER_LEVELS);
        debug_assert_eq!(m, 1);
        self.mutated |= mutation;
        let mut node = self.nodes[0];
        let mut l = 0;
        while let Some(left) = self.pending[l].take() {
            self.mutated |= left == node;
            node = merkle_parent(k, &left, &node);
            l += 1;
        }
        self.pending[l] = Some(node);
        (self.m, self.flushed) = (0, true);
    }

    /// The root of the tree and whether it is mutated, once every subtree
    /// is in.
    fn root(&mut self, k: &KernelSet) -> (Node, bool) {
        if !self.flushed {
            // The whole level in `nodes` (more than one node: two
            // subtrees or more), reduced as ComputeMerkleRoot does.
            let (_, mutation) = reduce(k, &mut self.nodes, self.m, levels_to_one(self.m));
            return (self.nodes[0], self.mutated | mutation);
        }
        if self.m > 0 {
            self.flush(k);
        }
        // The levels' last nodes: from the lowest level up, a node with no
        // right sibling is paired with itself, unless it is the only node
        // left (the root). `carry` is the last node of level l made from
        // the levels below.
        let mut carry: Option<Node> = None;
        for l in 0..self.pending.len() {
            let above = self.pending[l + 1..].iter().any(Option::is_some);
            carry = match (self.pending[l].take(), carry) {
                (Some(left), Some(right)) => {
                    self.mutated |= left == right;
                    Some(merkle_parent(k, &left, &right))
                }
                (Some(last), None) | (None, Some(last)) if above => Some(merkle_parent(k, &last, &last)),
                (Some(root), None) | (None, Some(root)) => return (root, self.mutated),
                (None, None) => None,
            };
        }
        unreachable!("a tree of more than {MERKLE_UPPER} leaves has a root below level 64")
    }
}

/// Messages per chunk of the any-length drivers: in a chunk, the messages
/// of a width that has a fixed-width kernel, when they are at least as many
/// as the backend has lanes, run that kernel on a copy on the stack (at
/// most `MANY_CHUNK * PACK_WIDTH` bytes); HASH160 keeps a chunk's SHA-256 digests on
/// the stack.
pub(crate) const MANY_CHUNK: usize = 512;

/// The widths the any-length drivers pack a chunk's messages for, to run
/// them on a fixed-width kernel, per algorithm: RIPEMD-160's 32-byte path,
/// SHA-256's 32, 33 and 65 (public keys).
const RIPEMD160_WIDTHS: &[usize] = &[32];
pub(crate) const SHA256_WIDTHS: &[usize] = &[32, 33, 65];

/// The widest message a chunk packs for a fixed-width kernel (a block
/// header), checked against every driver's list below.
const PACK_WIDTH: usize = 80;

/// The messages of a chunk by class: class `k + 1` is the width
/// `widths[k]`, class 0 every other message (and those of a width with
/// fewer than `lanes` messages); `index[c][..counts[c]]` are the positions
/// of class `c`'s messages in the chunk, in order.
struct Classes {
    index: [[u16; MANY_CHUNK]; 4],
    counts: [usize; 4],
}

/// Sorts `msgs` (at most [`MANY_CHUNK`]) into `c`'s classes and returns
/// true when some width has at least `lanes` messages: one pass that gives
/// each message its class (a byte) and counts the classes, then one short
/// pass per class present, with no branch per message (the lengths of
/// neighbouring messages are unrelated).
#[inline]
fn classify(msgs: Messages<'_>, widths: &[usize], lanes: usize, c: &mut Classes) -> bool {
    debug_assert!(msgs.len() <= MANY_CHUNK && widths.len() < 4);
    // Class k + 1 for widths[k], 0 for any other length: compares only.
    let w = |k: usize| widths.get(k).copied().unwrap_or(usize::MAX);
    let (w1, w2, w3) = (w(0), w(1), w(2));
    let class = |len: usize| u8::from(len == w1) | (u8::from(len == w2) << 1) | (u8::from(len == w3) * 3);
    let mut len_buf = [0usize; MANY_CHUNK];
    let lens = msgs.lens(&mut len_buf);
    let mut classes = [0u8; MANY_CHUNK];
    let classes = &mut classes[..lens.len()];
    // Most chunks of arbitrary lengths have no class at all: the counts
    // say so before any index is written.
    let mut fixed = [0usize; 4];
    for (k, &len) in classes.iter_mut().zip(lens) {
        *k = class(len);
        fixed[1] += usize::from(len == w1);
        fixed[2] += usize::from(len == w2);
        fixed[3] += usize::from(len == w3);
    }
    if !fixed[1..].iter().any(|&f| f >= lanes.max(1)) {
        return false;
    }
    // One pass per class that has messages: message i is written to the
    // list at its count, which moves on only for the class's own messages
    // (a store and an add, no branch; a key mix of two widths makes two
    // short passes over the class bytes).
    let mut counts = [lens.len() - fixed[1] - fixed[2] - fixed[3], fixed[1], fixed[2], fixed[3]];
    for (k, list) in c.index.iter_mut().enumerate() {
        if counts[k] == 0 {
            continue;
        }
        let mut n = 0usize;
        for (i, &class) in classes.iter().enumerate() {
            // n <= i < lens.len() <= MANY_CHUNK: in bounds (`min` lets the
            // compiler drop the check).
            list[n.min(MANY_CHUNK - 1)] = i as u16;
            n += usize::from(usize::from(class) == k);
        }
        counts[k] = n;
    }
    let mut n = counts;
    let mut any = false;
    for k in 1..=widths.len() {
        if n[k] >= lanes.max(1) {
            any = true;
        } else if n[k] > 0 {
            // Too few to fill the lanes: with the others.
            let (others, this) = c.index.split_at_mut(k);
            others[0][n[0]..n[0] + n[k]].copy_from_slice(&this[0][..n[k]]);
            n[0] += n[k];
            n[k] = 0;
        }
    }
    c.counts = n;
    any
}

/// `dst[i] = H(msgs[i])` for one chunk sorted into `classes`
/// ([`classify`]): each qualifying width's messages packed on the stack
/// through `fixed(packed, width, out)`, the others through `many`, the
/// digests put back in order.
fn split_chunk<const D: usize>(
    msgs: Messages<'_>,
    dst: &mut [[u8; D]],
    widths: &[usize],
    classes: &Classes,
    buf: &mut [u8; PACK_WIDTH * MANY_CHUNK],
    mut fixed: impl FnMut(&[u8], usize, &mut [[u8; D]]),
    many: impl FnOnce(Messages<'_>, &mut [[u8; D]]),
) {
    let m = msgs.len();
    let mut out = [[0u8; D]; MANY_CHUNK];
    for (k, &width) in widths.iter().enumerate() {
        let count = classes.counts[k + 1];
        if count == 0 {
            continue;
        }
        let index = &classes.index[k + 1][..count];
        msgs.pack_indexed(width, index, &mut buf[..]);
        if count == m {
            fixed(&buf[..width * m], width, dst);
            return;
        }
        fixed(&buf[..width * count], width, &mut out[..count]);
        for (d, &i) in out[..count].iter().zip(index) {
            dst[usize::from(i)] = *d;
        }
    }
    let j = classes.counts[0];
    if j > 0 {
        let index = &classes.index[0][..j];
        let mut others: [&[u8]; MANY_CHUNK] = [&[]; MANY_CHUNK];
        for (slot, &i) in others.iter_mut().zip(index) {
            *slot = msgs.get(usize::from(i));
        }
        many(Messages::slices(&others[..j]), &mut out[..j]);
        for (d, &i) in out[..j].iter().zip(index) {
            dst[usize::from(i)] = *d;
        }
    }
}

/// The any-length driver shape: chunk by chunk, a chunk in which a fixed
/// width qualifies is split ([`split_chunk`]); stretches of chunks in which
/// none does go to the multi-buffer kernel `many` in one call, so its lanes
/// are refilled across the whole stretch.
fn many_driver<const D: usize>(
    msgs: Messages<'_>,
    dst: &mut [[u8; D]],
    widths: &[usize],
    lanes: usize,
    mut fixed: impl FnMut(&[u8], usize, &mut [[u8; D]]),
    mut many: impl FnMut(Messages<'_>, &mut [[u8; D]]),
) {
    let n = msgs.len();
    let mut general = 0;
    let mut start = 0;
    debug_assert!(widths.iter().all(|&w| w <= PACK_WIDTH));
    let mut buf = [0u8; PACK_WIDTH * MANY_CHUNK];
    let mut classes = Classes { index: [[0; MANY_CHUNK]; 4], counts: [0; 4] };
    while start < n {
        let end = (start + MANY_CHUNK).min(n);
        let chunk = msgs.range(start..end);
        // A chunk of one fixed width (a batch of keys, say): packed and
        // hashed in one call, no classes.
        if let Some(width) = chunk.uniform_len().filter(|w| end - start >= lanes && widths.contains(w)) {
            if general < start {
                many(msgs.range(general..start), &mut dst[general..start]);
            }
            fixed(chunk.pack(width, &mut buf), width, &mut dst[start..end]);
            general = end;
        } else if classify(chunk, widths, lanes, &mut classes) {
            if general < start {
                many(msgs.range(general..start), &mut dst[general..start]);
            }
            split_chunk(chunk, &mut dst[start..end], widths, &classes, &mut buf, &mut fixed, &mut many);
            general = end;
        }
        start = end;
    }
    if general < n {
        many(msgs.range(general..n), &mut dst[general..n]);
    }
}

/// `dst[i] = RIPEMD160(msgs[i])` for messages of any lengths: 32-byte
/// messages through the fixed 32-byte kernel where a chunk has enough of
/// them ([`many_driver`]), everything else through the backend's
/// multi-buffer kernel.
pub(crate) fn ripemd160_many_msgs(k: &KernelSet, msgs: Messages<'_>, dst: &mut [[u8; 20]]) {
    assert_eq!(msgs.len(), dst.len(), "ripemd160_many: dst and msgs hold different numbers of messages");
    let fixed = |packed: &[u8], _, out: &mut [[u8; 20]]| hash32(k, packed.as_chunks::<32>().0, out);
    many_driver(msgs, dst, RIPEMD160_WIDTHS, k.lanes, fixed, |m, out| ripemd160_many(k, m, out));
}

/// `dst[i] = SHA256(msgs[i])` for messages of any lengths: 32-, 33- and
/// 65-byte messages through the fixed-width kernels where a chunk has
/// enough of them, everything else through the multi-buffer kernel.
pub(crate) fn sha256_many_msgs(k: &KernelSet, msgs: Messages<'_>, dst: &mut [[u8; 32]]) {
    assert_eq!(msgs.len(), dst.len(), "sha256_many: dst and msgs hold different numbers of messages");
    let fixed = |packed: &[u8], width, out: &mut [[u8; 32]]| sha256(k, packed, width, out);
    many_driver(msgs, dst, SHA256_WIDTHS, k.lanes, fixed, |m, out| sha256_many(k, m, out));
}

/// `dst[i] = RIPEMD160(SHA256(msgs[i]))` for messages of any lengths: the
/// driver shape of [`many_driver`], each chunk's messages of a fixed
/// SHA-256 width packed and hashed by [`hash160_packed`] (fused where the
/// backend's SHA-256 runs on its lanes), the others by the multi-buffer
/// SHA-256 kernel into a buffer on the stack and then the fixed 32-byte
/// RIPEMD-160 kernel. No heap allocation.
pub(crate) fn hash160_many_msgs(k: &KernelSet, msgs: Messages<'_>, dst: &mut [[u8; 20]]) {
    assert_eq!(msgs.len(), dst.len(), "hash160_many: dst and msgs hold different numbers of messages");
    let mut sha = [[0u8; 32]; MANY_CHUNK];
    many_driver(
        msgs,
        dst,
        SHA256_WIDTHS,
        k.lanes,
        |packed, width, out| hash160_packed(k, packed, width, out),
        |m, out| sha256_many_then(k, m, out, &mut sha, |sha, out| hash32(k, sha, out)),
    );
}

/// `then(SHA256(msgs[i]))` for messages of any lengths: the multi-buffer
/// SHA-256 kernel into `sha` (on the caller's stack), then `then` on those
/// digests, a piece of [`MANY_CHUNK`] at a time (the stretch of chunks
/// [`many_driver`] hands over may be longer than the buffer; the kernel
/// refills its lanes across each piece).
fn sha256_many_then<const D: usize>(
    k: &KernelSet,
    msgs: Messages<'_>,
    out: &mut [[u8; D]],
    sha: &mut [[u8; 32]; MANY_CHUNK],
    mut then: impl FnMut(&[[u8; 32]], &mut [[u8; D]]),
) {
    let mut done = 0;
    while done < out.len() {
        let len = MANY_CHUNK.min(out.len() - done);
        let sha = &mut sha[..len];
        sha256_many(k, msgs.range(done..done + len), sha);
        then(sha, &mut out[done..done + len]);
        done += len;
    }
}

/// The widths with which the any-length double SHA-256 driver packs a
/// chunk's messages for the fixed-width kernel: 32, 64 (merkle nodes) and
/// 80 (block headers).
pub(crate) const SHA256D_WIDTHS: &[usize] = &[32, 64, 80];

/// `dst[i] = SHA256(SHA256(msgs[i]))` for messages of any lengths
/// (transactions): 32-, 64- and 80-byte messages through the fixed-width
/// kernel where a chunk has enough of them, the others through the
/// multi-buffer SHA-256 kernel into a buffer on the stack, then the 32-byte
/// kernel on that buffer. No heap allocation.
pub(crate) fn sha256d_many_msgs(k: &KernelSet, msgs: Messages<'_>, dst: &mut [[u8; 32]]) {
    assert_eq!(msgs.len(), dst.len(), "sha256d_many: dst and msgs hold different numbers of messages");
    let mut first = [[0u8; 32]; MANY_CHUNK];
    many_driver(
        msgs,
        dst,
        SHA256D_WIDTHS,
        k.lanes,
        |packed, width, out| sha256d(k, packed, width, out),
        |m, out| sha256_many_then(k, m, out, &mut first, |sha, out| sha256(k, sha.as_flattened(), 32, out)),
    );
}

/// `dst[32i..32i+32) = Keccak256(src[w*i..w*i+w))` for i < n. No heap
/// allocation.
///
/// # Safety
/// As [`chunked`] with 32-byte digests.
pub(crate) unsafe fn keccak256_raw(k: &KernelSet, dst: *mut u8, src: *const u8, n: usize, width: usize) {
    // SAFETY: the caller's.
    unsafe { chunked::<32>(dst, src, n, width, |msgs, out| keccak256(k, msgs, width, out)) }
}

/// `dst[20i..20i+20)` = the last 20 bytes of Keccak256 of the 64 bytes
/// `X || Y` of key `i` (`src[w*i..w*i+w)`, the prefix `0x04` skipped for
/// `w == 65`), after checking every key ([`check_eth_keys`]): on an error
/// nothing is written. No heap allocation.
///
/// # Safety
/// As [`chunked`] with 20-byte digests.
pub(crate) unsafe fn eth_address_raw(
    k: &KernelSet,
    dst: *mut u8,
    src: *const u8,
    n: usize,
    width: usize,
) -> Result<(), InputError> {
    if n > 0 && width > 0 {
        // SAFETY: the caller's: width * n readable bytes, not written
        // while this slice lives (it ends before any digest is written).
        check_eth_keys(unsafe { slice::from_raw_parts(src, width * n) }, width)?;
    } else {
        check_eth_keys(&[], width)?;
    }
    let mut full = [[0u8; 32]; CHUNK];
    // 65-byte keys: their `X || Y` packed side by side on the stack first
    // (one 64-byte copy per key), so that the kernel reads whole aligned
    // words as for 64-byte messages (loads from the keys themselves, one
    // byte off, cost about 10% more: `cargo bench --bench keccak`).
    #[repr(align(64))]
    struct Packed([[u8; 64]; CHUNK]);
    let mut packed = Packed([[0u8; 64]; CHUNK]);
    // SAFETY: the caller's.
    unsafe {
        chunked::<20>(dst, src, n, width, |msgs, out| {
            let full = &mut full[..out.len()];
            if width == 65 {
                let packed = &mut packed.0[..out.len()];
                for (xy, key) in packed.iter_mut().zip(msgs.as_chunks::<65>().0) {
                    xy.copy_from_slice(&key[1..]);
                }
                keccak256(k, packed.as_flattened(), 64, full);
            } else {
                keccak256(k, msgs, width, full);
            }
            for (o, d) in out.iter_mut().zip(full.iter()) {
                o.copy_from_slice(&d[12..]);
            }
        })
    };
    Ok(())
}

/// The widths with which the any-length Keccak-256 driver packs a chunk's
/// messages for the fixed-width kernel: 32 (hashes of hashes) and 64
/// (public keys, pairs of hashes).
const KECCAK256_WIDTHS: &[usize] = &[32, 64];

/// `dst[i] = Keccak256(msgs[i])` for messages of any lengths: 32- and
/// 64-byte messages through the fixed-width kernel where a chunk has enough
/// of them, everything else through the multi-buffer kernel.
pub(crate) fn keccak256_many_msgs(k: &KernelSet, msgs: Messages<'_>, dst: &mut [[u8; 32]]) {
    assert_eq!(msgs.len(), dst.len(), "keccak256_many: dst and msgs hold different numbers of messages");
    let fixed = |packed: &[u8], width, out: &mut [[u8; 32]]| keccak256(k, packed, width, out);
    many_driver(msgs, dst, KECCAK256_WIDTHS, k.keccak_lanes, fixed, |m, out| keccak256_many(k, m, out));
}

/// The error of `eth_address`: the input is not a batch of secp256k1
/// public keys in one of the two accepted forms. Nothing was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum InputError {
    /// The width is neither 64 (`X || Y`) nor 65 (`0x04 || X || Y`).
    Width(usize),
    /// Key `index` (of a batch of width 65) does not start with `0x04`.
    Prefix {
        /// The first such key.
        index: usize,
    },
}

impl core::fmt::Display for InputError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            InputError::Width(w) => {
                write!(f, "public keys of {w} bytes: an Ethereum address needs 64 (X||Y) or 65 (0x04||X||Y)")
            }
            InputError::Prefix { index } => {
                write!(f, "key {index} does not start with 0x04 (not an uncompressed public key)")
            }
        }
    }
}

impl std::error::Error for InputError {}

/// The checks of the Ethereum address functions on `n` keys of `width`
/// bytes at `keys` (`width * n` bytes): the width, then every key's prefix
/// when the width is 65.
pub(crate) fn check_eth_keys(keys: &[u8], width: usize) -> Result<(), InputError> {
    match width {
        64 => Ok(()),
        // One branch-free pass (an or of every prefix xor 0x04), then the
        // search for the first bad key only when there is one.
        65 => match keys.chunks_exact(65).fold(0u8, |acc, k| acc | (k[0] ^ 0x04)) {
            0 => Ok(()),
            _ => Err(InputError::Prefix { index: keys.chunks_exact(65).position(|k| k[0] != 0x04).unwrap_or(0) }),
        },
        _ => Err(InputError::Width(width)),
    }
}
