//! `rmd160mb sum`: checksums of files in the coreutils format (or BSD with
//! `--tag`), and `--check`, which behaves like `sha256sum --check` (GNU
//! coreutils 9): same lines on standard output and error, same exit status.
//!
//! Files are hashed in parallel (a window of files at a time on the rayon
//! pool), small ones several at once per core: each task reads its small
//! files whole and hashes them in one multi-buffer call (`*_many`: a lane
//! per file, refilled as files end), and streams the others. Lines are
//! printed in argument (or list) order.

use std::ffi::OsString;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Write};

use rayon::prelude::*;
use sha2::Digest;

use crate::{reason, SumArgs};

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Algo {
    Ripemd160,
    Hash160,
    Sha256,
    Keccak256,
    /// Double SHA-256, SHA256(SHA256(file)), as Bitcoin hashes.
    Sha256d,
}

/// The tags a checksum line may start with, and their algorithm: the
/// tool's own (`--tag`) and OpenSSL's (`openssl dgst`: `RIPEMD-160(name)=
/// hex`, `SHA2-256(name)= hex`, `SHA256(name)= hex`, `KECCAK-256(name)= hex`).
const TAGS: [(&str, Algo); 8] = [
    ("RIPEMD160", Algo::Ripemd160),
    ("RIPEMD-160", Algo::Ripemd160),
    ("HASH160", Algo::Hash160),
    ("SHA256", Algo::Sha256),
    ("SHA256D", Algo::Sha256d),
    ("SHA2-256", Algo::Sha256),
    ("KECCAK256", Algo::Keccak256),
    ("KECCAK-256", Algo::Keccak256),
];

impl Algo {
    fn tag(self) -> &'static str {
        match self {
            Algo::Ripemd160 => "RIPEMD160",
            Algo::Hash160 => "HASH160",
            Algo::Sha256 => "SHA256",
            Algo::Keccak256 => "KECCAK256",
            Algo::Sha256d => "SHA256D",
        }
    }
    fn hex_len(self) -> usize {
        match self {
            Algo::Sha256 | Algo::Keccak256 | Algo::Sha256d => 64,
            _ => 40,
        }
    }
}

/// Files hashed in parallel at a time (output waits for the whole window).
fn window(threads: usize) -> usize {
    (threads * 64).max(64)
}

/// Files per task of the pool: enough to fill the lanes of one
/// multi-buffer call.
const TASK: usize = 32;

/// A regular file up to this size is read whole and hashed in a
/// multi-buffer call with the task's other small files; a larger one (or
/// standard input, or anything else) is streamed.
const SMALL: u64 = 64 << 10;

/// The digests of `files` (algorithm and name, in order) on the pool.
fn hash_files(files: &[(Algo, &[u8])], pool: &rayon::ThreadPool) -> Vec<io::Result<Vec<u8>>> {
    pool.install(|| files.par_chunks(TASK).flat_map_iter(hash_task).collect())
}

/// One task's files: the small ones read and hashed together (one
/// multi-buffer call per algorithm), the others streamed.
fn hash_task(files: &[(Algo, &[u8])]) -> Vec<io::Result<Vec<u8>>> {
    let mut results: Vec<Option<io::Result<Vec<u8>>>> = Vec::with_capacity(files.len());
    let mut small: Vec<(usize, Algo, Vec<u8>)> = Vec::new();
    for (i, &(algo, name)) in files.iter().enumerate() {
        match open(name) {
            Ok(Opened::Small(data)) => {
                small.push((i, algo, data));
                results.push(None);
            }
            Ok(Opened::Stream(reader)) => results.push(Some(hash_reader(algo, reader))),
            Err(e) => results.push(Some(Err(e))),
        }
    }
    for algo in [Algo::Ripemd160, Algo::Hash160, Algo::Sha256, Algo::Keccak256, Algo::Sha256d] {
        let group: Vec<&(usize, Algo, Vec<u8>)> = small.iter().filter(|f| f.1 == algo).collect();
        if group.is_empty() {
            continue;
        }
        let msgs: Vec<&[u8]> = group.iter().map(|f| f.2.as_slice()).collect();
        let digests: Vec<Vec<u8>> = match algo {
            Algo::Sha256 | Algo::Keccak256 | Algo::Sha256d => {
                let mut d = vec![[0u8; 32]; msgs.len()];
                match algo {
                    Algo::Sha256 => ripemd160mb::sha256_many(&mut d, &msgs),
                    Algo::Sha256d => ripemd160mb::sha256d_many(&mut d, &msgs),
                    _ => ripemd160mb::keccak256_many(&mut d, &msgs),
                }
                d.iter().map(|x| x.to_vec()).collect()
            }
            Algo::Ripemd160 | Algo::Hash160 => {
                let mut d = vec![[0u8; 20]; msgs.len()];
                if algo == Algo::Hash160 {
                    ripemd160mb::hash160_many(&mut d, &msgs);
                } else {
                    ripemd160mb::ripemd160_many(&mut d, &msgs);
                }
                d.iter().map(|x| x.to_vec()).collect()
            }
        };
        for (f, d) in group.into_iter().zip(digests) {
            results[f.0] = Some(Ok(d));
        }
    }
    results.into_iter().map(|r| r.expect("every file has a result")).collect()
}

/// A file to hash: read whole (small), or to stream.
enum Opened {
    Small(Vec<u8>),
    Stream(Box<dyn Read>),
}

/// A file name of the command line or of a check list as a path: its bytes
/// as they are on Unix; on Windows, whose names are UTF-16, UTF-8 text (the
/// command line's names arrive so: `OsString::into_encoded_bytes`).
#[cfg(unix)]
fn path(name: &[u8]) -> io::Result<&std::path::Path> {
    use std::os::unix::ffi::OsStrExt;
    Ok(std::path::Path::new(std::ffi::OsStr::from_bytes(name)))
}
#[cfg(not(unix))]
fn path(name: &[u8]) -> io::Result<&std::path::Path> {
    std::str::from_utf8(name)
        .map(std::path::Path::new)
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidInput, "file name is not UTF-8"))
}

/// Opens `name` (`-`: standard input) once: a regular file of at most
/// [`SMALL`] bytes is read whole, anything else is streamed.
fn open(name: &[u8]) -> io::Result<Opened> {
    if name == b"-" {
        return Ok(Opened::Stream(Box::new(io::stdin().lock())));
    }
    let mut file = File::open(path(name)?)?;
    if !file.metadata().is_ok_and(|m| m.is_file() && m.len() <= SMALL) {
        return Ok(Opened::Stream(Box::new(file)));
    }
    let mut data = Vec::new();
    // A file that grew since is still read whole: its digest is of what was
    // read, as when streaming.
    file.read_to_end(&mut data)?;
    Ok(Opened::Small(data))
}

/// The digest of what `reader` holds, streamed.
fn hash_reader(algo: Algo, mut reader: Box<dyn Read>) -> io::Result<Vec<u8>> {
    let mut buf = vec![0u8; 256 << 10];
    let mut rmd = ripemd160mb::Ripemd160::new();
    let mut sha = sha2::Sha256::new();
    let mut keccak = sha3::Keccak256::new();
    loop {
        let n = match reader.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        match algo {
            Algo::Ripemd160 => rmd.update(&buf[..n]),
            Algo::Keccak256 => keccak.update(&buf[..n]),
            _ => sha.update(&buf[..n]),
        }
    }
    Ok(match algo {
        Algo::Ripemd160 => rmd.finalize().to_vec(),
        Algo::Sha256 => sha.finalize().to_vec(),
        Algo::Sha256d => sha2::Sha256::digest(sha.finalize()).to_vec(),
        Algo::Hash160 => ripemd160mb::ripemd160(&sha.finalize()).to_vec(),
        Algo::Keccak256 => keccak.finalize().to_vec(),
    })
}

fn hex(d: &[u8]) -> String {
    hex_simd::encode_to_string(d, hex_simd::AsciiCase::Lower)
}

/// coreutils 9.1: a name with a backslash, a newline or a carriage return
/// is printed escaped, the line then starting with a backslash.
fn needs_escape(name: &[u8]) -> bool {
    name.iter().any(|&c| c == b'\\' || c == b'\n' || c == b'\r')
}

fn escaped(name: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(name.len() + 2);
    for &c in name {
        match c {
            b'\\' => out.extend_from_slice(b"\\\\"),
            b'\n' => out.extend_from_slice(b"\\n"),
            b'\r' => out.extend_from_slice(b"\\r"),
            _ => out.push(c),
        }
    }
    out
}

/// The reverse of `escaped`: `\\`, `\n` and `\r` only; anything else is invalid.
fn unescape(name: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(name.len());
    let mut it = name.iter();
    while let Some(&c) = it.next() {
        if c == b'\\' {
            match it.next() {
                Some(b'\\') => out.push(b'\\'),
                Some(b'n') => out.push(b'\n'),
                Some(b'r') => out.push(b'\r'),
                _ => return None,
            }
        } else {
            out.push(c);
        }
    }
    Some(out)
}

/// A name in an error message, quoted like coreutils' `quotef` (shell
/// style, only when needed).
fn quotef(name: &[u8]) -> String {
    let safe = |c: u8| c.is_ascii_alphanumeric() || b"%+,-./=@_^".contains(&c) || c >= 0x80;
    if !name.is_empty() && name.iter().all(|&c| safe(c)) {
        return String::from_utf8_lossy(name).into_owned();
    }
    let printable = name.iter().all(|&c| c >= 0x20 && c != 0x7f);
    if printable && !name.contains(&b'\'') {
        return format!("'{}'", String::from_utf8_lossy(name));
    }
    if printable && !name.iter().any(|c| b"\"$`\\".contains(c)) {
        return format!("\"{}\"", String::from_utf8_lossy(name));
    }
    // '...' with \' outside the quotes and $'\n' for control characters.
    let mut s = String::new();
    let mut quoted = false;
    for &c in name {
        let special = c < 0x20 || c == 0x7f || c == b'\'';
        if special {
            if quoted {
                s.push('\'');
                quoted = false;
            }
            match c {
                b'\'' => s.push_str("\\'"),
                b'\n' => s.push_str("$'\\n'"),
                b'\t' => s.push_str("$'\\t'"),
                b'\r' => s.push_str("$'\\r'"),
                _ => s.push_str(&format!("$'\\{:03o}'", c)),
            }
        } else {
            if !quoted {
                s.push('\'');
                quoted = true;
            }
            s.push(c as char);
        }
    }
    if quoted {
        s.push('\'');
    }
    s
}

fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new().num_threads(threads).build().expect("thread pool")
}

pub fn run(a: SumArgs) -> io::Result<u8> {
    let algo = if a.hash160 {
        Algo::Hash160
    } else if a.sha256 {
        Algo::Sha256
    } else if a.keccak256 {
        Algo::Keccak256
    } else if a.sha256d {
        Algo::Sha256d
    } else {
        Algo::Ripemd160
    };
    let files: Vec<Vec<u8>> = if a.files.is_empty() {
        vec![b"-".to_vec()]
    } else {
        a.files.into_iter().map(OsString::into_encoded_bytes).collect()
    };
    let threads = a.threads.get();
    let pool = pool(threads);
    if a.check {
        let opts = CheckOpts {
            quiet: a.quiet,
            status: a.status,
            strict: a.strict,
            warn: a.warn,
            ignore_missing: a.ignore_missing,
            reverse: a.reverse,
        };
        let mut ok = true;
        let mut state = CheckState { bsd_reversed: None };
        for list in &files {
            ok &= check_list(algo, list, opts, &mut state, &pool, threads)?;
        }
        return Ok(if ok { 0 } else { 1 });
    }
    let mut status = 0;
    let stdout = io::stdout();
    // coreutils: ' ' or '*' (--binary) before the name; -z: NUL-terminated
    // lines, names not escaped.
    let mode = if a.binary { b'*' } else { b' ' };
    let end = if a.zero { b'\0' } else { b'\n' };
    for group in files.chunks(window(threads)) {
        let items: Vec<(Algo, &[u8])> = group.iter().map(|n| (algo, n.as_slice())).collect();
        let results = hash_files(&items, &pool);
        let mut out = stdout.lock();
        for (name, r) in group.iter().zip(results) {
            match r {
                Ok(mut d) => {
                    if a.reverse {
                        d.reverse();
                    }
                    let esc = !a.zero && !a.no_names && needs_escape(name);
                    let shown = if esc { escaped(name) } else { name.clone() };
                    let mut line = Vec::new();
                    if esc {
                        line.push(b'\\');
                    }
                    if a.no_names {
                        line.extend_from_slice(hex(&d).as_bytes());
                    } else if a.tag {
                        line.extend_from_slice(format!("{} (", algo.tag()).as_bytes());
                        line.extend_from_slice(&shown);
                        line.extend_from_slice(format!(") = {}", hex(&d)).as_bytes());
                    } else {
                        line.extend_from_slice(format!("{} ", hex(&d)).as_bytes());
                        line.push(mode);
                        line.extend_from_slice(&shown);
                    }
                    line.push(end);
                    out.write_all(&line)?;
                }
                Err(e) => {
                    out.flush()?;
                    say!("{}: {}", quotef(name), reason(&e));
                    status = 1;
                }
            }
        }
        out.flush()?;
    }
    Ok(status)
}

#[derive(Clone, Copy)]
struct CheckOpts {
    quiet: bool,
    status: bool,
    strict: bool,
    warn: bool,
    ignore_missing: bool,
    /// `--reverse`: the listed digests are byte-reversed.
    reverse: bool,
}

/// coreutils keeps one "reversed BSD format" decision (`hex name` with a
/// single space) for the whole run, made by the first line that needs it.
struct CheckState {
    bsd_reversed: Option<bool>,
}

fn is_white(c: u8) -> bool {
    c == b' ' || c == b'\t'
}

/// The algorithm whose tag `s` starts with (followed by ` ` or `(`) and
/// the tag's length.
fn tagged(s: &[u8]) -> Option<(Algo, usize)> {
    TAGS.iter().find_map(|&(tag, algo)| {
        let after = s.strip_prefix(tag.as_bytes())?;
        matches!(after.first(), Some(b' ' | b'(')).then_some((algo, tag.len()))
    })
}

/// One line of a checksum list (without its newline or trailing CR) into
/// (algorithm, hex digest, file name), or None if it is improperly
/// formatted. A tagged line is read by its tag; an untagged one with
/// `algo`, the command line's.
fn split_line(algo: Algo, s: &[u8], st: &mut CheckState) -> Option<(Algo, Vec<u8>, Vec<u8>)> {
    let mut i = 0;
    while i < s.len() && is_white(s[i]) {
        i += 1;
    }
    let mut escaped_name = false;
    if s.get(i) == Some(&b'\\') {
        i += 1;
        escaped_name = true;
    }
    if let Some((algo, tag_len)) = tagged(&s[i..]) {
        // BSD format: TAG (name) = hex
        let valid_hex = |h: &[u8]| h.len() == algo.hex_len() && h.iter().all(u8::is_ascii_hexdigit);
        i += tag_len;
        if s.get(i) == Some(&b' ') {
            i += 1;
        }
        if s.get(i) != Some(&b'(') {
            return None;
        }
        i += 1;
        let rest = &s[i..];
        let close = rest.iter().rposition(|&c| c == b')')?;
        let mut name = rest[..close].to_vec();
        if escaped_name {
            name = unescape(&name)?;
        }
        let mut j = close + 1;
        while j < rest.len() && is_white(rest[j]) {
            j += 1;
        }
        if rest.get(j) != Some(&b'=') {
            return None;
        }
        j += 1;
        while j < rest.len() && is_white(rest[j]) {
            j += 1;
        }
        let h = &rest[j..];
        return valid_hex(h).then(|| (algo, h.to_vec(), name));
    }
    let hexlen = algo.hex_len();
    let valid_hex = |h: &[u8]| h.len() == hexlen && h.iter().all(u8::is_ascii_hexdigit);
    // coreutils: min_digest_line_length = hex + 1 (space) + 1 (type) + 1 (name).
    if s.len() - i < hexlen + 3 {
        return None;
    }
    let h = &s[i..i + hexlen];
    i += hexlen;
    if !is_white(s[i]) {
        return None;
    }
    i += 1;
    if !valid_hex(h) {
        return None;
    }
    if s.len() - i == 1 || (s[i] != b' ' && s[i] != b'*') {
        if st.bsd_reversed == Some(false) {
            return None;
        }
        st.bsd_reversed = Some(true);
    } else if st.bsd_reversed != Some(true) {
        st.bsd_reversed = Some(false);
        i += 1;
    }
    let mut name = s[i..].to_vec();
    if escaped_name {
        name = unescape(&name)?;
    }
    Some((algo, h.to_vec(), name))
}

fn plural(n: u64, one: &str, many: &str) -> String {
    if n == 1 {
        format!("WARNING: {n} {one}")
    } else {
        format!("WARNING: {n} {many}")
    }
}

/// Checks one list; true if everything in it verified. An error is one
/// of writing standard output.
fn check_list(
    algo: Algo,
    list: &[u8],
    o: CheckOpts,
    st: &mut CheckState,
    pool: &rayon::ThreadPool,
    threads: usize,
) -> io::Result<bool> {
    let is_stdin = list == b"-";
    let shown_list = if is_stdin { b"standard input".to_vec() } else { list.to_vec() };
    let mut reader: Box<dyn BufRead> = if is_stdin {
        Box::new(BufReader::new(io::stdin()))
    } else {
        match path(list).and_then(File::open) {
            Ok(f) => Box::new(BufReader::new(f)),
            Err(e) => {
                say!("{}: {}", quotef(list), reason(&e));
                return Ok(false);
            }
        }
    };
    let (mut misformatted, mut unreadable, mut mismatched, mut matched) = (0u64, 0u64, 0u64, 0u64);
    let mut properly = false;
    let mut line_no = 0u64;
    let mut pending: Vec<(Algo, Vec<u8>, Vec<u8>)> = Vec::new();
    let mut read_error = None;
    let win = window(threads);
    let stdout = io::stdout();

    let flush = |pending: &mut Vec<(Algo, Vec<u8>, Vec<u8>)>,
                 unreadable: &mut u64,
                 mismatched: &mut u64,
                 matched: &mut u64|
     -> io::Result<()> {
        let items: Vec<(Algo, &[u8])> = pending.iter().map(|(algo, _, name)| (*algo, name.as_slice())).collect();
        let results = hash_files(&items, pool);
        let mut out = stdout.lock();
        for ((_, want, name), r) in pending.drain(..).zip(results) {
            // coreutils 9.1 escapes a name in --check output only if it
            // has a newline.
            let esc = !o.status && name.contains(&b'\n');
            let mut shown = Vec::new();
            if esc {
                shown.push(b'\\');
                shown.extend_from_slice(&escaped(&name));
            } else {
                shown.extend_from_slice(&name);
            }
            match r {
                Err(e) => {
                    if o.ignore_missing && e.kind() == io::ErrorKind::NotFound {
                        continue;
                    }
                    out.flush()?;
                    say!("{}: {}", quotef(&name), reason(&e));
                    *unreadable += 1;
                    if !o.status {
                        shown.extend_from_slice(b": FAILED open or read\n");
                        out.write_all(&shown)?;
                    }
                }
                Ok(mut d) => {
                    if o.reverse {
                        d.reverse();
                    }
                    let good = hex(&d).as_bytes().eq_ignore_ascii_case(&want);
                    if good {
                        *matched += 1;
                    } else {
                        *mismatched += 1;
                    }
                    if !o.status && (!good || !o.quiet) {
                        shown.extend_from_slice(if good { b": OK\n" } else { b": FAILED\n" });
                        out.write_all(&shown)?;
                    }
                }
            }
        }
        out.flush()
    };

    let mut line = Vec::new();
    loop {
        line.clear();
        match reader.read_until(b'\n', &mut line) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => {
                read_error = Some(e);
                break;
            }
        }
        line_no += 1;
        if line[0] == b'#' {
            continue;
        }
        if line.last() == Some(&b'\n') {
            line.pop();
        }
        if line.last() == Some(&b'\r') {
            line.pop();
        }
        if line.is_empty() {
            continue;
        }
        match split_line(algo, &line, st) {
            Some((line_algo, h, name)) if !(is_stdin && name == b"-") => {
                properly = true;
                pending.push((line_algo, h, name));
                if pending.len() >= win {
                    flush(&mut pending, &mut unreadable, &mut mismatched, &mut matched)?;
                }
            }
            _ => {
                misformatted += 1;
                if o.warn {
                    flush(&mut pending, &mut unreadable, &mut mismatched, &mut matched)?;
                    say!("{}: {line_no}: improperly formatted {} checksum line", quotef(&shown_list), algo.tag());
                }
            }
        }
    }
    flush(&mut pending, &mut unreadable, &mut mismatched, &mut matched)?;
    if let Some(e) = read_error {
        say!("{}: read error: {}", quotef(&shown_list), reason(&e));
        return Ok(false);
    }
    if !properly {
        say!("{}: no properly formatted checksum lines found", quotef(&shown_list));
    } else if !o.status {
        if misformatted != 0 {
            say!("{}", plural(misformatted, "line is improperly formatted", "lines are improperly formatted"));
        }
        if unreadable != 0 {
            say!("{}", plural(unreadable, "listed file could not be read", "listed files could not be read"));
        }
        if mismatched != 0 {
            say!("{}", plural(mismatched, "computed checksum did NOT match", "computed checksums did NOT match"));
        }
        if o.ignore_missing && matched == 0 {
            say!("{}: no file was verified", quotef(&shown_list));
        }
    }
    Ok(properly
        && mismatched == 0
        && unreadable == 0
        && (!o.strict || misformatted == 0)
        && (!o.ignore_missing || matched > 0))
}
