#!/usr/bin/env bash
# Runs the README's command-line examples: the ```bash block after the line
# `<!-- cli-examples -->`, line by line in a temporary directory, with
# `rmd160mb` the binary given. Every command must succeed; a line ending in
# `# => TEXT` must print exactly TEXT.
#
#   cli/tests/readme-examples.sh BINARY README.md
set -euo pipefail
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
readme=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
tmp=$(mktemp -d "${TMPDIR:-/tmp}/rmd160mb-readme.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/bin" && ln -s "$bin" "$tmp/bin/rmd160mb"
block=$(awk '/<!-- cli-examples -->/ { on = 1; next } on && /^```(ba)?sh/ { inb = 1; next } inb && /^```/ { exit } inb' "$readme")
[ -n "$block" ] || { echo "FAIL cli-readme: no examples block in $readme" >&2; exit 1; }
n=0
while IFS= read -r line; do
    [ -z "$line" ] && continue
    case $line in '#'*) continue;; esac
    cmd=${line%%  # => *}
    want=
    [ "$cmd" != "$line" ] && want=${line#*  # => }
    got=$(cd "$tmp" && PATH="$tmp/bin:$PATH" bash -o pipefail -c "$cmd") ||
        { echo "FAIL cli-readme: \`$cmd\` failed" >&2; exit 1; }
    if [ -n "$want" ] && [ "$got" != "$want" ]; then
        printf 'FAIL cli-readme: `%s`\n  printed: %s\n  README:  %s\n' "$cmd" "$got" "$want" >&2
        exit 1
    fi
    n=$((n + 1))
done <<<"$block"
echo "PASS cli-readme: $n examples"
