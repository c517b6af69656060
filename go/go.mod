module github.com/ripemd160mb/ripemd160mb/go

go 1.19
