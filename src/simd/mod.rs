//! Lane types: one 32-bit word of several independent messages in one
//! register, and everything an instruction set provides for them. This is
//! the bottom layer: it imports nothing of the algorithms, the lane
//! manager, the kernel sets or the backend table.
//!
//! Each file here is one instruction set: the [`Word`] operations, the
//! [`Lanes`] loads, stores and transposes, and their 64-bit counterparts
//! ([`Word64`], [`Lanes64`]). The hash functions are written once, generic
//! over these traits, in `crate::ripemd160` and `crate::sha256` (32-bit
//! lanes) and `crate::keccak` (64-bit lanes); `crate::kernels` makes each
//! backend's `#[target_feature]` entry points from them.
//!
//! | file        | lane type    | lanes | used for                      |
//! |-------------|--------------|-------|-------------------------------|
//! | `scalar.rs` | `u32`        | 1     | the generic code's tests      |
//! |             | `u64`        | 1     | Keccak-256 (the reference)    |
//! | `avx2.rs`   | `__m256i`    | 8     | RIPEMD-160, SHA-256           |
//! |             | `__m256i`    | 4     | Keccak-256 (64-bit lanes)     |
//! | `avx512.rs` | `__m512i`    | 16    | RIPEMD-160, SHA-256           |
//! |             | `__m512i`    | 8     | Keccak-256 (64-bit lanes)     |
//! | `neon.rs`   | `uint32x4_t` | 4     | RIPEMD-160, SHA-256           |
//! |             | `uint64x2_t` | 2     | Keccak-256 (`Sha3`: with the  |
//! |             |              |       | Armv8 SHA-3 instructions)     |
//!
//! Under Miri (`make miri-simd`) the x86 files run as they are, but for
//! their empty scheduling `asm!` statements, which compile to nothing, and
//! the intrinsics Miri's interpreter lacks, which `emulated.rs` stands in
//! for.
//!
//! `__m256i` and `__m512i` implement both the 32-bit and the 64-bit traits,
//! whose method names overlap: their files implement [`Word64`] with
//! intrinsics only and never import it, so a method call there always means
//! the 32-bit [`Word`].
//!
//! Soundness: the `Word` and `Lanes` methods of a vector type are safe
//! functions that execute that instruction set. They are only ever inlined
//! into the `#[target_feature]` entry points of `crate::kernels` (every
//! generic function that uses them is `#[inline(always)]`), and those entry
//! points are `unsafe fn`s reached only through a kernel set, which exists
//! only after detection passed.

pub(crate) mod scalar;

#[cfg(target_arch = "x86_64")]
pub(crate) mod avx2;
#[cfg(target_arch = "x86_64")]
pub(crate) mod avx512;
// What Miri's interpreter lacks of the x86 intrinsics (`make miri-simd`).
#[cfg(all(target_arch = "x86_64", any(miri, test)))]
mod emulated;
#[cfg(rmd160mb_neon)]
pub(crate) mod neon;

/// A 32-bit word in each of several lanes, with the operations the
/// compression functions need. Every method is `#[inline(always)]` in each
/// implementation, so that it inlines into the kernel that enables the
/// instruction set it uses.
pub(crate) trait Word: Copy {
    /// The same value in every lane.
    fn splat(x: u32) -> Self;
    /// Lane-wise addition modulo 2^32.
    fn add(self, rhs: Self) -> Self;
    /// Lane-wise exclusive or.
    fn xor(self, rhs: Self) -> Self;
    /// Lane-wise and.
    fn and(self, rhs: Self) -> Self;
    /// `self | !rhs`.
    fn or_not(self, rhs: Self) -> Self;
    /// Lane-wise rotation left by `n` (1..=31). Called with constants
    /// only, so that implementations can match to an immediate form.
    fn rol(self, n: u32) -> Self;

    /// Lane-wise rotation right by `n` (1..=31), called with constants only.
    #[cfg(any(test, rmd160mb_lanes))]
    #[inline(always)]
    fn ror(self, n: u32) -> Self {
        self.rol(32 - n)
    }
    /// Lane-wise logical shift right by `n` (1..=31), called with constants
    /// only. The default is a rotate and a mask; types with a shift
    /// instruction override it.
    #[cfg(any(test, rmd160mb_lanes))]
    #[inline(always)]
    fn shr(self, n: u32) -> Self {
        self.rol(32 - n).and(Self::splat(u32::MAX >> n))
    }

    /// Called after each step of RIPEMD-160's two lines. Vector types make it
    /// an empty `asm!` taking the ten registers, which stops the compiler
    /// from scheduling a whole line before the other: the left and right
    /// lines are independent chains of 80 dependent steps, and the CPU can
    /// only overlap them if their steps are issued side by side.
    #[inline(always)]
    fn step_boundary(_left: &mut [Self; 5], _right: &mut [Self; 5]) {}

    /// `step_boundary` for two groups in flight ([`Pair`]): one boundary for
    /// all twenty registers, so neither group runs ahead of the other.
    #[inline(always)]
    fn step_boundary_pair(l0: &mut [Self; 5], r0: &mut [Self; 5], l1: &mut [Self; 5], r1: &mut [Self; 5]) {
        Self::step_boundary(l0, r0);
        Self::step_boundary(l1, r1);
    }

    /// Called after each round of SHA-256 with the eight working variables
    /// and the schedule word the round computed. Vector types make it an
    /// empty `asm!` taking the nine registers, so that the rounds are issued
    /// in order, each beside the computation of one schedule word: left to
    /// itself the compiler computes schedule words in bunches and adds
    /// `K[t]` last, on the rounds' chain, and the CPU's scheduler fills
    /// with operations that wait (`docs/PERFORMANCE.md`, "SHA-256 rounds in
    /// order").
    #[inline(always)]
    fn round_boundary(_v: &mut [Self; 8], _w: &mut Self) {}

    /// `round_boundary` for two groups in flight ([`Pair`]): one boundary
    /// for both groups' eighteen registers, so neither runs ahead.
    #[inline(always)]
    fn round_boundary_pair(v0: &mut [Self; 8], w0: &mut Self, v1: &mut [Self; 8], w1: &mut Self) {
        Self::round_boundary(v0, w0);
        Self::round_boundary(v1, w1);
    }

    /// How many rounds before its own SHA-256 computes a word of the
    /// message schedule, 1 to 16 (the 16-word window allows no more). One,
    /// just in time, suits 16 registers, where a longer lead spills the
    /// window; AVX-512's 32 registers take a longer lead
    /// (`docs/PERFORMANCE.md`, "SHA-256 rounds in order").
    const SCHEDULE_LEAD: usize = 1;

    /// The boolean function `fF` of RIPEMD-160 (Dobbertin, Bosselaers,
    /// Preneel 1996; `F` = 1..=5), [`boolean`] unless the type has shorter
    /// instruction sequences. SHA-256 (FIPS 180-4) reuses f1 (the three-way
    /// xor of Σ and σ) and f2 (Ch), so a type that overrides them (one
    /// `vpternlogd` each) speeds up both hashes.
    #[inline(always)]
    fn f<const F: u8>(x: Self, y: Self, z: Self) -> Self {
        boolean::<Self, F>(x, y, z)
    }

    /// `self + fF(x, y, z)`, as RIPEMD-160's step adds it: `self + f` unless
    /// the type has a sequence with fewer instructions between `x` (the word
    /// the previous step computed) and the sum.
    #[inline(always)]
    fn add_f<const F: u8>(self, x: Self, y: Self, z: Self) -> Self {
        self.add(Self::f::<F>(x, y, z))
    }

    /// `F_BIAS[F]`: what [`Word::add_f_biased`] adds back, so what the
    /// compression function subtracts from the round constant of a step
    /// whose boolean function is `fF` (zero unless a type's sum is shorter
    /// that way). A type overrides this and `add_f_biased` together.
    const F_BIAS: [u32; 6] = [0; 6];

    /// `self + F_BIAS[F] + fF(x, y, z)`: [`Word::add_f`] on a `self` from
    /// which the bias was subtracted beforehand (folded into the round
    /// constant).
    #[inline(always)]
    fn add_f_biased<const F: u8>(self, x: Self, y: Self, z: Self) -> Self {
        self.add_f::<F>(x, y, z)
    }

    /// Reverses the bytes of each lane's word (big-endian message words of
    /// SHA-256 from little-endian loads). The default is two rotations, two
    /// masks and an xor; types with a byte shuffle override it. (Compiled
    /// on every target: [`Lanes::load_be`]'s default uses it.)
    #[inline(always)]
    fn bswap(self) -> Self {
        self.rol(8).and(Self::splat(0x00FF_00FF)).xor(self.rol(24).and(Self::splat(0xFF00_FF00)))
    }

    /// SHA-256's Ch(x, y, z) = (x & y) ^ (!x & z): RIPEMD-160's f2. A type
    /// whose f2 is tuned for RIPEMD-160's register use (NEON's) overrides it.
    #[cfg(any(test, rmd160mb_lanes))]
    #[inline(always)]
    fn ch(x: Self, y: Self, z: Self) -> Self {
        Self::f::<2>(x, y, z)
    }
    /// SHA-256's Maj(x, y, z) = (x & y) ^ (x & z) ^ (y & z), computed as
    /// (x & y) ^ (z & (x ^ y)).
    #[cfg(any(test, rmd160mb_lanes))]
    #[inline(always)]
    fn maj(x: Self, y: Self, z: Self) -> Self {
        x.and(y).xor(z.and(x.xor(y)))
    }
}

/// The boolean functions of RIPEMD-160 from `Word`'s basic operations:
/// - f1(x, y, z) = x ^ y ^ z
/// - f2(x, y, z) = (x & y) | (!x & z), computed as a bit select
/// - f3(x, y, z) = (x | !y) ^ z
/// - f4(x, y, z) = (x & z) | (y & !z), computed as a bit select
/// - f5(x, y, z) = x ^ (y | !z)
#[inline(always)]
pub(crate) fn boolean<W: Word, const F: u8>(x: W, y: W, z: W) -> W {
    match F {
        1 => x.xor(y).xor(z),
        2 => z.xor(x.and(y.xor(z))),
        3 => x.or_not(y).xor(z),
        4 => y.xor(z.and(x.xor(y))),
        _ => x.xor(y.or_not(z)),
    }
}

/// Lane-wise binary [`Word`] methods of a vector type, one intrinsic each
/// (`lanewise!(add => _mm512_add_epi32, ...)`). The intrinsics execute the
/// type's instruction set: see the soundness note of this module.
macro_rules! lanewise {
    ($($method:ident => $intrinsic:ident),* $(,)?) => {$(
        #[inline(always)]
        fn $method(self, rhs: Self) -> Self {
            // SAFETY: the lane type's instruction set (`simd` module note).
            unsafe { $intrinsic(self, rhs) }
        }
    )*};
}
#[cfg(rmd160mb_lanes)]
pub(crate) use lanewise;

/// The `store` and `load` methods of [`Lanes`] (`$word` = `u32`, 16 words)
/// or [`Lanes64`] (`u64`, 8 words) with the lane type's unaligned store and
/// load intrinsics, which write or read the first `LANES` words of the
/// array: at most its 64 bytes.
macro_rules! store_load {
    ($word:ty, $n:literal, $store:ident, $load:ident) => {
        #[inline(always)]
        fn store(self, out: &mut [$word; $n]) {
            // SAFETY: the first LANES words of `out`, within its 64 bytes;
            // any alignment; the lane type's instruction set (module note).
            unsafe { $store(out.as_mut_ptr().cast(), self) }
        }
        #[inline(always)]
        fn load(words: &[$word; $n]) -> Self {
            // SAFETY: as in `store`, reading.
            unsafe { $load(words.as_ptr().cast()) }
        }
    };
}
#[cfg(rmd160mb_lanes)]
pub(crate) use store_load;

/// `$e` with the constant `$N` equal to `$n` (1..=31; with `64;`, 1..=63):
/// a `match` over the immediate forms of a rotate or shift instruction,
/// which folds to one instruction since every caller passes a constant.
macro_rules! immediate {
    (64; $n:expr, $N:ident => $e:expr) => {
        seq_macro::seq!($N in 1..64 { match $n { #($N => $e,)* _ => unreachable!("immediate out of range") } })
    };
    ($n:expr, $N:ident => $e:expr) => {
        seq_macro::seq!($N in 1..32 { match $n { #($N => $e,)* _ => unreachable!("immediate out of range") } })
    };
}
#[cfg(rmd160mb_lanes)]
pub(crate) use immediate;

/// [`immediate`] for 64-bit rotates and shifts: `$N` in 1..=63.
macro_rules! immediate64 {
    ($($t:tt)*) => {
        $crate::simd::immediate!(64; $($t)*)
    };
}
#[cfg(rmd160mb_lanes)]
pub(crate) use immediate64;

/// An empty `asm!` that the vector values `$place` pass through, each in a
/// register of class `$class` (`zmm_reg`, `ymm_reg`): the compiler must have
/// computed all of them before it and may move none of their uses above
/// it, which keeps the steps or rounds of a compression in order
/// (`Word::step_boundary`, `Word::round_boundary`). It emits no
/// instruction. Expands to an `unsafe` block, to be used only in a
/// `#[target_feature]` function whose `# Safety` contract requires the
/// registers' instruction set (the boundary functions of `avx2.rs` and
/// `avx512.rs`).
#[cfg(all(target_arch = "x86_64", not(miri)))]
macro_rules! pin_registers {
    (@one $place:expr) => {
        " {}"
    };
    ($class:ident; $($place:expr),+ $(,)?) => {
        // SAFETY: the assembly is empty (a comment naming the registers):
        // it reads and writes nothing but them. The enclosing function's
        // contract (its CPU has the instruction set) makes the register
        // class usable.
        unsafe {
            core::arch::asm!(
                concat!("/*", $($crate::simd::pin_registers!(@one $place),)+ " */"),
                $(inout($class) $place,)+
                options(pure, nomem, nostack, preserves_flags)
            )
        }
    };
}
#[cfg(all(target_arch = "x86_64", not(miri)))]
pub(crate) use pin_registers;

/// A [`Word`] that a kernel can fill from memory and write back: the
/// transposes of the fixed 32-byte RIPEMD-160 path and the per-lane loads of
/// SHA-256.
pub(crate) trait Lanes: Word {
    /// Messages side by side (at most 16).
    const LANES: usize;

    /// True when the fixed 32-byte RIPEMD-160 path runs two groups in flight
    /// ([`Pair`]): worth it where the register file holds both groups' twenty
    /// chaining registers and their temporaries (32 zmm or 32 NEON
    /// registers), not with AVX2's 16 ymm registers.
    const PAIRS: bool;

    /// Words 0..8 (little-endian) of the `LANES` 32-byte messages at `msgs`,
    /// transposed: element `j` holds word `j` of message `l` in lane `l`.
    /// The default is [`Lanes::load_words8`] with a stride of 32.
    ///
    /// # Safety
    /// `msgs` is valid for reads of `LANES` messages (any alignment), and
    /// the CPU has this type's instruction set.
    #[inline(always)]
    unsafe fn load_msgs32(msgs: *const [u8; 32]) -> [Self; 8] {
        // SAFETY: the caller's: LANES readable messages of 32 bytes.
        unsafe { Self::load_words8(msgs.cast(), 32) }
    }

    /// Writes lane `l` of the chaining value `h` as the 20-byte digest
    /// `out[l]` (little-endian words), for every `l < out.len() <= LANES`.
    /// The default stores the registers, then copies each lane's words.
    #[inline(always)]
    fn store_digests20(h: &[Self; 5], out: &mut [[u8; 20]]) {
        scatter_digests(&stored(h), out, u32::to_le_bytes);
    }

    /// Lane `i` holds `min(i, m - 1) * stride` (`m >= 1`): the byte offset
    /// of message `i`, lanes past the last message repeating it. The
    /// products fit in an `i32`.
    fn lane_offsets(stride: usize, m: usize) -> Self;

    /// Lane `i`: the 4 bytes at `p + offsets[i]` read as a big-endian word.
    /// The default is [`Lanes::load_le`] and [`Word::bswap`].
    ///
    /// # Safety
    /// Those bytes are readable for every lane.
    #[inline(always)]
    unsafe fn load_be(p: *const u8, offsets: Self) -> Self {
        // SAFETY: the caller's: 4 readable bytes at p + offsets[i].
        unsafe { Self::load_le(p, offsets) }.bswap()
    }

    /// Lane `i`: the 4 bytes at `p + offsets[i]` read as a little-endian word.
    ///
    /// # Safety
    /// Those bytes are readable for every lane.
    unsafe fn load_le(p: *const u8, offsets: Self) -> Self;

    /// Words 0..8 (little-endian) of the `LANES` messages at
    /// `p + l * stride`, transposed as [`Lanes::load_msgs32`] does. Types
    /// that can transpose rows in registers do; the others gather.
    ///
    /// # Safety
    /// 32 bytes are readable at `p + l * stride` for every `l < LANES`, and
    /// `(LANES - 1) * stride + 28` fits in an `i32`.
    #[inline(always)]
    #[allow(clippy::erasing_op, clippy::identity_op)] // 4 * J for J = 0, 1
    unsafe fn load_words8(p: *const u8, stride: usize) -> [Self; 8] {
        let offsets = Self::lane_offsets(stride, Self::LANES);
        let mut x = [Self::splat(0); 8];
        seq_macro::seq!(J in 0..8 {
            // SAFETY: the caller's: word J of every message is readable.
            x[J] = unsafe { Self::load_le(p.add(4 * J), offsets) };
        });
        x
    }

    /// Words 0..8 (little-endian) of the `LANES` 32-byte rows at
    /// `rows[l] + offset`, transposed as [`Lanes::load_msgs32`] does: the
    /// multi-buffer manager's lanes, each at its own message block
    /// (`crate::manager`). The default copies the rows side by side first;
    /// types whose transpose loads row by row take them where they are.
    ///
    /// # Safety
    /// Bytes `rows[l] .. rows[l] + offset + 32` are readable (one
    /// allocation) for every `l < LANES`, and the CPU has this type's
    /// instruction set.
    #[inline(always)]
    unsafe fn load_rows32(rows: &[*const u8; 16], offset: usize) -> [Self; 8] {
        let mut packed = [[0u8; 32]; 16];
        for (row, &p) in packed.iter_mut().zip(rows).take(Self::LANES) {
            // SAFETY: the caller's: p .. p + offset + 32 is readable.
            *row = unsafe { p.add(offset).cast::<[u8; 32]>().read_unaligned() };
        }
        // SAFETY: `packed` holds LANES rows; the caller's CPU.
        unsafe { Self::load_msgs32(packed.as_ptr()) }
    }

    /// `out[i]` = lane `i`, for `i < LANES`.
    fn store(self, out: &mut [u32; 16]);

    /// Lane `i` = `words[i]`, for `i < LANES` (the inverse of `store`).
    fn load(words: &[u32; 16]) -> Self;
}

/// Every lane of each of `v`'s registers, `[register][lane]`.
#[inline(always)]
pub(crate) fn stored<V: Lanes, const N: usize>(v: &[V; N]) -> [[u32; 16]; N] {
    // A loop, not `v.map(|r| ..)`: a closure is a function of its own,
    // compiled without the kernel's target features, so the vector store
    // in it became an out-of-line call of the intrinsic per register
    // (AVX2 RIPEMD-160 1.5x slower: docs/PERFORMANCE.md, "The
    // restructuring"). `make check-inlined` finds such calls.
    let mut words = [[0u32; 16]; N];
    for (w, r) in words.iter_mut().zip(v) {
        r.store(w);
    }
    words
}

/// Writes digest `l` from lane `l` of the chaining words, given as
/// `words[i][l]` (a vector type stores its registers to such an array
/// first), each word as `bytes` of it, for `l < out.len()`: RIPEMD-160's
/// little-endian words, SHA-256's big-endian ones, Keccak-256's 64-bit
/// lanes.
#[inline(always)]
pub(crate) fn scatter_digests<T: Copy, const B: usize, const D: usize>(
    words: &[impl AsRef<[T]>],
    out: &mut [[u8; D]],
    bytes: impl Fn(T) -> [u8; B],
) {
    for (l, digest) in out.iter_mut().enumerate() {
        for (i, w) in words.iter().enumerate() {
            digest[B * i..B * i + B].copy_from_slice(&bytes(w.as_ref()[l]));
        }
    }
}

/// A 64-bit word in each of several lanes, with the operations of the
/// Keccak-f[1600] permutation (`crate::keccak`): one lane of the state of
/// several independent messages per register. Every method is
/// `#[inline(always)]` in each implementation. The defaults are the plain
/// forms; a type with a ternary-logic instruction (AVX-512 `vpternlogq`) or
/// with the Armv8.2 SHA-3 instructions (`EOR3`, `RAX1`, `XAR`, `BCAX`)
/// overrides the compound ones.
pub(crate) trait Word64: Copy {
    /// True when theta is best folded into one three-way xor per lane,
    /// `a ^ c[x-1] ^ rol(c[x+1], 1)` ([`Word64::xor3`]), rather than
    /// computing `d[x]` first ([`Word64::rax1`]) and xoring it in
    /// ([`Word64::xar`]): 25 ternary operations against 5 + 25 two-input
    /// ones.
    const THETA_XOR3: bool = false;

    /// The same value in every lane.
    fn splat(x: u64) -> Self;
    /// Lane-wise exclusive or.
    fn xor(self, rhs: Self) -> Self;
    /// `!self & rhs`, lane-wise.
    fn andnot(self, rhs: Self) -> Self;
    /// Lane-wise rotation left by `n` (1..=63). Called with constants only,
    /// so that implementations can match to an immediate form.
    fn rol(self, n: u32) -> Self;

    /// `a ^ b ^ c`.
    #[inline(always)]
    fn xor3(a: Self, b: Self, c: Self) -> Self {
        a.xor(b).xor(c)
    }
    /// Chi's `a ^ (!b & c)`.
    #[inline(always)]
    fn chi(a: Self, b: Self, c: Self) -> Self {
        a.xor(b.andnot(c))
    }
    /// Theta's `d = a ^ rol(b, 1)`.
    #[inline(always)]
    fn rax1(a: Self, b: Self) -> Self {
        a.xor(b.rol(1))
    }
    /// Theta and rho of one lane: `rol(a ^ d, n)` (`n` in 0..=63, a
    /// constant; 0 is no rotation).
    #[inline(always)]
    fn xar(a: Self, d: Self, n: u32) -> Self {
        let t = a.xor(d);
        if n == 0 {
            t
        } else {
            t.rol(n)
        }
    }
}

/// A [`Word64`] that a Keccak kernel can fill from memory and write back.
pub(crate) trait Lanes64: Word64 {
    /// Messages side by side (at most 8).
    const LANES: usize;

    /// Lane `i` holds `min(i, m - 1) * stride` (`m >= 1`): the byte offset
    /// of message `i`, lanes past the last message repeating it.
    #[inline(always)]
    fn lane_offsets(stride: usize, m: usize) -> Self {
        let offsets: [u64; 8] = core::array::from_fn(|i| (i.min(m - 1) * stride) as u64);
        Self::load(&offsets)
    }

    /// Lane `i`: the 8 bytes at `p + offsets[i]` read as a little-endian
    /// word.
    ///
    /// # Safety
    /// Those bytes are readable for every lane, and the CPU has this type's
    /// instruction set.
    unsafe fn gather(p: *const u8, offsets: Self) -> Self;

    /// `out[i]` = lane `i`, for `i < LANES`.
    fn store(self, out: &mut [u64; 8]);

    /// Lane `i` = `words[i]`, for `i < LANES` (the inverse of `store`).
    fn load(words: &[u64; 8]) -> Self;
}

/// Two groups of lanes processed together: every operation is issued for
/// both, so four dependency chains (two lines of two groups) are in flight.
#[derive(Clone, Copy)]
pub(crate) struct Pair<W>(pub W, pub W);

impl<W: Word> Word for Pair<W> {
    #[inline(always)]
    fn splat(x: u32) -> Self {
        Pair(W::splat(x), W::splat(x))
    }
    #[inline(always)]
    fn add(self, rhs: Self) -> Self {
        Pair(self.0.add(rhs.0), self.1.add(rhs.1))
    }
    #[inline(always)]
    fn xor(self, rhs: Self) -> Self {
        Pair(self.0.xor(rhs.0), self.1.xor(rhs.1))
    }
    #[inline(always)]
    fn and(self, rhs: Self) -> Self {
        Pair(self.0.and(rhs.0), self.1.and(rhs.1))
    }
    #[inline(always)]
    fn or_not(self, rhs: Self) -> Self {
        Pair(self.0.or_not(rhs.0), self.1.or_not(rhs.1))
    }
    #[inline(always)]
    fn rol(self, n: u32) -> Self {
        Pair(self.0.rol(n), self.1.rol(n))
    }
    #[inline(always)]
    fn step_boundary(left: &mut [Self; 5], right: &mut [Self; 5]) {
        let mut l0 = left.map(|p| p.0);
        let mut l1 = left.map(|p| p.1);
        let mut r0 = right.map(|p| p.0);
        let mut r1 = right.map(|p| p.1);
        W::step_boundary_pair(&mut l0, &mut r0, &mut l1, &mut r1);
        *left = core::array::from_fn(|i| Pair(l0[i], l1[i]));
        *right = core::array::from_fn(|i| Pair(r0[i], r1[i]));
    }
    #[cfg(any(test, rmd160mb_lanes))]
    #[inline(always)]
    fn shr(self, n: u32) -> Self {
        Pair(self.0.shr(n), self.1.shr(n))
    }
    #[inline(always)]
    fn bswap(self) -> Self {
        Pair(self.0.bswap(), self.1.bswap())
    }
    const SCHEDULE_LEAD: usize = W::SCHEDULE_LEAD;
    #[inline(always)]
    fn round_boundary(v: &mut [Self; 8], w: &mut Self) {
        // These closures are inlined (no call in the two-group loop of
        // `kernels::avx512`); written as loops they cost it register copies.
        let mut v0 = v.map(|p| p.0);
        let mut v1 = v.map(|p| p.1);
        let (mut w0, mut w1) = (w.0, w.1);
        W::round_boundary_pair(&mut v0, &mut w0, &mut v1, &mut w1);
        *v = core::array::from_fn(|i| Pair(v0[i], v1[i]));
        *w = Pair(w0, w1);
    }
    #[cfg(any(test, rmd160mb_lanes))]
    #[inline(always)]
    fn ch(x: Self, y: Self, z: Self) -> Self {
        Pair(W::ch(x.0, y.0, z.0), W::ch(x.1, y.1, z.1))
    }
    #[cfg(any(test, rmd160mb_lanes))]
    #[inline(always)]
    fn maj(x: Self, y: Self, z: Self) -> Self {
        Pair(W::maj(x.0, y.0, z.0), W::maj(x.1, y.1, z.1))
    }
    #[inline(always)]
    fn f<const F: u8>(x: Self, y: Self, z: Self) -> Self {
        Pair(W::f::<F>(x.0, y.0, z.0), W::f::<F>(x.1, y.1, z.1))
    }
    #[inline(always)]
    fn add_f<const F: u8>(self, x: Self, y: Self, z: Self) -> Self {
        Pair(self.0.add_f::<F>(x.0, y.0, z.0), self.1.add_f::<F>(x.1, y.1, z.1))
    }
    const F_BIAS: [u32; 6] = W::F_BIAS;
    #[inline(always)]
    fn add_f_biased<const F: u8>(self, x: Self, y: Self, z: Self) -> Self {
        Pair(self.0.add_f_biased::<F>(x.0, y.0, z.0), self.1.add_f_biased::<F>(x.1, y.1, z.1))
    }
}
