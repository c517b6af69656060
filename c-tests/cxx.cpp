// The header from C++: it compiles with g++ -Wall -Wextra -Werror -pedantic,
// its functions have C linkage (this links against the C library), and the
// basic calls work. Checked against the designers' published vectors.
#include "ripemd160mb.h"

#include <cstdio>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

static_assert(std::is_standard_layout<rmd160mb_ctx>::value, "rmd160mb_ctx is a plain C struct");
static_assert(std::is_trivially_copyable<rmd160mb_ctx>::value, "rmd160mb_ctx copies by value");
static_assert(sizeof(rmd160mb_ctx) == 96, "rmd160mb_ctx size");
static_assert(RMD160MB_DIGEST_SIZE == 20 && RMD160MB_BLOCK_SIZE == 64, "sizes");

namespace {

int failures = 0;

std::string hex(const uint8_t *p, size_t n) {
    static const char d[] = "0123456789abcdef";
    std::string s;
    for (size_t i = 0; i < n; i++) {
        s += d[p[i] >> 4];
        s += d[p[i] & 15];
    }
    return s;
}

void expect(bool ok, const std::string &what) {
    if (!ok) {
        std::fprintf(stderr, "FAIL: %s\n", what.c_str());
        failures++;
    }
}

}  // namespace

int main() {
    // RIPEMD-160 designers' vectors.
    const char *abc_want = "8eb208f7e05d987a9b044a8e98c6b087f15a0bfc";
    const char *empty_want = "9c1185a5c5e9fc54612808977ee8f548b2258d31";
    uint8_t out[RMD160MB_DIGEST_SIZE];

    expect(rmd160mb_sum(out, reinterpret_cast<const uint8_t *>("abc"), 3) == RMD160MB_OK, "sum status");
    expect(hex(out, 20) == abc_want, "sum(\"abc\") = " + hex(out, 20));
    expect(rmd160mb_sum(out, nullptr, 0) == RMD160MB_OK && hex(out, 20) == empty_want, "sum of nothing");

    rmd160mb_ctx ctx;
    expect(rmd160mb_init(&ctx) == RMD160MB_OK, "init");
    expect(rmd160mb_update(&ctx, reinterpret_cast<const uint8_t *>("ab"), 2) == RMD160MB_OK, "update");
    rmd160mb_ctx copy = ctx;
    expect(rmd160mb_update(&copy, reinterpret_cast<const uint8_t *>("c"), 1) == RMD160MB_OK, "update copy");
    expect(rmd160mb_final(&copy, out) == RMD160MB_OK && hex(out, 20) == abc_want, "streamed copy");

    // A batch of 100 identical 32-byte messages: every hash32 digest must
    // equal rmd160mb_sum of one of them.
    std::vector<uint8_t> msgs(32 * 100, 0x61), digests(20 * 100);
    expect(rmd160mb_hash32(digests.data(), msgs.data(), 100) == RMD160MB_OK, "hash32 status");
    expect(rmd160mb_sum(out, msgs.data(), 32) == RMD160MB_OK, "sum of 32 bytes");
    for (size_t i = 0; i < 100; i++)
        expect(std::memcmp(digests.data() + 20 * i, out, 20) == 0, "hash32 digest " + std::to_string(i));
    expect(rmd160mb_hash160(digests.data(), msgs.data(), 3, 33) == RMD160MB_OK, "hash160 status");
    expect(rmd160mb_hash32(nullptr, nullptr, 0) == RMD160MB_OK, "hash32 n=0 NULL");
    expect(rmd160mb_hash32(nullptr, msgs.data(), 1) == RMD160MB_ERR_NULL, "hash32 NULL dst");

    expect(std::string(rmd160mb_strerror(RMD160MB_ERR_OVERLAP)).size() > 0, "strerror");
    expect(rmd160mb_set_backend("no such backend") == RMD160MB_ERR_BACKEND, "set_backend unknown");
    std::printf("C++: ripemd160mb %s, backend %s, %zu lanes: %s\n", rmd160mb_version(), rmd160mb_backend(),
                rmd160mb_lanes(), failures ? "FAILED" : "ok");
    return failures ? 1 : 0;
}
