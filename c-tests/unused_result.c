/* Must NOT compile with -Werror (mk/capi.mk, test-header-std): the result of
 * a status-returning function is ignored, which RMD160MB_MUST_USE
 * (warn_unused_result / [[nodiscard]]) reports. */
#include <ripemd160mb.h>

int main(void)
{
    uint8_t out[20];
    rmd160mb_sum(out, (const uint8_t *)"abc", 3);
    return 0;
}
