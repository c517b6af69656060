package xcryptotest

import (
	"bytes"
	"math/rand"
	"testing"

	"github.com/ripemd160mb/ripemd160mb/go/keccak"
	"golang.org/x/crypto/sha3"
)

func refKeccak(m []byte) []byte {
	h := sha3.NewLegacyKeccak256()
	h.Write(m)
	return h.Sum(nil)
}

// TestKeccakHash256: every width 0..300 (the 136-byte rate and twice it
// included) at counts around the lanes of every backend, against x/crypto's
// legacy Keccak-256.
func TestKeccakHash256(t *testing.T) {
	rng := rand.New(rand.NewSource(21))
	for w := 0; w <= 300; w++ {
		for _, n := range []int{1, 3, 8, 17} {
			src := make([]byte, w*n)
			rng.Read(src)
			dst := make([]byte, keccak.Size*n)
			keccak.Hash256(dst, src, n, w)
			for i := 0; i < n; i++ {
				if want := refKeccak(src[w*i : w*i+w]); !bytes.Equal(dst[32*i:32*i+32], want) {
					t.Fatalf("Hash256 width %d n %d message %d: got %x want %x", w, n, i, dst[32*i:32*i+32], want)
				}
			}
		}
	}
}

// TestKeccakHashEach: 1000 random messages of 0..700 bytes in one call.
func TestKeccakHashEach(t *testing.T) {
	rng := rand.New(rand.NewSource(22))
	src := make([][]byte, 1000)
	for i := range src {
		src[i] = make([]byte, rng.Intn(701))
		rng.Read(src[i])
	}
	dst := make([][keccak.Size]byte, len(src))
	keccak.HashEach(dst, src)
	for i, m := range src {
		if want := refKeccak(m); !bytes.Equal(dst[i][:], want) {
			t.Fatalf("HashEach message %d (%d bytes): got %x want %x", i, len(m), dst[i], want)
		}
	}
}

// TestEthAddress: random 64- and 65-byte "keys" (the function hashes any
// bytes; it checks only the 0x04 prefix), addresses = the last 20 bytes.
func TestEthAddress(t *testing.T) {
	rng := rand.New(rand.NewSource(23))
	for _, w := range []int{64, 65} {
		for _, n := range []int{1, 2, 9, 100} {
			src := make([]byte, w*n)
			rng.Read(src)
			for i := 0; i < n && w == 65; i++ {
				src[w*i] = 4
			}
			dst := make([]byte, keccak.AddressSize*n)
			if err := keccak.EthAddress(dst, src, n, w); err != nil {
				t.Fatalf("width %d n %d: %v", w, n, err)
			}
			for i := 0; i < n; i++ {
				if want := refKeccak(src[w*i+w-64 : w*i+w])[12:]; !bytes.Equal(dst[20*i:20*i+20], want) {
					t.Fatalf("EthAddress width %d n %d key %d: got %x want %x", w, n, i, dst[20*i:20*i+20], want)
				}
			}
		}
	}
}
