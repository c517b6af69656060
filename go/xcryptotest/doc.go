// Package xcryptotest holds only tests: ripemd160mb against
// golang.org/x/crypto/ripemd160 and crypto/sha256.
package xcryptotest
