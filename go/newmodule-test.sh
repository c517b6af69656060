#!/bin/sh
# Builds go/README.md's example as a new module outside the tree, offline
# (GOPROXY=off): its go.mod (require + replace) through `go mod tidy`, its
# `go work` alternative, and the static-link build tag; runs each program and
# checks what ldd says it needs at run time. Usage (from mk/go.mk, with
# PKG_CONFIG_PATH pointing at the build tree's .pc):
#   sh go/newmodule-test.sh <repository root>
set -eu
root=$1
GO=${GO:-go}
readme=$root/go/README.md
want=751e76e8199196d454941c45d1b3a323f1433bd6 # HASH160 of the public key of private key 1

# block NAME: the fenced block after the line "<!-- test: NAME -->" in the
# README, with /path/to/ripemd160mb replaced by this tree.
block() {
	awk -v m="<!-- test: $1 -->" '
		$0 == m { armed = 1; next }
		armed && /^```/ { if (inside) exit; inside = 1; next }
		inside { print }' "$readme" | sed "s|/path/to/ripemd160mb|$root|g"
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

run() { # run DIR BINARY: the program prints the expected digest
	out=$(cd "$1" && env -u LD_LIBRARY_PATH "./$2")
	test "$out" = "$want" || { echo "FAIL newmodule: $1/$2 printed '$out', want $want"; exit 1; }
}

# 1. require + replace, go mod tidy offline.
mkdir "$tmp/mod"
block go.mod > "$tmp/mod/go.mod"
block main.go > "$tmp/mod/main.go"
test -s "$tmp/mod/go.mod" && test -s "$tmp/mod/main.go" || { echo "FAIL newmodule: README blocks not found"; exit 1; }
grep -q '^replace ' "$tmp/mod/go.mod" || { echo "FAIL newmodule: no replace line in the README's go.mod"; exit 1; }
cat "$tmp/mod/go.mod"
(cd "$tmp/mod" && GOFLAGS=-mod=mod GOPROXY=off "$GO" mod tidy && GOFLAGS=-mod=mod GOPROXY=off "$GO" build -o prog .)
ldd "$tmp/mod/prog" | grep libripemd160mb
if ldd "$tmp/mod/prog" | grep libripemd160mb | grep -q 'not found'; then
	echo "FAIL newmodule: the program does not find libripemd160mb.so (rpath from pkg-config)"; exit 1
fi
run "$tmp/mod" prog
echo "newmodule: require + replace, go mod tidy offline: OK"

# 2. The static-link build tag: no libripemd160mb.so needed.
(cd "$tmp/mod" && GOFLAGS=-mod=mod GOPROXY=off "$GO" build -tags ripemd160mb_static -o prog-static .)
if ldd "$tmp/mod/prog-static" | grep -q libripemd160mb; then
	echo "FAIL newmodule: the ripemd160mb_static build needs libripemd160mb.so"; exit 1
fi
run "$tmp/mod" prog-static
echo "newmodule: -tags ripemd160mb_static: OK (ldd shows no libripemd160mb)"

# 3. go work: the module without require/replace, in a workspace with ours.
mkdir "$tmp/work"
block main.go > "$tmp/work/main.go"
printf 'module example.com/keyhash\n\ngo 1.19\n' > "$tmp/work/go.mod"
(cd "$tmp/work" && GOFLAGS= GOPROXY=off "$GO" work init . "$root/go" && GOFLAGS= GOPROXY=off "$GO" build -o prog .)
run "$tmp/work" prog
echo "newmodule: go work: OK"
