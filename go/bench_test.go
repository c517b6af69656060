package ripemd160mb_test

import (
	"fmt"
	"math/rand"
	"testing"
	"time"

	ripemd160mb "github.com/ripemd160mb/ripemd160mb/go"
)

// perMessage reports the time per message of a benchmark that hashes n
// messages per iteration.
func perMessage(b *testing.B, start time.Time, n int) {
	b.ReportMetric(float64(time.Since(start).Nanoseconds())/float64(b.N)/float64(n), "ns/msg")
}

// BenchmarkHash32 measures Hash32 at n messages per call. Run it with
// -cpu 1 (GOMAXPROCS=1): at n = 1 the time is mostly the cgo call.
func BenchmarkHash32(b *testing.B) {
	for _, n := range []int{1, 64, 2048} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			src := make([]byte, 32*n)
			rand.New(rand.NewSource(7)).Read(src)
			dst := make([]byte, 20*n)
			b.SetBytes(int64(32 * n))
			b.ReportAllocs()
			b.ResetTimer()
			start := time.Now()
			for i := 0; i < b.N; i++ {
				ripemd160mb.Hash32(dst, src, n)
			}
			perMessage(b, start, n)
		})
	}
}

// BenchmarkSum32 is one 32-byte message per call, for comparison with
// Hash32 at n = 1.
func BenchmarkSum32(b *testing.B) {
	src := make([]byte, 32)
	b.SetBytes(32)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		_ = ripemd160mb.Sum(src)
	}
}

// BenchmarkHashEach is HashEach over 2048 separate messages of 32 bytes and
// of 31 bytes: one cgo call per batch either way (rmd160mb_sum_many; the
// 32-byte ones reach the fixed 32-byte kernel).
func BenchmarkHashEach(b *testing.B) {
	const n = 2048
	for _, size := range []int{32, 31} {
		b.Run(fmt.Sprintf("len=%d", size), func(b *testing.B) {
			buf := make([]byte, size*n)
			rand.New(rand.NewSource(8)).Read(buf)
			src := make([][]byte, n)
			for i := range src {
				src[i] = buf[size*i : size*i+size]
			}
			dst := make([][ripemd160mb.Size]byte, n)
			b.SetBytes(int64(size * n))
			b.ReportAllocs()
			b.ResetTimer()
			start := time.Now()
			for i := 0; i < b.N; i++ {
				ripemd160mb.HashEach(dst, src)
			}
			perMessage(b, start, n)
		})
	}
}

// BenchmarkNew1K streams 1 KiB through New() in one Write.
func BenchmarkNew1K(b *testing.B) {
	m := make([]byte, 1024)
	h := ripemd160mb.New()
	out := make([]byte, 0, ripemd160mb.Size)
	b.SetBytes(int64(len(m)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		h.Reset()
		h.Write(m)
		out = h.Sum(out[:0])
	}
}

// BenchmarkLanes is the cost of one cgo call that does almost nothing: the
// fixed overhead every Hash32 or Hash160_32 call pays once.
func BenchmarkLanes(b *testing.B) {
	for i := 0; i < b.N; i++ {
		_ = ripemd160mb.Lanes()
	}
}
