//! A chunk's lines decoded from hex (or its binary records) and hashed
//! in batch calls, into the chunk's output.

use ripemd160mb::Backend;

use super::rules::{classify, ends_blank, Line, Mode, Rec, Rules, Why};

/// A worker's reusable buffers.
#[derive(Default)]
pub(super) struct Scratch {
    pub(super) recs: Vec<Rec>,
    pub(super) msgs: Vec<u8>,
    pub(super) gather: Vec<u8>,
    pub(super) d20: Vec<[u8; 20]>,
    pub(super) d32: Vec<[u8; 32]>,
    pub(super) hexout: Vec<u8>,
    pub(super) out: Vec<u8>,
    /// (line index in the chunk, output length before that line, why) of
    /// each invalid line (binary: record).
    pub(super) invalid: Vec<(u64, usize, Why, bool)>,
    /// Lines (binary: records) in the chunk.
    pub(super) lines: u64,
}

/// Digests of `n` messages of `width` bytes each at `src` into `d20`/`d32`;
/// `false` if a 65-byte Ethereum key does not start with 04 (nothing hashed).
pub(super) fn hash_run(
    mode: Mode,
    backend: Backend,
    src: &[u8],
    width: usize,
    d20: &mut [[u8; 20]],
    d32: &mut [[u8; 32]],
) -> bool {
    match mode {
        Mode::Keccak256 => ripemd160mb::keccak256_with(backend, d32, src, width),
        Mode::Eth => return ripemd160mb::eth_address_with(backend, d20, src, width).is_ok(),
        Mode::Hash160 => ripemd160mb::hash160_with(backend, d20, src, width),
        Mode::Sha256 => ripemd160mb::sha256_with(backend, d32, src, width),
        Mode::Sha256d => ripemd160mb::sha256d_with(backend, d32, src, width),
        Mode::Ripemd160 | Mode::Hash32 => {
            if width == 32 {
                let (msgs, rest) = src.as_chunks::<32>();
                debug_assert!(rest.is_empty());
                ripemd160mb::hash32_with(backend, d20, msgs);
            } else {
                let msgs: Vec<&[u8]> = src.chunks_exact(width).collect();
                ripemd160mb::ripemd160_many_with(backend, d20, &msgs);
            }
        }
    }
    true
}

impl Scratch {
    pub(super) fn digests(&self, mode: Mode) -> &[u8] {
        if mode.digest_len() == 32 {
            self.d32.as_flattened()
        } else {
            self.d20.as_flattened()
        }
    }

    /// `--reverse`: each of the first `n` digests byte-reversed in place.
    pub(super) fn reverse_digests(&mut self, mode: Mode, n: usize) {
        if mode.digest_len() == 32 {
            self.d32[..n].iter_mut().for_each(|d| d.reverse());
        } else {
            self.d20[..n].iter_mut().for_each(|d| d.reverse());
        }
    }

    pub(super) fn resize_digests(&mut self, mode: Mode, n: usize) {
        if mode.digest_len() == 32 {
            self.d32.resize(n, [0; 32]);
        } else {
            self.d20.resize(n, [0; 20]);
        }
    }

    /// The common chunk, every line a message of the same width and nothing
    /// else: the lines are found by their stride (no search for line ends),
    /// decoded straight from the chunk, hashed in one call, and the output
    /// written at fixed offsets. `false` (nothing decided) for any other
    /// chunk, which [`Scratch::text`]'s general path then takes, finding
    /// any invalid line there.
    pub(super) fn uniform(&mut self, rules: Rules, backend: Backend, data: &[u8]) -> bool {
        let mode = rules.mode;
        let Some(hex_len) = memchr::memchr(b'\n', data) else { return false };
        if hex_len == 0 || hex_len % 2 != 0 || !rules.allows(hex_len / 2) {
            return false;
        }
        let stride = hex_len + 1;
        // Every line ends in '\n' but perhaps the last one (the end of a file).
        let lines = data.len().div_ceil(stride);
        let last_unterminated = !data.len().is_multiple_of(stride);
        if last_unterminated && data.len() % stride != hex_len {
            return false;
        }
        let newlines = data.len() / stride;
        if !(1..newlines).all(|k| data[k * stride + hex_len] == b'\n') {
            return false;
        }
        let width = hex_len / 2;
        self.msgs.resize(lines * width, 0);
        // A '#', '\r' or any other byte that is not a hex digit fails here.
        let decoded = data
            .chunks(stride)
            .zip(self.msgs.chunks_exact_mut(width))
            .all(|(line, m)| hex_simd::decode(&line[..hex_len], hex_simd::Out::from_slice(m)).is_ok());
        if !decoded {
            return false;
        }
        self.resize_digests(mode, lines);
        if !hash_run(mode, backend, &self.msgs, width, &mut self.d20, &mut self.d32) {
            return false;
        }
        if rules.reverse {
            self.reverse_digests(mode, lines);
        }
        let dl = mode.digest_len();
        let digests = if dl == 32 { self.d32.as_flattened() } else { self.d20.as_flattened() };
        self.hexout.resize(digests.len() * 2, 0);
        let hexout = hex_simd::encode(digests, hex_simd::Out::from_slice(&mut self.hexout), hex_simd::AsciiCase::Lower);
        self.out.resize(lines * (2 * dl + 1), 0);
        for (o, h) in self.out.chunks_exact_mut(2 * dl + 1).zip(hexout.chunks_exact(2 * dl)) {
            o[..2 * dl].copy_from_slice(h);
            o[2 * dl] = b'\n';
        }
        self.recs.clear();
        self.invalid.clear();
        self.lines = lines as u64;
        true
    }

    pub(super) fn text(&mut self, rules: Rules, backend: Backend, data: &[u8], skip_invalid: bool) {
        let mode = rules.mode;
        if self.uniform(rules, backend, data) {
            return;
        }
        self.recs.clear();
        self.msgs.clear();
        self.invalid.clear();
        self.out.clear();
        let mut first_width = None;
        let mut uniform = true;
        let mut start = 0usize;
        let mut n_msgs = 0usize;
        // Pass 1: classify the lines; the hex of candidate messages is
        // copied end to end so that one SIMD call decodes (and checks) it all.
        self.gather.clear();
        while start < data.len() {
            let end = memchr::memchr(b'\n', &data[start..]).map_or(data.len(), |p| start + p);
            let rec = match classify(rules, &data[start..end]) {
                Line::Pass => Rec::Pass(start as u32, end as u32),
                Line::Invalid(why, blank) => Rec::Invalid(why, blank),
                Line::Msg(line) => {
                    // An Ethereum key of 65 bytes loses its 04: every key is
                    // hashed as the 64 bytes X || Y.
                    let line = if mode == Mode::Eth && line.len() == 130 { &line[2..] } else { line };
                    let w = line.len() / 2;
                    match first_width {
                        None => first_width = Some(w),
                        Some(f) => uniform &= f == w,
                    }
                    n_msgs += 1;
                    self.gather.extend_from_slice(line);
                    Rec::Msg(w as u32)
                }
            };
            self.recs.push(rec);
            start = end + 1;
        }
        self.msgs.resize(self.gather.len() / 2, 0);
        if hex_simd::decode(&self.gather, hex_simd::Out::from_slice(&mut self.msgs)).is_err() {
            // Some line is not hex: decode line by line to find which.
            self.msgs.clear();
            let mut off = 0usize;
            n_msgs = 0;
            first_width = None;
            uniform = true;
            for r in self.recs.iter_mut() {
                if let Rec::Msg(w) = *r {
                    let hex = &self.gather[off..off + 2 * w as usize];
                    off += 2 * w as usize;
                    let at = self.msgs.len();
                    self.msgs.resize(at + w as usize, 0);
                    if hex_simd::decode(hex, hex_simd::Out::from_slice(&mut self.msgs[at..])).is_ok() {
                        match first_width {
                            None => first_width = Some(w as usize),
                            Some(f) => uniform &= f == w as usize,
                        }
                        n_msgs += 1;
                    } else {
                        self.msgs.truncate(at);
                        *r = Rec::Invalid(Why::NotHex, ends_blank(hex));
                    }
                }
            }
        }
        self.lines = self.recs.len() as u64;

        // Hash: one call, fixed-width when every message has the same width.
        self.resize_digests(mode, n_msgs);
        if n_msgs > 0 && uniform {
            hash_run(mode, backend, &self.msgs, first_width.unwrap_or(1), &mut self.d20, &mut self.d32);
        } else if n_msgs > 0 {
            // Several widths: one multi-buffer call over all the messages.
            let mut msgs: Vec<&[u8]> = Vec::with_capacity(n_msgs);
            let mut off = 0usize;
            for r in &self.recs {
                if let Rec::Msg(w) = *r {
                    msgs.push(&self.msgs[off..off + w as usize]);
                    off += w as usize;
                }
            }
            match mode {
                Mode::Hash160 => ripemd160mb::hash160_many_with(backend, &mut self.d20, &msgs),
                Mode::Sha256 => ripemd160mb::sha256_many_with(backend, &mut self.d32, &msgs),
                Mode::Sha256d => ripemd160mb::sha256d_many_with(backend, &mut self.d32, &msgs),
                Mode::Ripemd160 | Mode::Hash32 => ripemd160mb::ripemd160_many_with(backend, &mut self.d20, &msgs),
                Mode::Keccak256 => ripemd160mb::keccak256_many_with(backend, &mut self.d32, &msgs),
                // Every key is 64 bytes by now (so uniform): not reached.
                Mode::Eth => {}
            }
        }
        if rules.reverse {
            self.reverse_digests(mode, n_msgs);
        }

        // Output, line by line.
        let dl = mode.digest_len();
        let mut out = std::mem::take(&mut self.out);
        let mut invalid = std::mem::take(&mut self.invalid);
        out.reserve(n_msgs * (2 * dl + 1) + data.len() / 8);
        let digests = if mode.digest_len() == 32 { self.d32.as_flattened() } else { self.d20.as_flattened() };
        self.hexout.resize(digests.len() * 2, 0);
        let hexout: &[u8] =
            hex_simd::encode(digests, hex_simd::Out::from_slice(&mut self.hexout), hex_simd::AsciiCase::Lower);
        let mut k = 0usize;
        for (i, r) in self.recs.iter().enumerate() {
            match *r {
                Rec::Pass(s, e) => out.extend_from_slice(&data[s as usize..e as usize]),
                Rec::Msg(_) => {
                    out.extend_from_slice(&hexout[2 * dl * k..2 * dl * (k + 1)]);
                    k += 1;
                }
                Rec::Invalid(why, blank) => {
                    invalid.push((i as u64, out.len(), why, blank));
                    if !skip_invalid {
                        // Nothing after the first invalid line is written.
                        break;
                    }
                }
            }
            out.push(b'\n');
        }
        self.out = out;
        self.invalid = invalid;
    }

    pub(super) fn binary(&mut self, rules: Rules, backend: Backend, data: &[u8], width: usize) {
        let mode = rules.mode;
        let n = data.len() / width;
        self.invalid.clear();
        // Ethereum keys of 65 bytes: the records before the first one not
        // starting with 04.
        let bad = (mode == Mode::Eth && width == 65).then(|| data.chunks_exact(65).position(|k| k[0] != 4)).flatten();
        let good = bad.unwrap_or(n);
        self.resize_digests(mode, good);
        hash_run(mode, backend, &data[..good * width], width, &mut self.d20, &mut self.d32);
        if rules.reverse {
            self.reverse_digests(mode, good);
        }
        let mut out = std::mem::take(&mut self.out);
        out.clear();
        out.extend_from_slice(self.digests(mode));
        if let Some(k) = bad {
            self.invalid.push((k as u64, out.len(), Why::Prefix, false));
        }
        self.out = out;
        self.lines = n as u64;
    }
}
