package ripemd160mb_test

import (
	"bytes"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"

	ripemd160mb "github.com/ripemd160mb/ripemd160mb/go"
	"github.com/ripemd160mb/ripemd160mb/go/internal/testvec"
)

// forEachBackend runs f once per backend this CPU and build support (of
// those the library lists, ripemd160mb.Backends), with the process-wide
// backend switched to it, and restores "auto" afterwards. A backend the CPU
// lacks is reported, not hidden.
func forEachBackend(t *testing.T, f func(t *testing.T, b ripemd160mb.BackendInfo)) {
	t.Helper()
	defer ripemd160mb.SetBackend("auto")
	ran := 0
	for _, b := range ripemd160mb.Backends() {
		b := b
		ok := ripemd160mb.SetBackend(b.Name)
		if ok != b.Supported {
			t.Fatalf("switching to %s: %v, but Backends() says Supported = %v", b.Name, ok, b.Supported)
		}
		if !ok {
			t.Logf("NOTICE: backend %s skipped: not supported by this build or CPU", b.Name)
			continue
		}
		if got := ripemd160mb.Backend(); got != b.Name {
			t.Fatalf("after switching to %s, Backend() = %s", b.Name, got)
		}
		ran++
		t.Run(b.Name, func(t *testing.T) { f(t, b) })
	}
	if ran == 0 {
		t.Fatal("no backend could be selected")
	}
}

func TestVectorsHash32(t *testing.T) {
	rows := testvec.Rows(t, "hash32.tsv")
	src := make([]byte, 0, 32*len(rows))
	want := make([]byte, 0, ripemd160mb.Size*len(rows))
	for _, r := range rows {
		m := testvec.Unhex(t, r[0])
		if len(m) != 32 {
			t.Fatalf("hash32.tsv: message of %d bytes", len(m))
		}
		src = append(src, m...)
		d := testvec.Unhex20(t, r[1])
		want = append(want, d[:]...)
	}
	forEachBackend(t, func(t *testing.T, _ ripemd160mb.BackendInfo) {
		dst := make([]byte, len(want))
		ripemd160mb.Hash32(dst, src, len(rows))
		if !bytes.Equal(dst, want) {
			for i := range rows {
				if !bytes.Equal(dst[20*i:20*i+20], want[20*i:20*i+20]) {
					t.Fatalf("hash32.tsv row %d: got %x want %x", i, dst[20*i:20*i+20], want[20*i:20*i+20])
				}
			}
		}
	})
	for i, r := range rows {
		if got := ripemd160mb.Sum(src[32*i : 32*i+32]); !bytes.Equal(got[:], want[20*i:20*i+20]) {
			t.Fatalf("Sum of hash32.tsv row %d (%s): got %x want %s", i, r[0], got, r[1])
		}
	}
}

// streamed hashes m through New() in chunks of the given size.
func streamed(m []byte, chunk int) []byte {
	h := ripemd160mb.New()
	for len(m) > 0 {
		k := chunk
		if k > len(m) {
			k = len(m)
		}
		n, err := h.Write(m[:k])
		if n != k || err != nil {
			panic(fmt.Sprintf("Write returned %d, %v", n, err))
		}
		m = m[k:]
	}
	return h.Sum(nil)
}

func TestVectorsKnown(t *testing.T) {
	rows := testvec.Rows(t, "ripemd160-known.tsv")
	msgs := make([][]byte, len(rows))
	wants := make([][ripemd160mb.Size]byte, len(rows))
	for i, r := range rows {
		msgs[i] = testvec.KnownMessage(r[0])
		wants[i] = testvec.Unhex20(t, r[1])
		if got := ripemd160mb.Sum(msgs[i]); got != wants[i] {
			t.Errorf("Sum(%.20q): got %x want %x", r[0], got, wants[i])
		}
		for _, chunk := range []int{1, 3, 63, 64, 65, 1000, 1 << 20} {
			if len(msgs[i]) > 100000 && chunk < 1000 {
				continue
			}
			if got := streamed(msgs[i], chunk); !bytes.Equal(got, wants[i][:]) {
				t.Errorf("New() in chunks of %d, %.20q: got %x want %x", chunk, r[0], got, wants[i])
			}
		}
	}
	dst := make([][ripemd160mb.Size]byte, len(rows))
	ripemd160mb.HashEach(dst, msgs)
	for i := range dst {
		if dst[i] != wants[i] {
			t.Errorf("HashEach[%d]: got %x want %x", i, dst[i], wants[i])
		}
	}
}

func TestVectorsLengths(t *testing.T) {
	rows := testvec.Rows(t, "ripemd160-lengths.tsv")
	msgs := make([][]byte, len(rows))
	wants := make([][ripemd160mb.Size]byte, len(rows))
	for i, r := range rows {
		l, err := strconv.Atoi(r[0])
		if err != nil {
			t.Fatal(err)
		}
		msgs[i] = testvec.LengthMessage(l)
		wants[i] = testvec.Unhex20(t, r[1])
		if got := ripemd160mb.Sum(msgs[i]); got != wants[i] {
			t.Errorf("Sum(m_%d): got %x want %x", l, got, wants[i])
		}
		// Split the message at every position: two writes.
		for cut := 0; cut <= l; cut++ {
			h := ripemd160mb.New()
			h.Write(msgs[i][:cut])
			h.Write(msgs[i][cut:])
			if got := h.Sum(nil); !bytes.Equal(got, wants[i][:]) {
				t.Fatalf("New() m_%d cut at %d: got %x want %x", l, cut, got, wants[i])
			}
		}
	}
	dst := make([][ripemd160mb.Size]byte, len(rows))
	ripemd160mb.HashEach(dst, msgs)
	for i := range dst {
		if dst[i] != wants[i] {
			t.Errorf("HashEach m_%s: got %x want %x", rows[i][0], dst[i], wants[i])
		}
	}
}

// TestHash32Lanes checks every count 0..40 and around multiples of the lane
// count on every backend against the one-shot Sum, with guard bytes after
// the output and an unmodified input.
func TestHash32Lanes(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	const guard = 7
	forEachBackend(t, func(t *testing.T, b ripemd160mb.BackendInfo) {
		lanes := b.Lanes
		if got := ripemd160mb.Lanes(); got != lanes {
			t.Fatalf("Lanes() = %d on %s, want %d", got, b.Name, lanes)
		}
		counts := []int{}
		for n := 0; n <= 40; n++ {
			counts = append(counts, n)
		}
		counts = append(counts, 2*lanes+3, 63, 64, 65, 127, 128, 129, 1000)
		for _, n := range counts {
			src := make([]byte, 32*n)
			rng.Read(src)
			orig := append([]byte(nil), src...)
			dst := make([]byte, 20*n+guard)
			for i := range dst {
				dst[i] = 0xA5
			}
			ripemd160mb.Hash32(dst, src, n)
			for i := 0; i < n; i++ {
				want := ripemd160mb.Sum(src[32*i : 32*i+32])
				if !bytes.Equal(dst[20*i:20*i+20], want[:]) {
					t.Fatalf("n=%d lane %d: got %x want %x", n, i, dst[20*i:20*i+20], want)
				}
			}
			for i := 20 * n; i < len(dst); i++ {
				if dst[i] != 0xA5 {
					t.Fatalf("n=%d: byte %d past the output was written", n, i)
				}
			}
			if !bytes.Equal(src, orig) {
				t.Fatalf("n=%d: src was modified", n)
			}
			// Misaligned buffers: one byte off.
			src1 := append([]byte{0}, src...)[1:]
			dst1 := make([]byte, 20*n+1)[1:]
			ripemd160mb.Hash32(dst1, src1, n)
			if !bytes.Equal(dst1, dst[:20*n]) {
				t.Fatalf("n=%d: misaligned buffers give a different result", n)
			}
			// In place.
			buf := append([]byte(nil), src...)
			ripemd160mb.Hash32(buf, buf, n)
			if !bytes.Equal(buf[:20*n], dst[:20*n]) {
				t.Fatalf("n=%d: in place gives a different result", n)
			}
		}
	})
}

// TestHashEachMixed: runs of 32-byte messages (gathered into batch calls,
// across the gather chunk size) interleaved with other lengths, on every
// backend, against the one-shot Sum.
func TestHashEachMixed(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	var msgs [][]byte
	for _, run := range []int{1, 0, 2, 3, 17, 255, 256, 257, 600, 1} {
		for i := 0; i < run; i++ {
			m := make([]byte, 32)
			rng.Read(m)
			msgs = append(msgs, m)
		}
		other := make([]byte, rng.Intn(200))
		if len(other) == 32 {
			other = other[:31]
		}
		rng.Read(other)
		msgs = append(msgs, other)
	}
	// A run of 32-byte slices of one buffer, overlapping one another.
	big := make([]byte, 600)
	rng.Read(big)
	for i := 0; i+32 <= len(big); i += 5 {
		msgs = append(msgs, big[i:i+32])
	}
	forEachBackend(t, func(t *testing.T, _ ripemd160mb.BackendInfo) {
		dst := make([][ripemd160mb.Size]byte, len(msgs)+1)
		dst[len(msgs)] = [20]byte{1, 2, 3}
		ripemd160mb.HashEach(dst[:len(msgs)], msgs)
		for i, m := range msgs {
			if want := ripemd160mb.Sum(m); dst[i] != want {
				t.Fatalf("HashEach message %d (%d bytes): got %x want %x", i, len(m), dst[i], want)
			}
		}
		if dst[len(msgs)] != [20]byte{1, 2, 3} {
			t.Fatal("HashEach wrote past len(src)")
		}
	})
}

// TestHash32LongerBuffers: only the first n messages are read and only n
// digests written, whatever the slices' lengths.
func TestHash32LongerBuffers(t *testing.T) {
	src := make([]byte, 32*10+5)
	rand.New(rand.NewSource(2)).Read(src)
	dst := bytes.Repeat([]byte{0xEE}, 20*10+3)
	ripemd160mb.Hash32(dst, src, 4)
	for i := 0; i < 4; i++ {
		want := ripemd160mb.Sum(src[32*i : 32*i+32])
		if !bytes.Equal(dst[20*i:20*i+20], want[:]) {
			t.Fatalf("digest %d wrong", i)
		}
	}
	if !bytes.Equal(dst[80:], bytes.Repeat([]byte{0xEE}, len(dst)-80)) {
		t.Fatal("Hash32 wrote past n*Size")
	}
}

// mustPanic runs f and returns the panic message; it fails if f returns.
func mustPanic(t *testing.T, name string, f func()) (msg string) {
	t.Helper()
	defer func() {
		r := recover()
		if r == nil {
			t.Errorf("%s: did not panic", name)
			return
		}
		msg = fmt.Sprint(r)
	}()
	f()
	return ""
}

// TestPanics: the panic values are those of the Go library
// (github.com/Asylian21/ripemd160-asm), exactly, for the same misuse.
func TestPanics(t *testing.T) {
	b := make([]byte, 32*4)
	cases := []struct {
		name string
		f    func()
		want string
	}{
		{"Hash32 n<0", func() { ripemd160mb.Hash32(b, b, -1) }, "ripemd160mb: negative message count"},
		{"Hash32 n<0 nil", func() { ripemd160mb.Hash32(nil, nil, -1) }, "ripemd160mb: negative message count"},
		{"Hash32 short src", func() { ripemd160mb.Hash32(make([]byte, 100), b[:32*3+31], 4) }, "ripemd160mb: src too short for 4 32-byte messages"},
		{"Hash32 nil src", func() { ripemd160mb.Hash32(make([]byte, 100), nil, 1) }, "ripemd160mb: src too short for 1 32-byte messages"},
		{"Hash32 short dst", func() { ripemd160mb.Hash32(make([]byte, 79), b, 4) }, "ripemd160mb: dst too short for 4 RIPEMD-160 digests"},
		{"Hash32 short both", func() { ripemd160mb.Hash32(nil, nil, 2) }, "ripemd160mb: src too short for 2 32-byte messages"},
		{"Hash32 huge n", func() { ripemd160mb.Hash32(b, b, int(^uint(0)>>1)) }, "ripemd160mb: src too short for " + strconv.Itoa(int(^uint(0)>>1)) + " 32-byte messages"},
		{"HashEach lengths", func() { ripemd160mb.HashEach(make([][20]byte, 2), make([][]byte, 3)) }, "ripemd160mb: len(dst) must equal len(src)"},
		{"HashEach nil dst", func() { ripemd160mb.HashEach(nil, make([][]byte, 1)) }, "ripemd160mb: len(dst) must equal len(src)"},
		// Not reachable through the API (every argument is checked in Go
		// first): the message for a status the library should never return.
		{"status", func() { ripemd160mb.PanicStatus("Hash32", -1) }, "ripemd160mb: Hash32: "},
	}
	for _, c := range cases {
		msg := mustPanic(t, c.name, c.f)
		if c.name == "status" {
			if !strings.HasPrefix(msg, c.want) || !strings.HasSuffix(msg, " (status -1)") || len(msg) < len(c.want)+20 {
				t.Errorf("%s: panic %q", c.name, msg)
			}
		} else if msg != c.want {
			t.Errorf("%s: panic %q, want %q", c.name, msg, c.want)
		}
	}
	// n == 0 is a no-op that accepts nil slices.
	ripemd160mb.Hash32(nil, nil, 0)
	ripemd160mb.HashEach(nil, nil)
}

// TestHash32Overlap: any overlap of dst and src gives the digests of the
// messages as they were before the call (the Go library gives these too
// where its sequential loop does not overwrite a message before reading it).
func TestHash32Overlap(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	forEachBackend(t, func(t *testing.T, _ ripemd160mb.BackendInfo) {
		for _, n := range []int{1, 2, 7, 17, 40} {
			for _, shift := range []int{-40, -33, -20, -1, 1, 5, 20, 31, 32, 64} {
				if shift > 0 && shift >= 32*n || shift < 0 && -shift >= 20*n {
					continue // no overlap
				}
				const pad = 64
				buf := make([]byte, pad+32*n+pad)
				rng.Read(buf)
				src := buf[pad : pad+32*n]
				want := make([]byte, 20*n)
				for i := 0; i < n; i++ {
					d := ripemd160mb.Sum(src[32*i : 32*i+32])
					copy(want[20*i:], d[:])
				}
				dst := buf[pad+shift : pad+shift+20*n]
				ripemd160mb.Hash32(dst, src, n)
				if !bytes.Equal(dst, want) {
					t.Fatalf("n=%d, dst = src shifted by %d: wrong digests", n, shift)
				}
			}
		}
	})
}

func TestZeroAllocs(t *testing.T) {
	const n = 64
	src := make([]byte, 32*n)
	dst := make([]byte, 20*n)
	if a := testing.AllocsPerRun(100, func() { ripemd160mb.Hash32(dst, src, n) }); a != 0 {
		t.Errorf("Hash32: %v allocations per call", a)
	}
	if a := testing.AllocsPerRun(100, func() { ripemd160mb.Hash32(dst, src, 1) }); a != 0 {
		t.Errorf("Hash32 n=1: %v allocations per call", a)
	}
	var sink [20]byte
	if a := testing.AllocsPerRun(100, func() { sink = ripemd160mb.Sum(src) }); a != 0 {
		t.Errorf("Sum: %v allocations per call", a)
	}
	_ = sink
	h := ripemd160mb.New()
	out := make([]byte, 0, 20)
	if a := testing.AllocsPerRun(100, func() { h.Write(src); out = h.Sum(out[:0]) }); a != 0 {
		t.Errorf("New().Write+Sum: %v allocations per call", a)
	}
	each := make([][20]byte, 8)
	msgs := make([][]byte, 8)
	for i := range msgs {
		msgs[i] = src[:i*11] // includes no 32-byte message
	}
	if a := testing.AllocsPerRun(100, func() { ripemd160mb.HashEach(each, msgs) }); a != 0 {
		t.Errorf("HashEach: %v allocations per call", a)
	}
	for i := range msgs {
		msgs[i] = src[32*i : 32*i+32] // gathered through the pooled buffer
	}
	if a := testing.AllocsPerRun(100, func() { ripemd160mb.HashEach(each, msgs) }); a != 0 {
		t.Errorf("HashEach of 32-byte messages: %v allocations per call", a)
	}
}

func TestHashInterface(t *testing.T) {
	h := ripemd160mb.New()
	if h.Size() != ripemd160mb.Size || h.BlockSize() != ripemd160mb.BlockSize {
		t.Fatalf("Size() = %d, BlockSize() = %d", h.Size(), h.BlockSize())
	}
	if ripemd160mb.Size != 20 || ripemd160mb.BlockSize != 64 {
		t.Fatal("Size/BlockSize constants")
	}
	m := testvec.LengthMessage(200)
	h.Write(m[:70])
	s1 := h.Sum([]byte("prefix"))
	s2 := h.Sum(nil)
	p := ripemd160mb.Sum(m[:70])
	if string(s1) != "prefix"+string(p[:]) || !bytes.Equal(s2, p[:]) {
		t.Fatalf("Sum of a prefix: %x / %x, want %x", s1, s2, p)
	}
	// Sum did not change the state: writing continues the same message.
	h.Write(m[70:])
	full := ripemd160mb.Sum(m)
	if got := h.Sum(nil); !bytes.Equal(got, full[:]) {
		t.Fatalf("Write after Sum: got %x want %x", got, full)
	}
	h.Reset()
	empty := ripemd160mb.Sum(nil)
	if got := h.Sum(nil); !bytes.Equal(got, empty[:]) {
		t.Fatalf("after Reset: got %x want %x", got, empty)
	}
	h.Write(nil)
	h.Write([]byte{})
	if got := h.Sum(nil); !bytes.Equal(got, empty[:]) {
		t.Fatalf("empty writes: got %x want %x", got, empty)
	}
}

func TestBackendLanes(t *testing.T) {
	name := ripemd160mb.Backend()
	lanes, ok := 0, false
	for _, b := range ripemd160mb.Backends() {
		if b.Name == name {
			lanes, ok = b.Lanes, true
		}
	}
	if !ok {
		t.Fatalf("Backend() = %q: not in Backends()", name)
	}
	if got := ripemd160mb.Lanes(); got != lanes {
		t.Fatalf("Lanes() = %d with backend %s, want %d", got, name, lanes)
	}
	if v := ripemd160mb.Version(); strings.Count(v, ".") != 2 {
		t.Fatalf("Version() = %q", v)
	}
	t.Logf("backend %s, %d lanes, library %s", name, lanes, ripemd160mb.Version())
}

// TestBackends checks Backends against the library itself: scalar first
// (1 lane, supported everywhere), names unique, every Supported backend
// selectable with Lanes() equal to its Lanes, no other one selectable and
// none of those with a SHA-256 kernel, the current backend listed and
// Supported, and "auto" the last Supported one.
func TestBackends(t *testing.T) {
	current := ripemd160mb.Backend()
	defer ripemd160mb.SetBackend(current)
	bs := ripemd160mb.Backends()
	if len(bs) == 0 {
		t.Fatal("Backends() is empty")
	}
	if b := bs[0]; b.Name != "scalar" || b.Lanes != 1 || !b.Supported || !b.Compiled {
		t.Fatalf("Backends()[0] = %+v, want scalar, 1 lane, compiled and supported", b)
	}
	seen := map[string]bool{}
	last := ""
	for _, b := range bs {
		t.Logf("backend %+v", b)
		if b.Name == "" || seen[b.Name] {
			t.Errorf("backend name %q empty or listed twice", b.Name)
		}
		seen[b.Name] = true
		if b.Lanes < 1 || b.KeccakLanes < 1 {
			t.Errorf("%s: Lanes %d, KeccakLanes %d: want at least 1", b.Name, b.Lanes, b.KeccakLanes)
		}
		if b.Supported && !b.Compiled {
			t.Errorf("%s: supported but not compiled", b.Name)
		}
		if b.Supported != (b.SHA256Kernel != "") {
			t.Errorf("%s: Supported %v with SHA256Kernel %q (empty exactly when unsupported)", b.Name, b.Supported, b.SHA256Kernel)
		}
		if ok := ripemd160mb.SetBackend(b.Name); ok != b.Supported {
			t.Errorf("%s: selecting it gave %v, Supported is %v", b.Name, ok, b.Supported)
			continue
		}
		if !b.Supported {
			continue
		}
		last = b.Name
		if got := ripemd160mb.Backend(); got != b.Name {
			t.Errorf("after selecting %s, Backend() = %s", b.Name, got)
		}
		if got := ripemd160mb.Lanes(); got != b.Lanes {
			t.Errorf("%s: Lanes() = %d, Backends() says %d", b.Name, got, b.Lanes)
		}
	}
	if !seen[current] {
		t.Errorf("the current backend %q is not in Backends()", current)
	}
	for _, b := range bs {
		if b.Name == current && !b.Supported {
			t.Errorf("the current backend %q is not Supported in Backends()", current)
		}
	}
	if !ripemd160mb.SetBackend("auto") {
		t.Fatal("auto refused")
	}
	if got := ripemd160mb.Backend(); got != last {
		t.Errorf(`"auto" picked %s, the last supported backend is %s`, got, last)
	}
	// A new slice every time, with the same contents.
	again := ripemd160mb.Backends()
	if len(again) != len(bs) {
		t.Fatalf("Backends() changed length: %d then %d", len(bs), len(again))
	}
	again[0].Name = "changed"
	for i, b := range ripemd160mb.Backends() {
		if b != bs[i] {
			t.Errorf("Backends()[%d] = %+v, then %+v", i, bs[i], b)
		}
	}
}

// TestConcurrent hashes from many goroutines at once, each with its own
// data, and compares with results computed beforehand.
func TestConcurrent(t *testing.T) {
	const goroutines = 64
	const n = 100
	type job struct {
		src, want []byte
		msg       []byte
		wantSum   [20]byte
	}
	rng := rand.New(rand.NewSource(3))
	jobs := make([]job, goroutines)
	for g := range jobs {
		j := &jobs[g]
		j.src = make([]byte, 32*(n+g))
		rng.Read(j.src)
		j.want = make([]byte, 20*(n+g))
		ripemd160mb.Hash32(j.want, j.src, n+g)
		j.msg = make([]byte, 1000+g)
		rng.Read(j.msg)
		j.wantSum = ripemd160mb.Sum(j.msg)
	}
	var wg sync.WaitGroup
	errs := make(chan string, goroutines)
	for g := range jobs {
		wg.Add(1)
		go func(j *job) {
			defer wg.Done()
			dst := make([]byte, len(j.want))
			for it := 0; it < 50; it++ {
				ripemd160mb.Hash32(dst, j.src, len(j.want)/20)
				if !bytes.Equal(dst, j.want) {
					errs <- "Hash32 differs under concurrency"
					return
				}
				h := ripemd160mb.New()
				for k := 0; k < len(j.msg); k += 37 {
					e := k + 37
					if e > len(j.msg) {
						e = len(j.msg)
					}
					h.Write(j.msg[k:e])
				}
				if !bytes.Equal(h.Sum(nil), j.wantSum[:]) {
					errs <- "New() differs under concurrency"
					return
				}
			}
		}(&jobs[g])
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Fatal(e)
	}
}

// unset marks an environment variable absent in forceCase.
const unset = "\x00unset"

type forceCase struct{ rmd, gor, want string }

// forceCases: RMD160MB_FORCE wins when it names a backend this CPU runs;
// otherwise (unset, empty, unknown or unsupported) GORIPEMD160MB_FORCE is
// read as the Go library reads it. unsupported is a backend name this CPU or
// build cannot run ("" if it runs them all).
func forceCases(auto, unsupported string) []forceCase {
	cs := []forceCase{
		{unset, unset, auto},
		{unset, "scalar", "scalar"},
		{unset, "no-such-backend", "scalar"},
		{unset, "auto", auto},
		{unset, "", auto},
		{unset, auto, auto},
		{"", "scalar", "scalar"},
		{"no-such-backend", "scalar", "scalar"},
		{"no-such-backend", unset, auto},
		{"", unset, auto},
		{"scalar", "auto", "scalar"},
		{"scalar", unset, "scalar"},
		{"auto", "scalar", auto},
		{auto, "scalar", auto},
	}
	if unsupported != "" {
		cs = append(cs, forceCase{unsupported, "scalar", "scalar"}, forceCase{unsupported, unset, auto})
	}
	return cs
}

// autoAndUnsupported returns the backend "auto" selects and one this CPU
// or build cannot run ("" if none), leaving "auto" selected.
func autoAndUnsupported(t *testing.T) (auto, unsupported string) {
	defer ripemd160mb.SetBackend("auto")
	if !ripemd160mb.SetBackend("auto") {
		t.Fatal("auto refused")
	}
	auto = ripemd160mb.Backend()
	for _, b := range ripemd160mb.Backends() {
		if !ripemd160mb.SetBackend(b.Name) {
			unsupported = b.Name
		}
	}
	if auto == "scalar" {
		t.Logf("NOTICE: the fastest backend here is scalar: the cases where it should win over scalar cannot tell them apart")
	}
	return auto, unsupported
}

// TestGoForceVariable runs this test binary again with the backend
// variables set, checking the backend the package's init chose.
func TestGoForceVariable(t *testing.T) {
	if os.Getenv("RMD160MB_GO_CHILD") == "1" {
		fmt.Printf("backend=%s\n", ripemd160mb.Backend())
		return
	}
	auto, unsupported := autoAndUnsupported(t)
	for _, c := range forceCases(auto, unsupported) {
		cmd := exec.Command(os.Args[0], "-test.run=^TestGoForceVariable$", "-test.v")
		env := []string{"RMD160MB_GO_CHILD=1"}
		if c.rmd != unset {
			env = append(env, "RMD160MB_FORCE="+c.rmd)
		}
		if c.gor != unset {
			env = append(env, "GORIPEMD160MB_FORCE="+c.gor)
		}
		for _, kv := range os.Environ() {
			if !strings.HasPrefix(kv, "RMD160MB_FORCE=") && !strings.HasPrefix(kv, "GORIPEMD160MB_FORCE=") {
				env = append(env, kv)
			}
		}
		cmd.Env = env
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("child: %v\n%s", err, out)
		}
		if !strings.Contains(string(out), "backend="+c.want+"\n") {
			t.Errorf("RMD160MB_FORCE=%q GORIPEMD160MB_FORCE=%q: want backend %s, child said:\n%s", c.rmd, c.gor, c.want, out)
		}
	}
}

// TestChooseBackend: the same cases in this process, through the function
// init calls, also checking which variable it reports as taking effect.
func TestChooseBackend(t *testing.T) {
	auto, unsupported := autoAndUnsupported(t)
	defer ripemd160mb.SetBackend("auto")
	for _, c := range forceCases(auto, unsupported) {
		ripemd160mb.SetBackend("auto")
		env := map[string]string{}
		if c.rmd != unset {
			env["RMD160MB_FORCE"] = c.rmd
		}
		if c.gor != unset {
			env["GORIPEMD160MB_FORCE"] = c.gor
		}
		used := ripemd160mb.ChooseBackend(func(k string) (string, bool) {
			v, ok := env[k]
			return v, ok
		})
		if got := ripemd160mb.Backend(); got != c.want {
			t.Errorf("RMD160MB_FORCE=%q GORIPEMD160MB_FORCE=%q: backend %s, want %s", c.rmd, c.gor, got, c.want)
		}
		wantUsed := ""
		switch {
		case c.rmd != unset && c.rmd != "" && c.rmd != "no-such-backend" && c.rmd != unsupported:
			wantUsed = "RMD160MB_FORCE"
		case c.gor != unset:
			wantUsed = "GORIPEMD160MB_FORCE"
		}
		if used != wantUsed {
			t.Errorf("RMD160MB_FORCE=%q GORIPEMD160MB_FORCE=%q: %q took effect, want %q", c.rmd, c.gor, used, wantUsed)
		}
	}
}

// TestHashEachAnyLengths: lengths 0..300 ascending, descending and shuffled,
// all equal, one 1 MiB message among short ones, counts around the lanes,
// the same slice repeated and empty slices (nil too), on every backend,
// against the one-shot Sum.
func TestHashEachAnyLengths(t *testing.T) {
	rng := rand.New(rand.NewSource(12))
	msg := func(n int) []byte {
		m := make([]byte, n)
		rng.Read(m)
		return m
	}
	var batches [][][]byte
	var asc, desc, shuf [][]byte
	for l := 0; l <= 300; l++ {
		asc = append(asc, msg(l))
		desc = append(desc, msg(300-l))
		shuf = append(shuf, msg(l))
	}
	rng.Shuffle(len(shuf), func(i, j int) { shuf[i], shuf[j] = shuf[j], shuf[i] })
	batches = append(batches, asc, desc, shuf)
	for _, l := range []int{0, 1, 32, 33, 55, 56, 64, 65, 100} {
		for _, n := range []int{1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 35, 1000} {
			var b [][]byte
			for i := 0; i < n; i++ {
				b = append(b, msg(l))
			}
			batches = append(batches, b)
		}
	}
	long := [][]byte{msg(10), msg(1 << 20), msg(0), nil}
	for i := 0; i < 40; i++ {
		long = append(long, msg(rng.Intn(150)))
	}
	same := msg(77)
	batches = append(batches, long, [][]byte{same, same, same, same, same, same, same, same, same}, [][]byte{nil, {}, nil})
	forEachBackend(t, func(t *testing.T, _ ripemd160mb.BackendInfo) {
		for k, src := range batches {
			dst := make([][ripemd160mb.Size]byte, len(src)+1)
			dst[len(src)] = [20]byte{7}
			ripemd160mb.HashEach(dst[:len(src)], src)
			for i, m := range src {
				if want := ripemd160mb.Sum(m); dst[i] != want {
					t.Fatalf("batch %d, message %d (%d bytes): got %x want %x", k, i, len(m), dst[i], want)
				}
			}
			if dst[len(src)] != [20]byte{7} {
				t.Fatal("HashEach wrote past len(src)")
			}
		}
	})
}

// TestHashEachOneCallNoAllocs: HashEach of mixed lengths allocates nothing
// per call once its pooled buffer has grown (one cgo call whatever the
// lengths).
func TestHashEachOneCallNoAllocs(t *testing.T) {
	src := make([][]byte, 500)
	for i := range src {
		src[i] = make([]byte, (i*37)%300)
	}
	dst := make([][ripemd160mb.Size]byte, len(src))
	ripemd160mb.HashEach(dst, src) // grows the pooled buffer
	if a := testing.AllocsPerRun(100, func() { ripemd160mb.HashEach(dst, src) }); a != 0 {
		t.Fatalf("HashEach: %v allocations per call, want 0", a)
	}
}
