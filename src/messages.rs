//! The messages of one any-length batch: Rust slices, or the C caller's
//! pointer and length arrays, read the same way by the drivers
//! (`crate::drivers`) and the lane managers.

use core::marker::PhantomData;
use core::ops::Range;

/// The messages of one batch: Rust slices, or the C caller's pointer and
/// length arrays.
#[derive(Clone, Copy)]
pub(crate) struct Messages<'a>(Source<'a>);

#[derive(Clone, Copy)]
enum Source<'a> {
    Slices(&'a [&'a [u8]]),
    /// Invariant ([`Messages::raw`]): `ptrs` and `lens` are readable for
    /// `n` elements (any alignment), and `ptrs[i]` is readable for
    /// `lens[i]` bytes (non-NULL when `lens[i] > 0`), for the lifetime `'a`.
    Raw {
        ptrs: *const *const u8,
        lens: *const usize,
        n: usize,
        _life: PhantomData<&'a [u8]>,
    },
    /// The same when both arrays are aligned (the usual case): plain slices,
    /// which the loops over lengths read faster. Invariant: `ptrs[i]` is
    /// readable for `lens[i]` bytes (non-NULL when `lens[i] > 0`).
    Arrays {
        ptrs: &'a [*const u8],
        lens: &'a [usize],
    },
}

impl<'a> Messages<'a> {
    /// The messages of a Rust slice.
    pub(crate) fn slices(msgs: &'a [&'a [u8]]) -> Self {
        Messages(Source::Slices(msgs))
    }

    /// The `n` messages of a C caller: message `i` is `lens[i]` bytes at
    /// `ptrs[i]`.
    ///
    /// # Safety
    /// `ptrs` and `lens` are readable for `n` elements (any alignment); each
    /// `ptrs[i]` is non-NULL and readable for `lens[i]` bytes when `lens[i] >
    /// 0`; nothing writes any of these bytes during `'a`.
    pub(crate) unsafe fn raw(ptrs: *const *const u8, lens: *const usize, n: usize) -> Self {
        if ptrs.is_aligned() && lens.is_aligned() && n > 0 {
            // SAFETY: the caller's: readable for n elements, and aligned.
            let (ptrs, lens) = unsafe { (core::slice::from_raw_parts(ptrs, n), core::slice::from_raw_parts(lens, n)) };
            return Messages(Source::Arrays { ptrs, lens });
        }
        Messages(Source::Raw { ptrs, lens, n, _life: PhantomData })
    }

    /// Number of messages.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        match self.0 {
            Source::Slices(s) => s.len(),
            Source::Raw { n, .. } => n,
            Source::Arrays { lens, .. } => lens.len(),
        }
    }

    /// Message `i`.
    #[inline]
    pub(crate) fn get(&self, i: usize) -> &'a [u8] {
        match self.0 {
            Source::Slices(s) => s[i],
            Source::Raw { ptrs, n, .. } => {
                assert!(i < n, "message index out of range");
                match self.len_of(i) {
                    0 => &[],
                    // SAFETY: the invariant of `raw`, i < n.
                    len => unsafe { core::slice::from_raw_parts(ptrs.add(i).read_unaligned(), len) },
                }
            }
            Source::Arrays { ptrs, lens } => match lens[i] {
                0 => &[],
                // SAFETY: the invariant of `Arrays`.
                len => unsafe { core::slice::from_raw_parts(ptrs[i], len) },
            },
        }
    }

    /// Length of message `i`.
    #[inline]
    pub(crate) fn len_of(&self, i: usize) -> usize {
        match self.0 {
            Source::Slices(s) => s[i].len(),
            Source::Raw { lens, n, .. } => {
                assert!(i < n, "message index out of range");
                // SAFETY: the invariant of `raw`, i < n.
                unsafe { lens.add(i).read_unaligned() }
            }
            Source::Arrays { lens, .. } => lens[i],
        }
    }

    /// The length shared by every message, if there is one (and a message).
    #[inline]
    pub(crate) fn uniform_len(&self) -> Option<usize> {
        let first = if self.len() > 0 { self.len_of(0) } else { return None };
        let same = match self.0 {
            Source::Slices(s) => s.iter().fold(true, |same, m| same & (m.len() == first)),
            Source::Arrays { lens, .. } => lens.iter().fold(true, |same, &l| same & (l == first)),
            Source::Raw { .. } => (0..self.len()).all(|i| self.len_of(i) == first),
        };
        same.then_some(first)
    }

    /// The lengths of the messages: the C caller's array itself, or copied
    /// into `buf` (at least `self.len()` long).
    #[inline]
    pub(crate) fn lens<'b>(&'b self, buf: &'b mut [usize]) -> &'b [usize] {
        match self.0 {
            Source::Arrays { lens, .. } => lens,
            _ => {
                let out = &mut buf[..self.len()];
                for (i, l) in out.iter_mut().enumerate() {
                    *l = self.len_of(i);
                }
                out
            }
        }
    }

    /// Copies the messages, all `width` bytes long ([`Self::uniform_len`]),
    /// one after the other into `buf` and returns them.
    #[inline]
    pub(crate) fn pack<'b>(&self, width: usize, buf: &'b mut [u8]) -> &'b [u8] {
        let all = |k: usize| k;
        self.pack_with(width, self.len(), all, buf)
    }

    /// Copies messages `index[0]`, `index[1]`, ..., all `width` bytes long,
    /// one after the other into `buf` and returns them.
    #[inline]
    pub(crate) fn pack_indexed<'b>(&self, width: usize, index: &[u16], buf: &'b mut [u8]) -> &'b [u8] {
        self.pack_with(width, index.len(), |k| usize::from(index[k]), buf)
    }

    /// `count` messages `which(0)`, `which(1)`, ... packed into `buf`; the
    /// copies have a fixed size for the fixed-width kernels' widths.
    #[inline(always)]
    fn pack_with<'b>(&self, width: usize, count: usize, which: impl Fn(usize) -> usize, buf: &'b mut [u8]) -> &'b [u8] {
        /// One copy of `W` bytes per message.
        #[inline(always)]
        fn copy_all<const W: usize>(msgs: &Messages<'_>, packed: &mut [u8], which: impl Fn(usize) -> usize) {
            let (slots, _) = packed.as_chunks_mut::<W>();
            if let Source::Arrays { ptrs, lens } = msgs.0 {
                // The C caller's arrays: no dispatch per message.
                for (k, slot) in slots.iter_mut().enumerate() {
                    let i = which(k);
                    assert_eq!(lens[i], W, "pack: message of another width");
                    // SAFETY: the invariant of `Arrays`: W > 0 readable
                    // bytes at ptrs[i].
                    *slot = unsafe { ptrs[i].cast::<[u8; W]>().read_unaligned() };
                }
                return;
            }
            for (k, slot) in slots.iter_mut().enumerate() {
                let m = msgs.get(which(k));
                *slot = *m.first_chunk::<W>().expect("message of the packed width");
            }
        }
        let packed = &mut buf[..width * count];
        match width {
            32 => copy_all::<32>(self, packed, which),
            33 => copy_all::<33>(self, packed, which),
            64 => copy_all::<64>(self, packed, which),
            65 => copy_all::<65>(self, packed, which),
            0 => {}
            _ => {
                for (k, slot) in packed.chunks_exact_mut(width).enumerate() {
                    slot.copy_from_slice(self.get(which(k)));
                }
            }
        }
        packed
    }

    /// The messages in `r`.
    #[inline]
    pub(crate) fn range(&self, r: Range<usize>) -> Messages<'a> {
        Messages(match self.0 {
            Source::Slices(s) => Source::Slices(&s[r]),
            Source::Raw { ptrs, lens, n, _life } => {
                assert!(r.start <= r.end && r.end <= n, "message range out of range");
                // The invariant holds for the sub-range.
                Source::Raw {
                    ptrs: ptrs.wrapping_add(r.start),
                    lens: lens.wrapping_add(r.start),
                    n: r.end - r.start,
                    _life,
                }
            }
            Source::Arrays { ptrs, lens } => Source::Arrays { ptrs: &ptrs[r.clone()], lens: &lens[r] },
        })
    }
}
