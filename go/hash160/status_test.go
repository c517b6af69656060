package hash160

import (
	"strings"
	"testing"
)

// TestPanicStatus: the panic for a status the library should never return
// (every argument is checked in Go first, so the API cannot reach it) names
// the function, the library's message and the status.
func TestPanicStatus(t *testing.T) {
	defer func() {
		msg, _ := recover().(string)
		if !strings.HasPrefix(msg, "hash160: Hash160_32: ") || !strings.HasSuffix(msg, " (status -1)") ||
			len(msg) < len("hash160: Hash160_32: ")+20 {
			t.Fatalf("panic %q", msg)
		}
	}()
	panicStatus(-1)
}
