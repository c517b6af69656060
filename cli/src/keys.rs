//! `rmd160mb hash160`: one hex message a line in, one hex digest a line out
//! (or fixed-width binary records in, raw digests out), in input order, on
//! N threads.
//!
//! The input is cut into chunks of whole lines (about `CHUNK` bytes). Each
//! worker takes the next chunk (reading it under the input lock), decodes
//! and hashes it (messages of one width in one batch call), and then waits
//! for its turn to write, so the output keeps the input order and memory
//! stays at a few chunks per thread whatever the input size.

use std::ffi::OsString;
use std::fs::File;
use std::io::{self, IsTerminal, Read, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex};

use ripemd160mb::Backend;

use crate::{KeysArgs, PROG};

/// Bytes of input per chunk (whole lines; a longer line makes its chunk longer).
const CHUNK: usize = 1 << 20;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mode {
    Hash160,
    Ripemd160,
    Sha256,
    Hash32,
}

impl Mode {
    fn digest_len(self) -> usize {
        match self {
            Mode::Sha256 => 32,
            _ => 20,
        }
    }
}

/// What one line of a text chunk is.
#[derive(Clone, Copy)]
enum Rec {
    /// Blank or `#` line: copied as it is (bytes start..end of the chunk).
    Pass(u32, u32),
    /// A message of this many bytes, the next in the decoded buffer.
    Msg(u32),
    Invalid,
}

/// A piece of the input, in order.
struct Chunk {
    seq: u64,
    file: usize,
    data: Vec<u8>,
    /// Set on the last chunk of a file whose reading or opening failed.
    error: Option<io::Error>,
    /// Binary mode: bytes at the end of the file that are not a whole record.
    trailing: usize,
}

struct Input {
    files: Vec<OsString>,
    next_file: usize,
    cur: Option<(usize, Box<dyn Read + Send>)>,
    carry: Vec<u8>,
    seq: u64,
}

fn display(name: &OsString) -> String {
    name.to_string_lossy().into_owned()
}

fn open(name: &OsString) -> io::Result<Box<dyn Read + Send>> {
    if name == "-" {
        Ok(Box::new(io::stdin()))
    } else {
        Ok(Box::new(File::open(name)?))
    }
}

impl Input {
    /// The next chunk: whole lines (text) or whole records (binary, `width`).
    fn next(&mut self, binary: Option<usize>, recycled: Vec<u8>) -> Option<Chunk> {
        loop {
            let (file, reader) = match &mut self.cur {
                Some((f, r)) => (*f, r),
                None => {
                    if self.next_file == self.files.len() {
                        return None;
                    }
                    let f = self.next_file;
                    self.next_file += 1;
                    match open(&self.files[f]) {
                        Ok(r) => self.cur = Some((f, r)),
                        Err(e) => return Some(self.chunk(f, Vec::new(), Some(e), 0)),
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
            let target = match binary {
                Some(w) => (CHUNK / w).max(1) * w,
                None => CHUNK,
            };
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
            return Some(self.chunk(file, data, error, trailing));
        }
    }

    fn chunk(&mut self, file: usize, data: Vec<u8>, error: Option<io::Error>, trailing: usize) -> Chunk {
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
    index: Vec<u32>,
    d20: Vec<[u8; 20]>,
    d32: Vec<[u8; 32]>,
    tmp20: Vec<[u8; 20]>,
    tmp32: Vec<[u8; 32]>,
    hexout: Vec<u8>,
    out: Vec<u8>,
    /// (line index in the chunk, output length before that line) of each invalid line.
    invalid: Vec<(u64, usize)>,
    lines: u64,
    /// Why a line is invalid, for the message.
    reason: &'static str,
}

/// Digests of `n` messages of `width` bytes each at `src` into `d20`/`d32`.
fn hash_run(mode: Mode, backend: Backend, src: &[u8], width: usize, d20: &mut [[u8; 20]], d32: &mut [[u8; 32]]) {
    match mode {
        Mode::Hash160 => ripemd160mb::hash160_with(backend, d20, src, width),
        Mode::Sha256 => ripemd160mb::sha256_with(backend, d32, src, width),
        Mode::Ripemd160 | Mode::Hash32 => {
            if width == 32 {
                let (msgs, rest) = src.as_chunks::<32>();
                debug_assert!(rest.is_empty());
                ripemd160mb::hash32_with(backend, d20, msgs);
            } else {
                for (d, m) in d20.iter_mut().zip(src.chunks_exact(width)) {
                    *d = ripemd160mb::ripemd160(m);
                }
            }
        }
    }
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

    fn text(&mut self, mode: Mode, backend: Backend, data: &[u8], skip_invalid: bool) {
        self.reason = if mode == Mode::Hash32 {
            "not a 32-byte message in hex (64 hex digits)"
        } else {
            "not a message in hex (an even number of hex digits)"
        };
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
            } else if !line.len().is_multiple_of(2) || (mode == Mode::Hash32 && line.len() != 64) {
                Rec::Invalid
            } else {
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
        if faster_hex::hex_decode(&self.gather, &mut self.msgs).is_err() {
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
                    if faster_hex::hex_decode(hex, &mut self.msgs[at..]).is_ok() {
                        match first_width {
                            None => first_width = Some(w as usize),
                            Some(f) => uniform &= f == w as usize,
                        }
                        n_msgs += 1;
                    } else {
                        self.msgs.truncate(at);
                        *r = Rec::Invalid;
                    }
                }
            }
        }
        self.lines = self.recs.len() as u64;

        // Hash: one call when every message has the same width, else one
        // batch per distinct width (gathered, hashed, scattered back).
        self.resize_digests(mode, n_msgs);
        if n_msgs > 0 && uniform {
            hash_run(mode, backend, &self.msgs, first_width.unwrap_or(1), &mut self.d20, &mut self.d32);
        } else if n_msgs > 0 {
            let mut widths: Vec<u32> =
                self.recs.iter().filter_map(|r| if let Rec::Msg(w) = r { Some(*w) } else { None }).collect();
            widths.sort_unstable();
            widths.dedup();
            for w in widths {
                self.gather.clear();
                self.index.clear();
                let (mut off, mut k) = (0usize, 0u32);
                for r in &self.recs {
                    if let Rec::Msg(rw) = *r {
                        if rw == w {
                            self.gather.extend_from_slice(&self.msgs[off..off + rw as usize]);
                            self.index.push(k);
                        }
                        off += rw as usize;
                        k += 1;
                    }
                }
                let n = self.index.len();
                self.tmp20.resize(n, [0; 20]);
                self.tmp32.resize(n, [0; 32]);
                let (t20, t32) = (&mut self.tmp20[..n], &mut self.tmp32[..n]);
                if mode.digest_len() == 32 {
                    hash_run(mode, backend, &self.gather, w as usize, &mut [], t32);
                    for (i, &k) in self.index.iter().enumerate() {
                        self.d32[k as usize] = t32[i];
                    }
                } else {
                    hash_run(mode, backend, &self.gather, w as usize, t20, &mut []);
                    for (i, &k) in self.index.iter().enumerate() {
                        self.d20[k as usize] = t20[i];
                    }
                }
            }
        }

        // Output, line by line.
        let dl = mode.digest_len();
        let mut out = std::mem::take(&mut self.out);
        let mut invalid = std::mem::take(&mut self.invalid);
        out.reserve(n_msgs * (2 * dl + 1) + data.len() / 8);
        let digests = if mode.digest_len() == 32 { self.d32.as_flattened() } else { self.d20.as_flattened() };
        self.hexout.resize(digests.len() * 2, 0);
        let _ = faster_hex::hex_encode(digests, &mut self.hexout);
        let hexout = &self.hexout;
        let mut k = 0usize;
        for (i, r) in self.recs.iter().enumerate() {
            match *r {
                Rec::Pass(s, e) => out.extend_from_slice(&data[s as usize..e as usize]),
                Rec::Msg(_) => {
                    out.extend_from_slice(&hexout[2 * dl * k..2 * dl * (k + 1)]);
                    k += 1;
                }
                Rec::Invalid => {
                    invalid.push((i as u64, out.len()));
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
        self.resize_digests(mode, n);
        hash_run(mode, backend, data, width, &mut self.d20, &mut self.d32);
        self.out.clear();
        let d = self.digests(mode).to_vec();
        self.out.extend_from_slice(&d);
        self.lines = 0;
        self.invalid.clear();
    }
}

struct Output {
    next_seq: u64,
    file: usize,
    /// Lines of `file` written before the next chunk.
    line_base: u64,
    skipped: u64,
    status: u8,
    progress: Option<indicatif::ProgressBar>,
}

pub fn run(a: KeysArgs) -> u8 {
    let mode = if a.ripemd160 {
        Mode::Ripemd160
    } else if a.sha256 {
        Mode::Sha256
    } else if a.hash32 {
        Mode::Hash32
    } else {
        Mode::Hash160
    };
    let binary = a.binary.then(|| a.width.unwrap_or(1) as usize);
    if mode == Mode::Hash32 && binary.is_some_and(|w| w != 32) {
        eprintln!("{PROG}: --hash32 needs --width 32");
        return 2;
    }
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

    let input = Mutex::new(Input { files: files.clone(), next_file: 0, cur: None, carry: Vec::new(), seq: 0 });
    let output = Mutex::new(Output { next_seq: 0, file: 0, line_base: 0, skipped: 0, status: 0, progress });
    let turn = Condvar::new();
    let stop = AtomicBool::new(false);
    let skip_invalid = a.skip_invalid;

    let worker = || {
        let mut scratch = Scratch::default();
        let mut recycled = Vec::new();
        loop {
            let chunk = {
                let mut inp = input.lock().unwrap_or_else(|e| e.into_inner());
                if stop.load(Ordering::Relaxed) {
                    return;
                }
                match inp.next(binary, std::mem::take(&mut recycled)) {
                    Some(c) => c,
                    None => return,
                }
            };
            if !stop.load(Ordering::Relaxed) {
                match binary {
                    Some(w) => scratch.binary(mode, backend, &chunk.data, w),
                    None => scratch.text(mode, backend, &chunk.data, skip_invalid),
                }
            }
            let mut o = output.lock().unwrap_or_else(|e| e.into_inner());
            while o.next_seq != chunk.seq {
                o = turn.wait(o).unwrap_or_else(|e| e.into_inner());
            }
            if !stop.load(Ordering::Relaxed) {
                write_chunk(&mut o, &chunk, &scratch, &files, skip_invalid, binary, &stop);
            }
            o.next_seq += 1;
            drop(o);
            turn.notify_all();
            recycled = chunk.data;
        }
    };
    std::thread::scope(|s| {
        for _ in 1..threads {
            s.spawn(worker);
        }
        worker();
    });

    let o = output.into_inner().unwrap_or_else(|e| e.into_inner());
    if let Some(p) = &o.progress {
        p.finish_and_clear();
    }
    if o.skipped > 0 {
        let s = if o.skipped == 1 { "" } else { "s" };
        eprintln!("{PROG}: {} invalid line{s} skipped (written as empty lines)", o.skipped);
    }
    o.status
}

fn write_chunk(
    o: &mut Output,
    chunk: &Chunk,
    scratch: &Scratch,
    files: &[OsString],
    skip_invalid: bool,
    binary: Option<usize>,
    stop: &AtomicBool,
) {
    if chunk.file != o.file {
        o.file = chunk.file;
        o.line_base = 0;
    }
    let name = display(&files[chunk.file]);
    let mut stdout = io::stdout().lock();
    let fail = |o: &mut Output, status: u8, msg: String| {
        eprintln!("{PROG}: {msg}");
        o.status = o.status.max(status);
        stop.store(true, Ordering::Relaxed);
    };
    let mut written = scratch.out.as_slice();
    let mut invalid_at = None;
    if let Some(&(line, len)) = scratch.invalid.first() {
        if !skip_invalid {
            written = &scratch.out[..len];
            invalid_at = Some(line);
        }
    }
    if let Err(e) = stdout.write_all(written).and_then(|_| stdout.flush()) {
        if e.kind() != io::ErrorKind::BrokenPipe {
            eprintln!("{PROG}: write error: {e}");
        }
        o.status = o.status.max(1);
        stop.store(true, Ordering::Relaxed);
        return;
    }
    if let Some(p) = &o.progress {
        p.inc(chunk.data.len() as u64);
    }
    if let Some(line) = invalid_at {
        let n = o.line_base + line + 1;
        fail(o, 2, format!("{name}:{n}: invalid line: {}", scratch.reason));
        return;
    }
    o.skipped += scratch.invalid.len() as u64;
    o.line_base += scratch.lines;
    if let Some(e) = &chunk.error {
        fail(o, 1, format!("{name}: {e}"));
        return;
    }
    if chunk.trailing != 0 {
        let w = binary.unwrap_or(1);
        fail(o, 2, format!("{name}: {} trailing bytes are not a whole {w}-byte record", chunk.trailing));
    }
}
