package each

import (
	"bytes"
	"sync"
	"testing"
)

// check: data is the messages back to back and ends[i] where message i ends.
// It reports with t.Errorf (callable from any goroutine) and returns false on
// the first difference.
func check(t *testing.T, src [][]byte, data []byte, ends []uintptr) bool {
	t.Helper()
	if len(ends) != len(src) {
		t.Errorf("len(ends) = %d, want %d", len(ends), len(src))
		return false
	}
	if want := bytes.Join(src, nil); !bytes.Equal(data, want) {
		t.Errorf("data = %x, want %x", data, want)
		return false
	}
	start := uintptr(0)
	for i, m := range src {
		if ends[i]-start != uintptr(len(m)) {
			t.Errorf("message %d: ends %d after %d, want length %d", i, ends[i], start, len(m))
			return false
		}
		start = ends[i]
	}
	return true
}

func TestPackEmpty(t *testing.T) {
	var b Buf
	data, ends := b.Pack(nil)
	if len(data) != 0 || len(ends) != 0 {
		t.Fatalf("Pack(nil): %d bytes, %d ends", len(data), len(ends))
	}
	src := [][]byte{nil, {}, nil}
	data, ends = b.Pack(src)
	check(t, src, data, ends)
	if len(data) != 0 {
		t.Fatalf("empty messages: %d bytes", len(data))
	}
}

func TestPackMixed(t *testing.T) {
	var b Buf
	src := [][]byte{[]byte("abc"), nil, []byte("d"), {}, bytes.Repeat([]byte{7}, 65)}
	data, ends := b.Pack(src)
	check(t, src, data, ends)
	// A smaller batch reuses the buffer; a larger one grows it.
	data, ends = b.Pack(src[:2])
	check(t, src[:2], data, ends)
	big := make([][]byte, 5000)
	for i := range big {
		big[i] = bytes.Repeat([]byte{byte(i)}, i%70)
	}
	data, ends = b.Pack(big)
	check(t, big, data, ends)
	if cap(b.data) < len(data)+len(data)/4 || cap(b.ends) < len(big)+len(big)/4 {
		t.Fatalf("grew to %d bytes, %d ends: want a quarter more", cap(b.data), cap(b.ends))
	}
}

// TestPackLarge: one message larger than any chunk, then no allocation for
// batches that fit.
func TestPackLarge(t *testing.T) {
	var b Buf
	src := [][]byte{bytes.Repeat([]byte("x"), 1<<20), []byte("y")}
	data, ends := b.Pack(src)
	check(t, src, data, ends)
	if a := testing.AllocsPerRun(10, func() { b.Pack(src) }); a != 0 {
		t.Fatalf("Pack into a large enough buffer: %v allocations", a)
	}
}

func TestList(t *testing.T) {
	var l List
	b := l.Get()
	if b == nil {
		t.Fatal("Get on an empty list: nil")
	}
	l.Put(b)
	if l.Get() != b {
		t.Fatal("Get did not return the buffer Put")
	}
	// At most Keep buffers are kept.
	bufs := make([]*Buf, Keep+3)
	for i := range bufs {
		bufs[i] = new(Buf)
		l.Put(bufs[i])
	}
	if len(l.free) != Keep {
		t.Fatalf("%d buffers kept, want %d", len(l.free), Keep)
	}
	for i := 0; i < Keep; i++ {
		if g := l.Get(); g != bufs[Keep-1-i] {
			t.Fatalf("Get %d: not the buffer last Put", i)
		}
	}
	if l.Get() == bufs[Keep] {
		t.Fatal("a buffer Put to a full list was kept")
	}
	// Get and Put of a kept buffer allocate nothing.
	l.Put(b)
	if a := testing.AllocsPerRun(100, func() { l.Put(l.Get()) }); a != 0 {
		t.Fatalf("Get+Put: %v allocations", a)
	}
}

// TestConcurrent: goroutines packing their own batches through one list
// never share a buffer (run with -race).
func TestConcurrent(t *testing.T) {
	var l List
	var wg sync.WaitGroup
	for g := 0; g < 2*Keep; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			src := make([][]byte, 1+g%7)
			for i := range src {
				src[i] = bytes.Repeat([]byte{byte(g)}, g+i)
			}
			for r := 0; r < 200; r++ {
				b := l.Get()
				data, ends := b.Pack(src)
				ok := check(t, src, data, ends)
				l.Put(b)
				if !ok {
					return
				}
			}
		}(g)
	}
	wg.Wait()
	if len(l.free) > Keep {
		t.Fatalf("%d buffers kept, over %d", len(l.free), Keep)
	}
}
