//! `rmd160mb merkle-root`: the Bitcoin merkle root of the txids of a file,
//! one hex txid a line, read by the same line rules as `hash160` (empty
//! and `#` lines skipped, CR LF accepted, an invalid line reported as
//! `file:line: invalid line: why`).

use std::ffi::OsString;
use std::fs::File;
use std::io::{self, Read, Write};

use super::input::display;
use super::rules::{classify, ends_blank, invalid_line, Line, Mode, Rules, Why};
use crate::{reason, MerkleArgs};

/// The message of a mutated tree (exit status 1, after the root).
pub const MUTATED: &str =
    "merkle tree is mutated (CVE-2012-2459): two equal hashes at positions 2k and 2k+1 of a level";

pub fn run(a: MerkleArgs) -> io::Result<u8> {
    let name = a.file.unwrap_or_else(|| OsString::from("-"));
    let shown = display(&name);
    let mut data = Vec::new();
    let read = if name == "-" {
        io::stdin().lock().read_to_end(&mut data)
    } else {
        File::open(&name).and_then(|mut f| f.read_to_end(&mut data))
    };
    if let Err(e) = read {
        say!("{shown}: {}", reason(&e));
        return Ok(1);
    }
    // A txid is 32 bytes: a line of another length is invalid.
    let rules = Rules { mode: Mode::Sha256d, widths: Some([32, 32]), binary: None, reverse: false };
    let mut leaves: Vec<[u8; 32]> = Vec::new();
    for (i, line) in data.split(|&c| c == b'\n').enumerate() {
        let bad = match classify(rules, line) {
            Line::Pass => continue,
            Line::Invalid(why, blank) => (why, blank),
            Line::Msg(hex) => {
                let mut leaf = [0u8; 32];
                if hex_simd::decode(hex, hex_simd::Out::from_slice(&mut leaf)).is_ok() {
                    // Displayed txids are byte-reversed; the tree hashes
                    // them in internal order.
                    if !a.internal {
                        leaf.reverse();
                    }
                    leaves.push(leaf);
                    continue;
                }
                (Why::NotHex, ends_blank(hex))
            }
        };
        say!("{}", invalid_line(&shown, i as u64 + 1, rules, bad.0, bad.1));
        return Ok(2);
    }
    let (mut root, mutated) = ripemd160mb::merkle_root(&leaves);
    if !a.internal {
        root.reverse();
    }
    let mut out = io::stdout().lock();
    writeln!(out, "{}", hex_simd::encode_to_string(root, hex_simd::AsciiCase::Lower))?;
    out.flush()?;
    if mutated {
        say!("{MUTATED}");
        return Ok(1);
    }
    Ok(0)
}
