// cpp-kit: a C++ program using libripemd160mb through its C header, built
// from an installed library with pkg-config only:
//
//     c++ -O2 -std=c++17 main.cpp $(pkg-config --cflags --libs ripemd160mb) -pthread
//
// (or `make` here; `make STATIC=1` links libripemd160mb.a). A thin C++
// wrapper (exceptions for statuses, std::array digests), then checks against
// published digests, several threads hashing at once. Exits 0 only if all
// checks pass.
#include <ripemd160mb.h>

#include <array>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace rmd {

using Digest = std::array<std::uint8_t, RMD160MB_DIGEST_SIZE>;

inline void check(int status) {
    if (status != RMD160MB_OK) throw std::runtime_error(rmd160mb_strerror(status));
}

inline Digest sum(std::string_view msg) {
    Digest d;
    check(rmd160mb_sum(d.data(), reinterpret_cast<const std::uint8_t *>(msg.data()), msg.size()));
    return d;
}

// RIPEMD-160 of each 32-byte message.
inline std::vector<Digest> hash32(const std::vector<std::array<std::uint8_t, 32>> &msgs) {
    std::vector<Digest> out(msgs.size());
    // std::array<uint8_t, N> has no padding: the vectors are contiguous bytes.
    static_assert(sizeof(Digest) == RMD160MB_DIGEST_SIZE, "Digest is 20 packed bytes");
    check(rmd160mb_hash32(out.empty() ? nullptr : out[0].data(),
                          msgs.empty() ? nullptr : msgs[0].data(), msgs.size()));
    return out;
}

// HASH160 of n messages of `width` bytes laid out back to back.
inline std::vector<Digest> hash160(const std::vector<std::uint8_t> &src, std::size_t width) {
    std::size_t n = width ? src.size() / width : 0;
    std::vector<Digest> out(n);
    check(rmd160mb_hash160(out.empty() ? nullptr : out[0].data(), src.data(), n, width));
    return out;
}

// Streaming hasher: the C context is a plain member, copyable by value.
class Hasher {
  public:
    Hasher() { check(rmd160mb_init(&ctx_)); }
    Hasher &update(std::string_view s) {
        check(rmd160mb_update(&ctx_, reinterpret_cast<const std::uint8_t *>(s.data()), s.size()));
        return *this;
    }
    Digest digest() {
        Digest d;
        check(rmd160mb_final(&ctx_, d.data()));
        return d;
    }

  private:
    rmd160mb_ctx ctx_;
};

inline std::string hex(const Digest &d) {
    static const char *digits = "0123456789abcdef";
    std::string s;
    for (auto b : d) {
        s += digits[b >> 4];
        s += digits[b & 15];
    }
    return s;
}

inline std::vector<std::uint8_t> unhex(std::string_view h) {
    std::vector<std::uint8_t> out;
    for (std::size_t i = 0; i + 1 < h.size(); i += 2)
        out.push_back(static_cast<std::uint8_t>(std::stoi(std::string(h.substr(i, 2)), nullptr, 16)));
    return out;
}

}  // namespace rmd

static int failures = 0;

static void expect(bool ok, const char *what) {
    if (!ok) {
        std::fprintf(stderr, "cpp-kit: check failed: %s\n", what);
        ++failures;
    }
}

int main() {
    try {
        expect(rmd::hex(rmd::sum("abc")) == "8eb208f7e05d987a9b044a8e98c6b087f15a0bfc", "sum(abc)");

        rmd::Hasher h;
        h.update("message ");
        rmd::Hasher copy = h;  // an independent context
        expect(rmd::hex(h.update("digest").digest()) == "5d0689ef49d2fae572b881b123a85ffa21595f36",
               "streaming");
        expect(copy.digest() == rmd::sum("message "), "copied context");

        auto keys = rmd::unhex(
            "0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"
            "02c6047f9441ed7d6d3045406e95c07cd85c778e4b8cef3ca7abac09b95c709ee5");
        auto h160 = rmd::hash160(keys, 33);
        expect(h160.size() == 2 && rmd::hex(h160[0]) == "751e76e8199196d454941c45d1b3a323f1433bd6" &&
                   rmd::hex(h160[1]) == "06afd46bcdfd22ef94ac122aa11f241244a37ecc",
               "hash160 of two compressed keys");

        // Eight threads, each hashing its own batch, against one-shot sums.
        std::vector<std::thread> threads;
        std::vector<int> bad(8, 0);
        for (int t = 0; t < 8; ++t) {
            threads.emplace_back([t, &bad] {
                std::vector<std::array<std::uint8_t, 32>> msgs(500 + t);
                for (std::size_t i = 0; i < msgs.size(); ++i)
                    for (std::size_t j = 0; j < 32; ++j)
                        msgs[i][j] = static_cast<std::uint8_t>(i * 31 + j * 7 + t);
                for (int it = 0; it < 20; ++it) {
                    auto out = rmd::hash32(msgs);
                    for (std::size_t i = 0; i < msgs.size(); ++i) {
                        std::string_view m(reinterpret_cast<const char *>(msgs[i].data()), 32);
                        if (out[i] != rmd::sum(m)) ++bad[t];
                    }
                }
            });
        }
        for (auto &th : threads) th.join();
        for (int b : bad) expect(b == 0, "threads agree with one-shot sums");

        bool threw = false;
        try {
            rmd::check(rmd160mb_hash32(nullptr, keys.data(), 1));
        } catch (const std::runtime_error &) {
            threw = true;
        }
        expect(threw, "a NULL output is reported as an error");
    } catch (const std::exception &e) {
        std::fprintf(stderr, "cpp-kit: unexpected error: %s\n", e.what());
        return 1;
    }
    if (failures) return 1;
    std::printf("cpp-kit: ok (libripemd160mb %s, backend %s, %zu lanes)\n", rmd160mb_version(),
                rmd160mb_backend(), rmd160mb_lanes());
    return 0;
}
