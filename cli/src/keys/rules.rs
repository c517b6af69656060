//! What a line of `hash160` or `eth-address` must be, and why one is invalid.

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Mode {
    Hash160,
    Ripemd160,
    Sha256,
    Hash32,
    Keccak256,
    Sha256d,
    /// Ethereum addresses of 64-byte keys (65-byte ones lose their 04
    /// prefix when decoded).
    Eth,
}

impl Mode {
    pub(super) fn digest_len(self) -> usize {
        match self {
            Mode::Sha256 | Mode::Keccak256 | Mode::Sha256d => 32,
            _ => 20,
        }
    }
}

/// What a message line must be: its mode, and the byte lengths allowed
/// (`--width`, `--keys`, `--hash32`, `eth-address`; one or two).
#[derive(Clone, Copy)]
pub(super) struct Rules {
    pub(super) mode: Mode,
    pub(super) widths: Option<[usize; 2]>,
    /// `--binary --width W`: records of W bytes.
    pub(super) binary: Option<usize>,
    /// `--reverse`: each digest written byte-reversed.
    pub(super) reverse: bool,
}

impl Rules {
    pub(super) fn allows(self, width: usize) -> bool {
        self.widths.is_none_or(|w| w.contains(&width))
    }

    /// The allowed lengths in words: "33 bytes", "33 or 65 bytes".
    pub(super) fn wanted(self) -> String {
        match self.widths {
            Some([a, b]) if a != b => format!("{a} or {b} bytes"),
            Some([a, _]) => format!("{a} bytes"),
            None => "bytes".into(),
        }
    }

    /// The message of an invalid line.
    pub(super) fn why(self, why: Why, trailing_blank: bool) -> String {
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
pub(super) enum Why {
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
pub(super) enum Rec {
    /// Blank or `#` line: copied as it is (bytes start..end of the chunk).
    Pass(u32, u32),
    /// A message of this many bytes, the next in the decoded buffer.
    Msg(u32),
    /// Why, and whether the line ends in spaces or tabs.
    Invalid(Why, bool),
}

/// What one input line is, before its hex digits are decoded.
pub(super) enum Line<'a> {
    /// Empty, or its first byte is '#': copied as it is.
    Pass,
    /// The hex digits of a message (a trailing CR removed).
    Msg(&'a [u8]),
    /// Why, and whether the line ends in spaces or tabs.
    Invalid(Why, bool),
}

/// Classifies `line` (without its '\n'; a CR before it is dropped) under
/// `rules`: the one reading of a line for `hash160`, `eth-address` and
/// `merkle-root`.
pub(super) fn classify(rules: Rules, line: &[u8]) -> Line<'_> {
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    if line.is_empty() || line[0] == b'#' {
        Line::Pass
    } else if let Some(why) = invalid(rules, line) {
        Line::Invalid(why, ends_blank(line))
    } else {
        Line::Msg(line)
    }
}

/// Whether a line ends in a space or a tab (said in an invalid line's message).
pub(super) fn ends_blank(line: &[u8]) -> bool {
    matches!(line.last(), Some(b' ' | b'\t'))
}

/// The message of an invalid line: `file:line: invalid line: why`.
pub(super) fn invalid_line(name: &str, line_no: u64, rules: Rules, why: Why, blank: bool) -> String {
    format!("{name}:{line_no}: invalid line: {}", rules.why(why, blank))
}

/// Why a line that is not blank or a comment cannot be a message under
/// `rules` (a line of an allowed length has its hex digits checked when
/// decoded; one of another length is read here, so that a quoted or
/// `0x`-prefixed line is called not hex rather than of a wrong length).
pub(super) fn invalid(rules: Rules, line: &[u8]) -> Option<Why> {
    let not_hex = || !line.iter().all(u8::is_ascii_hexdigit);
    if !line.len().is_multiple_of(2) {
        return Some(if not_hex() { Why::NotHex } else { Why::Odd(line.len() as u32) });
    }
    let w = line.len() / 2;
    if !rules.allows(w) {
        return Some(if not_hex() { Why::NotHex } else { Why::Width(w as u32) });
    }
    (rules.mode == Mode::Eth && w == 65 && !line.starts_with(b"04")).then_some(Why::Prefix)
}
