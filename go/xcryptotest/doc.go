// Package xcryptotest holds only tests: ripemd160mb against
// golang.org/x/crypto/ripemd160 and crypto/sha256, and its keccak package
// against golang.org/x/crypto/sha3's NewLegacyKeccak256.
package xcryptotest
