package main

import (
	"bufio"
	"encoding/hex"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// vectorRows reads a bundled vector file of the repository this program
// lives in (<repo>/go/internal/compat).
func vectorRows(t *testing.T, name string) [][]string {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "..", "..", "tests", "vectors", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows [][]string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if !strings.HasPrefix(sc.Text(), "#") {
			rows = append(rows, strings.Split(sc.Text(), "\t"))
		}
	}
	if len(rows) == 0 {
		t.Fatalf("%s: no vectors", name)
	}
	return rows
}

func runLines(t *testing.T, mode string, total bool, input []string) []string {
	t.Helper()
	var out strings.Builder
	if err := run(strings.NewReader(strings.Join(input, "\n")), &out, mode, total); err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
}

func TestHash160Pubkeys(t *testing.T) {
	rows := vectorRows(t, "hash160-pubkeys.tsv")
	// Runs of compressed and uncompressed keys of varying lengths.
	var in, want []string
	for i, r := range rows {
		if (i/37)%2 == 0 {
			in, want = append(in, r[1]), append(want, r[2])
		} else {
			in, want = append(in, r[3]), append(want, r[4])
		}
	}
	got := runLines(t, "hash160", false, in)
	if len(got) != len(want) {
		t.Fatalf("%d lines out, want %d", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("line %d: got %s want %s", i, got[i], want[i])
		}
	}
}

func TestRipemd160Lengths(t *testing.T) {
	rows := vectorRows(t, "ripemd160-lengths.tsv")
	var in, want []string
	for _, r := range rows {
		l, err := strconv.Atoi(r[0])
		if err != nil {
			t.Fatal(err)
		}
		m := make([]byte, l)
		for i := range m {
			m[i] = byte(i*7 + l)
		}
		in, want = append(in, hex.EncodeToString(m)), append(want, r[1])
	}
	got := runLines(t, "ripemd160", false, in)
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("length %s: got %s want %s", rows[i][0], got[i], want[i])
		}
	}
}

// TestTotalMillionA streams one million 'a' (1000 lines of 1000) through
// New() and compares with the designers' vector.
func TestTotalMillionA(t *testing.T) {
	var want string
	for _, r := range vectorRows(t, "ripemd160-known.tsv") {
		if r[0] == "a*1000000" {
			want = r[1]
		}
	}
	if want == "" {
		t.Fatal("no a*1000000 vector")
	}
	line := hex.EncodeToString([]byte(strings.Repeat("a", 1000)))
	in := make([]string, 1000)
	for i := range in {
		in[i] = line
	}
	got := runLines(t, "ripemd160", true, in)
	if last := got[len(got)-1]; last != "total "+want {
		t.Fatalf("got %q want total %s", last, want)
	}
}

func TestBadInput(t *testing.T) {
	var out strings.Builder
	if err := run(strings.NewReader("zz\n"), &out, "hash160", false); err == nil {
		t.Fatal("bad hex accepted")
	}
	if err := run(strings.NewReader("00\n"), &out, "nope", false); err == nil {
		t.Fatal("unknown mode accepted")
	}
}

// TestCommandLine: the program's flags, output and exit statuses.
func TestCommandLine(t *testing.T) {
	const key = "0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"
	for _, c := range []struct {
		args              []string
		in                string
		status            int
		wantOut, wantErrs string
	}{
		{nil, key + "\n", 0, "751e76e8199196d454941c45d1b3a323f1433bd6\n", ""},
		{[]string{"-v"}, key, 0, "751e76e8199196d454941c45d1b3a323f1433bd6\n", "backend "},
		{[]string{"-mode", "ripemd160", "-total"}, "616263\n", 0,
			"8eb208f7e05d987a9b044a8e98c6b087f15a0bfc\ntotal 8eb208f7e05d987a9b044a8e98c6b087f15a0bfc\n", ""},
		{[]string{"-mode", "nope"}, "00\n", 1, "", "compat: unknown mode"},
		{nil, "zz\n", 1, "", "compat: line 1:"},
		{[]string{"-no-such-flag"}, "", 2, "", "flag provided but not defined"},
	} {
		var out, errs strings.Builder
		st := compat(c.args, strings.NewReader(c.in), &out, &errs)
		if st != c.status || out.String() != c.wantOut || !strings.Contains(errs.String(), c.wantErrs) ||
			(c.wantErrs == "" && errs.Len() != 0) {
			t.Errorf("compat %q: status %d, output %q, errors %q; want %d, %q, %q",
				c.args, st, out.String(), errs.String(), c.status, c.wantOut, c.wantErrs)
		}
	}
}

// TestUsesExactlyTheGoLibraryAPI checks that main.go refers to every exported
// name of the ripemd160mb Go library's API and to nothing else of these
// packages, so that compiling it here proves the drop-in claim.
func TestUsesExactlyTheGoLibraryAPI(t *testing.T) {
	api := map[string]bool{
		"ripemd160mb.Size": true, "ripemd160mb.BlockSize": true,
		"ripemd160mb.Hash32": true, "ripemd160mb.HashEach": true,
		"ripemd160mb.New": true, "ripemd160mb.Sum": true,
		"ripemd160mb.Lanes": true, "ripemd160mb.Backend": true,
		"hash160.Hash160_32": true,
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "main.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	used := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok && (id.Name == "ripemd160mb" || id.Name == "hash160") {
				used[id.Name+"."+sel.Sel.Name] = true
			}
		}
		return true
	})
	var extra, missing []string
	for u := range used {
		if !api[u] {
			extra = append(extra, u)
		}
	}
	for a := range api {
		if !used[a] {
			missing = append(missing, a)
		}
	}
	sort.Strings(extra)
	sort.Strings(missing)
	if len(extra) > 0 || len(missing) > 0 {
		t.Fatalf("main.go uses names outside the Go library's API: %v; API names it does not use: %v", extra, missing)
	}
	imports := []string{}
	for _, im := range f.Imports {
		p, _ := strconv.Unquote(im.Path.Value)
		if strings.Contains(p, "ripemd160mb") {
			if im.Name != nil {
				t.Errorf("import %s is renamed to %s: a drop-in needs no alias", p, im.Name.Name)
			}
			imports = append(imports, p)
		}
	}
	if strings.Join(imports, " ") != "github.com/ripemd160mb/ripemd160mb/go github.com/ripemd160mb/ripemd160mb/go/hash160" {
		t.Errorf("imports %v", imports)
	}
}
