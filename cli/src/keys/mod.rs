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
//!
//! `input`: mapping, reading and chunking; `rules`: what a line must be
//! and why one is invalid; `chunk`: a chunk's hex decoded and hashed; here:
//! the workers and the ordered output queue, whose one writer hands a
//! failed write back to `main` as an `io::Error`.

mod chunk;
mod input;
pub mod merkle;
mod rules;

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::io::{self, IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard};

use ripemd160mb::Backend;

use chunk::Scratch;
use input::{display, Chunk, Data, Input};
use rules::{Mode, Rules};

use crate::{reason, KeysArgs};

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
    } else if a.sha256d {
        Mode::Sha256d
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
    let rules = Rules { mode, widths, binary, reverse: a.reverse };
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
                    Some(w) => scratch.binary(rules, backend, &chunk.data, w),
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
        let msg = match binary {
            Some(_) => format!("{name}: record {n}: invalid record: {}", rules.why(why, blank)),
            None => rules::invalid_line(&name, n, rules, why, blank),
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
