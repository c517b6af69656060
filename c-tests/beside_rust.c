/* One C program linking libripemd160mb.a and another Rust static library
 * (mk/capi.mk, test-capi): both must link, and both must work. */
#include <ripemd160mb.h>
#include <stdio.h>
#include <string.h>

int other_rust_digits(uint32_t x);

int main(void)
{
    static const uint8_t want[20] = {0x8e, 0xb2, 0x08, 0xf7, 0xe0, 0x5d, 0x98, 0x7a, 0x9b, 0x04,
                                     0x4a, 0x8e, 0x98, 0xc6, 0xb0, 0x87, 0xf1, 0x5a, 0x0b, 0xfc};
    uint8_t out[20];
    int s = rmd160mb_sum(out, (const uint8_t *)"abc", 3);
    if (s != RMD160MB_OK || memcmp(out, want, 20) != 0) {
        fprintf(stderr, "rmd160mb_sum: %s\n", rmd160mb_strerror(s));
        return 1;
    }
    if (other_rust_digits(12345) != 9 || other_rust_digits(7) != 2) {
        fprintf(stderr, "the other Rust library misbehaves\n");
        return 2;
    }
    printf("ripemd160mb (%s) beside another Rust library: ok\n", rmd160mb_backend());
    return 0;
}
