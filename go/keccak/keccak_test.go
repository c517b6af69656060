package keccak_test

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"math/rand"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/ripemd160mb/ripemd160mb/go/internal/testvec"
	"github.com/ripemd160mb/ripemd160mb/go/keccak"
)

// The oracles here are the bundled vectors (pycryptodome's Keccak-256 and
// libsecp256k1's keys: tests/vectors/keccak256-lengths.tsv and
// eth-addresses.tsv); go/xcryptotest compares with
// golang.org/x/crypto/sha3's NewLegacyKeccak256 on random data too.

// one is Keccak-256 of m alone (n = 1), which TestVectorsLengths checks
// against the vectors for every length 0..300 and more.
func one(m []byte) [keccak.Size]byte {
	var d [keccak.Size]byte
	keccak.Hash256(d[:], m, 1, len(m))
	return d
}

func unhex32(t *testing.T, s string) [keccak.Size]byte {
	t.Helper()
	b := testvec.Unhex(t, s)
	if len(b) != keccak.Size {
		t.Fatalf("digest %q is %d bytes", s, len(b))
	}
	var d [keccak.Size]byte
	copy(d[:], b)
	return d
}

func TestEmpty(t *testing.T) {
	// The published Keccak-256 of the empty message (Ethereum's KECCAK_EMPTY).
	want := "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470"
	if d := one(nil); hex.EncodeToString(d[:]) != want {
		t.Fatalf("Keccak-256 of the empty message: %x", d)
	}
	dst := make([]byte, 3*keccak.Size)
	keccak.Hash256(dst, nil, 3, 0) // width 0: src may be nil
	if hex.EncodeToString(dst) != want+want+want {
		t.Fatalf("width 0: %x", dst)
	}
}

// TestVectorsLengths: every message of keccak256-lengths.tsv alone, and all
// of them in one HashEach call, in the file's order and reversed.
func TestVectorsLengths(t *testing.T) {
	rows := testvec.Rows(t, "keccak256-lengths.tsv")
	var msgs [][]byte
	var want [][keccak.Size]byte
	for _, r := range rows {
		l, err := strconv.Atoi(r[0])
		if err != nil || len(r) != 2 {
			t.Fatalf("bad row %q", r)
		}
		msgs = append(msgs, testvec.LengthMessage(l))
		want = append(want, unhex32(t, r[1]))
	}
	if len(msgs) < 301 {
		t.Fatalf("%d rows", len(msgs))
	}
	for i, m := range msgs {
		if got := one(m); got != want[i] {
			t.Fatalf("length %d: got %x want %x", len(m), got, want[i])
		}
	}
	got := make([][keccak.Size]byte, len(msgs))
	keccak.HashEach(got, msgs)
	for i := range msgs {
		if got[i] != want[i] {
			t.Fatalf("HashEach, length %d: got %x want %x", len(msgs[i]), got[i], want[i])
		}
	}
	rev := make([][]byte, len(msgs))
	for i := range msgs {
		rev[len(msgs)-1-i] = msgs[i]
	}
	keccak.HashEach(got, rev)
	for i := range rev {
		if got[i] != want[len(msgs)-1-i] {
			t.Fatalf("HashEach reversed, length %d", len(rev[i]))
		}
	}
}

// TestVectorsEth: the 2000 keys of eth-addresses.tsv, 65-byte and 64-byte,
// each width in one call; Hash256 of X||Y gives the file's Keccak-256.
func TestVectorsEth(t *testing.T) {
	rows := testvec.Rows(t, "eth-addresses.tsv")
	n := len(rows)
	k65 := make([]byte, 0, 65*n)
	k64 := make([]byte, 0, 64*n)
	digests := make([]byte, 0, 32*n)
	addrs := make([]byte, 0, 20*n)
	for _, r := range rows {
		k := testvec.Unhex(t, r[1])
		if len(k) != 65 || k[0] != 4 {
			t.Fatalf("key %q", r[1])
		}
		k65 = append(k65, k...)
		k64 = append(k64, k[1:]...)
		digests = append(digests, testvec.Unhex(t, r[2])...)
		addrs = append(addrs, testvec.Unhex(t, r[3])...)
	}
	if n < 2000 {
		t.Fatalf("%d rows", n)
	}
	// Private keys 1 and 2 head the file.
	if hex.EncodeToString(addrs[:20]) != "7e5f4552091a69125d5dfcb7b8c2659029395bdf" ||
		hex.EncodeToString(addrs[20:40]) != "2b5ad5c4795c026514f8317c7a215e218dccd6cf" {
		t.Fatalf("the file does not start with the addresses of private keys 1 and 2")
	}
	for _, c := range []struct {
		width int
		src   []byte
	}{{65, k65}, {64, k64}} {
		dst := make([]byte, 20*n)
		if err := keccak.EthAddress(dst, c.src, n, c.width); err != nil {
			t.Fatalf("width %d: %v", c.width, err)
		}
		for i := 0; i < n; i++ {
			if !bytes.Equal(dst[20*i:20*i+20], addrs[20*i:20*i+20]) {
				t.Fatalf("width %d key %d: got %x want %x", c.width, i, dst[20*i:20*i+20], addrs[20*i:20*i+20])
			}
		}
		// In place.
		buf := append([]byte(nil), c.src...)
		if err := keccak.EthAddress(buf, buf, n, c.width); err != nil || !bytes.Equal(buf[:20*n], addrs) {
			t.Fatalf("width %d in place: %v", c.width, err)
		}
	}
	dst := make([]byte, 32*n)
	keccak.Hash256(dst, k64, n, 64)
	if !bytes.Equal(dst, digests) {
		t.Fatal("Hash256 of X||Y differs from the file's Keccak-256")
	}
}

// TestWidthsAndCounts: widths 0..140 and across the 136-byte rate, counts
// 0..40 and larger, with guard bytes after the output, the input unchanged,
// and in place; every digest equal to that message hashed alone.
func TestWidthsAndCounts(t *testing.T) {
	rng := rand.New(rand.NewSource(16))
	var widths []int
	for w := 0; w <= 140; w++ {
		widths = append(widths, w)
	}
	widths = append(widths, 271, 272, 273, 300)
	for _, w := range widths {
		for _, n := range []int{0, 1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 19, 33, 40, 100} {
			src := make([]byte, w*n)
			rng.Read(src)
			orig := append([]byte(nil), src...)
			dst := bytes.Repeat([]byte{0x5A}, 32*n+9)
			keccak.Hash256(dst, src, n, w)
			for i := 0; i < n; i++ {
				want := one(orig[w*i : w*i+w])
				if !bytes.Equal(dst[32*i:32*i+32], want[:]) {
					t.Fatalf("width %d n %d message %d: got %x want %x", w, n, i, dst[32*i:32*i+32], want)
				}
			}
			if !bytes.Equal(dst[32*n:], bytes.Repeat([]byte{0x5A}, 9)) {
				t.Fatalf("width %d n %d: wrote past n*Size", w, n)
			}
			if !bytes.Equal(src, orig) {
				t.Fatalf("width %d n %d: src modified", w, n)
			}
			if w >= keccak.Size {
				keccak.Hash256(src, src, n, w)
				if !bytes.Equal(src[:32*n], dst[:32*n]) {
					t.Fatalf("width %d n %d: in place differs", w, n)
				}
			}
		}
	}
}

// TestOverlap: any overlap of dst and src gives the digests (addresses) of
// the input as it was before the call.
func TestOverlap(t *testing.T) {
	rng := rand.New(rand.NewSource(17))
	for _, w := range []int{1, 31, 32, 33, 64, 65, 136} {
		for _, n := range []int{1, 2, 3, 9} {
			for _, shift := range []int{-45, -32, -1, 0, 1, 5, 32, 64} {
				if shift > 0 && shift >= w*n || shift < 0 && -shift >= 32*n {
					continue // no overlap
				}
				const pad = 64
				buf := make([]byte, pad+w*n+32*n+pad)
				rng.Read(buf)
				src := buf[pad : pad+w*n]
				want := make([]byte, 32*n)
				for i := 0; i < n; i++ {
					d := one(src[w*i : w*i+w])
					copy(want[32*i:], d[:])
				}
				dst := buf[pad+shift : pad+shift+32*n]
				keccak.Hash256(dst, src, n, w)
				if !bytes.Equal(dst, want) {
					t.Fatalf("width %d n %d, dst = src shifted by %d: wrong digests", w, n, shift)
				}
			}
		}
	}
	for _, w := range []int{64, 65} {
		for _, shift := range []int{-19, -1, 0, 1, 7, 64, 65} {
			const n, pad = 3, 64
			buf := make([]byte, pad+w*n+pad)
			rng.Read(buf)
			src := buf[pad : pad+w*n]
			want := make([]byte, 20*n)
			for i := 0; i < n; i++ {
				src[w*i] = 4
				d := one(src[w*i+w-64 : w*i+w])
				copy(want[20*i:], d[12:])
			}
			dst := buf[pad+shift : pad+shift+20*n]
			if err := keccak.EthAddress(dst, src, n, w); err != nil || !bytes.Equal(dst, want) {
				t.Fatalf("EthAddress width %d, dst = src shifted by %d: %v, wrong addresses", w, shift, err)
			}
		}
	}
}

// TestKeyPrefix: a 65-byte key not starting with 0x04 (first, middle or
// last of the batch, separate or overlapping) is ErrKeyPrefix with nothing
// written; 64-byte keys have no prefix to check.
func TestKeyPrefix(t *testing.T) {
	const n = 20
	keys := make([]byte, 65*n)
	rand.New(rand.NewSource(18)).Read(keys)
	for i := 0; i < n; i++ {
		keys[65*i] = 4
	}
	for _, bad := range []int{0, 7, n - 1} {
		for _, b := range []byte{0, 2, 3, 5, 0x84, 0xFF} {
			k := append([]byte(nil), keys...)
			k[65*bad] = b
			dst := bytes.Repeat([]byte{0xA5}, 20*n)
			if err := keccak.EthAddress(dst, k, n, 65); err != keccak.ErrKeyPrefix {
				t.Fatalf("key %d starting with %#x: error %v", bad, b, err)
			}
			if !bytes.Equal(dst, bytes.Repeat([]byte{0xA5}, 20*n)) {
				t.Fatalf("key %d starting with %#x: dst written", bad, b)
			}
			// Overlapping dst (through the temporary buffer): refused too.
			before := append([]byte(nil), k...)
			if err := keccak.EthAddress(k[5:], k, n, 65); err != keccak.ErrKeyPrefix || !bytes.Equal(k, before) {
				t.Fatalf("key %d starting with %#x, overlapping dst: %v", bad, b, err)
			}
		}
	}
	dst := make([]byte, 20*n)
	if err := keccak.EthAddress(dst, keys[:64*n], n, 64); err != nil {
		t.Fatalf("64-byte keys: %v", err)
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
	b := make([]byte, 65*4)
	huge := int(^uint(0) >> 1)
	mustPanic(t, "n<0", "keccak: negative message count", func() { keccak.Hash256(b, b, -1, 33) })
	mustPanic(t, "width<0", "keccak: negative message width", func() { keccak.Hash256(b, b, 1, -2) })
	mustPanic(t, "short src", "keccak: src too short", func() { keccak.Hash256(make([]byte, 128), b[:131], 4, 33) })
	mustPanic(t, "short dst", "keccak: dst too short", func() { keccak.Hash256(make([]byte, 127), b, 4, 33) })
	mustPanic(t, "short dst width 0", "keccak: dst too short", func() { keccak.Hash256(nil, nil, 1, 0) })
	mustPanic(t, "huge n", "keccak: src too short", func() { keccak.Hash256(b, b, huge, 33) })
	mustPanic(t, "huge width", "keccak: src too short", func() { keccak.Hash256(b, b, 2, huge) })
	keccak.Hash256(nil, nil, 0, 0)
	keccak.Hash256(nil, nil, 0, 33)

	eth := func(dst, src []byte, n, w int) func() { return func() { _ = keccak.EthAddress(dst, src, n, w) } }
	mustPanic(t, "eth n<0", "keccak: negative key count", eth(b, b, -1, 65))
	for _, w := range []int{-1, 0, 33, 63, 66, huge} {
		mustPanic(t, "eth width", "keccak: key width must be 64 or 65, not "+strconv.Itoa(w), eth(b, b, 1, w))
		mustPanic(t, "eth width, n=0", "keccak: key width must be 64 or 65, not "+strconv.Itoa(w), eth(nil, nil, 0, w))
	}
	mustPanic(t, "eth short src", "keccak: src too short", eth(make([]byte, 80), b[:259], 4, 65))
	mustPanic(t, "eth short dst", "keccak: dst too short", eth(make([]byte, 79), b, 4, 64))
	mustPanic(t, "eth huge n", "keccak: src too short", eth(b, b, huge, 64))
	for _, w := range []int{64, 65} {
		if err := keccak.EthAddress(nil, nil, 0, w); err != nil {
			t.Fatalf("n == 0: %v", err)
		}
	}
	mustPanic(t, "HashEach lengths", "keccak: len(dst) must equal len(src)", func() {
		keccak.HashEach(make([][keccak.Size]byte, 1), nil)
	})
}

// TestHashEach: messages of any lengths (0..300 and across the rate, keys
// of 64 and 65 bytes mixed, a 1 MiB one, empty and nil ones, more than the
// 1024 of one C chunk) against Hash256 of each alone, nothing written past
// len(src), and no allocation per call once the pooled buffer has grown.
func TestHashEach(t *testing.T) {
	var src [][]byte
	for l := 0; l <= 300; l++ {
		src = append(src, testvec.LengthMessage(l))
	}
	for i := 0; i < 1000; i++ {
		src = append(src, bytes.Repeat([]byte{byte(i)}, 64+i%2))
	}
	src = append(src, make([]byte, 1<<20), nil, []byte{})
	keccak.HashEach(nil, nil) // no messages: nothing to do
	dst := make([][keccak.Size]byte, len(src)+1)
	dst[len(src)] = [keccak.Size]byte{9}
	keccak.HashEach(dst[:len(src)], src)
	for i, m := range src {
		if want := one(m); dst[i] != want {
			t.Fatalf("message %d (%d bytes): got %x want %x", i, len(m), dst[i], want)
		}
	}
	if dst[len(src)] != [keccak.Size]byte{9} {
		t.Fatal("HashEach wrote past len(src)")
	}
	if a := testing.AllocsPerRun(20, func() { keccak.HashEach(dst[:len(src)], src) }); a != 0 {
		t.Fatalf("HashEach: %v allocations per call, want 0", a)
	}
	// Only empty messages: no byte to point at.
	empty := [][]byte{nil, {}, nil}
	keccak.HashEach(dst[:3], empty)
	for i := 0; i < 3; i++ {
		if dst[i] != one(nil) {
			t.Fatalf("empty message %d", i)
		}
	}
}

func TestZeroAllocs(t *testing.T) {
	src := make([]byte, 65*64)
	for i := 0; i < 64; i++ {
		src[65*i] = 4
	}
	dst := make([]byte, 32*64)
	for _, n := range []int{1, 64} {
		if a := testing.AllocsPerRun(100, func() { keccak.Hash256(dst, src, n, 64) }); a != 0 {
			t.Errorf("Hash256 n=%d: %v allocations per call", n, a)
		}
		if a := testing.AllocsPerRun(100, func() { _ = keccak.EthAddress(dst, src, n, 65) }); a != 0 {
			t.Errorf("EthAddress n=%d: %v allocations per call", n, a)
		}
	}
}

func TestConcurrent(t *testing.T) {
	const goroutines = 64
	rng := rand.New(rand.NewSource(19))
	srcs := make([][]byte, goroutines)
	wants := make([][]byte, goroutines)
	for g := range srcs {
		n := 50 + g
		srcs[g] = make([]byte, 64*n)
		rng.Read(srcs[g])
		wants[g] = make([]byte, 32*n)
		for i := 0; i < n; i++ {
			d := one(srcs[g][64*i : 64*i+64])
			copy(wants[g][32*i:], d[:])
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
			each := make([][]byte, len(dst)/32)
			for i := range each {
				each[i] = srcs[g][64*i : 64*i+64]
			}
			eachDst := make([][keccak.Size]byte, len(each))
			for it := 0; it < 30; it++ {
				keccak.Hash256(dst, srcs[g], len(dst)/32, 64)
				keccak.HashEach(eachDst, each)
				ok := bytes.Equal(dst, wants[g])
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

func ExampleEthAddress() {
	// The uncompressed public keys (0x04||X||Y) of private keys 1 and 2.
	keys := "0479be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798" +
		"483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8" +
		"04c6047f9441ed7d6d3045406e95c07cd85c778e4b8cef3ca7abac09b95c709ee5" +
		"1ae168fea63dc339a3c58419466ceaeef7f632653266d0e1236431a950cfe52a"
	src, _ := hex.DecodeString(keys)
	dst := make([]byte, 2*keccak.AddressSize)
	if err := keccak.EthAddress(dst, src, 2, 65); err != nil {
		panic(err)
	}
	fmt.Printf("0x%x\n0x%x\n", dst[:20], dst[20:])
	// Output:
	// 0x7e5f4552091a69125d5dfcb7b8c2659029395bdf
	// 0x2b5ad5c4795c026514f8317c7a215e218dccd6cf
}

func ExampleHashEach() {
	src := [][]byte{nil, []byte("abc")}
	dst := make([][keccak.Size]byte, len(src))
	keccak.HashEach(dst, src)
	for _, d := range dst {
		fmt.Printf("%x\n", d)
	}
	// Output:
	// c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470
	// 4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45
}

// BenchmarkHash256 measures Keccak-256 of 64-byte messages, n per call.
func BenchmarkHash256(b *testing.B) {
	for _, n := range []int{1, 64, 4096} {
		b.Run(fmt.Sprintf("width=64/n=%d", n), func(b *testing.B) {
			src := make([]byte, 64*n)
			rand.New(rand.NewSource(20)).Read(src)
			dst := make([]byte, 32*n)
			b.SetBytes(int64(64 * n))
			b.ReportAllocs()
			b.ResetTimer()
			start := time.Now()
			for i := 0; i < b.N; i++ {
				keccak.Hash256(dst, src, n, 64)
			}
			b.ReportMetric(float64(time.Since(start).Nanoseconds())/float64(b.N)/float64(n), "ns/msg")
		})
	}
}
