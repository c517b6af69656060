//! The input of `hash160` and `eth-address`: files mapped or read and cut
//! into chunks of whole lines (or whole binary records), in order.

use std::ffi::OsString;
use std::fs::File;
use std::io::{self, Read};
use std::ops::{Deref, Range};
use std::sync::Arc;

/// Bytes of input per chunk (whole lines; a longer line makes its chunk
/// longer). Small enough that a chunk and its worker's buffers (messages,
/// digests, output: about 2.3 times the chunk for 33-byte keys) stay in a
/// core's L2 cache; measured against 256 KiB and 1 MiB chunks.
pub(super) const CHUNK: usize = 128 << 10;

/// Files smaller than this are read, not mapped.
pub(super) const MMAP_MIN: u64 = 64 << 10;

/// The bytes of a chunk: read into a buffer, or a range of a mapped file.
pub(super) enum Data {
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
pub(super) enum Source {
    Read(Box<dyn Read + Send>),
    /// The mapping and how far chunks have been cut from it.
    Mapped(Arc<memmap2::Mmap>, usize),
}

/// A piece of the input, in order.
pub(super) struct Chunk {
    pub(super) seq: u64,
    pub(super) file: usize,
    pub(super) data: Data,
    /// Set on the last chunk of a file whose reading or opening failed.
    pub(super) error: Option<io::Error>,
    /// Binary mode: bytes at the end of the file that are not a whole record.
    pub(super) trailing: usize,
}

pub(super) struct Input {
    pub(super) files: Vec<OsString>,
    pub(super) next_file: usize,
    pub(super) cur: Option<(usize, Source)>,
    pub(super) carry: Vec<u8>,
    pub(super) seq: u64,
    pub(super) mmap: bool,
}

pub(super) fn display(name: &OsString) -> String {
    name.to_string_lossy().into_owned()
}

pub(super) fn open(name: &OsString, mmap: bool) -> io::Result<Source> {
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
            #[cfg(unix)]
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
pub(super) fn cut_point(data: &[u8], target: usize, binary: Option<usize>) -> Option<usize> {
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
    pub(super) fn next(&mut self, binary: Option<usize>, recycled: Vec<u8>) -> Option<Chunk> {
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

    pub(super) fn chunk(&mut self, file: usize, data: Data, error: Option<io::Error>, trailing: usize) -> Chunk {
        let seq = self.seq;
        self.seq += 1;
        Chunk { seq, file, data, error, trailing }
    }
}
