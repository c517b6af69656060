// Command compat is a program written against the API of the pure-Go
// ripemd160mb library (github.com/davidzita/ripemd160mb). To build it against
// this cgo package, only the two import paths below were changed:
//
//	"github.com/davidzita/ripemd160mb"         -> "github.com/ripemd160mb/ripemd160mb/go"
//	"github.com/davidzita/ripemd160mb/hash160" -> "github.com/ripemd160mb/ripemd160mb/go/hash160"
//
// (The package name is ripemd160mb in both, so no identifier changes.)
// main_test.go checks that it uses every function of that API and nothing
// else from these packages.
//
// It reads hex messages, one per line, from standard input. With -mode
// hash160 (the default) it prints HASH160 of each message, batching runs of
// equal width through hash160.Hash160_32 and cross-checking them through
// SHA-256 + Hash32; with -mode ripemd160 it prints RIPEMD-160 of each
// message (HashEach, cross-checked with Sum). With -total it also prints the
// RIPEMD-160 of all messages concatenated, streamed through New().
package main

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/ripemd160mb/ripemd160mb/go"
	"github.com/ripemd160mb/ripemd160mb/go/hash160"
)

func main() {
	mode := flag.String("mode", "hash160", "hash160 or ripemd160")
	total := flag.Bool("total", false, "also print RIPEMD-160 of all messages concatenated")
	verbose := flag.Bool("v", false, "print the backend to standard error")
	flag.Parse()
	if *verbose {
		fmt.Fprintf(os.Stderr, "backend %s, %d lanes\n", ripemd160mb.Backend(), ripemd160mb.Lanes())
	}
	if err := run(os.Stdin, os.Stdout, *mode, *total); err != nil {
		fmt.Fprintln(os.Stderr, "compat:", err)
		os.Exit(1)
	}
}

func readMessages(in io.Reader) ([][]byte, error) {
	var msgs [][]byte
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<16), 1<<24)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		m, err := hex.DecodeString(line)
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", len(msgs)+1, err)
		}
		msgs = append(msgs, m)
	}
	return msgs, sc.Err()
}

// hash160All computes HASH160 of every message, one batch call per run of
// equal-width messages, and checks each batch against SHA-256 + Hash32.
func hash160All(msgs [][]byte) ([][ripemd160mb.Size]byte, error) {
	out := make([][ripemd160mb.Size]byte, len(msgs))
	for i := 0; i < len(msgs); {
		width := len(msgs[i])
		j := i
		for j < len(msgs) && len(msgs[j]) == width {
			j++
		}
		n := j - i
		src := make([]byte, 0, n*width)
		sha := make([]byte, 0, n*32)
		for _, m := range msgs[i:j] {
			src = append(src, m...)
			s := sha256.Sum256(m)
			sha = append(sha, s[:]...)
		}
		dst := make([]byte, n*ripemd160mb.Size)
		hash160.Hash160_32(dst, src, n, width)
		check := make([]byte, n*ripemd160mb.Size)
		ripemd160mb.Hash32(check, sha, n)
		if !bytes.Equal(dst, check) {
			return nil, errors.New("Hash160_32 and SHA-256 + Hash32 disagree")
		}
		for k := 0; k < n; k++ {
			copy(out[i+k][:], dst[k*ripemd160mb.Size:])
		}
		i = j
	}
	return out, nil
}

// ripemd160All computes RIPEMD-160 of every message with HashEach and checks
// it against Sum.
func ripemd160All(msgs [][]byte) ([][ripemd160mb.Size]byte, error) {
	out := make([][ripemd160mb.Size]byte, len(msgs))
	ripemd160mb.HashEach(out, msgs)
	for i, m := range msgs {
		if ripemd160mb.Sum(m) != out[i] {
			return nil, fmt.Errorf("message %d: HashEach and Sum disagree", i)
		}
	}
	return out, nil
}

func run(in io.Reader, w io.Writer, mode string, total bool) error {
	msgs, err := readMessages(in)
	if err != nil {
		return err
	}
	var digests [][ripemd160mb.Size]byte
	switch mode {
	case "hash160":
		digests, err = hash160All(msgs)
	case "ripemd160":
		digests, err = ripemd160All(msgs)
	default:
		err = fmt.Errorf("unknown mode %q", mode)
	}
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	for _, d := range digests {
		fmt.Fprintf(bw, "%x\n", d)
	}
	if total {
		h := ripemd160mb.New()
		if h.Size() != ripemd160mb.Size || h.BlockSize() != ripemd160mb.BlockSize {
			return errors.New("hash.Hash sizes differ from the constants")
		}
		for _, m := range msgs {
			h.Write(m)
		}
		fmt.Fprintf(bw, "total %x\n", h.Sum(nil))
		h.Reset()
	}
	return bw.Flush()
}
