// Package testvec reads the test vectors bundled with the ripemd160mb
// repository (tests/vectors/*.tsv), for the Go tests that run inside it.
package testvec

import (
	"bufio"
	"encoding/hex"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// Dir is the directory holding the vector files: $RMD160MB_VECTORS if set,
// otherwise tests/vectors of the repository this source file is in.
func Dir(t testing.TB) string {
	t.Helper()
	if d := os.Getenv("RMD160MB_VECTORS"); d != "" {
		return d
	}
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		t.Fatal("testvec: cannot locate the source file; set RMD160MB_VECTORS")
	}
	// file is <repo>/go/internal/testvec/testvec.go
	return filepath.Join(filepath.Dir(file), "..", "..", "..", "tests", "vectors")
}

// Rows returns the tab-separated fields of every line of the vector file
// name that is not a comment ('#'). A missing file fails the test.
func Rows(t testing.TB, name string) [][]string {
	t.Helper()
	path := filepath.Join(Dir(t), name)
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("testvec: %v", err)
	}
	defer f.Close()
	var rows [][]string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			continue
		}
		rows = append(rows, strings.Split(line, "\t"))
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("testvec: %s: %v", path, err)
	}
	if len(rows) == 0 {
		t.Fatalf("testvec: %s: no vectors", path)
	}
	return rows
}

// Unhex decodes s or fails the test.
func Unhex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatalf("testvec: bad hex %q: %v", s, err)
	}
	return b
}

// Unhex20 decodes a 20-byte digest or fails the test.
func Unhex20(t testing.TB, s string) [20]byte {
	t.Helper()
	b := Unhex(t, s)
	if len(b) != 20 {
		t.Fatalf("testvec: digest %q is %d bytes, not 20", s, len(b))
	}
	var d [20]byte
	copy(d[:], b)
	return d
}

// KnownMessage expands a message of ripemd160-known.tsv: "a*1000000" is one
// million 'a', anything else is itself.
func KnownMessage(s string) []byte {
	if s == "a*1000000" {
		return []byte(strings.Repeat("a", 1000000))
	}
	return []byte(s)
}

// LengthMessage is m_L of ripemd160-lengths.tsv: m_L[i] = (i*7 + L) mod 256.
func LengthMessage(l int) []byte {
	m := make([]byte, l)
	for i := range m {
		m[i] = byte(i*7 + l)
	}
	return m
}
