/*
 * c-kit: a C program using libripemd160mb the way an application does,
 * built from an installed library with pkg-config only:
 *
 *     cc -O2 main.c $(pkg-config --cflags --libs ripemd160mb) -o c-kit
 *
 * (or `make` here; `make STATIC=1` links libripemd160mb.a). It checks the
 * library against published digests and exits 0 only if all agree. Given a
 * directory of the repository's tests/vectors as argument, it also checks
 * every row of hash32.tsv and hash160-pubkeys.tsv.
 */
#include <ripemd160mb.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;

#define CHECK(cond)                                                          \
    do {                                                                     \
        if (!(cond)) {                                                       \
            fprintf(stderr, "c-kit: %s:%d: check failed: %s\n", __FILE__,   \
                    __LINE__, #cond);                                        \
            failures++;                                                      \
        }                                                                    \
    } while (0)

/* Decodes up to max bytes of hex; returns the byte count or -1. */
static long unhex(const char *hex, uint8_t *out, size_t max) {
    size_t len = strcspn(hex, "\t\r\n");
    if (len % 2 != 0 || len / 2 > max) return -1;
    for (size_t i = 0; i < len / 2; i++) {
        unsigned v;
        if (sscanf(hex + 2 * i, "%2x", &v) != 1) return -1;
        out[i] = (uint8_t)v;
    }
    return (long)(len / 2);
}

static int digest_is(const uint8_t d[RMD160MB_DIGEST_SIZE], const char *hex) {
    uint8_t want[RMD160MB_DIGEST_SIZE];
    return unhex(hex, want, sizeof want) == RMD160MB_DIGEST_SIZE &&
           memcmp(d, want, RMD160MB_DIGEST_SIZE) == 0;
}

static void check_version(void) {
    char want[64];
    snprintf(want, sizeof want, "%d.%d.%d", RMD160MB_VERSION_MAJOR,
             RMD160MB_VERSION_MINOR, RMD160MB_VERSION_PATCH);
    /* The header and the library linked at run time are the same release. */
    CHECK(strcmp(rmd160mb_version(), want) == 0);
}

static void check_one_shot_and_streaming(void) {
    uint8_t d[RMD160MB_DIGEST_SIZE];
    CHECK(rmd160mb_sum(d, (const uint8_t *)"abc", 3) == RMD160MB_OK);
    CHECK(digest_is(d, "8eb208f7e05d987a9b044a8e98c6b087f15a0bfc"));
    CHECK(rmd160mb_sum(d, NULL, 0) == RMD160MB_OK);
    CHECK(digest_is(d, "9c1185a5c5e9fc54612808977ee8f548b2258d31"));

    /* Streaming: the context lives on the stack, nothing to free. */
    rmd160mb_ctx ctx;
    CHECK(rmd160mb_init(&ctx) == RMD160MB_OK);
    CHECK(rmd160mb_update(&ctx, (const uint8_t *)"message ", 8) == RMD160MB_OK);
    CHECK(rmd160mb_update(&ctx, (const uint8_t *)"digest", 6) == RMD160MB_OK);
    CHECK(rmd160mb_final(&ctx, d) == RMD160MB_OK);
    CHECK(digest_is(d, "5d0689ef49d2fae572b881b123a85ffa21595f36"));

    /* One million 'a' in uneven chunks. */
    static uint8_t a[1000];
    memset(a, 'a', sizeof a);
    CHECK(rmd160mb_init(&ctx) == RMD160MB_OK);
    for (size_t done = 0; done < 1000000;) {
        size_t k = 1 + done % 997;
        if (k > 1000000 - done) k = 1000000 - done;
        CHECK(rmd160mb_update(&ctx, a, k) == RMD160MB_OK);
        done += k;
    }
    CHECK(rmd160mb_final(&ctx, d) == RMD160MB_OK);
    CHECK(digest_is(d, "52783243c1697bdbe16d37f97f68f08325dc1528"));
}

/* The batch agrees with the one-shot function for every count up to 100. */
static void check_batch(void) {
    enum { N = 100 };
    static uint8_t src[32 * N], dst[20 * N];
    for (size_t i = 0; i < sizeof src; i++) src[i] = (uint8_t)(i * 131 + 7);
    for (size_t n = 0; n <= N; n++) {
        CHECK(rmd160mb_hash32(dst, src, n) == RMD160MB_OK);
        for (size_t i = 0; i < n; i++) {
            uint8_t d[RMD160MB_DIGEST_SIZE];
            CHECK(rmd160mb_sum(d, src + 32 * i, 32) == RMD160MB_OK);
            CHECK(memcmp(d, dst + 20 * i, 20) == 0);
        }
    }
    /* HASH160 of the public keys of private keys 1 (compressed, 33 bytes)
     * and 2, then of the uncompressed key of 1 (65 bytes). */
    uint8_t keys[66], out[40];
    CHECK(unhex("0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"
                "02c6047f9441ed7d6d3045406e95c07cd85c778e4b8cef3ca7abac09b95c709ee5",
                keys, sizeof keys) == 66);
    CHECK(rmd160mb_hash160(out, keys, 2, 33) == RMD160MB_OK);
    CHECK(digest_is(out, "751e76e8199196d454941c45d1b3a323f1433bd6"));
    CHECK(digest_is(out + 20, "06afd46bcdfd22ef94ac122aa11f241244a37ecc"));
    uint8_t u[65];
    CHECK(unhex("0479be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"
                "483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8",
                u, sizeof u) == 65);
    CHECK(rmd160mb_hash160(out, u, 1, 65) == RMD160MB_OK);
    CHECK(digest_is(out, "91b24bf9f5288532960ac687abb035127b1d28a5"));
}

/* Errors are statuses, never a crash. */
static void check_errors(void) {
    uint8_t buf[64] = {0};
    CHECK(rmd160mb_hash32(NULL, buf, 1) == RMD160MB_ERR_NULL);
    CHECK(rmd160mb_hash32(buf + 1, buf, 1) == RMD160MB_ERR_OVERLAP);
    CHECK(rmd160mb_hash32(NULL, NULL, 0) == RMD160MB_OK);
    CHECK(rmd160mb_set_backend("no-such-backend") == RMD160MB_ERR_BACKEND);
    CHECK(rmd160mb_strerror(RMD160MB_ERR_NULL) != NULL);
    CHECK(strcmp(rmd160mb_strerror(12345), "unknown status") == 0);
}

/* Every row of a vector file: hash32.tsv (msg, digest) or
 * hash160-pubkeys.tsv (priv, compressed, h160, uncompressed, h160). */
static void check_vector_file(const char *dir, const char *name) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        failures++;
        return;
    }
    static char line[1024];
    long rows = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#') continue;
        char *field[5] = {line};
        int nf = 1;
        for (char *p = line; *p && nf < 5; p++)
            if (*p == '\t') field[nf++] = p + 1;
        uint8_t msg[65], d[20];
        if (strcmp(name, "hash32.tsv") == 0 && nf >= 2) {
            CHECK(unhex(field[0], msg, sizeof msg) == 32);
            CHECK(rmd160mb_hash32(d, msg, 1) == RMD160MB_OK);
            CHECK(digest_is(d, field[1]));
        } else if (nf == 5) {
            CHECK(unhex(field[1], msg, sizeof msg) == 33);
            CHECK(rmd160mb_hash160(d, msg, 1, 33) == RMD160MB_OK);
            CHECK(digest_is(d, field[2]));
            CHECK(unhex(field[3], msg, sizeof msg) == 65);
            CHECK(rmd160mb_hash160(d, msg, 1, 65) == RMD160MB_OK);
            CHECK(digest_is(d, field[4]));
        } else {
            CHECK(!"malformed vector line");
        }
        rows++;
    }
    fclose(f);
    CHECK(rows > 0);
    printf("c-kit: %s: %ld rows\n", name, rows);
}

int main(int argc, char **argv) {
    check_version();
    check_one_shot_and_streaming();
    check_batch();
    check_errors();
    if (argc > 1) {
        check_vector_file(argv[1], "hash32.tsv");
        check_vector_file(argv[1], "hash160-pubkeys.tsv");
    }
    if (failures) {
        fprintf(stderr, "c-kit: %d checks failed\n", failures);
        return 1;
    }
    printf("c-kit: ok (libripemd160mb %s, backend %s, %zu lanes)\n",
           rmd160mb_version(), rmd160mb_backend(), rmd160mb_lanes());
    return 0;
}
