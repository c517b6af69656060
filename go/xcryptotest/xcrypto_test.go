package xcryptotest

import (
	"bytes"
	"crypto/sha256"
	"math/rand"
	"testing"

	ripemd160mb "github.com/ripemd160mb/ripemd160mb/go"
	"github.com/ripemd160mb/ripemd160mb/go/hash160"
	"golang.org/x/crypto/ripemd160" // deprecated upstream for new designs; the reference here
)

func ref(m []byte) []byte {
	h := ripemd160.New()
	h.Write(m)
	return h.Sum(nil)
}

func TestSumAndNew(t *testing.T) {
	rng := rand.New(rand.NewSource(10))
	for l := 0; l <= 1100; l++ {
		m := make([]byte, l)
		rng.Read(m)
		want := ref(m)
		if got := ripemd160mb.Sum(m); !bytes.Equal(got[:], want) {
			t.Fatalf("Sum, %d bytes: got %x want %x", l, got, want)
		}
		h := ripemd160mb.New()
		for rest := m; len(rest) > 0; {
			k := 1 + rng.Intn(130)
			if k > len(rest) {
				k = len(rest)
			}
			h.Write(rest[:k])
			rest = rest[k:]
		}
		if got := h.Sum(nil); !bytes.Equal(got, want) {
			t.Fatalf("New, %d bytes in random chunks: got %x want %x", l, got, want)
		}
	}
}

func TestHash32(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	for n := 0; n <= 40; n++ {
		for _, extra := range []int{0, 1000 - 40} {
			if extra > 0 && n != 40 {
				continue
			}
			k := n + extra
			src := make([]byte, 32*k)
			rng.Read(src)
			dst := make([]byte, 20*k)
			ripemd160mb.Hash32(dst, src, k)
			for i := 0; i < k; i++ {
				if want := ref(src[32*i : 32*i+32]); !bytes.Equal(dst[20*i:20*i+20], want) {
					t.Fatalf("Hash32 n=%d message %d: got %x want %x", k, i, dst[20*i:20*i+20], want)
				}
			}
		}
	}
}

func TestHashEach(t *testing.T) {
	rng := rand.New(rand.NewSource(12))
	msgs := make([][]byte, 700)
	for i := range msgs {
		l := 32
		if rng.Intn(4) == 0 {
			l = rng.Intn(150)
		}
		msgs[i] = make([]byte, l)
		rng.Read(msgs[i])
	}
	dst := make([][ripemd160mb.Size]byte, len(msgs))
	ripemd160mb.HashEach(dst, msgs)
	for i, m := range msgs {
		if want := ref(m); !bytes.Equal(dst[i][:], want) {
			t.Fatalf("HashEach message %d (%d bytes): got %x want %x", i, len(m), dst[i], want)
		}
	}
}

func TestHash160(t *testing.T) {
	rng := rand.New(rand.NewSource(13))
	for _, width := range []int{0, 1, 20, 32, 33, 55, 56, 64, 65, 119, 120, 200} {
		for _, n := range []int{0, 1, 7, 16, 17, 40, 129} {
			src := make([]byte, width*n)
			rng.Read(src)
			dst := make([]byte, 20*n)
			hash160.Hash160_32(dst, src, n, width)
			for i := 0; i < n; i++ {
				s := sha256.Sum256(src[width*i : width*i+width])
				if want := ref(s[:]); !bytes.Equal(dst[20*i:20*i+20], want) {
					t.Fatalf("Hash160_32 width=%d n=%d message %d: got %x want %x", width, n, i, dst[20*i:20*i+20], want)
				}
			}
		}
	}
}

// BenchmarkXCryptoSum32 is the pure-Go reference on one 32-byte message, for
// comparison with ripemd160mb's BenchmarkHash32 (per message).
func BenchmarkXCryptoSum32(b *testing.B) {
	m := make([]byte, 32)
	out := make([]byte, 0, 20)
	h := ripemd160.New()
	b.SetBytes(32)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		h.Reset()
		h.Write(m)
		out = h.Sum(out[:0])
	}
}
