//! Runs the `rmd160mb` binary: every subcommand against the bundled vectors,
//! OpenSSL and (for `sum --check`) `sha256sum` itself as the oracle.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_rmd160mb");

fn vectors(name: &str) -> Vec<Vec<String>> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/vectors").join(name);
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split('\t').map(str::to_string).collect())
        .collect()
}

fn hex(b: &[u8]) -> String {
    hex_simd::encode_to_string(b, hex_simd::AsciiCase::Lower)
}

/// HASH160 by the RustCrypto crates, independent of the library.
fn hash160_oracle(m: &[u8]) -> [u8; 20] {
    use sha2::Digest;
    ripemd::Ripemd160::digest(sha2::Sha256::digest(m)).into()
}

fn tmpdir(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("cli-{name}"));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Runs `prog args` in `dir` with `stdin`, extra `env`.
fn run_in(dir: &Path, prog: &str, args: &[&str], stdin: &[u8], env: &[(&str, &str)]) -> Output {
    let mut cmd = Command::new(prog);
    cmd.args(args).current_dir(dir).env_remove("RMD160MB_FORCE");
    for (k, v) in env {
        cmd.env(k, v);
    }
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{prog}: {e} (is it installed?)"));
    let mut sin = child.stdin.take().unwrap();
    let input = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = sin.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

fn rmd(args: &[&str], stdin: &[u8]) -> Output {
    run_in(Path::new("."), BIN, args, stdin, &[])
}

fn ok_stdout(out: &Output) -> String {
    assert!(out.status.success(), "exit {:?}, stderr: {}", out.status.code(), String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout.clone()).unwrap()
}

fn backends() -> Vec<&'static str> {
    ripemd160mb::Backend::available().into_iter().map(|b| b.name()).collect()
}

#[test]
fn hash160_pubkey_vectors_mixed_widths_every_backend_and_thread_count() {
    let rows = vectors("hash160-pubkeys.tsv");
    assert_eq!(rows.len(), 2000);
    let (mut input, mut want) = (String::from("# comment\n\n"), String::from("# comment\n\n"));
    for r in &rows {
        // compressed (33 bytes), uncompressed (65 bytes), interleaved
        input += &format!("{}\n{}\n", r[1], r[3].to_uppercase());
        want += &format!("{}\n{}\n", r[2], r[4]);
    }
    let dir = tmpdir("pubkeys");
    std::fs::write(dir.join("keys.txt"), &input).unwrap();
    for backend in backends() {
        for j in ["1", "8"] {
            let out = run_in(&dir, BIN, &["hash160", "-j", j, "keys.txt"], b"", &[("RMD160MB_FORCE", backend)]);
            assert_eq!(ok_stdout(&out), want, "backend {backend}, -j {j}");
        }
    }
    // standard input, twice the same file
    assert_eq!(ok_stdout(&rmd(&["hash160"], input.as_bytes())), want);
    let out = run_in(&dir, BIN, &["hash160", "keys.txt", "-"], input.as_bytes(), &[]);
    assert_eq!(ok_stdout(&out), want.clone() + &want);
}

#[test]
fn hash32_and_ripemd160_vectors() {
    let rows = vectors("hash32.tsv");
    let input: String = rows.iter().map(|r| format!("{}\n", r[0])).collect();
    let want: String = rows.iter().map(|r| format!("{}\n", r[1])).collect();
    for mode in ["--hash32", "--ripemd160"] {
        for j in ["1", "8"] {
            assert_eq!(ok_stdout(&rmd(&["hash160", mode, "-j", j], input.as_bytes())), want, "{mode}");
        }
    }
    // --hash32 refuses other widths; --ripemd160 takes any length.
    let out = rmd(&["hash160", "--hash32"], b"00\n");
    assert_eq!(out.status.code(), Some(2));
    let lengths = vectors("ripemd160-lengths.tsv");
    let mut input = String::new();
    let mut want = String::new();
    for r in &lengths {
        let len: usize = r[0].parse().unwrap();
        let msg: Vec<u8> = (0..len).map(|i| ((i * 7 + len) % 256) as u8).collect();
        if len == 0 {
            continue; // an empty line is passed through
        }
        input += &hex(&msg);
        input.push('\n');
        want += &r[1];
        want.push('\n');
    }
    for j in ["1", "8"] {
        assert_eq!(ok_stdout(&rmd(&["hash160", "--ripemd160", "-j", j], input.as_bytes())), want);
    }
}

#[test]
fn sum_known_vectors() {
    let dir = tmpdir("known");
    let mut names = Vec::new();
    let mut want = String::new();
    for (i, r) in vectors("ripemd160-known.tsv").iter().enumerate() {
        let msg = if r[0] == "a*1000000" { "a".repeat(1_000_000) } else { r[0].clone() };
        let name = format!("m{i}");
        std::fs::write(dir.join(&name), msg).unwrap();
        want += &format!("{}  {name}\n", r[1]);
        names.push(name);
    }
    let mut args = vec!["sum"];
    args.extend(names.iter().map(String::as_str));
    for j in ["1", "8"] {
        let mut a = args.clone();
        a.extend(["-j", j]);
        assert_eq!(ok_stdout(&run_in(&dir, BIN, &a, b"", &[])), want);
    }
    // standard input
    assert_eq!(ok_stdout(&rmd(&["sum"], b"abc")), "8eb208f7e05d987a9b044a8e98c6b087f15a0bfc  -\n");
}

/// Files of awkward sizes, including ones with names that need escaping.
fn sample_files(dir: &Path) -> Vec<String> {
    let sizes = [0usize, 1, 55, 56, 63, 64, 65, 1000, 65_537, 300_001];
    let mut names = Vec::new();
    for (i, &n) in sizes.iter().enumerate() {
        let data: Vec<u8> = (0..n).map(|k| (k * 31 + i * 7) as u8).collect();
        let name = format!("f{n}");
        std::fs::write(dir.join(&name), data).unwrap();
        names.push(name);
    }
    for name in ["with space", "back\\slash", "new\nline", "carriage\rreturn", "quote'd"] {
        std::fs::write(dir.join(name), name).unwrap();
        names.push(name.to_string());
    }
    names
}

fn openssl(dir: &Path, args: &[&str]) -> String {
    let out = run_in(dir, "openssl", args, b"", &[]);
    ok_stdout(&out)
}

#[test]
fn sum_against_openssl() {
    let dir = tmpdir("openssl");
    let names = sample_files(&dir);
    for name in names.iter().filter(|n| n.starts_with('f')) {
        let o = openssl(&dir, &["dgst", "-ripemd160", "-r", name]);
        let rmd_hex = o.split(' ').next().unwrap();
        let o = openssl(&dir, &["dgst", "-sha256", "-r", name]);
        let sha_hex = o.split(' ').next().unwrap();
        let sha_bin = run_in(&dir, "openssl", &["dgst", "-sha256", "-binary", name], b"", &[]).stdout;
        let h160 = run_in(&dir, "openssl", &["dgst", "-ripemd160", "-r"], &sha_bin, &[]);
        let h160_hex = String::from_utf8(h160.stdout).unwrap().split(' ').next().unwrap().to_string();
        for (flag, want) in [(None, rmd_hex), (Some("--sha256"), sha_hex), (Some("--hash160"), &h160_hex)] {
            let mut args = vec!["sum"];
            args.extend(flag);
            args.push(name);
            assert_eq!(ok_stdout(&run_in(&dir, BIN, &args, b"", &[])), format!("{want}  {name}\n"), "{flag:?}");
        }
        // and the same bytes through `hash160` as one hex line (not empty)
        let data = std::fs::read(dir.join(name)).unwrap();
        if !data.is_empty() {
            let line = hex(&data) + "\n";
            assert_eq!(ok_stdout(&rmd(&["hash160"], line.as_bytes())), format!("{h160_hex}\n"));
            assert_eq!(ok_stdout(&rmd(&["hash160", "--ripemd160"], line.as_bytes())), format!("{rmd_hex}\n"));
            assert_eq!(ok_stdout(&rmd(&["hash160", "--sha256"], line.as_bytes())), format!("{sha_hex}\n"));
        }
    }
}

/// `rmd160mb sum --sha256` prints what `sha256sum` prints (escaped names
/// too), with and without --tag.
#[test]
fn sum_sha256_output_matches_sha256sum() {
    let dir = tmpdir("sumfmt");
    let names = sample_files(&dir);
    for tag in [false, true] {
        let mut args: Vec<&str> = names.iter().map(String::as_str).collect();
        args.push("missing-file");
        if tag {
            args.insert(0, "--tag");
        }
        let theirs = run_in(&dir, "sha256sum", &args, b"", &[]);
        let mut ours_args = vec!["sum", "--sha256"];
        ours_args.extend(&args);
        let ours = run_in(&dir, BIN, &ours_args, b"", &[]);
        assert_eq!(String::from_utf8_lossy(&ours.stdout), String::from_utf8_lossy(&theirs.stdout), "tag {tag}");
        assert_eq!(
            String::from_utf8_lossy(&ours.stderr),
            String::from_utf8_lossy(&theirs.stderr).replace("sha256sum:", "rmd160mb:")
        );
        assert_eq!(ours.status.code(), theirs.status.code());
    }
}

/// Damaged checksum lists, as lines of (digest, name) made by `line`.
fn damaged_lists(names: &[String], digest: &dyn Fn(&str) -> String, tag: &str) -> Vec<(String, Vec<u8>)> {
    let esc = |n: &str| n.replace('\\', "\\\\").replace('\n', "\\n").replace('\r', "\\r");
    let std_line = |n: &str| {
        let d = digest(n);
        if n.contains(['\\', '\n', '\r']) {
            format!("\\{d}  {}\n", esc(n))
        } else {
            format!("{d}  {n}\n")
        }
    };
    let bsd_line = |n: &str| {
        let d = digest(n);
        if n.contains(['\\', '\n', '\r']) {
            format!("\\{tag} ({}) = {d}\n", esc(n))
        } else {
            format!("{tag} ({n}) = {d}\n")
        }
    };
    let good: String = names.iter().map(|n| std_line(n)).collect();
    let bsd: String = names.iter().map(|n| bsd_line(n)).collect();
    let d0 = digest(&names[0]);
    let flipped = format!("{}{}", if d0.starts_with('0') { "1" } else { "0" }, &d0[1..]);
    let mut lists = vec![
        ("good".to_string(), good.clone()),
        ("bsd".into(), bsd.clone()),
        ("mixed".into(), format!("{good}{bsd}")),
        ("upper-crlf".into(), good.to_uppercase().replace("  F", "  f").replace('\n', "\r\n")),
        ("mismatch".into(), format!("{flipped}  {}\n{good}", names[0])),
        ("missing".into(), format!("{good}{d0}  no-such-file\n{d0}  other-missing\n")),
        ("misformatted".into(), format!("{good}not a checksum line\n{}  short\n{d0}x  {}\n", &d0[..10], names[0])),
        ("only-bad".into(), "garbage\nmore garbage\n".into()),
        ("empty".into(), String::new()),
        ("comments".into(), format!("# a comment\n\n{good}# another\n")),
        ("reversed".into(), format!("{d0} {}\n{good}", names[0])),
        ("std-then-reversed".into(), format!("{good}{d0} {}\n", names[0])),
        ("bad-escape".into(), format!("\\{d0}  a\\qb\n{good}")),
        ("other-tag".into(), format!("MD5 ({}) = 00112233445566778899aabbccddeeff\n{good}", names[0])),
        ("tag-no-space".into(), format!("{tag}({}) = {d0}\n", names[0])),
        ("dir".into(), format!("{d0}  .\n{good}")),
        ("all-missing".into(), format!("{d0}  gone1\n{d0}  gone2\n")),
        ("wrong-length".into(), format!("{tag} ({}) = {}\n{good}", names[0], &d0[..d0.len() - 2])),
        ("leading-space".into(), format!("  {d0}  {}\n", names[0])),
        ("no-newline".into(), good.trim_end().to_string()),
    ];
    lists.push(("two-mismatches".into(), format!("{flipped}  {0}\n{flipped}  {0}\n", names[0])));
    lists.into_iter().map(|(n, s)| (n, s.into_bytes())).collect()
}

fn check_against_sha256sum(algo_flag: Option<&str>, tag: &str, digest: &dyn Fn(&Path, &str) -> String) {
    let dir = tmpdir(&format!("check{}", algo_flag.unwrap_or("")));
    let names: Vec<String> = sample_files(&dir).into_iter().filter(|n| n != "f300001").collect();
    let sha = |n: &str| {
        let out = run_in(&dir, "sha256sum", &["--", n], b"", &[]);
        let s = String::from_utf8(out.stdout).unwrap();
        s.trim_start_matches('\\')[..64].to_string()
    };
    let ours = |n: &str| digest(&dir, n);
    let oracle_lists = damaged_lists(&names, &sha, "SHA256");
    let our_lists = damaged_lists(&names, &ours, tag);
    let option_sets: [&[&str]; 8] = [
        &[],
        &["--quiet"],
        &["--status"],
        &["--strict"],
        &["--warn"],
        &["--ignore-missing"],
        &["--strict", "--warn", "--quiet"],
        &["--ignore-missing", "--status"],
    ];
    let mut cases = 0;
    for ((name, theirs_list), (_, our_list)) in oracle_lists.iter().zip(&our_lists) {
        std::fs::write(dir.join(format!("{name}.sha")), theirs_list).unwrap();
        std::fs::write(dir.join(format!("{name}.ours")), our_list).unwrap();
        for opts in option_sets {
            for via_stdin in [false, true] {
                let list_t = format!("{name}.sha");
                let list_o = format!("{name}.ours");
                let mut targs: Vec<&str> = vec!["-c"];
                targs.extend(opts);
                let mut oargs: Vec<&str> = vec!["sum"];
                oargs.extend(algo_flag);
                oargs.push("--check");
                oargs.extend(opts);
                let (tin, oin) = if via_stdin {
                    (theirs_list.clone(), our_list.clone())
                } else {
                    targs.push(&list_t);
                    oargs.push(&list_o);
                    (Vec::new(), Vec::new())
                };
                let t = run_in(&dir, "sha256sum", &targs, &tin, &[]);
                let o = run_in(&dir, BIN, &oargs, &oin, &[]);
                let ctx = format!("list {name}, options {opts:?}, stdin {via_stdin}");
                let tout = String::from_utf8_lossy(&t.stdout).replace(".sha", ".ours");
                let terr = String::from_utf8_lossy(&t.stderr)
                    .replace("sha256sum:", "rmd160mb:")
                    .replace(".sha", ".ours")
                    .replace("SHA256 checksum line", &format!("{tag} checksum line"));
                assert_eq!(String::from_utf8_lossy(&o.stdout), tout, "stdout: {ctx}");
                assert_eq!(String::from_utf8_lossy(&o.stderr), terr, "stderr: {ctx}");
                assert_eq!(o.status.code(), t.status.code(), "exit status: {ctx}");
                cases += 1;
            }
        }
    }
    // Several lists in one run, one of them missing.
    let t = run_in(&dir, "sha256sum", &["-c", "good.sha", "nolist.sha", "mismatch.sha"], b"", &[]);
    let mut oargs = vec!["sum"];
    oargs.extend(algo_flag);
    oargs.extend(["-c", "good.ours", "nolist.ours", "mismatch.ours"]);
    let o = run_in(&dir, BIN, &oargs, b"", &[]);
    assert_eq!(String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&t.stdout));
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        String::from_utf8_lossy(&t.stderr).replace("sha256sum:", "rmd160mb:").replace(".sha", ".ours")
    );
    assert_eq!(o.status.code(), t.status.code());
    assert!(cases > 300);
}

#[test]
fn check_sha256_mode_is_sha256sum() {
    check_against_sha256sum(Some("--sha256"), "SHA256", &|dir, n| {
        let out = run_in(dir, "sha256sum", &["--", n], b"", &[]);
        String::from_utf8(out.stdout).unwrap().trim_start_matches('\\')[..64].to_string()
    });
}

/// The RIPEMD-160 mode on the same damaged lists (digests from OpenSSL)
/// behaves line for line like sha256sum on its lists.
#[test]
fn check_ripemd160_mode_behaves_like_sha256sum() {
    check_against_sha256sum(None, "RIPEMD160", &|dir, n| {
        let data = std::fs::read(dir.join(n)).unwrap();
        let out = run_in(dir, "openssl", &["dgst", "-ripemd160", "-r"], &data, &[]);
        String::from_utf8(out.stdout).unwrap()[..40].to_string()
    });
}

#[test]
fn hash160_invalid_lines() {
    let dir = tmpdir("invalid");
    let good = "0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798";
    let want = "751e76e8199196d454941c45d1b3a323f1433bd6\n";
    std::fs::write(dir.join("a.txt"), format!("{good}\n")).unwrap();
    for bad in ["abc", "zz", "0g", "02 79", " 02", "  # after spaces"] {
        std::fs::write(dir.join("b.txt"), format!("# x\n{good}\n\n{bad}\n{good}\n")).unwrap();
        for j in ["1", "8"] {
            let out = run_in(&dir, BIN, &["hash160", "-j", j, "a.txt", "b.txt"], b"", &[]);
            assert_eq!(out.status.code(), Some(2), "{bad:?}");
            assert_eq!(String::from_utf8(out.stdout).unwrap(), format!("{want}# x\n{want}\n"), "{bad:?}");
            let err = String::from_utf8(out.stderr).unwrap();
            assert!(err.starts_with("rmd160mb: b.txt:4: invalid line"), "{bad:?}: {err}");
            let out = run_in(&dir, BIN, &["hash160", "--skip-invalid", "-j", j, "a.txt", "b.txt"], b"", &[]);
            assert_eq!(ok_stdout(&out), format!("{want}# x\n{want}\n\n{want}"));
            assert_eq!(
                String::from_utf8(out.stderr).unwrap(),
                "rmd160mb: 1 invalid line skipped (written as empty lines)\n"
            );
        }
    }
    // An invalid line far into a big input: line number counted across chunks.
    let mut big = String::new();
    for _ in 0..100_000 {
        big += good;
        big.push('\n');
    }
    big += "xyz\n";
    let out = rmd(&["hash160", "-j", "4"], big.as_bytes());
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(out.stdout.len(), 100_000 * 41);
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("rmd160mb: -:100001: invalid line"));
    let out = run_in(&dir, BIN, &["hash160", "missing.txt"], b"", &[]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("missing.txt"));
}

#[test]
fn hash160_binary_records_and_thread_counts() {
    // Many keys of three widths, text and binary, -j 1 and -j 8.
    let mut x = 7u64;
    let mut rnd = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x as u8
    };
    let keys: Vec<Vec<u8>> = (0..150_000).map(|i| (0..[33, 65, 20][i % 3]).map(|_| rnd()).collect()).collect();
    let text: String = keys.iter().map(|k| hex(k) + "\n").collect();
    let mut digests = vec![[0u8; 20]; keys.len()];
    for (d, k) in digests.iter_mut().zip(&keys) {
        ripemd160mb::hash160(std::slice::from_mut(d), k, k.len());
    }
    let want: String = digests.iter().map(|d| hex(d) + "\n").collect();
    let one = ok_stdout(&rmd(&["hash160", "-j", "1"], text.as_bytes()));
    let eight = ok_stdout(&rmd(&["hash160", "-j", "8"], text.as_bytes()));
    assert_eq!(one, want);
    assert_eq!(eight, want);
    // binary: the 33-byte keys only
    let bin: Vec<u8> = keys.iter().filter(|k| k.len() == 33).flatten().copied().collect();
    let want_bin: Vec<u8> = keys.iter().zip(&digests).filter(|(k, _)| k.len() == 33).flat_map(|(_, d)| *d).collect();
    for j in ["1", "8"] {
        let out = rmd(&["hash160", "--binary", "--width", "33", "-j", j], &bin);
        assert!(out.status.success());
        assert_eq!(out.stdout, want_bin);
    }
    // A partial record at the end: exit 2 after the whole records.
    let out = rmd(&["hash160", "--binary", "--width", "33"], &bin[..33 * 3 + 5]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(out.stdout, want_bin[..60]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("5 trailing bytes"));
}

#[test]
fn bench_json_and_backends() {
    let out = rmd(&["bench", "--json", "--time-ms", "5", "-j", "2"], b"");
    let v: serde_json::Value = serde_json::from_str(&ok_stdout(&out)).expect("bench --json is JSON");
    let rows = v["rows"].as_array().unwrap();
    let names: Vec<&str> = rows.iter().map(|r| r["backend"].as_str().unwrap()).collect();
    let mut want = vec!["baseline"];
    want.extend(backends());
    assert_eq!(names, want);
    for r in rows.iter().chain([&v["all_cores"]]) {
        for col in [
            "ripemd160-32",
            "hash160-33",
            "hash160-65",
            "sha256-32",
            "sha256-64",
            "keccak256-32",
            "eth-address-64",
            "sha256d-64",
            "sha256d-80",
            "merkle-4096",
        ] {
            assert!(r[col]["ns_per_msg"].as_f64().unwrap() > 0.0, "{r}");
            assert!(r[col]["mmsg_per_s"].as_f64().unwrap() > 0.0, "{r}");
        }
    }
    assert_eq!(v["all_cores"]["threads"], 2);
    let text = ok_stdout(&rmd(&["bench", "--time-ms", "5"], b""));
    for b in backends() {
        assert!(text.lines().any(|l| l.starts_with(b)), "{text}");
    }

    let out = ok_stdout(&rmd(&["backends"], b""));
    for b in backends() {
        assert!(out.lines().any(|l| l.starts_with(b) && l.contains("yes")), "{out}");
        // The SHA-256 column names what the library runs for it.
        let sha256 = ripemd160mb::Backend::by_name(b).unwrap().sha256_kernel();
        assert!(out.lines().any(|l| l.starts_with(b) && l.split_whitespace().nth(4) == Some(sha256)), "{out}");
    }
    let chosen = ripemd160mb::Backend::detect().name();
    assert!(out.contains(&format!("chosen: {chosen}")), "{out}");
    let forced = run_in(Path::new("."), BIN, &["backends"], b"", &[("RMD160MB_FORCE", "scalar")]);
    assert!(ok_stdout(&forced).contains("chosen: scalar (1 lane): RMD160MB_FORCE=scalar"));
    let bogus = run_in(Path::new("."), BIN, &["backends"], b"", &[("RMD160MB_FORCE", "bogus")]);
    let s = ok_stdout(&bogus);
    assert!(s.contains(&format!("chosen: {chosen}")) && s.contains("RMD160MB_FORCE=bogus ignored"), "{s}");
}

#[test]
fn man_pages_build() {
    let dir = tmpdir("man");
    let out = rmd(&["generate-man", dir.to_str().unwrap()], b"");
    assert!(out.status.success());
    for page in [
        "rmd160mb",
        "rmd160mb-sum",
        "rmd160mb-hash160",
        "rmd160mb-eth-address",
        "rmd160mb-merkle-root",
        "rmd160mb-bench",
        "rmd160mb-backends",
    ] {
        let text = std::fs::read_to_string(dir.join(format!("{page}.1"))).unwrap();
        assert!(text.contains(".TH"), "{page}");
        assert!(text.contains(&page.replace('-', "\\-")), "{page}");
    }
    let main = std::fs::read_to_string(dir.join("rmd160mb-sum.1")).unwrap();
    assert!(main.contains("\\-\\-check") && main.contains("\\-\\-strict"));
    let pages: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".1"))
        .collect();
    assert_eq!(pages.len(), 7, "{pages:?}");
    // make install installs every page generated (mk/cli.mk's list).
    let mk = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../mk/cli.mk")).unwrap();
    let list = mk.lines().find_map(|l| l.strip_prefix("CLI_MAN_PAGES := ")).unwrap();
    let mut listed: Vec<String> = list.split_whitespace().map(|p| format!("{p}.1")).collect();
    let mut generated = pages.clone();
    listed.sort();
    generated.sort();
    assert_eq!(listed, generated, "mk/cli.mk's CLI_MAN_PAGES");
    let version = format!("\"rmd160mb {}\"", env!("CARGO_PKG_VERSION"));
    for page in &pages {
        let text = std::fs::read_to_string(dir.join(page)).unwrap();
        let th = text.lines().find(|l| l.starts_with(".TH ")).unwrap();
        assert!(th.contains(&version), "{page}: footer without the version: {th}");
        for section in [".SH NAME", ".SH SYNOPSIS", ".SH \"EXIT STATUS\"", ".SH EXAMPLES"] {
            assert!(text.contains(section), "{page}: no {section}");
        }
        let name_line = text.lines().skip_while(|l| *l != ".SH NAME").nth(1).unwrap();
        assert_eq!(name_line.matches("rmd160mb").count(), 1, "{page}: {name_line}");
        // Every page it refers to exists.
        for (at, _) in text.match_indices("(1)") {
            let start = text[..at].rfind(|c: char| c.is_whitespace()).map_or(0, |p| p + 1);
            let referred = text[start..at].replace("\\-", "-");
            assert!(pages.contains(&format!("{referred}.1")), "{page} refers to {referred}(1)");
        }
        // It renders without a warning.
        let out =
            Command::new("man").args(["--warnings", "-l"]).arg(dir.join(page)).env("MANWIDTH", "80").output().unwrap();
        assert!(out.status.success(), "man -l {page}");
        assert_eq!(String::from_utf8_lossy(&out.stderr), "", "man --warnings -l {page}");
        assert!(String::from_utf8_lossy(&out.stdout).contains("EXIT STATUS"), "{page}");
    }
    let sum = std::fs::read_to_string(dir.join("rmd160mb-sum.1")).unwrap();
    assert!(sum.contains(".SH SYNOPSIS\n\\fBrmd160mb sum\\fR [\\fIOPTIONS\\fR] [\\fIFILE\\fR]...\n"), "{sum}");
    let merkle = std::fs::read_to_string(dir.join("rmd160mb-merkle-root.1")).unwrap();
    assert!(
        merkle.contains(".SH SYNOPSIS\n\\fBrmd160mb merkle\\-root\\fR [\\fIOPTIONS\\fR] [\\fIFILE\\fR]\n"),
        "{merkle}"
    );
    assert!(merkle.contains("\\-\\-internal") && merkle.contains("CVE\\-2012\\-2459"), "{merkle}");
    // The hidden generator is not documented.
    assert!(!std::fs::read_to_string(dir.join("rmd160mb.1")).unwrap().contains("generate"));
}

#[test]
fn hash160_mapped_files_agree_with_read_files_at_every_chunk_shape() {
    // Files of several MiB (mapped unless --no-mmap): chunks of one width
    // (the fast path), chunks it must refuse (a comment, a blank line, CRLF,
    // upper case, another width, a line longer than a chunk), and a last
    // line without a newline; then a file where a chunk holds an invalid
    // line, and binary records with a partial record at the end.
    let mut x = 11u64;
    let mut rnd = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x as u8
    };
    let dir = tmpdir("mapped");
    let (mut text, mut want) = (String::new(), String::new());
    let push = |text: &mut String, want: &mut String, m: &[u8], line: String| {
        *text += &line;
        *want += &hex(&hash160_oracle(m));
        want.push('\n');
    };
    for i in 0..120_000 {
        let width = if (60_000..60_100).contains(&i) { 65 } else { 33 };
        let m: Vec<u8> = (0..width).map(|_| rnd()).collect();
        let line = match i {
            70_000 => format!("{}\r\n", hex(&m)),
            70_001 => hex(&m).to_uppercase() + "\n",
            _ => hex(&m) + "\n",
        };
        push(&mut text, &mut want, &m, line);
        if i == 50_000 {
            text += "# a comment\n\n";
            want += "# a comment\n\n";
        }
    }
    let long: Vec<u8> = (0..(3 << 19)).map(|_| rnd()).collect();
    push(&mut text, &mut want, &long, hex(&long) + "\n");
    let last: Vec<u8> = (0..33).map(|_| rnd()).collect();
    push(&mut text, &mut want, &last, hex(&last));
    std::fs::write(dir.join("keys.txt"), &text).unwrap();
    for j in ["1", "2", "8"] {
        for mmap in [&[][..], &["--no-mmap"][..]] {
            let args: Vec<&str> = ["hash160", "-j", j, "keys.txt"].iter().chain(mmap).copied().collect();
            assert_eq!(ok_stdout(&run_in(&dir, BIN, &args, b"", &[])), want, "-j {j} {mmap:?}");
        }
    }

    // An invalid line in the middle of a uniform run: everything before it
    // is written, its number is right, mapped or read.
    let good = text.lines().next().unwrap().to_string();
    let mut bad = String::new();
    for _ in 0..200_000 {
        bad += &good;
        bad.push('\n');
    }
    let at = 150_000 * (good.len() + 1) + 10;
    let mut bad = bad.into_bytes();
    bad[at] = b'g';
    std::fs::write(dir.join("bad.txt"), &bad).unwrap();
    for mmap in [&[][..], &["--no-mmap"][..]] {
        let args: Vec<&str> = ["hash160", "-j", "2", "bad.txt"].iter().chain(mmap).copied().collect();
        let out = run_in(&dir, BIN, &args, b"", &[]);
        assert_eq!(out.status.code(), Some(2));
        assert_eq!(out.stdout.len(), 150_000 * 41);
        assert!(String::from_utf8_lossy(&out.stderr).starts_with("rmd160mb: bad.txt:150001: invalid line"));
    }

    // Binary records from a mapped file, 7 trailing bytes.
    let keys: Vec<u8> = (0..65 * 40_000 + 7).map(|_| rnd()).collect();
    std::fs::write(dir.join("keys.bin"), &keys).unwrap();
    let want: Vec<u8> = keys.chunks_exact(65).flat_map(hash160_oracle).collect();
    for mmap in [&[][..], &["--no-mmap"][..]] {
        let args: Vec<&str> =
            ["hash160", "--binary", "--width", "65", "-j", "2", "keys.bin"].iter().chain(mmap).copied().collect();
        let out = run_in(&dir, BIN, &args, b"", &[]);
        assert_eq!(out.status.code(), Some(2), "{mmap:?}");
        assert_eq!(out.stdout, want, "{mmap:?}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("7 trailing bytes"));
    }
}

#[test]
fn sum_many_small_files_and_large_ones_in_order() {
    // 300 small files (read whole and hashed through the multi-buffer
    // functions, several per call) around two large ones (streamed), every
    // algorithm, -j 1 and -j 8: each line against the RustCrypto crates.
    use sha2::Digest;
    let dir = tmpdir("sum-many");
    let mut names = Vec::new();
    for len in 0..300usize {
        let name = format!("f{len:03}");
        let data: Vec<u8> = (0..len).map(|i| (i * 31 + len) as u8).collect();
        std::fs::write(dir.join(&name), data).unwrap();
        names.push(name);
        if len == 100 || len == 250 {
            let big = format!("big{len}");
            let data: Vec<u8> = (0..(200 << 10) + len).map(|i| (i % 251) as u8).collect();
            std::fs::write(dir.join(&big), data).unwrap();
            names.push(big);
        }
    }
    let args: Vec<&str> = names.iter().map(String::as_str).collect();
    for (flag, digest) in [
        (None, &(|d: &[u8]| hex(&ripemd::Ripemd160::digest(d))) as &dyn Fn(&[u8]) -> String),
        (Some("--hash160"), &|d: &[u8]| hex(&hash160_oracle(d))),
        (Some("--sha256"), &|d: &[u8]| hex(&sha2::Sha256::digest(d))),
    ] {
        let want: String =
            names.iter().map(|n| format!("{}  {n}\n", digest(&std::fs::read(dir.join(n)).unwrap()))).collect();
        for j in ["1", "8"] {
            let mut all = vec!["sum", "-j", j];
            all.extend(flag);
            all.extend(&args);
            assert_eq!(ok_stdout(&run_in(&dir, BIN, &all, b"", &[])), want, "{flag:?} -j {j}");
        }
    }
}

/// How a run's standard output fails.
#[derive(Clone, Copy, Debug)]
enum BadOut {
    /// `/dev/full`: every write fails with ENOSPC.
    Full,
    /// A pipe whose read end is closed before the program starts: EPIPE.
    ClosedPipe,
}

/// Runs `rmd160mb args` in `dir` with standard output failing as `how`.
fn run_bad_stdout(dir: &Path, args: &[&str], how: BadOut) -> Output {
    let stdout: Stdio = match how {
        BadOut::Full => std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap().into(),
        BadOut::ClosedPipe => {
            let (reader, writer) = std::io::pipe().unwrap();
            drop(reader);
            writer.into()
        }
    };
    Command::new(BIN)
        .args(args)
        .current_dir(dir)
        .env_remove("RMD160MB_FORCE")
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .output()
        .unwrap()
}

/// Every subcommand (and --help, --version) reports a failed write of
/// standard output as coreutils does: `rmd160mb: write error: <reason>`
/// and exit status 1 for a full disk; nothing and exit status 1 for a
/// closed pipe; never a panic, never a lost line with exit status 0.
#[test]
fn write_errors_of_every_subcommand() {
    let dir = tmpdir("write-errors");
    std::fs::write(dir.join("abc.txt"), "abc").unwrap();
    let good = "0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798\n";
    std::fs::write(dir.join("keys.txt"), good.repeat(10_000)).unwrap();
    std::fs::write(dir.join("eth.txt"), format!("04{}\n", "ab".repeat(64)).repeat(1000)).unwrap();
    let txids: String = ["ab", "cd", "ef"].iter().map(|b| b.repeat(32) + "\n").collect();
    std::fs::write(dir.join("txids.txt"), txids).unwrap();
    let sums = ok_stdout(&run_in(&dir, BIN, &["sum", "abc.txt"], b"", &[]));
    std::fs::write(dir.join("SUMS"), sums).unwrap();
    let cases: &[&[&str]] = &[
        &["sum", "abc.txt"],
        &["sum", "--tag", "--sha256", "abc.txt"],
        &["sum", "-c", "SUMS"],
        &["hash160", "keys.txt"],
        &["hash160", "-j", "1", "keys.txt"],
        &["hash160", "--keccak256", "keys.txt"],
        &["sum", "--keccak256", "abc.txt"],
        &["eth-address", "eth.txt"],
        &["merkle-root", "txids.txt"],
        &["merkle-root", "--help"],
        &["sum", "--sha256d", "--reverse", "abc.txt"],
        &["hash160", "--sha256d", "--reverse", "keys.txt"],
        &["backends"],
        &["bench", "--time-ms", "1", "-j", "1"],
        &["bench", "--json", "--time-ms", "1", "-j", "1"],
        &["--help"],
        &["--version"],
        &["sum", "--help"],
        &["help", "hash160"],
    ];
    for args in cases {
        let out = run_bad_stdout(&dir, args, BadOut::Full);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?} > /dev/full: stderr {err}");
        assert_eq!(err, "rmd160mb: write error: No space left on device\n", "{args:?} > /dev/full");
        let out = run_bad_stdout(&dir, args, BadOut::ClosedPipe);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?} | closed pipe: stderr {err}");
        assert_eq!(err, "", "{args:?} | closed pipe");
    }
}

/// One error style: `rmd160mb: <name>: <reason>`, without Rust's `(os error N)`.
#[test]
fn error_messages_have_no_os_error_numbers() {
    let dir = tmpdir("errstyle");
    for args in [&["sum", "nope.txt"][..], &["hash160", "nope.txt"], &["sum", "-c", "nope.txt"]] {
        let out = run_in(&dir, BIN, args, b"", &[]);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&out.stderr), "rmd160mb: nope.txt: No such file or directory\n", "{args:?}");
    }
}

/// A set `RMD160MB_FORCE` that is not honoured gets one warning on
/// standard error from every subcommand, naming the value, the library's
/// reason and the backend running instead. The backends a CPU lacks come
/// from the library's own list.
#[test]
fn force_warning_for_unknown_and_unsupported_backends() {
    let dir = tmpdir("force");
    std::fs::write(dir.join("abc.txt"), "abc").unwrap();
    let sums = ok_stdout(&run_in(&dir, BIN, &["sum", "abc.txt"], b"", &[]));
    std::fs::write(dir.join("SUMS"), sums).unwrap();
    let running = ripemd160mb::Backend::detect().name();
    let mut cases = vec![
        ("bogus".to_string(), "unknown backend name"),
        ("AVX2".to_string(), "unknown backend name"),
        (" avx2".to_string(), "unknown backend name"),
    ];
    for b in ripemd160mb::backends() {
        match (b.compiled, b.supported) {
            (true, false) => cases.push((b.name.to_string(), "not supported by this CPU")),
            (false, _) => cases.push((b.name.to_string(), "not in this build of the library")),
            _ => {}
        }
    }
    if !cases.iter().any(|(_, why)| *why == "not supported by this CPU") {
        println!("NOTE: this CPU runs every backend this build has: no unsupported backend to force");
    }
    let commands: &[&[&str]] = &[
        &["sum", "abc.txt"],
        &["sum", "-c", "SUMS"],
        &["hash160"],
        &["backends"],
        &["bench", "--time-ms", "1", "-j", "1"],
    ];
    for (value, why) in &cases {
        for args in commands {
            let out = run_in(&dir, BIN, args, b"00\n", &[("RMD160MB_FORCE", value)]);
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(out.status.success(), "{args:?} RMD160MB_FORCE={value}: {err}");
            assert_eq!(
                err,
                format!("rmd160mb: warning: RMD160MB_FORCE={value} ignored ({why}); running {running}\n"),
                "{args:?}"
            );
        }
    }
    // Honoured, unset or empty: no warning.
    for b in backends() {
        let out = run_in(&dir, BIN, &["sum", "abc.txt"], b"", &[("RMD160MB_FORCE", b)]);
        assert_eq!(String::from_utf8_lossy(&out.stderr), "", "RMD160MB_FORCE={b}");
    }
    for value in ["auto", ""] {
        let out = run_in(&dir, BIN, &["sum", "abc.txt"], b"", &[("RMD160MB_FORCE", value)]);
        assert_eq!(String::from_utf8_lossy(&out.stderr), "", "RMD160MB_FORCE={value:?}");
    }
    let out = run_in(&dir, BIN, &["sum", "abc.txt"], b"", &[]);
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

/// Keccak-256 messages of the vector file: (message, hex digest).
fn keccak_vectors() -> Vec<(Vec<u8>, String)> {
    vectors("keccak256-lengths.tsv")
        .iter()
        .map(|r| {
            let len: usize = r[0].parse().unwrap();
            ((0..len).map(|i| ((i * 7 + len) % 256) as u8).collect(), r[1].clone())
        })
        .collect()
}

/// `sum --keccak256` against the vector file, small files (multi-buffer)
/// and a streamed one, and standard input.
#[test]
fn sum_keccak256_vectors() {
    let dir = tmpdir("sum-keccak");
    let mut names = Vec::new();
    let mut want = String::new();
    for (i, (msg, digest)) in keccak_vectors().iter().enumerate() {
        let name = format!("k{i:03}");
        std::fs::write(dir.join(&name), msg).unwrap();
        want += &format!("{digest}  {name}\n");
        names.push(name);
    }
    for j in ["1", "8"] {
        let mut args = vec!["sum", "--keccak256", "-j", j];
        args.extend(names.iter().map(String::as_str));
        assert_eq!(ok_stdout(&run_in(&dir, BIN, &args, b"", &[])), want, "-j {j}");
    }
    // Streamed: standard input and a file over the small-file size.
    let (msg, digest) = keccak_vectors().into_iter().find(|(m, _)| m.len() == 4096).unwrap();
    assert_eq!(ok_stdout(&rmd(&["sum", "--keccak256"], &msg)), format!("{digest}  -\n"));
    let big: Vec<u8> = msg.iter().copied().cycle().take(msg.len() * 40).collect();
    std::fs::write(dir.join("big"), &big).unwrap();
    let small_digest = ok_stdout(&rmd(&["sum", "--keccak256"], &big));
    assert_eq!(
        ok_stdout(&run_in(&dir, BIN, &["sum", "--keccak256", "big"], b"", &[])),
        small_digest.replace('-', "big")
    );
}

/// `sum -c` reads a tagged line by its tag: `sum --tag` output of every
/// algorithm checks OK with a plain `sum -c` (and with any algorithm
/// option), mixed in one list; a changed digest fails.
#[test]
fn check_tagged_lines_round_trip_every_algorithm() {
    let dir = tmpdir("tag-roundtrip");
    let names: Vec<String> = sample_files(&dir).into_iter().filter(|n| n != "f300001").collect();
    let algos = ["--ripemd160-default", "--hash160", "--sha256", "--keccak256"];
    let mut all = String::new();
    for flag in algos {
        let mut args = vec!["sum", "--tag"];
        if !flag.ends_with("-default") {
            args.push(flag);
        }
        args.extend(names.iter().map(String::as_str));
        let list = ok_stdout(&run_in(&dir, BIN, &args, b"", &[]));
        all += &list;
        std::fs::write(dir.join("list"), &list).unwrap();
        for check_flag in [None, Some("--sha256"), Some("--hash160"), Some("--keccak256")] {
            let mut cargs = vec!["sum", "-c", "list"];
            cargs.extend(check_flag);
            let out = ok_stdout(&run_in(&dir, BIN, &cargs, b"", &[]));
            assert_eq!(out.lines().count(), names.len(), "{flag} checked with {check_flag:?}: {out}");
            assert!(out.lines().all(|l| l.ends_with(": OK")), "{flag} checked with {check_flag:?}: {out}");
        }
        // One digest changed: that line fails.
        let first = list.lines().next().unwrap();
        let digest_at = first.rfind(' ').unwrap() + 1;
        let flipped = if &first[digest_at..digest_at + 1] == "0" { "1" } else { "0" };
        let bad = format!("{}{}{}\n", &first[..digest_at], flipped, &first[digest_at + 1..]);
        std::fs::write(dir.join("bad"), bad).unwrap();
        let out = run_in(&dir, BIN, &["sum", "-c", "bad"], b"", &[]);
        assert_eq!(out.status.code(), Some(1), "{flag}");
        assert!(String::from_utf8_lossy(&out.stdout).ends_with(": FAILED\n"), "{flag}");
    }
    std::fs::write(dir.join("all"), &all).unwrap();
    let out = ok_stdout(&run_in(&dir, BIN, &["sum", "-c", "all"], b"", &[]));
    assert_eq!(out.lines().filter(|l| l.ends_with(": OK")).count(), 4 * names.len());
}

/// The lines of `sha256sum --tag` and of `openssl dgst` (RIPEMD-160 and
/// SHA-256, tagged `RIPEMD-160(name)= hex` and `SHA2-256(name)= hex`)
/// check OK with a plain `rmd160mb sum -c`, and fail when the file changes.
#[test]
fn check_reads_sha256sum_tag_and_openssl_lines() {
    let dir = tmpdir("foreign-tags");
    let names: Vec<String> = sample_files(&dir).into_iter().filter(|n| n.starts_with('f')).collect();
    let mut lists = vec![(
        "sha256sum --tag",
        run_in(
            &dir,
            "sha256sum",
            &[&["--tag"][..], &names.iter().map(String::as_str).collect::<Vec<_>>()].concat(),
            b"",
            &[],
        )
        .stdout,
    )];
    for algo in ["-ripemd160", "-sha256"] {
        let mut args = vec!["dgst", algo];
        args.extend(names.iter().map(String::as_str));
        lists.push((algo, openssl(&dir, &args).into_bytes()));
    }
    // The SHA256(name)= spelling of older OpenSSL releases.
    let sha2 = String::from_utf8(lists[2].1.clone()).unwrap();
    assert!(sha2.starts_with("SHA2-256(") || sha2.starts_with("SHA256("), "{sha2}");
    lists.push(("SHA256(name)=", sha2.replace("SHA2-256(", "SHA256(").into_bytes()));
    for (what, list) in &lists {
        std::fs::write(dir.join("list"), list).unwrap();
        let out = ok_stdout(&run_in(&dir, BIN, &["sum", "-c", "list"], b"", &[]));
        let want: String = names.iter().map(|n| format!("{n}: OK\n")).collect();
        assert_eq!(out, want, "{what}");
    }
    std::fs::write(dir.join("f1"), "changed").unwrap();
    for (what, list) in &lists {
        std::fs::write(dir.join("list"), list).unwrap();
        let out = run_in(&dir, BIN, &["sum", "-c", "list"], b"", &[]);
        assert_eq!(out.status.code(), Some(1), "{what}");
        assert!(String::from_utf8_lossy(&out.stdout).contains("f1: FAILED\n"), "{what}");
    }
}

/// sha256sum's -b, -t and -z as sha256sum prints them; b3sum's
/// --no-names; -j 0 as every core.
#[test]
fn sum_habits_of_sha256sum_and_b3sum() {
    let dir = tmpdir("habits");
    let names = sample_files(&dir);
    let args: Vec<&str> = names.iter().map(String::as_str).collect();
    for opts in [&["-b"][..], &["-t"], &["--binary"], &["-b", "-t"], &["-t", "-b"], &["-z"], &["-z", "-b"], &["--zero"]]
    {
        let theirs = run_in(&dir, "sha256sum", &[opts, &args[..]].concat(), b"", &[]);
        let ours = run_in(&dir, BIN, &[&["sum", "--sha256"][..], opts, &args].concat(), b"", &[]);
        assert!(ours.status.success() && theirs.status.success(), "{opts:?}");
        assert_eq!(ours.stdout, theirs.stdout, "{opts:?}");
    }
    // --no-names: the digests alone, as sha256sum's first column.
    let theirs = String::from_utf8(run_in(&dir, "sha256sum", &[&["-z"][..], &args].concat(), b"", &[]).stdout).unwrap();
    let want: String = theirs.split('\0').filter(|l| !l.is_empty()).map(|l| format!("{}\n", &l[..64])).collect();
    let ours = ok_stdout(&run_in(&dir, BIN, &[&["sum", "--sha256", "--no-names"][..], &args].concat(), b"", &[]));
    assert_eq!(ours, want);
    // -j 0: every core, the same lines as -j 1.
    let one = ok_stdout(&run_in(&dir, BIN, &[&["sum", "-j", "1"][..], &args].concat(), b"", &[]));
    let all = ok_stdout(&run_in(&dir, BIN, &[&["sum", "-j", "0"][..], &args].concat(), b"", &[]));
    assert_eq!(one, all);
    let keys = "0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798\n";
    assert_eq!(ok_stdout(&rmd(&["hash160", "-j", "0"], keys.as_bytes())), "751e76e8199196d454941c45d1b3a323f1433bd6\n");
    // Refused combinations.
    for bad in [&["sum", "-z", "-c", "x"][..], &["sum", "--no-names", "--tag"], &["sum", "--no-names", "-c", "x"]] {
        assert_eq!(rmd(bad, b"").status.code(), Some(2), "{bad:?}");
    }
}

/// `eth-address` against the vector file: 65-byte keys (04 || X || Y) and
/// 64-byte ones (X || Y) interleaved, text and binary, -j 1 and -j 8; a
/// 65-byte key not starting with 04 and a key of another length are
/// invalid lines.
#[test]
fn eth_address_vectors() {
    let rows: Vec<Vec<String>> = vectors("eth-addresses.tsv").into_iter().filter(|r| r.len() == 4).collect();
    assert_eq!(rows.len(), 2000);
    let (mut input, mut want) = (String::from("# keys\n\n"), String::from("# keys\n\n"));
    for (i, r) in rows.iter().enumerate() {
        let key = if i % 2 == 0 { r[1].clone() } else { r[1][2..].to_uppercase() };
        input += &format!("{key}\n");
        want += &format!("{}\n", r[3]);
    }
    for j in ["1", "8"] {
        assert_eq!(ok_stdout(&rmd(&["eth-address", "-j", j], input.as_bytes())), want, "-j {j}");
    }
    // Only 65-byte keys: the uniform path.
    let keys65: String = rows.iter().map(|r| format!("{}\n", r[1])).collect();
    let want_all: String = rows.iter().map(|r| format!("{}\n", r[3])).collect();
    assert_eq!(ok_stdout(&rmd(&["eth-address"], keys65.as_bytes())), want_all);
    // Binary, 65 and 64 bytes a key.
    let bin65: Vec<u8> = rows.iter().flat_map(|r| hex_simd::decode_to_vec(&r[1]).unwrap()).collect();
    let bin64: Vec<u8> = bin65.chunks(65).flat_map(|k| k[1..].to_vec()).collect();
    let want_bin: Vec<u8> = rows.iter().flat_map(|r| hex_simd::decode_to_vec(&r[3]).unwrap()).collect();
    for (w, bin) in [("65", &bin65), ("64", &bin64)] {
        for j in ["1", "8"] {
            let out = rmd(&["eth-address", "--binary", "--width", w, "-j", j], bin);
            assert!(out.status.success(), "--width {w}");
            assert_eq!(out.stdout, want_bin, "--width {w} -j {j}");
        }
    }
    // A 65-byte record not starting with 04: the addresses before it, exit 2.
    let mut bad = bin65.clone();
    bad[65 * 1500] = 2;
    let out = rmd(&["eth-address", "--binary", "--width", "65", "-j", "2"], &bad);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(out.stdout, want_bin[..20 * 1500]);
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "rmd160mb: -: record 1501: invalid record: a 65-byte key not starting with 04\n"
    );
    // Invalid lines in text mode.
    let first = &rows[0];
    let cases = [
        (format!("02{}", &first[1][2..]), "a 65-byte key not starting with 04"),
        (first[1][..66].to_string(), "33 bytes, not 64 or 65 bytes"),
        (format!("{} ", first[1]), "not hex digits (the line ends in spaces or tabs)"),
        (first[1][..129].to_string(), "129 hex digits, an odd number"),
        (format!("{}  ", &first[1][2..]), "a 65-byte key not starting with 04 (the line ends in spaces or tabs)"),
        (format!("{}  ", &first[1][4..]), "not hex digits (the line ends in spaces or tabs)"),
    ];
    for (line, why) in &cases {
        let text = format!("{}\n{line}\n{}\n", first[1], first[1]);
        let out = rmd(&["eth-address"], text.as_bytes());
        assert_eq!(out.status.code(), Some(2), "{line}");
        assert_eq!(String::from_utf8_lossy(&out.stdout), format!("{}\n", first[3]));
        assert_eq!(String::from_utf8_lossy(&out.stderr), format!("rmd160mb: -:2: invalid line: {why}\n"), "{line}");
        let out = rmd(&["eth-address", "--skip-invalid"], text.as_bytes());
        assert_eq!(ok_stdout(&out), format!("{0}\n\n{0}\n", first[3]));
    }
    assert_eq!(rmd(&["eth-address", "--width", "33"], b"").status.code(), Some(2));
}

/// `hash160 --keccak256` against the vector file, every backend.
#[test]
fn hash160_keccak256_vectors() {
    let (mut input, mut want) = (String::new(), String::new());
    for (msg, digest) in keccak_vectors().iter().filter(|(m, _)| !m.is_empty()) {
        input += &format!("{}\n", hex(msg));
        want += &format!("{digest}\n");
    }
    for backend in backends() {
        for j in ["1", "8"] {
            let out = run_in(
                Path::new("."),
                BIN,
                &["hash160", "--keccak256", "-j", j],
                input.as_bytes(),
                &[("RMD160MB_FORCE", backend)],
            );
            assert_eq!(ok_stdout(&out), want, "{backend} -j {j}");
        }
    }
    // One width: the uniform path.
    let (msg, digest) = keccak_vectors().into_iter().find(|(m, _)| m.len() == 33).unwrap();
    let line = format!("{}\n", hex(&msg));
    assert_eq!(
        ok_stdout(&rmd(&["hash160", "--keccak256"], line.repeat(5000).as_bytes())),
        format!("{digest}\n").repeat(5000)
    );
}

/// In text mode, --width N and --keys (33 or 65 bytes) make a line of
/// another length invalid, with its number and the length found.
#[test]
fn hash160_width_and_keys_in_text_mode() {
    let good = "0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798";
    let want = "751e76e8199196d454941c45d1b3a323f1433bd6\n";
    let cases: [(&[&str], &str, &str); 6] = [
        (&["--keys"], "0279be", "3 bytes, not 33 or 65 bytes"),
        (&["--width", "33"], "0279be", "3 bytes, not 33 bytes"),
        (&["--width", "33"], &good[..64], "32 bytes, not 33 bytes"),
        (&["--keys"], "00", "1 byte, not 33 or 65 bytes"),
        (&["--keys"], "0279be  ", "not hex digits (the line ends in spaces or tabs)"),
        (&["--width", "33"], "0279be\t", "not hex digits (the line ends in spaces or tabs)"),
    ];
    for (opts, bad, why) in cases {
        let text = format!("{good}\n# c\n{bad}\n{good}\n");
        for j in ["1", "4"] {
            let args = [&["hash160", "-j", j][..], opts].concat();
            let out = rmd(&args, text.as_bytes());
            assert_eq!(out.status.code(), Some(2), "{opts:?} {bad:?}");
            assert_eq!(String::from_utf8_lossy(&out.stdout), format!("{want}# c\n"));
            assert_eq!(
                String::from_utf8_lossy(&out.stderr),
                format!("rmd160mb: -:3: invalid line: {why}\n"),
                "{opts:?}"
            );
            let args = [&["hash160", "--skip-invalid", "-j", j][..], opts].concat();
            assert_eq!(ok_stdout(&rmd(&args, text.as_bytes())), format!("{want}# c\n\n{want}"));
        }
    }
    // Without them, any length is a message; with them, the right ones pass.
    assert_eq!(ok_stdout(&rmd(&["hash160"], b"0279be\n")).len(), 41);
    let both = format!("{good}\n04{}\n", "11".repeat(64));
    assert!(rmd(&["hash160", "--keys"], both.as_bytes()).status.success());
    assert_eq!(ok_stdout(&rmd(&["hash160", "--width", "33"], format!("{good}\n").as_bytes())), want);
}

/// Double SHA-256 by the sha2 crate, independent of the library.
fn sha256d_oracle(m: &[u8]) -> [u8; 32] {
    use sha2::Digest;
    sha2::Sha256::digest(sha2::Sha256::digest(m)).into()
}

fn unhex(s: &str) -> Vec<u8> {
    hex_simd::decode_to_vec(s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn reversed(mut b: Vec<u8>) -> Vec<u8> {
    b.reverse();
    b
}

/// The messages of tests/vectors/sha256d.tsv and their digests (internal order).
fn sha256d_vectors() -> Vec<(Vec<u8>, Vec<u8>)> {
    vectors("sha256d.tsv")
        .iter()
        .map(|r| {
            let len: usize = r[0].parse().unwrap();
            let msg =
                if r[1].is_empty() { (0..len).map(|i| ((i * 7 + len) % 256) as u8).collect() } else { unhex(&r[1]) };
            assert_eq!(msg.len(), len);
            (msg, unhex(&r[2]))
        })
        .collect()
}

/// The message from the Bitcoin chain of `len` bytes in sha256d.tsv (its
/// hex given, unlike the synthetic m_L of the same length) and its digest.
fn sha256d_chain_vector(len: usize) -> (Vec<u8>, Vec<u8>) {
    let r = vectors("sha256d.tsv").into_iter().find(|r| r[0] == len.to_string() && !r[1].is_empty()).unwrap();
    (unhex(&r[1]), unhex(&r[2]))
}

/// `sum --sha256d` of files of every size (small ones in the batch call,
/// large ones streamed) against the sha2 crate twice; `--reverse` with
/// every algorithm prints the same digests byte-reversed.
#[test]
fn sum_sha256d_and_reverse_every_algorithm() {
    let dir = tmpdir("sum-sha256d");
    let names: Vec<String> = sample_files(&dir).into_iter().filter(|n| n.starts_with('f')).collect();
    let mut want = String::new();
    let mut want_rev = String::new();
    for name in &names {
        let d = sha256d_oracle(&std::fs::read(dir.join(name)).unwrap());
        want += &format!("{}  {name}\n", hex(&d));
        want_rev += &format!("{}  {name}\n", hex(&reversed(d.to_vec())));
    }
    for j in ["1", "8"] {
        let mut args = vec!["sum", "--sha256d", "-j", j];
        args.extend(names.iter().map(String::as_str));
        assert_eq!(ok_stdout(&run_in(&dir, BIN, &args, b"", &[])), want, "-j {j}");
        args.insert(1, "--reverse");
        assert_eq!(ok_stdout(&run_in(&dir, BIN, &args, b"", &[])), want_rev, "--reverse -j {j}");
    }
    // standard input (streamed)
    let data = std::fs::read(dir.join("f1000")).unwrap();
    assert_eq!(ok_stdout(&rmd(&["sum", "--sha256d"], &data)), format!("{}  -\n", hex(&sha256d_oracle(&data))));
    // --reverse with every algorithm: each line's digest reversed.
    for flag in [None, Some("--hash160"), Some("--sha256"), Some("--keccak256"), Some("--sha256d")] {
        for extra in [&[][..], &["--tag"], &["--no-names"]] {
            let mut args = vec!["sum"];
            args.extend(flag);
            args.extend(extra);
            args.extend(names.iter().map(String::as_str));
            let plain = ok_stdout(&run_in(&dir, BIN, &args, b"", &[]));
            args.insert(1, "--reverse");
            let rev = ok_stdout(&run_in(&dir, BIN, &args, b"", &[]));
            assert_eq!(plain.lines().count(), names.len());
            for (p, r) in plain.lines().zip(rev.lines()) {
                let hex_of = |l: &str| -> String {
                    match extra.first() {
                        Some(&"--tag") => l.rsplit(' ').next().unwrap().to_string(),
                        _ => l.split(' ').next().unwrap().to_string(),
                    }
                };
                let (hp, hr) = (hex_of(p), hex_of(r));
                assert_eq!(hex(&reversed(unhex(&hp))), hr, "{flag:?} {extra:?}: {p} / {r}");
                assert_eq!(p.replace(&hp, ""), r.replace(&hr, ""), "{flag:?} {extra:?}: the rest of the line");
            }
        }
    }
}

/// `sum --tag --sha256d` writes `SHA256D (name) = hex`, which `sum -c`
/// reads back by its tag; `-c --reverse` checks a list written with
/// `--reverse`, and a plain `-c` of that list fails (a list does not
/// record the byte order).
#[test]
fn check_sha256d_tag_and_reverse_round_trip() {
    let dir = tmpdir("check-sha256d");
    let names: Vec<String> = sample_files(&dir).into_iter().filter(|n| n.starts_with('f')).collect();
    let mut args = vec!["sum", "--tag", "--sha256d"];
    args.extend(names.iter().map(String::as_str));
    let list = ok_stdout(&run_in(&dir, BIN, &args, b"", &[]));
    for (line, name) in list.lines().zip(&names) {
        let d = sha256d_oracle(&std::fs::read(dir.join(name)).unwrap());
        assert_eq!(line, format!("SHA256D ({name}) = {}", hex(&d)));
    }
    std::fs::write(dir.join("list"), &list).unwrap();
    for check_flag in [None, Some("--sha256"), Some("--sha256d")] {
        let mut cargs = vec!["sum", "-c", "list"];
        cargs.extend(check_flag);
        let out = ok_stdout(&run_in(&dir, BIN, &cargs, b"", &[]));
        assert_eq!(out.lines().count(), names.len(), "{check_flag:?}");
        assert!(out.lines().all(|l| l.ends_with(": OK")), "{check_flag:?}: {out}");
    }
    // The same list checked as byte-reversed: every line fails.
    let out = run_in(&dir, BIN, &["sum", "-c", "--reverse", "list"], b"", &[]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&out.stdout).matches(": FAILED\n").count(), names.len());
    // Untagged and tagged lists written with --reverse.
    for tag in [&[][..], &["--tag"]] {
        let mut args = vec!["sum", "--sha256d", "--reverse"];
        args.extend(tag);
        args.extend(names.iter().map(String::as_str));
        std::fs::write(dir.join("rev"), ok_stdout(&run_in(&dir, BIN, &args, b"", &[]))).unwrap();
        let out = ok_stdout(&run_in(&dir, BIN, &["sum", "--sha256d", "-c", "--reverse", "rev"], b"", &[]));
        assert!(out.lines().all(|l| l.ends_with(": OK")) && out.lines().count() == names.len(), "{tag:?}: {out}");
        let out = run_in(&dir, BIN, &["sum", "--sha256d", "-c", "rev"], b"", &[]);
        assert_eq!(out.status.code(), Some(1), "{tag:?}");
    }
    // A changed digest fails.
    let first = list.lines().next().unwrap();
    let at = first.rfind(' ').unwrap() + 1;
    let flipped = if &first[at..at + 1] == "0" { "1" } else { "0" };
    std::fs::write(dir.join("bad"), format!("{}{flipped}{}\n", &first[..at], &first[at + 1..])).unwrap();
    let out = run_in(&dir, BIN, &["sum", "-c", "bad"], b"", &[]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).ends_with(": FAILED\n"));
}

/// The genesis block header (the 80-byte message of sha256d.tsv) as a
/// binary file: `sum --sha256d --reverse` prints the block hash as
/// Bitcoin displays it.
#[test]
fn sum_sha256d_reverse_of_the_genesis_header() {
    let dir = tmpdir("genesis");
    let (header, digest) = sha256d_chain_vector(80);
    assert_eq!(sha256d_oracle(&header).to_vec(), digest, "the vector file against the sha2 crate");
    std::fs::write(dir.join("genesis.bin"), &header).unwrap();
    let out = ok_stdout(&run_in(&dir, BIN, &["sum", "--sha256d", "--reverse", "genesis.bin"], b"", &[]));
    let shown = hex(&reversed(digest));
    assert_eq!(out, format!("{shown}  genesis.bin\n"));
    // The published genesis block hash.
    assert_eq!(shown, "000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f");
}

/// `hash160 --sha256d`: every message of sha256d.tsv as a hex line (many
/// widths: the general path; the 32-byte ones alone: the uniform path),
/// with and without `--reverse`, and binary records.
#[test]
fn hash160_sha256d_and_reverse_vectors() {
    let rows: Vec<(Vec<u8>, Vec<u8>)> = sha256d_vectors().into_iter().filter(|(m, _)| !m.is_empty()).collect();
    for (m, d) in &rows {
        assert_eq!(&sha256d_oracle(m).to_vec(), d, "the vector file against the sha2 crate");
    }
    let input: String = "# txs\n".to_string() + &rows.iter().map(|(m, _)| hex(m) + "\n").collect::<String>();
    let want: String = "# txs\n".to_string() + &rows.iter().map(|(_, d)| hex(d) + "\n").collect::<String>();
    let want_rev: String =
        "# txs\n".to_string() + &rows.iter().map(|(_, d)| hex(&reversed(d.clone())) + "\n").collect::<String>();
    for j in ["1", "8"] {
        assert_eq!(ok_stdout(&rmd(&["hash160", "--sha256d", "-j", j], input.as_bytes())), want);
        assert_eq!(ok_stdout(&rmd(&["hash160", "--sha256d", "--reverse", "-j", j], input.as_bytes())), want_rev);
    }
    // Many 32-byte messages (uniform chunks), text and binary.
    let msgs: Vec<Vec<u8>> = (0..20_000u32).map(|i| sha256d_oracle(&i.to_le_bytes()).to_vec()).collect();
    let text: String = msgs.iter().map(|m| hex(m) + "\n").collect();
    let want: String = msgs.iter().map(|m| hex(&reversed(sha256d_oracle(m).to_vec())) + "\n").collect();
    assert_eq!(ok_stdout(&rmd(&["hash160", "--sha256d", "--reverse", "-j", "2"], text.as_bytes())), want);
    let bin: Vec<u8> = msgs.concat();
    let want_bin: Vec<u8> = msgs.iter().flat_map(|m| reversed(sha256d_oracle(m).to_vec())).collect();
    let out = rmd(&["hash160", "--sha256d", "--reverse", "--binary", "--width", "32"], &bin);
    assert!(out.status.success());
    assert_eq!(out.stdout, want_bin);
    // A raw transaction (the genesis coinbase, 204 bytes) gives its txid as displayed.
    let (tx, txid) = sha256d_chain_vector(204);
    assert_eq!(sha256d_oracle(&tx).to_vec(), txid);
    let out = ok_stdout(&rmd(&["hash160", "--sha256d", "--reverse"], (hex(&tx) + "\n").as_bytes()));
    assert_eq!(out, hex(&reversed(txid)) + "\n");
    // The genesis coinbase's published txid.
    assert_eq!(out, "4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b\n");
}

/// `--reverse` in the hex-lines mode with every algorithm: the digests of
/// the plain run, each byte-reversed; comments and empty lines unchanged.
#[test]
fn hash160_reverse_every_algorithm() {
    let rows = vectors("hash160-pubkeys.tsv");
    let mut input = String::from("# keys\n\n");
    for r in rows.iter().take(300) {
        input += &format!("{}\n{}\n", r[1], r[3]);
    }
    for flag in [None, Some("--ripemd160"), Some("--sha256"), Some("--keccak256"), Some("--sha256d")] {
        let mut args = vec!["hash160"];
        args.extend(flag);
        let plain = ok_stdout(&rmd(&args, input.as_bytes()));
        args.push("--reverse");
        let rev = ok_stdout(&rmd(&args, input.as_bytes()));
        let want: String = plain
            .lines()
            .map(|l| if l.is_empty() || l.starts_with('#') { l.to_string() } else { hex(&reversed(unhex(l))) })
            .map(|l| l + "\n")
            .collect();
        assert_eq!(rev, want, "{flag:?}");
        assert_ne!(rev, plain, "{flag:?}");
    }
}

/// A merkle root computed level by level, as Bitcoin Core's
/// ComputeMerkleRoot, independent of the library: (root, mutated).
fn merkle_oracle(leaves: &[Vec<u8>]) -> (Vec<u8>, bool) {
    if leaves.is_empty() {
        return (vec![0; 32], false);
    }
    let mut level = leaves.to_vec();
    let mut mutated = false;
    while level.len() > 1 {
        mutated |= level.chunks(2).any(|p| p.len() == 2 && p[0] == p[1]);
        if level.len() % 2 == 1 {
            level.push(level.last().unwrap().clone());
        }
        level = level.chunks(2).map(|p| sha256d_oracle(&[p[0].clone(), p[1].clone()].concat()).to_vec()).collect();
    }
    (level.remove(0), mutated)
}

/// Every tree of merkle-roots.tsv (synthetic sizes, mutated shapes, block
/// 100000): the txids in display order in, the root in display order out,
/// exit status 1 and the message for a mutated tree; `--internal` too.
#[test]
fn merkle_root_vectors() {
    let dir = tmpdir("merkle");
    let rows = vectors("merkle-roots.tsv");
    assert!(rows.iter().any(|r| r[4] == "1"), "the file has mutated shapes");
    for r in &rows {
        let n: usize = r[1].parse().unwrap();
        let leaves: Vec<Vec<u8>> = unhex(&r[2]).chunks(32).map(<[u8]>::to_vec).collect();
        assert_eq!(leaves.len(), n, "{}", r[0]);
        let root = unhex(&r[3]);
        let mutated = r[4] == "1";
        assert_eq!(merkle_oracle(&leaves), (root.clone(), mutated), "{} {n}: the vector file against the oracle", r[0]);
        let display: String = leaves.iter().map(|l| hex(&reversed(l.clone())) + "\n").collect();
        let internal: String = leaves.iter().map(|l| hex(l) + "\n").collect();
        std::fs::write(dir.join("txids.txt"), &display).unwrap();
        for (args, stdin, want) in [
            (&["merkle-root", "txids.txt"][..], "", hex(&reversed(root.clone()))),
            (&["merkle-root"], display.as_str(), hex(&reversed(root.clone()))),
            (&["merkle-root", "-"], display.as_str(), hex(&reversed(root.clone()))),
            (&["merkle-root", "--internal"], internal.as_str(), hex(&root)),
        ] {
            let out = run_in(&dir, BIN, args, stdin.as_bytes(), &[]);
            let what = format!("{} {n} {args:?}", r[0]);
            assert_eq!(String::from_utf8_lossy(&out.stdout), want + "\n", "{what}");
            if mutated {
                assert_eq!(out.status.code(), Some(1), "{what}");
                assert_eq!(
                    String::from_utf8_lossy(&out.stderr),
                    "rmd160mb: merkle tree is mutated (CVE-2012-2459): two equal hashes at positions 2k and 2k+1 of a level\n",
                    "{what}"
                );
            } else {
                assert_eq!(out.status.code(), Some(0), "{what}: {}", String::from_utf8_lossy(&out.stderr));
                assert!(out.stderr.is_empty(), "{what}");
            }
        }
    }
    // Block 100000: the published merkle root, as a block explorer shows it.
    let block = rows.iter().find(|r| r[0] == "block-100000").unwrap();
    let display: String =
        unhex(&block[2]).chunks(32).map(|l| hex(&reversed(l.to_vec())) + "\n").collect::<String>().to_uppercase();
    let out = ok_stdout(&rmd(&["merkle-root"], display.replace('\n', "\r\n").as_bytes()));
    assert_eq!(out, "f3e94742aca4b5ef85488dc37c06c3282295ffec960994b2c0d5ac2a25a95766\n");
    // A larger tree against the oracle.
    let leaves: Vec<Vec<u8>> = (0..5000u32).map(|i| sha256d_oracle(&i.to_be_bytes()).to_vec()).collect();
    let input: String = leaves.iter().map(|l| hex(l) + "\n").collect();
    assert_eq!(
        ok_stdout(&rmd(&["merkle-root", "--internal"], input.as_bytes())),
        hex(&merkle_oracle(&leaves).0) + "\n"
    );
}

/// Comments, empty lines and CR LF are skipped as in hash160; an invalid
/// line stops with exit status 2, `file:line: invalid line: why` and
/// nothing on standard output; no txids: 32 zero bytes.
#[test]
fn merkle_root_input_rules() {
    let dir = tmpdir("merkle-input");
    // Not the same read backwards: the byte order matters.
    let a = hex(&(0..32).collect::<Vec<u8>>());
    let b = hex(&(32..64).collect::<Vec<u8>>());
    let (root, _) = merkle_oracle(&[reversed(unhex(&a)), reversed(unhex(&b))]);
    let want = hex(&reversed(root)) + "\n";
    let noisy = format!("# block\r\n\r\n{a}\r\n#{b}\n\n{}\n", b.to_uppercase());
    assert_eq!(ok_stdout(&rmd(&["merkle-root"], noisy.as_bytes())), want);
    assert_eq!(ok_stdout(&rmd(&["merkle-root"], format!("{a}\n{b}").as_bytes())), want, "no final newline");
    for bad in [
        (format!("{a}x"), "not hex digits"),
        (format!("{a}0"), "65 hex digits, an odd number"),
        (a[..62].to_string(), "31 bytes, not 32 bytes"),
        (format!("{a}00"), "33 bytes, not 32 bytes"),
        (format!("{}zz", &a[..62]), "not hex digits"),
        (format!("{a} "), "not hex digits (the line ends in spaces or tabs)"),
        (format!(" {a}"), "not hex digits"),
        (format!("\"{a}\""), "not hex digits"),
        (format!("0x{a}"), "not hex digits"),
        (format!("0x{}", &a[..62]), "not hex digits"),
    ] {
        std::fs::write(dir.join("t.txt"), format!("# c\n{a}\n\n{}\n{b}\n", bad.0)).unwrap();
        let out = run_in(&dir, BIN, &["merkle-root", "t.txt"], b"", &[]);
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
        assert!(out.stdout.is_empty(), "{bad:?}");
        assert_eq!(String::from_utf8_lossy(&out.stderr), format!("rmd160mb: t.txt:4: invalid line: {}\n", bad.1));
        // hash160 says the same of the same line (one piece of code).
        let out = run_in(&dir, BIN, &["hash160", "--width", "32", "t.txt"], b"", &[]);
        assert_eq!(String::from_utf8_lossy(&out.stderr), format!("rmd160mb: t.txt:4: invalid line: {}\n", bad.1));
    }
    let out = rmd(&["merkle-root"], b"00\n");
    assert_eq!(String::from_utf8_lossy(&out.stderr), "rmd160mb: -:1: invalid line: 1 byte, not 32 bytes\n");
    // No txids (empty input, or only comments): 32 zero bytes, exit status 0.
    for empty in ["", "\n", "# nothing\n\n"] {
        assert_eq!(ok_stdout(&rmd(&["merkle-root"], empty.as_bytes())), "0".repeat(64) + "\n", "{empty:?}");
    }
    // One txid: the root is the txid.
    assert_eq!(ok_stdout(&rmd(&["merkle-root"], format!("{a}\n").as_bytes())), a.clone() + "\n");
    let out = run_in(&dir, BIN, &["merkle-root", "nope.txt"], b"", &[]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "rmd160mb: nope.txt: No such file or directory\n");
    let out = run_in(&dir, BIN, &["merkle-root", "a", "b"], b"", &[]);
    assert_eq!(out.status.code(), Some(2), "one file only");
}
