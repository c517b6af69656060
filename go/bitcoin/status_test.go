package bitcoin

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
		if !strings.HasPrefix(msg, "bitcoin: SHA256D: ") || !strings.HasSuffix(msg, " (status -1)") ||
			len(msg) < len("bitcoin: SHA256D: ")+20 {
			t.Fatalf("panic %q", msg)
		}
	}()
	panicStatus("SHA256D", -1)
}

// TestCheckStatus: the status check panics for anything but OK, with the
// function's name.
func TestCheckStatus(t *testing.T) {
	check("SHA256DEach", 0)
	defer func() {
		if msg, _ := recover().(string); !strings.HasPrefix(msg, "bitcoin: SHA256DEach: ") {
			t.Fatalf("panic %q", msg)
		}
	}()
	check("SHA256DEach", -3)
}
