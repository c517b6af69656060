// Differential tests against golang.org/x/crypto/ripemd160 and sha3, in a module of
// their own so that the ripemd160mb module itself has no dependencies.
// golang.org/x/crypto comes from Debian's golang-golang-x-crypto-dev: this
// builds offline (GOPROXY=off GOFLAGS=-mod=mod).
module github.com/ripemd160mb/ripemd160mb/go/xcryptotest

go 1.19

require (
	github.com/ripemd160mb/ripemd160mb/go v0.0.0
	golang.org/x/crypto v0.4.0
)

replace github.com/ripemd160mb/ripemd160mb/go => ../

replace golang.org/x/crypto => /usr/share/gocode/src/golang.org/x/crypto
