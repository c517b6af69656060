// Package each holds what the HashEach functions of the ripemd160mb, hash160
// and keccak packages (and bitcoin's SHA256DEach) share: a free list of buffers and the packing of a
// batch of messages of any lengths into one of them, the messages back to
// back and where each ends. Neither slice holds a pointer, so both may be
// passed to C under the cgo pointer rules. It is pure Go: each package
// keeps its own cgo call, to the C function of rmd160mb_go_each.h.
package each

import "sync"

// Buf is one batch: the messages back to back in data, message i ending at
// ends[i]. ends is []uintptr, which has the size of C's size_t and
// uintptr_t on every platform Go supports: the cgo side passes &ends[0] as
// a const uintptr_t * (a pointer conversion, no copy).
type Buf struct {
	data []byte
	ends []uintptr
}

// Pack copies src into b, growing it if needed (by a quarter more than
// asked, so that slightly larger batches do not allocate again), and
// returns the bytes and the end offsets: len(ends) == len(src), and
// len(data) is the sum of the messages' lengths (0, not nil-checked, when
// every message is empty). They are b's own memory, valid until the next
// Pack.
func (b *Buf) Pack(src [][]byte) (data []byte, ends []uintptr) {
	total := 0
	for _, m := range src {
		total += len(m)
	}
	if cap(b.data) < total {
		b.data = make([]byte, total+total/4)
	}
	if cap(b.ends) < len(src) {
		b.ends = make([]uintptr, len(src)+len(src)/4)
	}
	data, ends = b.data[:total], b.ends[:len(src)]
	off := 0
	for i, m := range src {
		off += copy(data[off:], m)
		ends[i] = uintptr(off)
	}
	return data, ends
}

// Keep is the most buffers a List keeps.
const Keep = 16

// List is a free list of at most Keep buffers (one per concurrent HashEach
// of a package), so that a HashEach does not allocate once its buffer has
// grown. Unlike a sync.Pool, it is never emptied by the garbage collector
// (a sync.Pool may drop its items at any time, and drops a quarter of them
// under the race detector). The zero value is an empty list; a List must
// not be copied after first use.
type List struct {
	mu   sync.Mutex
	free []*Buf
}

// Get returns a free buffer, or a new one.
func (l *List) Get() *Buf {
	l.mu.Lock()
	defer l.mu.Unlock()
	if n := len(l.free); n > 0 {
		b := l.free[n-1]
		l.free[n-1] = nil
		l.free = l.free[:n-1]
		return b
	}
	return new(Buf)
}

// Put returns b to the list (dropped when the list holds Keep buffers).
func (l *List) Put(b *Buf) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.free == nil {
		l.free = make([]*Buf, 0, Keep)
	}
	if len(l.free) < Keep {
		l.free = append(l.free, b)
	}
}
