/* Every function that returns a status, its status discarded on purpose
 * with a (void) cast: must build with -Wall -Wextra -Werror as C2x/C23 and
 * C++17, where RMD160MB_MUST_USE is [[nodiscard]] (mk/capi.mk,
 * test-header-std; it also checks that every status-returning function of
 * the header is called here, and that without the casts each call warns).
 * One call a line. */
#include <ripemd160mb.h>

int main(void)
{
    uint8_t buf[128] = {0};
    const uint8_t *msgs[1] = {buf};
    size_t lens[1] = {1};
    rmd160mb_ctx ctx;
    rmd160mb_backend_desc desc;
    int mutated;

    (void)rmd160mb_hash32(buf, buf, 1);
    (void)rmd160mb_hash160(buf, buf, 1, 33);
    (void)rmd160mb_sha256(buf, buf, 1, 32);
    (void)rmd160mb_sum_many(buf, msgs, lens, 1);
    (void)rmd160mb_hash160_many(buf, msgs, lens, 1);
    (void)rmd160mb_sha256_many(buf, msgs, lens, 1);
    (void)rmd160mb_sha256d(buf, buf, 1, 64);
    (void)rmd160mb_sha256d_many(buf, msgs, lens, 1);
    (void)rmd160mb_merkle_root(buf, buf, 2, &mutated);
    (void)rmd160mb_keccak256(buf, buf, 1, 64);
    (void)rmd160mb_keccak256_many(buf, msgs, lens, 1);
    (void)rmd160mb_eth_address(buf, buf, 1, 64);
    (void)rmd160mb_sum(buf, buf, 3);
    (void)rmd160mb_init(&ctx);
    (void)rmd160mb_update(&ctx, buf, 3);
    (void)rmd160mb_final(&ctx, buf);
    (void)rmd160mb_backend_describe(0, &desc);
    (void)rmd160mb_set_backend("auto");
    return buf[0] == 0x5A;
}
