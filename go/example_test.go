package ripemd160mb_test

import (
	"crypto/sha256"
	"fmt"
	"io"

	ripemd160mb "github.com/ripemd160mb/ripemd160mb/go"
)

func ExampleHash32() {
	// n SHA-256 digests, contiguous: message i is src[i*32:(i+1)*32].
	const n = 3
	src := make([]byte, 0, n*32)
	for _, s := range []string{"a", "b", "c"} {
		d := sha256.Sum256([]byte(s))
		src = append(src, d[:]...)
	}
	dst := make([]byte, n*ripemd160mb.Size)
	ripemd160mb.Hash32(dst, src, n)
	for i := 0; i < n; i++ {
		fmt.Printf("%x\n", dst[i*ripemd160mb.Size:(i+1)*ripemd160mb.Size])
	}
	// Output:
	// 994355199e516ff76c4fa4aab39337b9d84cf12b
	// 0f4d7845db968f2a81b530b6f3c1d6246d4c7e01
	// dccafab9536343713ef4b9a1d443a1b6ca8c8dd1
}

func ExampleHashEach() {
	src := [][]byte{[]byte(""), []byte("abc"), []byte("message digest")}
	dst := make([][ripemd160mb.Size]byte, len(src))
	ripemd160mb.HashEach(dst, src)
	for _, d := range dst {
		fmt.Printf("%x\n", d)
	}
	// Output:
	// 9c1185a5c5e9fc54612808977ee8f548b2258d31
	// 8eb208f7e05d987a9b044a8e98c6b087f15a0bfc
	// 5d0689ef49d2fae572b881b123a85ffa21595f36
}

func ExampleNew() {
	h := ripemd160mb.New()
	io.WriteString(h, "message ")
	fmt.Printf("%x\n", h.Sum(nil)) // the digest so far; h is unchanged
	io.WriteString(h, "digest")
	fmt.Printf("%x\n", h.Sum(nil))
	// Output:
	// 08dde2838fd1f95da4998ddeaf1c1a77c1cd29ff
	// 5d0689ef49d2fae572b881b123a85ffa21595f36
}

func ExampleSum() {
	fmt.Printf("%x\n", ripemd160mb.Sum([]byte("abc")))
	// Output: 8eb208f7e05d987a9b044a8e98c6b087f15a0bfc
}

func ExampleLanes() {
	// Batches of a multiple of Lanes() waste no SIMD lanes.
	lanes := ripemd160mb.Lanes()
	batch := (1000 + lanes - 1) / lanes * lanes
	fmt.Println(lanes >= 1, batch%lanes == 0, batch >= 1000)
	// Output: true true true
}

func ExampleBackend() {
	name := ripemd160mb.Backend()
	for _, b := range ripemd160mb.Backends() {
		if b.Name == name && b.Supported {
			fmt.Println("known backend")
			return
		}
	}
	fmt.Println("unknown backend", name)
	// Output: known backend
}

func ExampleBackends() {
	// Slowest first: the first is the portable scalar backend, and the last
	// one this CPU supports is the one "auto", the default, picks.
	backends := ripemd160mb.Backends()
	var fastest ripemd160mb.BackendInfo
	for _, b := range backends {
		if b.Supported {
			fastest = b
		}
	}
	fmt.Println(backends[0].Name, backends[0].Lanes)
	fmt.Println(fastest.Supported, fastest.Lanes >= backends[0].Lanes)
	// Output:
	// scalar 1
	// true true
}

func ExampleVersion() {
	var major, minor, patch int
	_, err := fmt.Sscanf(ripemd160mb.Version(), "%d.%d.%d", &major, &minor, &patch)
	fmt.Println(err == nil)
	// Output: true
}
