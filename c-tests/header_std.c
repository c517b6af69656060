/* The header under every language standard users build with
 * (mk/capi.mk, test-header-std): compiled as C89, C99, C11, C++98 and C++17
 * with -pedantic -Werror, so it must stay C89 clean (no // comments, no
 * tokens after #endif) and C++ compatible. Written in C89 and C++98. */
#include <ripemd160mb.h>
#include <stdio.h>
#include <string.h>

int main(void)
{
    static const uint8_t want[20] = {0x8e, 0xb2, 0x08, 0xf7, 0xe0, 0x5d, 0x98, 0x7a, 0x9b, 0x04,
                                     0x4a, 0x8e, 0x98, 0xc6, 0xb0, 0x87, 0xf1, 0x5a, 0x0b, 0xfc};
    rmd160mb_ctx ctx;
    uint8_t out[RMD160MB_DIGEST_SIZE];
    uint8_t msg[32 * 4];
    uint8_t dst[32 * 4];
    int s;
    memset(msg, 3, sizeof msg);
    if (rmd160mb_init(&ctx) != RMD160MB_OK) return 1;
    if (rmd160mb_update(&ctx, (const uint8_t *)"abc", 3) != RMD160MB_OK) return 2;
    if (rmd160mb_final(&ctx, out) != RMD160MB_OK || memcmp(out, want, 20) != 0) return 3;
    if (rmd160mb_sum(out, (const uint8_t *)"abc", 3) != RMD160MB_OK || memcmp(out, want, 20) != 0) return 4;
    if (rmd160mb_hash32(dst, msg, 4) != RMD160MB_OK || memcmp(dst, dst + 60, 20) != 0) return 5;
    if (rmd160mb_hash160(dst, msg, 4, 32) != RMD160MB_OK || memcmp(dst, dst + 60, 20) != 0) return 6;
    if (rmd160mb_sha256(dst, msg, 4, 32) != RMD160MB_OK || memcmp(dst, dst + 96, 32) != 0) return 7;
    s = rmd160mb_set_backend("auto");
    if (s != RMD160MB_OK) return 8;
    if (rmd160mb_lanes() < 1) return 9;
    printf("%s backend %s, %s\n", rmd160mb_version(), rmd160mb_backend(), rmd160mb_strerror(RMD160MB_ERR_CONTEXT));
    return 0;
}
