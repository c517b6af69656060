//! `rmd160mb hash160`: one hex message a line in, one hex digest a line out
//! (or fixed-width binary records in, raw digests out), in input order, on
//! N threads.
//!
//! The input is cut into chunks of whole lines (about `CHUNK` bytes): a
//! regular file is mapped and a chunk is a range of the mapping (no copy;
//! `--no-mmap` reads instead), anything else is read into a buffer. Each
//! worker takes the next chunk under the input lock, decodes and hashes it
//! (messages of one width in one batch call), and hands the result to the
//! output queue. The main thread's worker also writes: between its own
//! chunks it writes every finished chunk that is next in order (outside the
//! queue's lock), so the output keeps the input order, no worker waits for
//! its turn, and memory stays at a few chunks per thread whatever the input
//! size.

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::fs::File;
use std::io::{self, IsTerminal, Read, Write};
use std::ops::{Deref, Range};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};

use ripemd160mb::Backend;

use crate::{reason, KeysArgs};

/// Bytes of input per chunk (whole lines; a longer line makes its chunk
/// longer). Small enough that a chunk and its worker's buffers (messages,
/// digests, output: about 2.3 times the chunk for 33-byte keys) stay in a
/// core's L2 cache; measured against 256 KiB and 1 MiB chunks.
const CHUNK: usize = 128 << 10;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mode {
    Hash160,
    Ripemd160,
    Sha256,
    Hash32,
    Keccak256,
    /// Ethereum addresses of 64-byte keys (65-byte ones lose their 04
    /// prefix when decoded).
    Eth,
}

impl Mode {
    fn digest_len(self) -> usize {
        match self {
            Mode::Sha256 | Mode::Keccak256 => 32,
            _ => 20,
        }
    }
}

/// What a message line must be: its mode, and the byte lengths allowed
/// (`--width`, `--keys`, `--hash32`, `eth-address`; one or two).
#[derive(Clone, Copy)]
struct Rules {
    mode: Mode,
    widths: Option<[usize; 2]>,
    /// `--binary --width W`: records of W bytes.
    binary: Option<usize>,
}

impl Rules {
    fn allows(self, width: usize) -> bool {
        self.widths.is_none_or(|w| w.contains(&width))
    }

    /// The allowed lengths in words: "33 bytes", "33 or 65 bytes".
    fn wanted(self) -> String {
        match self.widths {
            Some([a, b]) if a != b => format!("{a} or {b} bytes"),
            Some([a, _]) => format!("{a} bytes"),
            None => "bytes".into(),
        }
    }

    /// The message of an invalid line.
    fn why(self, why: Why, trailing_blank: bool) -> String {
        let mut s = match why {
            Why::NotHex => "not hex digits".to_string(),
            Why::Odd(n) => format!("{n} hex digits, an odd number"),
            Why::Width(1) => format!("1 byte, not {}", self.wanted()),
            Why::Width(n) => format!("{n} bytes, not {}", self.wanted()),
            Why::Prefix => "a 65-byte key not starting with 04".to_string(),
        };
        if trailing_blank {
            s += " (the line ends in spaces or tabs)";
        }
        s
    }
}

/// Why a line (or a binary record) is invalid.
#[derive(Clone, Copy, Debug)]
enum Why {
    NotHex,
    /// This many hex digits.
    Odd(u32),
    /// This many bytes, a length the rules do not allow.
    Width(u32),
    /// A 65-byte public key whose first byte is not 04.
    Prefix,
}

/// What one line of a text chunk is.
#[derive(Clone, Copy)]
enum Rec {
    /// Blank or `#` line: copied as it is (bytes start..end of the chunk).
    Pass(u32, u32),
    /// A message of this many bytes, the next in the decoded buffer.
    Msg(u32),
    /// Why, and whether the line ends in spaces or tabs.
    Invalid(Why, bool),
}

/// Files smaller than this are read, not mapped.
const MMAP_MIN: u64 = 64 << 10;

/// The bytes of a chunk: read into a buffer, or a range of a mapped file.
enum Data {
    Owned(Vec<u8>),
    Mapped(Arc<memmap2::Mmap>, Range<usize>),
}

impl Deref for Data {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match self {
            Data::Owned(v) => v,
            Data::Mapped(m, r) => &m[r.clone()],
        }
    }
}

/// Where a file's bytes come from.
enum Source {
    Read(Box<dyn Read + Send>),
    /// The mapping and how far chunks have been cut from it.
    Mapped(Arc<memmap2::Mmap>, usize),
}

/// A piece of the input, in order.
struct Chunk {
    seq: u64,
    file: usize,
    data: Data,
    /// Set on the last chunk of a file whose reading or opening failed.
    error: Option<io::Error>,
    /// Binary mode: bytes at the end of the file that are not a whole record.
    trailing: usize,
}

struct Input {
    files: Vec<OsString>,
    next_file: usize,
    cur: Option<(usize, Source)>,
    carry: Vec<u8>,
    seq: u64,
    mmap: bool,
}

fn display(name: &OsString) -> String {
    name.to_string_lossy().into_owned()
}

fn open(name: &OsString, mmap: bool) -> io::Result<Source> {
    if name == "-" {
        return Ok(Source::Read(Box::new(io::stdin())));
    }
    let file = File::open(name)?;
    if mmap && file.metadata().is_ok_and(|m| m.is_file() && m.len() >= MMAP_MIN) {
        // SAFETY: the mapping is only read. Another process that writes the
        // file meanwhile changes what we hash, and one that truncates it
        // makes reads past the new end fault (SIGBUS): the trade b3sum makes
        // too, documented, with `--no-mmap` to read instead. A file that
        // cannot be mapped is read.
        if let Ok(map) = unsafe { memmap2::Mmap::map(&file) } {
            let _ = map.advise(memmap2::Advice::Sequential);
            return Ok(Source::Mapped(Arc::new(map), 0));
        }
    }
    Ok(Source::Read(Box::new(file)))
}

/// Where to end a chunk that starts at `data[0]` and wants `target` bytes:
/// after the last whole line or record within `target` bytes, else (one
/// line longer than that) after the first line end. `None`: no cut point
/// in `data` (the rest of the input is one line, or less than a record).
fn cut_point(data: &[u8], target: usize, binary: Option<usize>) -> Option<usize> {
    match binary {
        Some(w) => (data.len() >= w).then(|| (target.min(data.len()) / w).max(1) * w),
        None => {
            let window = &data[..target.min(data.len())];
            let last_in_window = memchr::memrchr(b'\n', window);
            let first_after = || memchr::memchr(b'\n', &data[window.len()..]).map(|p| window.len() + p);
            last_in_window.or_else(first_after).map(|p| p + 1)
        }
    }
}

impl Input {
    /// The next chunk: whole lines (text) or whole records (binary, `width`).
    fn next(&mut self, binary: Option<usize>, recycled: Vec<u8>) -> Option<Chunk> {
        let target = match binary {
            Some(w) => (CHUNK / w).max(1) * w,
            None => CHUNK,
        };
        loop {
            let (file, reader) = match &mut self.cur {
                Some((f, Source::Read(r))) => (*f, r),
                Some((f, Source::Mapped(map, pos))) => {
                    let (file, start, len) = (*f, *pos, map.len());
                    let mut end = cut_point(&map[start..], target, binary).map_or(len, |c| start + c);
                    *pos = end;
                    let map = Arc::clone(map);
                    let mut trailing = 0;
                    if end == len {
                        self.cur = None;
                        if let Some(w) = binary {
                            trailing = (end - start) % w;
                            end -= trailing;
                        }
                        if end == start && trailing == 0 {
                            continue;
                        }
                    }
                    return Some(self.chunk(file, Data::Mapped(map, start..end), None, trailing));
                }
                None => {
                    if self.next_file == self.files.len() {
                        return None;
                    }
                    let f = self.next_file;
                    self.next_file += 1;
                    match open(&self.files[f], self.mmap) {
                        Ok(r) => self.cur = Some((f, r)),
                        Err(e) => return Some(self.chunk(f, Data::Owned(Vec::new()), Some(e), 0)),
                    }
                    continue;
                }
            };
            // The recycled buffer keeps its length: only growth is zeroed.
            let mut data = recycled;
            let carry = self.carry.len();
            if data.len() < carry {
                data.resize(carry, 0);
            }
            data[..carry].copy_from_slice(&self.carry);
            self.carry.clear();
            let mut filled = carry;
            let mut eof = false;
            let mut error = None;
            // Read until a cut point exists past `target`, or the end.
            loop {
                let have_cut = match binary {
                    Some(w) => filled >= w && filled >= target,
                    None => filled >= target && memchr::memrchr(b'\n', &data[..filled]).is_some(),
                };
                if have_cut {
                    break;
                }
                let want = target.max(filled + (64 << 10));
                if data.len() < want {
                    data.resize(want, 0);
                }
                match reader.read(&mut data[filled..want]) {
                    Ok(0) => {
                        eof = true;
                        break;
                    }
                    Ok(n) => filled += n,
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    Err(e) => {
                        error = Some(e);
                        eof = true;
                        break;
                    }
                }
            }
            data.truncate(filled);
            let mut trailing = 0;
            if eof {
                self.cur = None;
                if let Some(w) = binary {
                    trailing = data.len() % w;
                    data.truncate(data.len() - trailing);
                }
                if data.is_empty() && error.is_none() && trailing == 0 {
                    return self.next(binary, data);
                }
            } else {
                let cut = match binary {
                    Some(w) => data.len() / w * w,
                    None => memchr::memrchr(b'\n', &data).map_or(data.len(), |p| p + 1),
                };
                self.carry.extend_from_slice(&data[cut..]);
                data.truncate(cut);
            }
            return Some(self.chunk(file, Data::Owned(data), error, trailing));
        }
    }

    fn chunk(&mut self, file: usize, data: Data, error: Option<io::Error>, trailing: usize) -> Chunk {
        let seq = self.seq;
        self.seq += 1;
        Chunk { seq, file, data, error, trailing }
    }
}

/// A worker's reusable buffers.
#[derive(Default)]
struct Scratch {
    recs: Vec<Rec>,
    msgs: Vec<u8>,
    gather: Vec<u8>,
    d20: Vec<[u8; 20]>,
    d32: Vec<[u8; 32]>,
    hexout: Vec<u8>,
    out: Vec<u8>,
    /// (line index in the chunk, output length before that line, why) of
    /// each invalid line (binary: record).
    invalid: Vec<(u64, usize, Why, bool)>,
    /// Lines (binary: records) in the chunk.
    lines: u64,
}

/// Why a line that is not blank or a comment cannot be a message under
/// `rules` (its hex digits are checked when decoded).
fn invalid(rules: Rules, line: &[u8]) -> Option<Why> {
    if !line.len().is_multiple_of(2) {
        return Some(Why::Odd(line.len() as u32));
    }
    let w = line.len() / 2;
    if !rules.allows(w) {
        return Some(Why::Width(w as u32));
    }
    (rules.mode == Mode::Eth && w == 65 && !line.starts_with(b"04")).then_some(Why::Prefix)
}

/// Digests of `n` messages of `width` bytes each at `src` into `d20`/`d32`;
/// `false` if a 65-byte Ethereum key does not start with 04 (nothing hashed).
fn hash_run(
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
    fn digests(&self, mode: Mode) -> &[u8] {
        if mode.digest_len() == 32 {
            self.d32.as_flattened()
        } else {
            self.d20.as_flattened()
        }
    }

    fn resize_digests(&mut self, mode: Mode, n: usize) {
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
    fn uniform(&mut self, rules: Rules, backend: Backend, data: &[u8]) -> bool {
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

    fn text(&mut self, rules: Rules, backend: Backend, data: &[u8], skip_invalid: bool) {
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
            let mut line = &data[start..end];
            if let [rest @ .., b'\r'] = line {
                line = rest;
            }
            let rec = if line.is_empty() || line[0] == b'#' {
                Rec::Pass(start as u32, end as u32)
            } else if let Some(why) = invalid(rules, line) {
                Rec::Invalid(why, matches!(line.last(), Some(b' ' | b'\t')))
            } else {
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
                        *r = Rec::Invalid(Why::NotHex, matches!(hex.last(), Some(b' ' | b'\t')));
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
                Mode::Ripemd160 | Mode::Hash32 => ripemd160mb::ripemd160_many_with(backend, &mut self.d20, &msgs),
                Mode::Keccak256 => ripemd160mb::keccak256_many_with(backend, &mut self.d32, &msgs),
                // Every key is 64 bytes by now (so uniform): not reached.
                Mode::Eth => {}
            }
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

    fn binary(&mut self, mode: Mode, backend: Backend, data: &[u8], width: usize) {
        let n = data.len() / width;
        self.invalid.clear();
        // Ethereum keys of 65 bytes: the records before the first one not
        // starting with 04.
        let bad = (mode == Mode::Eth && width == 65).then(|| data.chunks_exact(65).position(|k| k[0] != 4)).flatten();
        let good = bad.unwrap_or(n);
        self.resize_digests(mode, good);
        hash_run(mode, backend, &data[..good * width], width, &mut self.d20, &mut self.d32);
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

/// A chunk hashed, waiting to be written.
struct Done {
    chunk: Chunk,
    scratch: Scratch,
}

/// Finished chunks on their way out, and the buffers they give back.
struct Queue {
    /// The chunk to write next.
    next_seq: u64,
    /// Finished chunks after `next_seq`, by sequence number.
    pending: BTreeMap<u64, Done>,
    spare_scratch: Vec<Scratch>,
    spare_data: Vec<Vec<u8>>,
}

/// What only the writing worker touches.
struct Output {
    file: usize,
    /// Lines of `file` written before the next chunk.
    line_base: u64,
    skipped: u64,
    status: u8,
    /// The first failed write of standard output: it ends the run.
    write_error: Option<io::Error>,
    progress: Option<indicatif::ProgressBar>,
}

pub fn run(a: KeysArgs) -> io::Result<u8> {
    let mode = if a.eth {
        Mode::Eth
    } else if a.ripemd160 {
        Mode::Ripemd160
    } else if a.sha256 {
        Mode::Sha256
    } else if a.hash32 {
        Mode::Hash32
    } else if a.keccak256 {
        Mode::Keccak256
    } else {
        Mode::Hash160
    };
    let width = a.width.map(|w| w as usize);
    let binary = a.binary.then(|| width.unwrap_or(1));
    if mode == Mode::Hash32 && width.is_some_and(|w| w != 32) {
        say!("--hash32 needs --width 32");
        return Ok(2);
    }
    if mode == Mode::Eth && width.is_some_and(|w| w != 64 && w != 65) {
        say!("eth-address: --width must be 64 or 65 (a public key X || Y, or 04 || X || Y)");
        return Ok(2);
    }
    let widths = match (width, mode) {
        (Some(w), _) => Some([w, w]),
        (None, Mode::Hash32) => Some([32, 32]),
        (None, Mode::Eth) => Some([64, 65]),
        (None, _) if a.keys => Some([33, 65]),
        (None, _) => None,
    };
    let rules = Rules { mode, widths, binary };
    let files = if a.files.is_empty() { vec![OsString::from("-")] } else { a.files };
    let threads = a.threads.get();
    let backend = Backend::current();

    let progress = if io::stderr().is_terminal() {
        let total: Option<u64> = files
            .iter()
            .map(|f| if f == "-" { None } else { std::fs::metadata(f).ok().filter(|m| m.is_file()).map(|m| m.len()) })
            .sum();
        let bar = match total {
            Some(t) => indicatif::ProgressBar::new(t).with_style(
                indicatif::ProgressStyle::with_template(
                    "{bar:40} {binary_bytes}/{binary_total_bytes} {binary_bytes_per_sec} eta {eta}",
                )
                .expect("template"),
            ),
            None => indicatif::ProgressBar::new_spinner().with_style(
                indicatif::ProgressStyle::with_template("{spinner} {binary_bytes} {binary_bytes_per_sec}")
                    .expect("template"),
            ),
        };
        bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
        Some(bar)
    } else {
        None
    };

    let input = Mutex::new(Input {
        files: files.clone(),
        next_file: 0,
        cur: None,
        carry: Vec::new(),
        seq: 0,
        mmap: !a.no_mmap,
    });
    let queue =
        Mutex::new(Queue { next_seq: 0, pending: BTreeMap::new(), spare_scratch: Vec::new(), spare_data: Vec::new() });
    // Finished chunks that may wait out of order (about 300 KiB each):
    // beyond this, a worker waits for the writer before it reads more. The
    // slack lets the others go on while one worker is descheduled.
    let max_pending = 2 * threads + 8;
    let output = Mutex::new(Output { file: 0, line_base: 0, skipped: 0, status: 0, write_error: None, progress });
    let changed = Condvar::new();
    let stop = AtomicBool::new(false);
    let skip_invalid = a.skip_invalid;

    // Writes every finished chunk that is next in order (outside the
    // queue's lock) and returns the lock.
    let drain = same_guard(|mut q| loop {
        let seq = q.next_seq;
        let Some(done) = q.pending.remove(&seq) else { return q };
        drop(q);
        if !stop.load(Ordering::Relaxed) {
            let mut o = output.lock().unwrap_or_else(|e| e.into_inner());
            write_chunk(&mut o, &done.chunk, &done.scratch, &files, rules, skip_invalid, &stop);
        }
        q = queue.lock().unwrap_or_else(|e| e.into_inner());
        q.next_seq += 1;
        q.spare_scratch.push(done.scratch);
        if let Data::Owned(v) = done.chunk.data {
            q.spare_data.push(v);
        }
        changed.notify_all();
    });
    // The main thread's worker is the writer: it writes what is ready
    // between its own chunks, and at the end what the others finish. Always
    // the same thread, so the output file's kernel state stays on one core
    // (writes from alternating cores cost twice the system time).
    let worker = |writer: bool| {
        let mut scratch = Scratch::default();
        let mut recycled = Vec::new();
        loop {
            let q = queue.lock().unwrap_or_else(|e| e.into_inner());
            if writer {
                drop(drain(q));
            } else {
                let full = |q: &mut Queue| q.pending.len() >= max_pending && !stop.load(Ordering::Relaxed);
                drop(changed.wait_while(q, full).unwrap_or_else(|e| e.into_inner()));
            }
            let chunk = {
                let mut inp = input.lock().unwrap_or_else(|e| e.into_inner());
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                match inp.next(binary, std::mem::take(&mut recycled)) {
                    Some(c) => c,
                    None => break,
                }
            };
            if !stop.load(Ordering::Relaxed) {
                match binary {
                    Some(w) => scratch.binary(mode, backend, &chunk.data, w),
                    None => scratch.text(rules, backend, &chunk.data, skip_invalid),
                }
            }
            let mut q = queue.lock().unwrap_or_else(|e| e.into_inner());
            q.pending.insert(chunk.seq, Done { chunk, scratch });
            scratch = q.spare_scratch.pop().unwrap_or_default();
            recycled = q.spare_data.pop().unwrap_or_default();
            if writer {
                drop(drain(q));
            } else {
                changed.notify_all();
            }
        }
        if writer {
            // No chunk is left to read: write the others' as they finish
            // (every chunk read is handed in, hashed or not).
            let total = input.lock().unwrap_or_else(|e| e.into_inner()).seq;
            let mut q = queue.lock().unwrap_or_else(|e| e.into_inner());
            while q.next_seq < total {
                q = changed.wait_while(q, |q| !q.pending.contains_key(&q.next_seq)).unwrap_or_else(|e| e.into_inner());
                q = drain(q);
            }
        }
    };
    std::thread::scope(|s| {
        for _ in 1..threads {
            s.spawn(|| worker(false));
        }
        worker(true);
    });

    let o = output.into_inner().unwrap_or_else(|e| e.into_inner());
    if let Some(p) = &o.progress {
        p.finish_and_clear();
    }
    if let Some(e) = o.write_error {
        return Err(e);
    }
    if o.skipped > 0 {
        let s = if o.skipped == 1 { "" } else { "s" };
        say!("{} invalid line{s} skipped (written as empty lines)", o.skipped);
    }
    Ok(o.status)
}

/// `f` as a closure that returns a guard of the same mutex it is given
/// (which the compiler does not infer for a closure).
fn same_guard<'a, F: Fn(MutexGuard<'a, Queue>) -> MutexGuard<'a, Queue>>(f: F) -> F {
    f
}

fn write_chunk(
    o: &mut Output,
    chunk: &Chunk,
    scratch: &Scratch,
    files: &[OsString],
    rules: Rules,
    skip_invalid: bool,
    stop: &AtomicBool,
) {
    let binary = rules.binary;
    if chunk.file != o.file {
        o.file = chunk.file;
        o.line_base = 0;
    }
    let name = display(&files[chunk.file]);
    let mut stdout = io::stdout().lock();
    let fail = |o: &mut Output, status: u8, msg: String| {
        say!("{msg}");
        o.status = o.status.max(status);
        stop.store(true, Ordering::Relaxed);
    };
    let mut written = scratch.out.as_slice();
    let mut invalid_at = None;
    if let Some(&(line, len, why, blank)) = scratch.invalid.first() {
        if !skip_invalid || binary.is_some() {
            written = &scratch.out[..len];
            invalid_at = Some((line, why, blank));
        }
    }
    if let Err(e) = stdout.write_all(written).and_then(|_| stdout.flush()) {
        o.write_error = Some(e);
        stop.store(true, Ordering::Relaxed);
        return;
    }
    if let Some(p) = &o.progress {
        p.inc(chunk.data.len() as u64);
    }
    if let Some((line, why, blank)) = invalid_at {
        let n = o.line_base + line + 1;
        let why = rules.why(why, blank);
        let msg = match binary {
            Some(_) => format!("{name}: record {n}: invalid record: {why}"),
            None => format!("{name}:{n}: invalid line: {why}"),
        };
        fail(o, 2, msg);
        return;
    }
    o.skipped += scratch.invalid.len() as u64;
    o.line_base += scratch.lines;
    if let Some(e) = &chunk.error {
        fail(o, 1, format!("{name}: {}", reason(e)));
        return;
    }
    if chunk.trailing != 0 {
        let w = binary.unwrap_or(1);
        fail(o, 2, format!("{name}: {} trailing bytes are not a whole {w}-byte record", chunk.trailing));
    }
}
