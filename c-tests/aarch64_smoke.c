/*
 * Cross-built smoke test of the C library (run under qemu-aarch64 by
 * `make test-aarch64`, but portable C99 that runs anywhere):
 *
 *   1. the backend is the one expected (RMD160MB_EXPECT_BACKEND, if set);
 *   2. the bundled vectors from independent implementations
 *      (tests/vectors/hash32.tsv, hash160-pubkeys.tsv, ripemd160-lengths.tsv)
 *      through rmd160mb_hash32 / rmd160mb_hash160 / rmd160mb_sum, for batch
 *      sizes around the lane counts, misaligned, and in place;
 *   3. the current backend against the library's own scalar backend
 *      (rmd160mb_set_backend("scalar")) on seeded pseudo-random batches, and
 *      back; then the same against "neon" when this build has it.
 *
 * Usage: aarch64_smoke VECTOR_DIR
 * Exits 0 when every check passed, 1 otherwise (each failure is printed).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ripemd160mb.h"

static int failures;
static unsigned long checks;

#define CHECK(cond, ...)                                                         \
    do {                                                                         \
        checks++;                                                                \
        if (!(cond)) {                                                           \
            failures++;                                                          \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                 \
            fprintf(stderr, __VA_ARGS__);                                        \
            fputc('\n', stderr);                                                 \
            if (failures > 20) {                                                 \
                fprintf(stderr, "too many failures\n");                          \
                exit(1);                                                         \
            }                                                                    \
        }                                                                        \
    } while (0)

static void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    return p;
}

static int unhex(const char *s, size_t len, uint8_t *out)
{
    size_t i;
    for (i = 0; i < len; i++) {
        unsigned v;
        if (sscanf(s + 2 * i, "%2x", &v) != 1) return -1;
        out[i] = (uint8_t)v;
    }
    return 0;
}

/* One TSV file: its data lines (comments skipped), split at tabs. */
typedef struct {
    char **fields; /* rows * cols pointers into text */
    size_t rows, cols;
    char *text;
} table;

static table read_table(const char *dir, const char *name, size_t cols)
{
    table t = {0, 0, 0, 0};
    char path[4096];
    FILE *f;
    long size;
    char *line, *next;

    snprintf(path, sizeof path, "%s/%s", dir, name);
    f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "cannot open %s\n", path);
        exit(2);
    }
    fseek(f, 0, SEEK_END);
    size = ftell(f);
    fseek(f, 0, SEEK_SET);
    t.text = xmalloc((size_t)size + 1);
    if (fread(t.text, 1, (size_t)size, f) != (size_t)size) {
        fprintf(stderr, "cannot read %s\n", path);
        exit(2);
    }
    t.text[size] = 0;
    fclose(f);
    t.cols = cols;
    t.fields = xmalloc(sizeof(char *) * cols * ((size_t)size / 2 + 1));
    for (line = t.text; line && *line; line = next) {
        size_t c;
        next = strchr(line, '\n');
        if (next) *next++ = 0;
        if (*line == '#' || *line == 0) continue;
        for (c = 0; c < cols; c++) {
            char *tab = strchr(line, '\t');
            t.fields[t.rows * cols + c] = line;
            if (tab) *tab = 0;
            line = tab ? tab + 1 : line + strlen(line);
        }
        t.rows++;
    }
    return t;
}

static const char *field(const table *t, size_t row, size_t col)
{
    return t->fields[row * t->cols + col];
}

/* Batch sizes: around every lane count (1, 4, 8, 16), and 100 and 1000 across the
 * batch driver's chunk of 96 messages. */
static const size_t counts[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 16, 17, 31, 33, 63, 64, 65, 100, 1000};
#define NCOUNTS (sizeof counts / sizeof counts[0])

static void hash32_vectors(const char *dir)
{
    table t = read_table(dir, "hash32.tsv", 2);
    size_t n = t.rows, i, c, off;
    uint8_t *msgs = xmalloc(32 * n), *want = xmalloc(20 * n);
    uint8_t *src = xmalloc(32 * n + 8), *dst = xmalloc(20 * n + 8 + 16);

    CHECK(n == 1000, "hash32.tsv has %lu rows, want 1000", (unsigned long)n);
    for (i = 0; i < n; i++) {
        CHECK(unhex(field(&t, i, 0), 32, msgs + 32 * i) == 0 && unhex(field(&t, i, 1), 20, want + 20 * i) == 0,
              "hash32.tsv row %lu", (unsigned long)i);
    }
    for (c = 0; c < NCOUNTS; c++) {
        size_t m = counts[c];
        for (off = 0; off < 4; off++) {
            memcpy(src + off, msgs, 32 * m);
            memset(dst, 0xA5, 20 * m + off + 16);
            CHECK(rmd160mb_hash32(dst + off, src + off, m) == RMD160MB_OK, "hash32 status, n %lu", (unsigned long)m);
            CHECK(memcmp(dst + off, want, 20 * m) == 0, "hash32 digests, n %lu, offset %lu", (unsigned long)m,
                  (unsigned long)off);
            for (i = 20 * m + off; i < 20 * m + off + 16; i++) CHECK(dst[i] == 0xA5, "write past dst, n %lu", (unsigned long)m);
            for (i = 0; i < off; i++) CHECK(dst[i] == 0xA5, "write before dst, n %lu", (unsigned long)m);
            /* In place. */
            CHECK(rmd160mb_hash32(src + off, src + off, m) == RMD160MB_OK, "in-place status");
            CHECK(memcmp(src + off, want, 20 * m) == 0, "hash32 in place, n %lu, offset %lu", (unsigned long)m,
                  (unsigned long)off);
        }
    }
    free(msgs), free(want), free(src), free(dst), free(t.fields), free(t.text);
}

static void hash160_vectors(const char *dir)
{
    table t = read_table(dir, "hash160-pubkeys.tsv", 5);
    size_t n = t.rows, i, k;
    static const size_t width[2] = {33, 65}, key_col[2] = {1, 3}, digest_col[2] = {2, 4};

    CHECK(n == 2000, "hash160-pubkeys.tsv has %lu rows, want 2000", (unsigned long)n);
    for (k = 0; k < 2; k++) {
        uint8_t *keys = xmalloc(width[k] * n), *want = xmalloc(20 * n), *got = xmalloc(20 * n);
        for (i = 0; i < n; i++) {
            CHECK(unhex(field(&t, i, key_col[k]), width[k], keys + width[k] * i) == 0 &&
                      unhex(field(&t, i, digest_col[k]), 20, want + 20 * i) == 0,
                  "hash160-pubkeys.tsv row %lu", (unsigned long)i);
        }
        CHECK(rmd160mb_hash160(got, keys, n, width[k]) == RMD160MB_OK, "hash160 status");
        CHECK(memcmp(got, want, 20 * n) == 0, "hash160 of %lu-byte keys", (unsigned long)width[k]);
        /* In place, 13 keys (a tail on every backend). */
        CHECK(rmd160mb_hash160(keys, keys, 13, width[k]) == RMD160MB_OK, "hash160 in place status");
        CHECK(memcmp(keys, want, 20 * 13) == 0, "hash160 in place, width %lu", (unsigned long)width[k]);
        free(keys), free(want), free(got);
    }
    free(t.fields), free(t.text);
}

static void length_vectors(const char *dir)
{
    table t = read_table(dir, "ripemd160-lengths.tsv", 2);
    size_t r;
    uint8_t msg[300], want[20], got[20];

    CHECK(t.rows == 301, "ripemd160-lengths.tsv has %lu rows, want 301", (unsigned long)t.rows);
    for (r = 0; r < t.rows; r++) {
        size_t len = (size_t)strtoul(field(&t, r, 0), NULL, 10), i;
        for (i = 0; i < len && i < sizeof msg; i++) msg[i] = (uint8_t)((i * 7 + len) % 256);
        CHECK(len <= sizeof msg && unhex(field(&t, r, 1), 20, want) == 0, "lengths row %lu", (unsigned long)r);
        CHECK(rmd160mb_sum(got, msg, len) == RMD160MB_OK, "sum status");
        CHECK(memcmp(got, want, 20) == 0, "rmd160mb_sum, length %lu", (unsigned long)len);
    }
    free(t.fields), free(t.text);
}

/* xorshift64*: reproducible data. */
static uint64_t rng_state = 0x5eed00aa5eed00aaULL;
static uint8_t rng_byte(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (uint8_t)((rng_state * 0x2545F4914F6CDD1DULL) >> 56);
}

/* The current backend against `other` (by name), on random batches. */
static void against_backend(const char *other)
{
    char current[32];
    size_t c, i;
    snprintf(current, sizeof current, "%s", rmd160mb_backend());
    for (c = 0; c < NCOUNTS; c++) {
        size_t m = counts[c];
        uint8_t *src = xmalloc(65 * m), *a = xmalloc(20 * m), *b = xmalloc(20 * m);
        for (i = 0; i < 65 * m; i++) src[i] = rng_byte();
        CHECK(rmd160mb_hash32(a, src, m) == RMD160MB_OK, "hash32 on %s", current);
        CHECK(rmd160mb_set_backend(other) == RMD160MB_OK, "set_backend(%s)", other);
        CHECK(strcmp(rmd160mb_backend(), other) == 0, "backend is %s after set_backend(%s)", rmd160mb_backend(), other);
        CHECK(rmd160mb_hash32(b, src, m) == RMD160MB_OK, "hash32 on %s", other);
        CHECK(memcmp(a, b, 20 * m) == 0, "hash32, %s vs %s, n %lu", current, other, (unsigned long)m);
        CHECK(rmd160mb_hash160(b, src, m, 65) == RMD160MB_OK, "hash160 on %s", other);
        CHECK(rmd160mb_set_backend(current) == RMD160MB_OK, "set_backend(%s)", current);
        CHECK(rmd160mb_hash160(a, src, m, 65) == RMD160MB_OK, "hash160 on %s", current);
        CHECK(memcmp(a, b, 20 * m) == 0, "hash160, %s vs %s, n %lu", current, other, (unsigned long)m);
        free(src), free(a), free(b);
    }
}

int main(int argc, char **argv)
{
    const char *expect = getenv("RMD160MB_EXPECT_BACKEND");
    char backend[32];
    if (argc != 2) {
        fprintf(stderr, "usage: %s VECTOR_DIR\n", argv[0]);
        return 2;
    }
    snprintf(backend, sizeof backend, "%s", rmd160mb_backend());
    printf("ripemd160mb %s, backend %s, %lu lanes\n", rmd160mb_version(), backend, (unsigned long)rmd160mb_lanes());
    if (expect && *expect) CHECK(strcmp(backend, expect) == 0, "backend %s, expected %s", backend, expect);

    hash32_vectors(argv[1]);
    hash160_vectors(argv[1]);
    length_vectors(argv[1]);
    against_backend("scalar");
    if (rmd160mb_set_backend("neon") == RMD160MB_OK) {
        /* From neon's side against scalar, then the starting backend back. */
        against_backend("scalar");
        CHECK(rmd160mb_set_backend(backend) == RMD160MB_OK, "set_backend(%s)", backend);
    } else {
        printf("NOTICE: backend neon not available in this build or CPU\n");
    }
    CHECK(strcmp(rmd160mb_backend(), backend) == 0, "backend restored");

    printf("%s: %lu checks, %d failed\n", failures ? "FAIL" : "PASS", checks, failures);
    return failures ? 1 : 0;
}
