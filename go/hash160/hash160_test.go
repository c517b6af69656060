package hash160_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math/rand"
	"sync"
	"testing"
	"time"

	ripemd160mb "github.com/ripemd160mb/ripemd160mb/go"
	"github.com/ripemd160mb/ripemd160mb/go/hash160"
	"github.com/ripemd160mb/ripemd160mb/go/internal/testvec"
)

// oracle is HASH160 from Go's crypto/sha256 and the one-message Sum (itself
// checked against the bundled vectors and golang.org/x/crypto/ripemd160).
func oracle(m []byte) [20]byte {
	s := sha256.Sum256(m)
	return ripemd160mb.Sum(s[:])
}

func TestVectorsPubkeys(t *testing.T) {
	rows := testvec.Rows(t, "hash160-pubkeys.tsv")
	for _, c := range []struct {
		width, key, digest int
	}{{33, 1, 2}, {65, 3, 4}} {
		src := make([]byte, 0, c.width*len(rows))
		want := make([]byte, 0, 20*len(rows))
		for _, r := range rows {
			k := testvec.Unhex(t, r[c.key])
			if len(k) != c.width {
				t.Fatalf("public key of %d bytes, want %d", len(k), c.width)
			}
			src = append(src, k...)
			d := testvec.Unhex20(t, r[c.digest])
			want = append(want, d[:]...)
		}
		dst := make([]byte, len(want))
		hash160.Hash160_32(dst, src, len(rows), c.width)
		for i := range rows {
			if !bytes.Equal(dst[20*i:20*i+20], want[20*i:20*i+20]) {
				t.Fatalf("width %d row %d: got %x want %x", c.width, i, dst[20*i:20*i+20], want[20*i:20*i+20])
			}
		}
		// The oracle agrees with the vectors too (so it can be trusted below).
		for i := 0; i < len(rows); i += 97 {
			if o := oracle(src[c.width*i : c.width*i+c.width]); !bytes.Equal(o[:], want[20*i:20*i+20]) {
				t.Fatalf("oracle disagrees with the vectors, width %d row %d", c.width, i)
			}
		}
	}
}

// TestWidthsAndCounts: widths 0..70 and 100, counts 0..40 and a few larger,
// with guard bytes after the output and the input left unchanged.
func TestWidthsAndCounts(t *testing.T) {
	rng := rand.New(rand.NewSource(4))
	widths := []int{}
	for w := 0; w <= 70; w++ {
		widths = append(widths, w)
	}
	widths = append(widths, 100, 200)
	for _, w := range widths {
		for _, n := range []int{0, 1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 32, 33, 40, 65} {
			src := make([]byte, w*n)
			rng.Read(src)
			orig := append([]byte(nil), src...)
			dst := bytes.Repeat([]byte{0x5A}, 20*n+9)
			hash160.Hash160_32(dst, src, n, w)
			for i := 0; i < n; i++ {
				want := oracle(src[w*i : w*i+w])
				if !bytes.Equal(dst[20*i:20*i+20], want[:]) {
					t.Fatalf("width %d n %d message %d: got %x want %x", w, n, i, dst[20*i:20*i+20], want)
				}
			}
			if !bytes.Equal(dst[20*n:], bytes.Repeat([]byte{0x5A}, 9)) {
				t.Fatalf("width %d n %d: wrote past n*Size", w, n)
			}
			if !bytes.Equal(src, orig) {
				t.Fatalf("width %d n %d: src modified", w, n)
			}
			if w >= 20 {
				buf := append([]byte(nil), src...)
				hash160.Hash160_32(buf, buf, n, w)
				if !bytes.Equal(buf[:20*n], dst[:20*n]) {
					t.Fatalf("width %d n %d: in place differs", w, n)
				}
			}
		}
	}
	// width 0: n digests of the empty message, src may be nil.
	dst := make([]byte, 20*3)
	hash160.Hash160_32(dst, nil, 3, 0)
	e := oracle(nil)
	if !bytes.Equal(dst, bytes.Repeat(e[:], 3)) {
		t.Fatal("width 0 with nil src")
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

// TestPanics: the panic values are those of the Go library's hash160
// package (github.com/Asylian21/ripemd160-asm/hash160), exactly.
func TestPanics(t *testing.T) {
	b := make([]byte, 33*4)
	mustPanic(t, "n<0", "hash160: negative message count", func() { hash160.Hash160_32(b, b, -1, 33) })
	mustPanic(t, "n<0, width<0", "hash160: negative message count", func() { hash160.Hash160_32(nil, nil, -1, -1) })
	mustPanic(t, "width<0", "hash160: negative message width", func() { hash160.Hash160_32(b, b, 1, -2) })
	mustPanic(t, "width<0, n=0", "hash160: negative message width", func() { hash160.Hash160_32(nil, nil, 0, -1) })
	mustPanic(t, "short src", "hash160: src too short", func() { hash160.Hash160_32(make([]byte, 80), b[:131], 4, 33) })
	mustPanic(t, "short src and dst", "hash160: src too short", func() { hash160.Hash160_32(nil, nil, 1, 1) })
	mustPanic(t, "short dst", "hash160: dst too short", func() { hash160.Hash160_32(make([]byte, 79), b, 4, 33) })
	mustPanic(t, "short dst width 0", "hash160: dst too short", func() { hash160.Hash160_32(nil, nil, 1, 0) })
	mustPanic(t, "huge n", "hash160: src too short", func() { hash160.Hash160_32(b, b, int(^uint(0)>>1), 33) })
	mustPanic(t, "huge width", "hash160: src too short", func() { hash160.Hash160_32(b, b, 2, int(^uint(0)>>1)) })
	hash160.Hash160_32(nil, nil, 0, 0)
	hash160.Hash160_32(nil, nil, 0, 33)
}

// TestOverlap: any overlap of dst and src gives the digests of the messages
// as they were before the call, as in the Go library (which hashes SHA-256
// into a buffer of its own first).
func TestOverlap(t *testing.T) {
	rng := rand.New(rand.NewSource(12))
	for _, w := range []int{1, 19, 20, 21, 32, 33, 65} {
		for _, n := range []int{1, 2, 3, 17, 40} {
			for _, shift := range []int{-45, -20, -19, -1, 0, 1, 5, 20, 33, 64} {
				if shift > 0 && shift >= w*n || shift < 0 && -shift >= 20*n {
					continue // no overlap
				}
				const pad = 64
				buf := make([]byte, pad+w*n+20*n+pad)
				rng.Read(buf)
				src := buf[pad : pad+w*n]
				want := make([]byte, 20*n)
				for i := 0; i < n; i++ {
					d := oracle(src[w*i : w*i+w])
					copy(want[20*i:], d[:])
				}
				dst := buf[pad+shift : pad+shift+20*n]
				hash160.Hash160_32(dst, src, n, w)
				if !bytes.Equal(dst, want) {
					t.Fatalf("width %d n %d, dst = src shifted by %d: wrong digests", w, n, shift)
				}
			}
		}
	}
}

func TestZeroAllocs(t *testing.T) {
	src := make([]byte, 33*64)
	dst := make([]byte, 20*64)
	for _, n := range []int{1, 64} {
		if a := testing.AllocsPerRun(100, func() { hash160.Hash160_32(dst, src, n, 33) }); a != 0 {
			t.Errorf("Hash160_32 n=%d: %v allocations per call", n, a)
		}
	}
}

func TestConcurrent(t *testing.T) {
	const goroutines = 64
	rng := rand.New(rand.NewSource(5))
	srcs := make([][]byte, goroutines)
	wants := make([][]byte, goroutines)
	for g := range srcs {
		n := 50 + g
		srcs[g] = make([]byte, 33*n)
		rng.Read(srcs[g])
		wants[g] = make([]byte, 20*n)
		for i := 0; i < n; i++ {
			d := oracle(srcs[g][33*i : 33*i+33])
			copy(wants[g][20*i:], d[:])
		}
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	failed := 0
	for g := range srcs {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			dst := make([]byte, len(wants[g]))
			for it := 0; it < 50; it++ {
				hash160.Hash160_32(dst, srcs[g], len(dst)/20, 33)
				if !bytes.Equal(dst, wants[g]) {
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

// Example shows Hash160_32 (an example named after it would read as a
// method example of "Hash160" to go vet, because of the underscore).
func Example() {
	// Two compressed public keys (33 bytes each): those of private keys 1 and 2.
	keys := "0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798" +
		"02c6047f9441ed7d6d3045406e95c07cd85c778e4b8cef3ca7abac09b95c709ee5"
	src, _ := hex.DecodeString(keys)
	dst := make([]byte, 2*ripemd160mb.Size)
	hash160.Hash160_32(dst, src, 2, 33)
	fmt.Printf("%x\n%x\n", dst[:20], dst[20:])
	// Output:
	// 751e76e8199196d454941c45d1b3a323f1433bd6
	// 06afd46bcdfd22ef94ac122aa11f241244a37ecc
}

// BenchmarkHash160_32 measures HASH160 of 33-byte public keys, n per call.
// Run with -cpu 1: the cgo call overhead per call is visible at n = 1.
func BenchmarkHash160_32(b *testing.B) {
	for _, width := range []int{33, 65} {
		for _, n := range []int{1, 64, 2048} {
			b.Run(fmt.Sprintf("width=%d/n=%d", width, n), func(b *testing.B) {
				src := make([]byte, width*n)
				rand.New(rand.NewSource(6)).Read(src)
				dst := make([]byte, 20*n)
				b.SetBytes(int64(width * n))
				b.ReportAllocs()
				b.ResetTimer()
				start := time.Now()
				for i := 0; i < b.N; i++ {
					hash160.Hash160_32(dst, src, n, width)
				}
				b.ReportMetric(float64(time.Since(start).Nanoseconds())/float64(b.N)/float64(n), "ns/msg")
			})
		}
	}
}

// TestHashEach: messages of any lengths (0..300, keys of 33 and 65 bytes
// mixed, a 1 MiB one, empty and nil ones) against Hash160_32 of each alone,
// and no allocation per call once the pooled buffer has grown.
func TestHashEach(t *testing.T) {
	var src [][]byte
	for l := 0; l <= 300; l++ {
		m := make([]byte, l)
		for i := range m {
			m[i] = byte(i*7 + l)
		}
		src = append(src, m)
	}
	for i := 0; i < 100; i++ {
		src = append(src, make([]byte, 33+32*(i%2)))
	}
	src = append(src, make([]byte, 1<<20), nil, []byte{})
	hash160.HashEach(nil, nil) // no messages: nothing to do
	dst := make([][hash160.Size]byte, len(src)+1)
	dst[len(src)] = [hash160.Size]byte{9}
	hash160.HashEach(dst[:len(src)], src)
	for i, m := range src {
		var want [hash160.Size]byte
		hash160.Hash160_32(want[:], m, 1, len(m))
		if dst[i] != want {
			t.Fatalf("message %d (%d bytes): got %x want %x", i, len(m), dst[i], want)
		}
	}
	if dst[len(src)] != [hash160.Size]byte{9} {
		t.Fatal("HashEach wrote past len(src)")
	}
	if a := testing.AllocsPerRun(20, func() { hash160.HashEach(dst[:len(src)], src) }); a != 0 {
		t.Fatalf("HashEach: %v allocations per call, want 0", a)
	}
	defer func() {
		if msg, _ := recover().(string); msg != "hash160: len(dst) must equal len(src)" {
			t.Fatalf("panic %q", msg)
		}
	}()
	hash160.HashEach(make([][hash160.Size]byte, 1), nil)
}
