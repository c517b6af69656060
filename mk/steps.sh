#!/bin/sh
# Runs make steps one after another and ends with one line per step and its
# duration (wall clock), then the total: how `make test` and `make
# test-quick` tell where their time goes. Stops at the first failing step,
# after the table of the steps run so far.
#
#   mk/steps.sh TITLE MAKE STEP...
set -u
title=${1:?usage: steps.sh TITLE MAKE STEP...}
make=${2:?usage: steps.sh TITLE MAKE STEP...}
shift 2
table=
start=$(date +%s)
status=0
failed=
for step in "$@"; do
    t0=$(date +%s)
    echo "==> $title: $step"
    $make --no-print-directory "$step" || { status=$?; failed=$step; }
    t1=$(date +%s)
    secs=$((t1 - t0))
    mark=ok
    [ -n "$failed" ] && mark=FAILED
    table="$table$(printf '%-24s %6s  %2dm%02ds' "$step" "$mark" $((secs / 60)) $((secs % 60)))
"
    [ -n "$failed" ] && break
done
total=$(($(date +%s) - start))
echo
echo "$title: time per step"
printf '%s' "$table"
printf '%-24s %6s  %2dm%02ds\n' "total" "" $((total / 60)) $((total % 60))
if [ -n "$failed" ]; then
    echo "$title: FAILED at $failed (the steps after it did not run)"
    exit "$status"
fi
echo "$title: every step passed"
