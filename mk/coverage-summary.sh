#!/bin/sh
# The coverage floor of `make coverage` (mk/assurance.mk): reads the table of
# `llvm-cov report`, keeps the files of src/, drops those matching an
# excluded pattern (a kernel this CPU cannot run; each is printed with the
# reason), lists the files of src/ that this target does not compile, prints
# a per-file table and the line `coverage: NN.N% lines of src/`, and fails
# under the floor.
#
#   sh mk/coverage-summary.sh REPORT MIN "PATTERN..." HOST
set -eu
report=$1 min=$2 exclude=$3 host=$4

# Files of src/ in the report (paths may be absolute or relative).
# llvm-cov strips the prefix common to every file: with only src/ left
# (the Makefile ignores the rest), names are relative to src/.
norm='function norm(f) { sub(/^\.\//, "", f); if (f ~ /(^|\/)src\//) sub(/.*\/src\//, "src/", f); else if (f !~ /^src\//) f = "src/" f; return f }'
in_report=$(awk "$norm"' $1 ~ /\.rs$/ { print norm($1) }' "$report")
[ -n "$in_report" ] || { cat "$report"; echo "coverage: no file of src/ in the report"; exit 1; }

for f in $(find src -name '*.rs' | sort); do
    if ! printf '%s\n' "$in_report" | grep -qx "$f"; then
        why="no executable line in this build for $host"
        for pat in $exclude; do
            case "$f" in *"$pat"*) why="not compiled for $host: a $pat kernel, which this CPU cannot run";; esac
        done
        echo "coverage: not measured: $f ($why)"
    fi
done

awk -v min="$min" -v exclude="$exclude" "$norm"'
    $1 ~ /\.rs$/ {
        f = norm($1)
        lines = $8; missed = $9
        n = split(exclude, pats, " "); skip = ""
        for (i = 1; i <= n; i++) if (index(f, pats[i]) > 0) skip = pats[i]
        if (skip != "") {
            printf "coverage: excluded: %s (%d lines; matches \"%s\": a kernel this CPU cannot run)\n", f, lines, skip
            next
        }
        file[++k] = f; tot[k] = lines; miss[k] = missed
        all += lines; allmiss += missed
    }
    END {
        printf "%-40s %8s %8s %8s\n", "file (src/)", "lines", "missed", "cover"
        for (i = 1; i <= k; i++)
            printf "%-40s %8d %8d %7.1f%%\n", file[i], tot[i], miss[i], tot[i] ? 100 * (tot[i] - miss[i]) / tot[i] : 100
        pct = all ? 100 * (all - allmiss) / all : 0
        printf "%-40s %8d %8d %7.1f%%\n", "TOTAL", all, allmiss, pct
        printf "coverage: %.1f%% lines of src/\n", pct
        if (pct + 0 < min + 0) {
            printf "coverage: FAIL: %.1f%% is under the floor of %s%% (missed lines: target/coverage/lines.txt, lines with count 0)\n", pct, min
            exit 1
        }
        printf "coverage: PASS (floor %s%%)\n", min
    }' "$report"
