package bitcoin_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"math/rand"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"

	ripemd160mb "github.com/ripemd160mb/ripemd160mb/go"
	"github.com/ripemd160mb/ripemd160mb/go/bitcoin"
	"github.com/ripemd160mb/ripemd160mb/go/internal/testvec"
)

// The oracles here are Go's crypto/sha256 applied twice, a plain
// level-by-level merkle tree (merkleRef) and the bundled vectors (Python's
// hashlib: tests/vectors/sha256d.tsv and merkle-roots.tsv).

// sha256d is the oracle: SHA256(SHA256(m)) with crypto/sha256.
func sha256d(m []byte) [bitcoin.Size]byte {
	h := sha256.Sum256(m)
	return sha256.Sum256(h[:])
}

// one is SHA256D of m alone (n = 1).
func one(m []byte) [bitcoin.Size]byte {
	var d [bitcoin.Size]byte
	bitcoin.SHA256D(d[:], m, 1, len(m))
	return d
}

// reversed is d byte-reversed, as Bitcoin displays txids, block hashes and
// merkle roots.
func reversed(d [bitcoin.Size]byte) string {
	for i, j := 0, len(d)-1; i < j; i, j = i+1, j-1 {
		d[i], d[j] = d[j], d[i]
	}
	return hex.EncodeToString(d[:])
}

func unhex32(t *testing.T, s string) [bitcoin.Size]byte {
	t.Helper()
	b := testvec.Unhex(t, s)
	if len(b) != bitcoin.Size {
		t.Fatalf("digest %q is %d bytes", s, len(b))
	}
	var d [bitcoin.Size]byte
	copy(d[:], b)
	return d
}

// Every backend. The package cannot switch the C library's process-wide
// backend itself (only the root package's tests can, through an unexported
// function), so TestEveryBackend runs this test binary again, once per
// other backend this CPU runs, with RMD160MB_FORCE naming it, for the tests
// matched by backendTests; this process runs them on the backend "auto"
// picks.
const (
	childEnv     = "RMD160MB_GO_BITCOIN_BACKEND"
	backendTests = "^(TestBackendForced|TestVectorsSHA256D|TestWidthsAndCounts|TestOverlap|TestSHA256DEach|TestVectorsMerkle|TestMerkleReference|TestMerkleMutated)$"
)

// TestBackendForced: in a child process of TestEveryBackend, the backend is
// the one it was started for.
func TestBackendForced(t *testing.T) {
	want := os.Getenv(childEnv)
	if want == "" {
		t.Skip("not a child of TestEveryBackend")
	}
	if got := ripemd160mb.Backend(); got != want {
		t.Fatalf("backend %s, want %s (RMD160MB_FORCE=%s)", got, want, os.Getenv("RMD160MB_FORCE"))
	}
}

func TestEveryBackend(t *testing.T) {
	if os.Getenv(childEnv) != "" {
		t.Skip("in a child")
	}
	current := ripemd160mb.Backend()
	for _, b := range ripemd160mb.Backends() {
		if !b.Supported {
			t.Logf("NOTICE: backend %s skipped: not supported by this build or CPU", b.Name)
			continue
		}
		if b.Name == current {
			t.Logf("backend %s (SHA-256: %s): this process", b.Name, b.SHA256Kernel)
			continue
		}
		t.Logf("backend %s (SHA-256: %s): a child process", b.Name, b.SHA256Kernel)
		cmd := exec.Command(os.Args[0], "-test.run="+backendTests, "-test.v")
		env := []string{childEnv + "=" + b.Name, "RMD160MB_FORCE=" + b.Name}
		for _, kv := range os.Environ() {
			if !strings.HasPrefix(kv, "RMD160MB_FORCE=") && !strings.HasPrefix(kv, childEnv+"=") {
				env = append(env, kv)
			}
		}
		cmd.Env = env
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Errorf("backend %s: %v\n%s", b.Name, err, out)
			continue
		}
		// Every test of backendTests ran and passed.
		for _, name := range strings.Split(strings.Trim(backendTests, "^$()"), "|") {
			if !strings.Contains(string(out), "--- PASS: "+name+" ") {
				t.Errorf("backend %s: %s did not pass:\n%s", b.Name, name, out)
			}
		}
	}
}

// TestVectorsSHA256D: every message of sha256d.tsv (m_L for L = 0..300, the
// genesis block header and coinbase transaction) alone, the m_L of each
// length repeated in one SHA256D call, and all of them in one SHA256DEach
// call, in the file's order and reversed.
func TestVectorsSHA256D(t *testing.T) {
	var msgs [][]byte
	var want [][bitcoin.Size]byte
	for _, r := range testvec.Rows(t, "sha256d.tsv") {
		l, err := strconv.Atoi(r[0])
		if err != nil || len(r) != 3 {
			t.Fatalf("bad row %q", r)
		}
		m := testvec.LengthMessage(l)
		if r[1] != "" {
			m = testvec.Unhex(t, r[1])
		}
		if len(m) != l {
			t.Fatalf("row %q: message of %d bytes", r[0], len(m))
		}
		msgs = append(msgs, m)
		want = append(want, unhex32(t, r[2]))
	}
	if len(msgs) < 303 {
		t.Fatalf("%d rows", len(msgs))
	}
	var header, coinbase []byte
	for i, m := range msgs {
		if got := one(m); got != want[i] {
			t.Fatalf("row %d, length %d: got %x want %x", i, len(m), got, want[i])
		}
		if sha256d(m) != want[i] {
			t.Fatalf("row %d: the file disagrees with crypto/sha256", i)
		}
		if i > 300 && len(m) == 80 {
			header = m
		}
		if i > 300 && len(m) == 204 {
			coinbase = m
		}
		// The same message 5 times in one call.
		const n = 5
		src := bytes.Repeat(m, n)
		dst := make([]byte, n*bitcoin.Size)
		bitcoin.SHA256D(dst, src, n, len(m))
		if !bytes.Equal(dst, bytes.Repeat(want[i][:], n)) {
			t.Fatalf("row %d, length %d, 5 in one call: %x", i, len(m), dst)
		}
	}
	// The genesis block: its hash and its coinbase's txid, displayed.
	if header == nil || reversed(one(header)) != "000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f" {
		t.Fatalf("the genesis block header's hash (%d bytes)", len(header))
	}
	if coinbase == nil || reversed(one(coinbase)) != "4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b" {
		t.Fatalf("the genesis coinbase's txid (%d bytes)", len(coinbase))
	}
	// The genesis header's merkle root field is that txid (one leaf).
	if txid := one(coinbase); !bytes.Equal(header[36:68], txid[:]) {
		t.Fatal("the genesis header's merkle root field is not the coinbase's txid")
	}
	got := make([][bitcoin.Size]byte, len(msgs))
	bitcoin.SHA256DEach(got, msgs)
	for i := range msgs {
		if got[i] != want[i] {
			t.Fatalf("SHA256DEach, row %d: got %x want %x", i, got[i], want[i])
		}
	}
	rev := make([][]byte, len(msgs))
	for i := range msgs {
		rev[len(msgs)-1-i] = msgs[i]
	}
	bitcoin.SHA256DEach(got, rev)
	for i := range rev {
		if got[i] != want[len(msgs)-1-i] {
			t.Fatalf("SHA256DEach reversed, row %d", len(msgs)-1-i)
		}
	}
}

// testWidths: 0..80 (32, 64 and 80 among them), the SHA-256 block
// boundaries (55/56, 119/120, ...) and others up to 300.
func testWidths() []int {
	var ws []int
	for w := 0; w <= 80; w++ {
		ws = append(ws, w)
	}
	for w := 81; w <= 300; w += 13 {
		ws = append(ws, w)
	}
	return append(ws, 119, 120, 127, 128, 129, 183, 184, 247, 248, 255, 256, 299, 300)
}

// TestWidthsAndCounts: counts 0..2*16+3 (the widest backend has 16 lanes)
// and larger, src and dst misaligned (offsets 0..3 in larger buffers),
// guard bytes after dst, src unchanged, and in place for width >= Size;
// every digest equal to crypto/sha256 applied twice.
func TestWidthsAndCounts(t *testing.T) {
	rng := rand.New(rand.NewSource(36))
	var counts []int
	for n := 0; n <= 2*16+3; n++ {
		counts = append(counts, n)
	}
	counts = append(counts, 64, 100, 1025)
	for _, w := range testWidths() {
		for _, n := range counts {
			if n > 100 && w%16 != 0 {
				continue // the large count for a few widths only
			}
			so, do := rng.Intn(4), rng.Intn(4)
			sbuf := make([]byte, so+w*n)
			src := sbuf[so:]
			rng.Read(src)
			orig := append([]byte(nil), src...)
			dbuf := bytes.Repeat([]byte{0x5A}, do+32*n+9)
			dst := dbuf[do:]
			bitcoin.SHA256D(dst, src, n, w)
			for i := 0; i < n; i++ {
				want := sha256d(orig[w*i : w*i+w])
				if !bytes.Equal(dst[32*i:32*i+32], want[:]) {
					t.Fatalf("width %d n %d message %d (offsets %d, %d): got %x want %x", w, n, i, so, do, dst[32*i:32*i+32], want)
				}
			}
			if !bytes.Equal(dst[32*n:], bytes.Repeat([]byte{0x5A}, 9)) || !bytes.Equal(dbuf[:do], bytes.Repeat([]byte{0x5A}, do)) {
				t.Fatalf("width %d n %d: wrote outside dst[:n*Size]", w, n)
			}
			if !bytes.Equal(src, orig) {
				t.Fatalf("width %d n %d: src modified", w, n)
			}
			if w >= bitcoin.Size {
				bitcoin.SHA256D(src, src, n, w)
				if !bytes.Equal(src[:32*n], dst[:32*n]) {
					t.Fatalf("width %d n %d: in place differs", w, n)
				}
				if !bytes.Equal(src[32*n:], orig[32*n:]) {
					t.Fatalf("width %d n %d: in place wrote past n*Size", w, n)
				}
			}
		}
	}
}

// TestOverlap: any overlap of dst and src gives the digests of the input
// as it was before the call.
func TestOverlap(t *testing.T) {
	rng := rand.New(rand.NewSource(37))
	for _, w := range []int{1, 31, 32, 33, 64, 80, 100} {
		for _, n := range []int{1, 2, 3, 9, 17} {
			for _, shift := range []int{-45, -32, -1, 0, 1, 5, 32, 64, 80} {
				if shift > 0 && shift >= w*n || shift < 0 && -shift >= 32*n {
					continue // no overlap
				}
				const pad = 96
				buf := make([]byte, pad+w*n+32*n+pad)
				rng.Read(buf)
				src := buf[pad : pad+w*n]
				want := make([]byte, 32*n)
				for i := 0; i < n; i++ {
					d := sha256d(src[w*i : w*i+w])
					copy(want[32*i:], d[:])
				}
				dst := buf[pad+shift : pad+shift+32*n]
				bitcoin.SHA256D(dst, src, n, w)
				if !bytes.Equal(dst, want) {
					t.Fatalf("width %d n %d, dst = src shifted by %d: wrong digests", w, n, shift)
				}
			}
		}
	}
}

// TestSHA256DEach: messages of any lengths (0..300, 64 and 80 bytes many
// times, a 1 MiB one, empty and nil ones, more than the 1024 of one C
// chunk) against crypto/sha256, nothing written past len(src), dst
// overlapping the messages, and no allocation per call once the pooled
// buffer has grown.
func TestSHA256DEach(t *testing.T) {
	var src [][]byte
	for l := 0; l <= 300; l++ {
		src = append(src, testvec.LengthMessage(l))
	}
	for i := 0; i < 1000; i++ {
		src = append(src, bytes.Repeat([]byte{byte(i)}, 64+16*(i%2)))
	}
	src = append(src, make([]byte, 1<<20), nil, []byte{})
	bitcoin.SHA256DEach(nil, nil) // no messages: nothing to do
	dst := make([][bitcoin.Size]byte, len(src)+1)
	dst[len(src)] = [bitcoin.Size]byte{9}
	bitcoin.SHA256DEach(dst[:len(src)], src)
	for i, m := range src {
		if want := sha256d(m); dst[i] != want {
			t.Fatalf("message %d (%d bytes): got %x want %x", i, len(m), dst[i], want)
		}
	}
	if dst[len(src)] != [bitcoin.Size]byte{9} {
		t.Fatal("SHA256DEach wrote past len(src)")
	}
	if a := testing.AllocsPerRun(20, func() { bitcoin.SHA256DEach(dst[:len(src)], src) }); a != 0 {
		t.Fatalf("SHA256DEach: %v allocations per call, want 0", a)
	}
	// Only empty messages: no byte to point at.
	empty := [][]byte{nil, {}, nil}
	bitcoin.SHA256DEach(dst[:3], empty)
	for i := 0; i < 3; i++ {
		if dst[i] != sha256d(nil) {
			t.Fatalf("empty message %d", i)
		}
	}
	// Each message is a digest of dst, hashed over itself (a level of a
	// merkle tree of single nodes).
	nodes := make([][bitcoin.Size]byte, 40)
	msgs := make([][]byte, len(nodes))
	want := make([][bitcoin.Size]byte, len(nodes))
	for i := range nodes {
		nodes[i][0] = byte(i)
		msgs[i] = nodes[i][:]
		want[i] = sha256d(nodes[i][:])
	}
	bitcoin.SHA256DEach(nodes, msgs)
	for i := range nodes {
		if nodes[i] != want[i] {
			t.Fatalf("dst over the messages, message %d", i)
		}
	}
}

// merkleRef is Bitcoin Core's ComputeMerkleRoot written plainly: level by
// level, an odd level's last node paired with itself, mutated when a level
// has equal nodes at 2k and 2k+1.
func merkleRef(leaves [][bitcoin.Size]byte) (root [bitcoin.Size]byte, mutated bool) {
	if len(leaves) == 0 {
		return root, false
	}
	level := append([][bitcoin.Size]byte(nil), leaves...)
	var pair [2 * bitcoin.Size]byte
	for len(level) > 1 {
		for k := 0; k+1 < len(level); k += 2 {
			if level[k] == level[k+1] {
				mutated = true
			}
		}
		if len(level)%2 == 1 {
			level = append(level, level[len(level)-1])
		}
		next := make([][bitcoin.Size]byte, len(level)/2)
		for k := range next {
			copy(pair[:], level[2*k][:])
			copy(pair[bitcoin.Size:], level[2*k+1][:])
			next[k] = sha256d(pair[:])
		}
		level = next
	}
	return level[0], mutated
}

func randomLeaves(rng *rand.Rand, n int) [][bitcoin.Size]byte {
	leaves := make([][bitcoin.Size]byte, n)
	for i := range leaves {
		rng.Read(leaves[i][:])
	}
	return leaves
}

// checkRoot compares MerkleRoot with merkleRef, and checks that the leaves
// are unchanged.
func checkRoot(t *testing.T, what string, leaves [][bitcoin.Size]byte) (mutated bool) {
	t.Helper()
	orig := append([][bitcoin.Size]byte(nil), leaves...)
	root, mut := bitcoin.MerkleRoot(leaves)
	wantRoot, wantMut := merkleRef(leaves)
	if root != wantRoot || mut != wantMut {
		t.Fatalf("%s, %d leaves: root %x mutated %v, want %x %v", what, len(leaves), root, mut, wantRoot, wantMut)
	}
	for i := range leaves {
		if leaves[i] != orig[i] {
			t.Fatalf("%s, %d leaves: leaf %d modified", what, len(leaves), i)
		}
	}
	return mut
}

// TestVectorsMerkle: every tree of merkle-roots.tsv (0..70 leaves and
// larger, the CVE-2012-2459 shapes, block 100000), the root and the flag.
func TestVectorsMerkle(t *testing.T) {
	rows := testvec.Rows(t, "merkle-roots.tsv")
	block := false
	for _, r := range rows {
		if len(r) != 5 {
			t.Fatalf("bad row %q", r)
		}
		n, err := strconv.Atoi(r[1])
		b := testvec.Unhex(t, r[2])
		if err != nil || len(b) != n*bitcoin.Size {
			t.Fatalf("row %s %s: %d bytes of leaves", r[0], r[1], len(b))
		}
		leaves := make([][bitcoin.Size]byte, n)
		for i := range leaves {
			copy(leaves[i][:], b[bitcoin.Size*i:])
		}
		want := unhex32(t, r[3])
		root, mutated := bitcoin.MerkleRoot(leaves)
		if root != want || mutated != (r[4] == "1") {
			t.Fatalf("row %s %d: root %x mutated %v, want %x %s", r[0], n, root, mutated, want, r[4])
		}
		if r[0] == "block-100000" {
			block = true
			if reversed(root) != "f3e94742aca4b5ef85488dc37c06c3282295ffec960994b2c0d5ac2a25a95766" {
				t.Fatalf("block 100000's merkle root, displayed: %s", reversed(root))
			}
		}
	}
	if len(rows) < 80 || !block {
		t.Fatalf("%d rows, block 100000 found: %v", len(rows), block)
	}
}

// TestMerkleReference: every n up to 300 and some up to a few thousand
// (around the C library's 1024-leaf subtrees and powers of two), random
// leaves, against merkleRef.
func TestMerkleReference(t *testing.T) {
	rng := rand.New(rand.NewSource(38))
	var ns []int
	for n := 0; n <= 300; n++ {
		ns = append(ns, n)
	}
	ns = append(ns, 511, 512, 513, 1023, 1024, 1025, 2047, 2048, 2049, 3000, 3071, 3073, 4095, 4096, 4097, 5000)
	for _, n := range ns {
		leaves := randomLeaves(rng, n)
		if checkRoot(t, "random", leaves) {
			t.Fatalf("%d random leaves: mutated", n)
		}
	}
	// One leaf is its own root.
	leaf := randomLeaves(rng, 1)
	if root, mutated := bitcoin.MerkleRoot(leaf); root != leaf[0] || mutated {
		t.Fatal("one leaf: not its own root")
	}
	if root, mutated := bitcoin.MerkleRoot(nil); root != [bitcoin.Size]byte{} || mutated {
		t.Fatal("no leaves: not the zero root")
	}
}

// TestMerkleMutated: trees mutated at every level (two equal subtrees at
// positions 2k and 2k+1 of level L, first, middle and last), the same
// equality at an odd offset (not mutated), and CVE-2012-2459 itself: a
// tree whose odd levels pair the last node with itself has the root of the
// tree with those nodes duplicated, and only the latter is mutated.
func TestMerkleMutated(t *testing.T) {
	rng := rand.New(rand.NewSource(39))
	for _, n := range []int{2, 3, 4, 7, 8, 13, 64, 100, 300, 1500, 2048} {
		for level := 0; 1<<(level+1) <= n; level++ {
			size := 1 << level
			pairs := n / (2 * size) // whole pairs of subtrees at this level
			for _, k := range []int{0, pairs / 2, pairs - 1} {
				leaves := randomLeaves(rng, n)
				copy(leaves[(2*k+1)*size:(2*k+2)*size], leaves[2*k*size:(2*k+1)*size])
				if !checkRoot(t, "mutated at level "+strconv.Itoa(level)+" pair "+strconv.Itoa(k), leaves) {
					t.Fatalf("%d leaves, level %d, pair %d: not mutated", n, level, k)
				}
			}
			// Equal subtrees 2k+1 and 2k+2: not a pair.
			if 3*size <= n {
				leaves := randomLeaves(rng, n)
				copy(leaves[2*size:3*size], leaves[size:2*size])
				if checkRoot(t, "equal at an odd offset at level "+strconv.Itoa(level), leaves) {
					t.Fatalf("%d leaves, level %d, odd offset: mutated", n, level)
				}
			}
		}
	}
	// Odd n: level 0 pairs the last leaf with itself. Even n with n/2 odd:
	// level 1 pairs its last node with itself, so duplicating the last two
	// leaves gives the same root.
	for _, n := range []int{3, 5, 6, 7, 10, 11, 101, 1025, 1502} {
		leaves := randomLeaves(rng, n)
		root, mutated := bitcoin.MerkleRoot(leaves)
		dup := append(append([][bitcoin.Size]byte(nil), leaves...), leaves[n-1])
		if n%2 == 0 {
			dup = append(append([][bitcoin.Size]byte(nil), leaves...), leaves[n-2], leaves[n-1])
		}
		droot, dmutated := bitcoin.MerkleRoot(dup)
		if mutated || !dmutated || droot != root {
			t.Fatalf("%d leaves: root %x %v, with the last duplicated %x %v", n, root, mutated, droot, dmutated)
		}
		checkRoot(t, "last duplicated", dup)
	}
}

func mustPanic(t *testing.T, name, want string, f func()) {
	t.Helper()
	defer func() {
		r := recover()
		if r == nil {
			t.Errorf("%s: did not panic", name)
		} else if msg, ok := r.(string); !ok || msg != want {
			t.Errorf("%s: panic %#v, want %q", name, r, want)
		}
	}()
	f()
}

func TestPanics(t *testing.T) {
	b := make([]byte, 80*4)
	huge := int(^uint(0) >> 1)
	mustPanic(t, "n<0", "bitcoin: negative message count", func() { bitcoin.SHA256D(b, b, -1, 80) })
	mustPanic(t, "width<0", "bitcoin: negative message width", func() { bitcoin.SHA256D(b, b, 1, -2) })
	mustPanic(t, "short src", "bitcoin: src too short", func() { bitcoin.SHA256D(make([]byte, 128), b[:319], 4, 80) })
	mustPanic(t, "short dst", "bitcoin: dst too short", func() { bitcoin.SHA256D(make([]byte, 127), b, 4, 80) })
	mustPanic(t, "short dst width 0", "bitcoin: dst too short", func() { bitcoin.SHA256D(nil, nil, 1, 0) })
	mustPanic(t, "huge n", "bitcoin: src too short", func() { bitcoin.SHA256D(b, b, huge, 64) })
	mustPanic(t, "huge width", "bitcoin: src too short", func() { bitcoin.SHA256D(b, b, 2, huge) })
	bitcoin.SHA256D(nil, nil, 0, 0)
	bitcoin.SHA256D(nil, nil, 0, 80)
	mustPanic(t, "SHA256DEach lengths", "bitcoin: len(dst) must equal len(src)", func() {
		bitcoin.SHA256DEach(make([][bitcoin.Size]byte, 1), nil)
	})
	mustPanic(t, "SHA256DEach lengths", "bitcoin: len(dst) must equal len(src)", func() {
		bitcoin.SHA256DEach(nil, [][]byte{nil})
	})
}

func TestZeroAllocs(t *testing.T) {
	src := make([]byte, 80*64)
	dst := make([]byte, 32*64)
	for _, n := range []int{1, 64} {
		for _, w := range []int{32, 64, 80} {
			if a := testing.AllocsPerRun(100, func() { bitcoin.SHA256D(dst, src, n, w) }); a != 0 {
				t.Errorf("SHA256D n=%d width=%d: %v allocations per call", n, w, a)
			}
		}
		// In place.
		if a := testing.AllocsPerRun(100, func() { bitcoin.SHA256D(src, src, n, 64) }); a != 0 {
			t.Errorf("SHA256D in place n=%d: %v allocations per call", n, a)
		}
	}
	for _, n := range []int{1, 2, 3, 4096, 5000} {
		leaves := make([][bitcoin.Size]byte, n)
		var sink [bitcoin.Size]byte
		if a := testing.AllocsPerRun(20, func() { sink, _ = bitcoin.MerkleRoot(leaves) }); a != 0 {
			t.Errorf("MerkleRoot of %d leaves: %v allocations per call", n, a)
		}
		_ = sink
	}
}

func TestConcurrent(t *testing.T) {
	const goroutines = 64
	rng := rand.New(rand.NewSource(40))
	srcs := make([][]byte, goroutines)
	wants := make([][]byte, goroutines)
	roots := make([][bitcoin.Size]byte, goroutines)
	for g := range srcs {
		n := 50 + g
		srcs[g] = make([]byte, 64*n)
		rng.Read(srcs[g])
		wants[g] = make([]byte, 32*n)
		for i := 0; i < n; i++ {
			d := sha256d(srcs[g][64*i : 64*i+64])
			copy(wants[g][32*i:], d[:])
		}
		leaves := make([][bitcoin.Size]byte, 2*n)
		for i := range leaves {
			copy(leaves[i][:], srcs[g][32*i:])
		}
		roots[g], _ = merkleRef(leaves)
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	failed := 0
	for g := range srcs {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			dst := make([]byte, len(wants[g]))
			each := make([][]byte, len(dst)/32)
			for i := range each {
				each[i] = srcs[g][64*i : 64*i+64]
			}
			eachDst := make([][bitcoin.Size]byte, len(each))
			leaves := make([][bitcoin.Size]byte, 2*len(each))
			for i := range leaves {
				copy(leaves[i][:], srcs[g][32*i:])
			}
			for it := 0; it < 30; it++ {
				bitcoin.SHA256D(dst, srcs[g], len(dst)/32, 64)
				bitcoin.SHA256DEach(eachDst, each)
				root, mutated := bitcoin.MerkleRoot(leaves)
				ok := bytes.Equal(dst, wants[g]) && root == roots[g] && !mutated
				for i := range eachDst {
					ok = ok && bytes.Equal(eachDst[i][:], wants[g][32*i:32*i+32])
				}
				if !ok {
					mu.Lock()
					failed++
					mu.Unlock()
					return
				}
			}
		}(g)
	}
	wg.Wait()
	if failed > 0 {
		t.Fatalf("%d goroutines got wrong digests", failed)
	}
}
