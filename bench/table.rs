//! `make bench`'s summary: reads the criterion results of this run
//! (target/criterion/*/*/*/new/) and prints one table per benchmark group:
//! backend, lanes, messages per call, ns per message, M messages/s, and the
//! ratio to the group's `baseline:` row at the same n (measured in the same
//! run). Times are the benchmark thread's CPU time (see bench/common).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use ripemd160mb::Backend;
use serde_json::Value;

struct Row {
    function: String,
    n: u64,
    ns_per_message: f64,
}

fn read_json(path: &Path) -> Option<Value> {
    serde_json::from_str(&std::fs::read_to_string(path).ok()?).ok()
}

/// Every `new/` result directory below `dir`.
fn result_dirs(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            if path.file_name().is_some_and(|n| n == "new") {
                out.push(path);
            } else {
                result_dirs(&path, out);
            }
        }
    }
}

fn main() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/criterion");
    let mut dirs = Vec::new();
    result_dirs(&root, &mut dirs);
    let mut groups: BTreeMap<String, Vec<Row>> = BTreeMap::new();
    for dir in dirs {
        let (Some(bench), Some(est)) = (read_json(&dir.join("benchmark.json")), read_json(&dir.join("estimates.json")))
        else {
            continue;
        };
        let n = bench["throughput"]["Elements"].as_u64().or_else(|| bench["value_str"].as_str()?.parse().ok());
        let (Some(group), Some(function), Some(n), Some(mean)) =
            (bench["group_id"].as_str(), bench["function_id"].as_str(), n, est["mean"]["point_estimate"].as_f64())
        else {
            continue;
        };
        groups.entry(group.to_owned()).or_default().push(Row {
            function: function.to_owned(),
            n,
            ns_per_message: mean / n.max(1) as f64,
        });
    }
    if groups.is_empty() {
        eprintln!("no criterion results under {}: run `cargo bench` first (make bench does)", root.display());
        std::process::exit(1);
    }
    for (group, mut rows) in groups {
        rows.sort_by(|a, b| {
            (a.n, !a.function.starts_with("baseline"), &a.function).cmp(&(
                b.n,
                !b.function.starts_with("baseline"),
                &b.function,
            ))
        });
        println!("\n{group}");
        println!("| backend | lanes | n | ns/message | M messages/s | vs baseline |");
        println!("|---|---:|---:|---:|---:|---:|");
        for row in &rows {
            let baseline = rows.iter().find(|r| r.n == row.n && r.function.starts_with("baseline"));
            let ratio = baseline.map_or("".to_owned(), |b| format!("{:.1}x", b.ns_per_message / row.ns_per_message));
            // Keccak-256 runs on 64-bit lanes: half as many as the 32-bit
            // kernels' (scalar: one).
            let keccak = group.starts_with("keccak") || group.starts_with("eth-address");
            // A variant row ("avx512:two-groups") has its backend's lanes.
            let backend = row.function.split(':').next().unwrap_or_default();
            let lanes = Backend::by_name(backend)
                .map_or("".to_owned(), |b| if keccak { (b.lanes() / 2).max(1) } else { b.lanes() }.to_string());
            println!(
                "| {} | {} | {} | {:.2} | {:.1} | {} |",
                row.function,
                lanes,
                row.n,
                row.ns_per_message,
                1e3 / row.ns_per_message,
                ratio
            );
        }
    }
}
