//! `rmd160mb`: RIPEMD-160, HASH160, SHA-256, Keccak-256 and double SHA-256
//! of files and of hex keys, Ethereum addresses and Bitcoin merkle roots, on
//! every core, through the ripemd160mb library's public Rust API.

/// `rmd160mb: ` and a message on standard error; a failed write there is
/// ignored (nowhere is left to report it).
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), "{}: {}", $crate::PROG, format_args!($($arg)*));
    }};
}

mod backends;
mod bench;
mod keys;
mod sum;

use std::ffi::OsString;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, CommandFactory, Parser, Subcommand};

/// RIPEMD-160, HASH160, SHA-256, Keccak-256, Ethereum addresses, double SHA-256 and merkle roots of files and hex lines, on every core.
#[derive(Parser, Debug)]
#[command(name = "rmd160mb", version, long_about = None)]
#[command(after_help = force_help())]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The help's closing line: `RMD160MB_FORCE` and the library's backend names.
fn force_help() -> String {
    format!(
        "Environment: RMD160MB_FORCE={} picks the backend (ignored with a warning if this CPU cannot run it; see `rmd160mb backends`).",
        ripemd160mb::BACKEND_NAMES.join("|")
    )
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Checksums of files, in the coreutils (or BSD, --tag) format, or --check a list.
    Sum(SumArgs),
    /// One hex message per input line (a public key, say) in, its hex HASH160 out.
    #[command(after_help = "Input: one message a line in hex digits (either case; a line may end in CR LF). \
Empty lines and lines whose first byte is '#' are copied to the output unchanged \
(leading spaces make a line invalid, also before a '#'). Output: one lowercase hex digest a line, \
in input order.\n\n\
With --binary: records of --width bytes back to back in, their raw digests back to back out. \
Bytes at the end of a file that are not a whole record end the run with exit status 2, \
after the digests of the whole records.")]
    Hash160(KeysArgs),
    /// Ethereum addresses: one hex public key a line in (64 bytes X || Y, or
    /// 65 bytes 04 || X || Y), its address out (40 lowercase hex digits, no 0x).
    #[command(after_help = "Input as hash160's: empty lines and lines whose first byte is '#' are copied \
unchanged; a key of another length, or of 65 bytes not starting with 04, is an invalid line \
(exit status 2 after the addresses of the lines before it, or --skip-invalid). \
The address is the last 20 bytes of Keccak-256 (Ethereum's padding) of X || Y.\n\n\
With --binary: keys of --width bytes back to back in, raw 20-byte addresses out.")]
    EthAddress(EthArgs),
    /// The Bitcoin merkle root of a block's txids: one hex txid a line in
    /// (64 digits, as `bitcoin-cli getblock` lists them), the root out.
    #[command(after_help = "Input: one txid a line, 64 hex digits (either case), in display order \
(byte-reversed, as Bitcoin shows txids; --internal: as SHA-256 outputs them). Empty lines and lines \
whose first byte is '#' are skipped; a line may end in CR LF; any other line is invalid (exit status 2, \
`file:line: invalid line: why`, nothing on standard output). Output: the root in the same byte order, \
and a newline. The rule is Bitcoin Core's ComputeMerkleRoot: each level pairs hashes 2k and 2k+1 into \
SHA256(SHA256(left || right)), an odd level pairing its last hash with itself. A mutated tree \
(CVE-2012-2459: two equal hashes at positions 2k and 2k+1 of a level, as a block with duplicated \
transactions has) still prints its root, then says so on standard error with exit status 1. No txids: \
64 zeros (32 zero bytes, as ComputeMerkleRoot returns), exit status 0.")]
    MerkleRoot(MerkleArgs),
    /// This machine's speed table: every backend beside the one-at-a-time baselines.
    Bench(BenchArgs),
    /// The backends of this build, which ones this CPU runs, and the one chosen.
    Backends,
    /// Writes the man pages (rmd160mb.1 and one per subcommand) into DIR.
    #[command(hide = true)]
    GenerateMan {
        /// Output directory.
        dir: PathBuf,
    },
}

/// Worker threads: `-j/--threads N` (default: every core).
#[derive(Args, Debug, Clone, Copy)]
pub struct Threads {
    /// Worker threads (default and 0: all cores).
    #[arg(short = 'j', long = "threads", value_name = "N", value_parser = clap::value_parser!(u32).range(0..=4096))]
    threads: Option<u32>,
}

impl Threads {
    pub fn get(self) -> usize {
        match self.threads {
            Some(n) if n > 0 => n as usize,
            _ => std::thread::available_parallelism().map_or(1, |n| n.get()),
        }
    }
}

#[derive(Args, Debug)]
pub struct SumArgs {
    /// Files to hash (`-` or none: standard input); with --check, the checksum lists.
    #[arg(value_name = "FILE")]
    files: Vec<OsString>,
    /// HASH160 = RIPEMD160(SHA256(file)) instead of RIPEMD-160.
    #[arg(long, conflicts_with_all = ["sha256", "keccak256", "sha256d"])]
    hash160: bool,
    /// SHA-256 instead of RIPEMD-160 (the output of sha256sum).
    #[arg(long, conflicts_with_all = ["keccak256", "sha256d"])]
    sha256: bool,
    /// Keccak-256 with the original Keccak padding, as Ethereum uses it
    /// (not FIPS 202 SHA3-256), instead of RIPEMD-160.
    #[arg(long, conflicts_with = "sha256d")]
    keccak256: bool,
    /// Double SHA-256, SHA256(SHA256(file)), as Bitcoin hashes block
    /// headers and transactions, instead of RIPEMD-160.
    #[arg(long)]
    sha256d: bool,
    /// Print each digest byte-reversed, as Bitcoin displays txids and block
    /// hashes (any algorithm). With --check: the listed digests are
    /// byte-reversed ones (a list does not record the byte order: check a
    /// list written with --reverse with --check --reverse).
    #[arg(long)]
    reverse: bool,
    /// BSD-style output: `RIPEMD160 (name) = hex` (HASH160, SHA256, KECCAK256, SHA256D).
    #[arg(long, conflicts_with = "check")]
    tag: bool,
    /// Read checksums from the FILEs and check them. A tagged line
    /// (`TAG (name) = hex` as --tag writes it, or OpenSSL's
    /// `RIPEMD-160(name)= hex`, `SHA2-256(name)= hex`, `SHA256(name)= hex`)
    /// is checked with its tag's algorithm; an untagged one
    /// (`hex  name`) with the algorithm option's.
    #[arg(short = 'c', long)]
    check: bool,
    /// Accepted as by sha256sum, whose output it matches: `*` before the
    /// name (the digest is the same: files are always read as bytes).
    #[arg(short = 'b', long, overrides_with = "text")]
    binary: bool,
    /// Accepted as by sha256sum (the default): ` ` before the name.
    #[arg(short = 't', long, overrides_with = "binary")]
    text: bool,
    /// End each output line with NUL, not newline, and do not escape names.
    #[arg(short = 'z', long, conflicts_with = "check")]
    zero: bool,
    /// Only the digests, one a line, without file names (as b3sum).
    #[arg(long, conflicts_with_all = ["check", "tag"])]
    no_names: bool,
    /// With --check: no line for each file that verifies (`name: OK`).
    /// Of --quiet, --status and --warn the last one given wins, as in coreutils.
    #[arg(long, requires = "check", overrides_with_all = ["status", "warn"])]
    quiet: bool,
    /// With --check: no output at all; the exit status says it.
    #[arg(long, requires = "check", overrides_with_all = ["quiet", "warn"])]
    status: bool,
    /// With --check: exit status 1 for improperly formatted lines too.
    #[arg(long, requires = "check")]
    strict: bool,
    /// With --check: warn about each improperly formatted line.
    #[arg(short = 'w', long, requires = "check", overrides_with_all = ["quiet", "status"])]
    warn: bool,
    /// With --check: no failure or status line for missing files.
    #[arg(long, requires = "check")]
    ignore_missing: bool,
    #[command(flatten)]
    threads: Threads,
}

#[derive(Args, Debug)]
pub struct KeysArgs {
    /// Input files (`-` or none: standard input).
    #[arg(value_name = "FILE")]
    files: Vec<OsString>,
    /// RIPEMD-160 of each message instead of HASH160.
    #[arg(long, conflicts_with_all = ["sha256", "hash32", "keccak256", "sha256d"])]
    ripemd160: bool,
    /// SHA-256 of each message instead of HASH160.
    #[arg(long, conflicts_with_all = ["hash32", "keccak256", "sha256d"])]
    sha256: bool,
    /// RIPEMD-160 of 32-byte messages (64 hex digits a line; others are invalid).
    #[arg(long, conflicts_with_all = ["keccak256", "sha256d"])]
    hash32: bool,
    /// Keccak-256 of each message, with the original Keccak padding as
    /// Ethereum uses it (not FIPS 202 SHA3-256), instead of HASH160.
    #[arg(long, conflicts_with = "sha256d")]
    keccak256: bool,
    /// Double SHA-256 of each message, SHA256(SHA256(m)), instead of
    /// HASH160: a raw transaction's txid (serialized without witness data;
    /// with it, the wtxid), a block header's hash.
    #[arg(long)]
    sha256d: bool,
    /// Print each digest byte-reversed, as Bitcoin displays txids and block
    /// hashes (any algorithm; with --binary, raw digests reversed).
    #[arg(long)]
    reverse: bool,
    /// Fixed-width binary records in (--width bytes each), raw digests out.
    #[arg(long, requires = "width")]
    binary: bool,
    /// Message width in bytes: with --binary, the record size; in text
    /// mode, a line of another length is invalid.
    #[arg(long, value_name = "W", value_parser = clap::value_parser!(u32).range(1..=1 << 20))]
    width: Option<u32>,
    /// Text mode: only public keys, 33 or 65 bytes (66 or 130 hex digits)
    /// a line; a line of another length is invalid.
    #[arg(long, conflicts_with_all = ["width", "binary", "hash32"])]
    keys: bool,
    /// Write an empty line for an invalid line and count it on standard error,
    /// instead of stopping with exit status 2.
    #[arg(long, conflicts_with = "binary")]
    skip_invalid: bool,
    /// Read files instead of mapping them into memory. With a mapped file,
    /// a read error (a bad disk, a network file system) or another program
    /// truncating the file while it is hashed ends the process with SIGBUS
    /// (as in b3sum), where reading reports the error and exits 1; reading
    /// is a little slower.
    #[arg(long)]
    no_mmap: bool,
    #[command(flatten)]
    threads: Threads,
    /// Set for `eth-address`.
    #[arg(skip)]
    eth: bool,
}

#[derive(Args, Debug)]
pub struct EthArgs {
    /// Input files (`-` or none: standard input).
    #[arg(value_name = "FILE")]
    files: Vec<OsString>,
    /// Binary keys in (--width bytes each: 64 or 65), raw 20-byte addresses out.
    #[arg(long, requires = "width")]
    binary: bool,
    /// Key width in bytes, 64 or 65: with --binary, the record size; in
    /// text mode, a line of the other length is invalid too.
    #[arg(long, value_name = "W", value_parser = clap::value_parser!(u32).range(64..=65))]
    width: Option<u32>,
    /// Write an empty line for an invalid line and count it on standard error,
    /// instead of stopping with exit status 2.
    #[arg(long, conflicts_with = "binary")]
    skip_invalid: bool,
    /// Read files instead of mapping them into memory (as in hash160).
    #[arg(long)]
    no_mmap: bool,
    #[command(flatten)]
    threads: Threads,
}

impl From<EthArgs> for KeysArgs {
    fn from(a: EthArgs) -> KeysArgs {
        KeysArgs {
            files: a.files,
            ripemd160: false,
            sha256: false,
            hash32: false,
            keccak256: false,
            sha256d: false,
            reverse: false,
            binary: a.binary,
            width: a.width,
            keys: false,
            skip_invalid: a.skip_invalid,
            no_mmap: a.no_mmap,
            threads: a.threads,
            eth: true,
        }
    }
}

#[derive(Args, Debug)]
pub struct MerkleArgs {
    /// The txids, one a line (`-` or none: standard input).
    #[arg(value_name = "FILE")]
    file: Option<OsString>,
    /// Read the txids and print the root in internal byte order (as
    /// SHA-256 outputs them), not byte-reversed as Bitcoin displays them.
    #[arg(long)]
    internal: bool,
}

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Print JSON instead of a table.
    #[arg(long)]
    json: bool,
    /// Milliseconds of measurement per row.
    #[arg(long, value_name = "MS", default_value_t = 300)]
    time_ms: u64,
    #[command(flatten)]
    threads: Threads,
}

/// The program name in messages, like coreutils.
pub const PROG: &str = "rmd160mb";

/// Each page's EXIT STATUS and EXAMPLES sections, in roff.
fn man_extra(page: &str) -> (&'static str, &'static str) {
    match page {
        "sum" => (
            "0: every file was hashed (with \\fB\\-c\\fR: every listed file verified).\n.br\n\
1: a file could not be read, a checksum did not match, a list had no properly formatted line \
(or, with \\fB\\-\\-strict\\fR, any improperly formatted line), or standard output could not be written.\n.br\n\
2: a usage error.",
            ".nf\nrmd160mb sum \\-\\-sha256 *.iso > SHA256SUMS\nrmd160mb sum \\-c SHA256SUMS\n\
rmd160mb sum \\-\\-tag \\-\\-hash160 abc.txt > HASH160SUMS; rmd160mb sum \\-c HASH160SUMS\n\
openssl dgst \\-rmd160 abc.txt | rmd160mb sum \\-c\n\
rmd160mb sum \\-\\-sha256d \\-\\-reverse header.bin\n.fi",
        ),
        "hash160" => (
            "0: every line was hashed.\n.br\n1: a file could not be read, or standard output could not be written.\n.br\n\
2: a usage error, an invalid line (without \\fB\\-\\-skip\\-invalid\\fR), or a partial record at the end of a \
\\fB\\-\\-binary\\fR input.",
            ".nf\nrmd160mb hash160 keys.txt > hash160.txt\nrmd160mb hash160 \\-\\-keys \\-\\-skip\\-invalid keys.txt\n\
rmd160mb hash160 \\-\\-binary \\-\\-width 33 keys.bin > digests.bin\n\
rmd160mb hash160 \\-\\-sha256d \\-\\-reverse rawtxs.txt > txids.txt\n.fi",
        ),
        "eth-address" => (
            "0: every key was hashed.\n.br\n1: a file could not be read, or standard output could not be written.\n.br\n\
2: a usage error, an invalid line or record (without \\fB\\-\\-skip\\-invalid\\fR), or a partial record.",
            ".nf\nrmd160mb eth\\-address pubkeys.txt > addresses.txt\n\
rmd160mb eth\\-address \\-\\-binary \\-\\-width 64 keys.bin > addresses.bin\n.fi",
        ),
        "merkle-root" => (
            "0: the root was printed.\n.br\n1: the file could not be read, the tree is mutated (the root is \
printed, then the message on standard error), or standard output could not be written.\n.br\n\
2: a usage error or an invalid line.",
            ".nf\nbitcoin\\-cli getblock $(bitcoin\\-cli getblockhash 100000) | jq \\-r '.tx[]' | rmd160mb merkle\\-root\n\
rmd160mb merkle\\-root txids.txt\nrmd160mb merkle\\-root \\-\\-internal leaves.txt\n.fi",
        ),
        "bench" => (
            "0: success.\n.br\n1: standard output could not be written.\n.br\n2: a usage error.",
            ".nf\nrmd160mb bench\nrmd160mb bench \\-j 1 \\-\\-time\\-ms 200 \\-\\-json > bench.json\n.fi",
        ),
        "backends" => (
            "0: success.\n.br\n1: standard output could not be written.\n.br\n2: a usage error.",
            ".nf\nrmd160mb backends\nRMD160MB_FORCE=scalar rmd160mb backends\n.fi",
        ),
        _ => (
            "0: success.\n.br\n1: a file could not be read, a checksum did not match, or standard output \
could not be written (merkle\\-root: also a mutated tree).\n.br\n2: a usage error or invalid input (see each subcommand's page).",
            ".nf\nrmd160mb sum \\-\\-sha256 file.iso\nrmd160mb hash160 keys.txt\n\
rmd160mb eth\\-address pubkeys.txt\nrmd160mb merkle\\-root txids.txt\nrmd160mb backends\n.fi",
        ),
    }
}

/// The synopsis as typed: `rmd160mb sum [OPTIONS] [FILE]...`.
fn man_synopsis(sub: Option<&clap::Command>) -> String {
    let Some(sub) = sub else {
        return "\\fBrmd160mb\\fR [\\fIOPTIONS\\fR] \\fICOMMAND\\fR [\\fIARGS\\fR]...".to_string();
    };
    let mut line = format!("\\fBrmd160mb {}\\fR [\\fIOPTIONS\\fR]", sub.get_name().replace('-', "\\-"));
    for arg in sub.get_positionals() {
        let name = arg.get_value_names().and_then(|v| v.first()).map_or(arg.get_id().as_str(), |n| n.as_str());
        let many = matches!(arg.get_num_args(), Some(r) if r.max_values() > 1);
        line += &format!(" [\\fI{name}\\fR]{}", if many { "..." } else { "" });
    }
    line
}

fn generate_man(dir: &std::path::Path) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let mut cmd = Cli::command().disable_help_subcommand(true);
    cmd.build();
    let version = format!("rmd160mb {}", env!("CARGO_PKG_VERSION"));
    let mut pages = vec![("rmd160mb".to_string(), cmd.clone(), None)];
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        let name = format!("rmd160mb-{}", sub.get_name());
        let page = sub.clone().name(&*Box::leak(name.clone().into_boxed_str()));
        pages.push((name, page, Some(sub)));
    }
    for (name, page, sub) in pages {
        let mut out = Vec::new();
        clap_mangen::Man::new(page).source(&version).render(&mut out)?;
        let mut text = String::from_utf8_lossy(&out).into_owned();
        // The synopsis as typed, FILE repeatable.
        if let Some(start) = text.find(".SH SYNOPSIS\n") {
            let body = start + ".SH SYNOPSIS\n".len();
            let end = text[body..].find("\n.SH ").map_or(text.len(), |p| body + p + 1);
            text.replace_range(body..end, &format!("{}\n", man_synopsis(sub)));
        }
        let (status, examples) = man_extra(sub.map_or("", |s| s.get_name()));
        let extra = format!(".SH \"EXIT STATUS\"\n{status}\n.SH EXAMPLES\n{examples}\n");
        match text.find(".SH VERSION") {
            Some(p) => text.insert_str(p, &extra),
            None => text.push_str(&extra),
        }
        std::fs::write(dir.join(format!("{name}.1")), text)?;
    }
    Ok(())
}

/// An error's reason without Rust's ` (os error N)`: "No such file or
/// directory", as coreutils prints it.
pub fn reason(e: &io::Error) -> String {
    let s = e.to_string();
    match s.find(" (os error ") {
        Some(p) => s[..p].to_string(),
        None => s,
    }
}

/// The exit status of a run: a subcommand's status, or a failed write of
/// standard output (`rmd160mb: write error: <reason>`, exit status 1). A
/// closed pipe ends the run quietly, as coreutils does under SIGPIPE's
/// default action, with exit status 1.
fn exit(result: io::Result<u8>) -> ExitCode {
    let result = result.and_then(|code| io::stdout().flush().map(|()| code));
    ExitCode::from(match result {
        Ok(code) => code,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => 1,
        Err(e) => {
            say!("write error: {}", reason(&e));
            1
        }
    })
}

/// One warning when `RMD160MB_FORCE` is set and not honoured: its value,
/// why (the library's reason) and the backend running instead.
fn force_warning() {
    if let Some(why) = ripemd160mb::Backend::force_ignored() {
        let value = std::env::var_os("RMD160MB_FORCE").unwrap_or_default();
        say!(
            "warning: RMD160MB_FORCE={} ignored ({why}); running {}",
            value.to_string_lossy(),
            ripemd160mb::Backend::current().name()
        );
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        // --help and --version (standard output) as every other output;
        // usage errors on standard error.
        Err(e) if e.use_stderr() => {
            let _ = e.print();
            return ExitCode::from(e.exit_code() as u8);
        }
        Err(e) => return exit(e.print().map(|()| e.exit_code() as u8)),
    };
    if !matches!(cli.command, Command::GenerateMan { .. }) {
        force_warning();
    }
    exit(match cli.command {
        Command::Sum(a) => sum::run(a),
        Command::Hash160(a) => keys::run(a),
        Command::EthAddress(a) => keys::run(a.into()),
        Command::MerkleRoot(a) => keys::merkle::run(a),
        Command::Bench(a) => bench::run(a),
        Command::Backends => backends::run(),
        Command::GenerateMan { dir } => match generate_man(&dir) {
            Ok(()) => Ok(0),
            Err(e) => {
                say!("{}: {}", dir.display(), reason(&e));
                Ok(1)
            }
        },
    })
}
