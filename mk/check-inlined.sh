#!/bin/sh
# Fails when a function of the library calls a core::arch intrinsic out of
# line. An intrinsic is a #[target_feature] function; it is inlined only into
# code compiled with its features. A closure (`core::array::from_fn(|k| ..)`,
# `array.map(|v| ..)`) is a function of its own, compiled without the
# kernel's features, so an intrinsic called in one stays a call: a kernel
# then spills its state around each call (1.5x slower on AVX2 once; see
# docs/PERFORMANCE.md, "The restructuring"). std's own feature detection
# (std_detect) is exempt.
#
#   mk/check-inlined.sh LIBRARY [OBJDUMP]
set -eu
lib=${1:?usage: check-inlined.sh LIBRARY [OBJDUMP]}
objdump=${2:-objdump}
calls=$("$objdump" -d --no-show-raw-insn "$lib" | awk '
    /^[0-9a-f]+ <.*>:$/ { fn = $2; sub(/:$/, "", fn) }
    /call/ && /core_arch/ && fn !~ /std_detect/ { print "  in " fn ": " $NF }' | sort | uniq -c)
if [ -n "$calls" ]; then
    echo "check-inlined: $lib calls intrinsics out of line (a closure or a function without the kernel's target features):" >&2
    echo "$calls" >&2
    exit 1
fi
n=$("$objdump" -d --no-show-raw-insn "$lib" | grep -c 'ymm\|zmm' || true)
echo "check-inlined: no out-of-line intrinsic call in $lib ($n vector instructions)"
