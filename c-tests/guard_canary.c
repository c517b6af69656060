/* Must FAIL under make check-asan: a caller that breaks the contract (src
 * holds one message, n says two) makes the library read past the block. If
 * AddressSanitizer did not see inside the Rust library, this would pass
 * silently; check-asan requires it to be reported as a heap-buffer-overflow. */
#include <stdint.h>
#include <stdlib.h>

#include "ripemd160mb.h"

int main(void) {
    uint8_t *src = calloc(1, 32), *dst = malloc(40);
    int status = rmd160mb_hash32(dst, src, 2);
    free(src);
    free(dst);
    return status;
}
