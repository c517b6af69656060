package bitcoin_test

import (
	"fmt"
	"math/rand"
	"testing"
	"time"

	"github.com/ripemd160mb/ripemd160mb/go/bitcoin"
)

// perMessage reports the time per message of a benchmark that hashes n
// messages per iteration.
func perMessage(b *testing.B, start time.Time, n int) {
	b.ReportMetric(float64(time.Since(start).Nanoseconds())/float64(b.N)/float64(n), "ns/msg")
}

// BenchmarkSHA256D measures SHA256D at width 64 (merkle nodes), 80 (block
// headers) and 32, n messages per call. Run it with -cpu 1 (GOMAXPROCS=1):
// at n = 1 the time is mostly the cgo call.
func BenchmarkSHA256D(b *testing.B) {
	for _, w := range []int{64, 80, 32} {
		for _, n := range []int{1, 64, 4096} {
			b.Run(fmt.Sprintf("width=%d/n=%d", w, n), func(b *testing.B) {
				src := make([]byte, w*n)
				rand.New(rand.NewSource(41)).Read(src)
				dst := make([]byte, bitcoin.Size*n)
				b.SetBytes(int64(w * n))
				b.ReportAllocs()
				b.ResetTimer()
				start := time.Now()
				for i := 0; i < b.N; i++ {
					bitcoin.SHA256D(dst, src, n, w)
				}
				perMessage(b, start, n)
			})
		}
	}
}

// BenchmarkSHA256DEach is SHA256DEach over 2048 separate messages of 250
// bytes (a typical transaction's size: txids) and of 64 bytes, one cgo call
// per batch.
func BenchmarkSHA256DEach(b *testing.B) {
	const n = 2048
	for _, size := range []int{250, 64} {
		b.Run(fmt.Sprintf("len=%d", size), func(b *testing.B) {
			buf := make([]byte, size*n)
			rand.New(rand.NewSource(42)).Read(buf)
			src := make([][]byte, n)
			for i := range src {
				src[i] = buf[size*i : size*i+size]
			}
			dst := make([][bitcoin.Size]byte, n)
			b.SetBytes(int64(size * n))
			b.ReportAllocs()
			b.ResetTimer()
			start := time.Now()
			for i := 0; i < b.N; i++ {
				bitcoin.SHA256DEach(dst, src)
			}
			perMessage(b, start, n)
		})
	}
}

// BenchmarkMerkleRoot measures MerkleRoot of n leaves; ns/msg is per leaf
// (a tree of n leaves hashes about n 64-byte nodes).
func BenchmarkMerkleRoot(b *testing.B) {
	for _, n := range []int{2, 64, 4096} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			leaves := make([][bitcoin.Size]byte, n)
			rng := rand.New(rand.NewSource(43))
			for i := range leaves {
				rng.Read(leaves[i][:])
			}
			b.SetBytes(int64(bitcoin.Size * n))
			b.ReportAllocs()
			b.ResetTimer()
			start := time.Now()
			for i := 0; i < b.N; i++ {
				bitcoin.MerkleRoot(leaves)
			}
			perMessage(b, start, n)
		})
	}
}
