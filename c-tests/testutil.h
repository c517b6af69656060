/*
 * Shared helpers of the C tests: failure reporting, hex, the bundled TSV
 * vector files, a seeded RNG, guarded buffers and the backend loop.
 *
 * Header-only (static inline functions) so every test is one translation
 * unit; valid C99 and C11 with -Wall -Wextra -Werror -pedantic.
 */
#ifndef RMD160MB_TESTUTIL_H
#define RMD160MB_TESTUTIL_H

#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ripemd160mb.h"

#ifndef TEST_VECTOR_DIR
#define TEST_VECTOR_DIR "tests/vectors"
#endif

/* ------------------------------------------------------------------------ */
/* Failure reporting. A test binary exits 1 when any check failed. */

static int t_failures = 0;
static int t_checks = 0;
/* The backend under test, for messages ("-" outside the backend loop). */
static const char *t_backend = "-";

static inline void t_fail(const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    t_failures++;
    fprintf(stderr, "FAIL %s:%d [backend %s]: ", file, line, t_backend);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    if (t_failures > 50) {
        fprintf(stderr, "too many failures, stopping\n");
        exit(1);
    }
}

/* CHECK(cond, "printf format", args...): records a failure when !cond. */
#define CHECK(cond, ...) \
    ((void)t_checks++, (cond) ? (void)0 : t_fail(__FILE__, __LINE__, __VA_ARGS__))

/* CHECK_STATUS(call, want): the call returned exactly `want`. */
#define CHECK_STATUS(call, want)                                                  \
    do {                                                                          \
        int t_got_ = (call);                                                      \
        CHECK(t_got_ == (want), "%s returned %d (%s), expected %d (%s)", #call,   \
              t_got_, rmd160mb_strerror(t_got_), (int)(want),                     \
              rmd160mb_strerror(want));                                           \
    } while (0)

/* Prints the summary line of the binary and returns its exit status. */
static inline int t_finish(const char *name)
{
    printf("%s: %d checks, %d failures\n", name, t_checks, t_failures);
    return t_failures == 0 ? 0 : 1;
}

/* malloc that fails the test binary on out-of-memory. */
static inline void *t_malloc(size_t n)
{
    void *p = malloc(n == 0 ? 1 : n);
    if (p == NULL) {
        fprintf(stderr, "FAIL: out of memory (%lu bytes)\n", (unsigned long)n);
        exit(1);
    }
    return p;
}

/* ------------------------------------------------------------------------ */
/* Hex. */

static inline int hex_nibble(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Decodes `hex` (exactly 2*outlen hex digits, NUL-terminated) into out.
 * Returns 0, or -1 for a bad length or digit. */
static inline int hex_decode(const char *hex, uint8_t *out, size_t outlen)
{
    size_t i;
    if (strlen(hex) != 2 * outlen) return -1;
    for (i = 0; i < outlen; i++) {
        int hi = hex_nibble((unsigned char)hex[2 * i]);
        int lo = hex_nibble((unsigned char)hex[2 * i + 1]);
        if (hi < 0 || lo < 0) return -1;
        out[i] = (uint8_t)(hi * 16 + lo);
    }
    return 0;
}

/* Lower-case hex of `len` bytes into out (room for 2*len+1). */
static inline char *hex_encode(const uint8_t *in, size_t len, char *out)
{
    static const char digits[] = "0123456789abcdef";
    size_t i;
    for (i = 0; i < len; i++) {
        out[2 * i] = digits[in[i] >> 4];
        out[2 * i + 1] = digits[in[i] & 15];
    }
    out[2 * len] = '\0';
    return out;
}

/* CHECK_DIGEST(got, want, "what %d", args...): 20-byte digests equal. */
#define CHECK_DIGEST(got, want, ...)                                       \
    do {                                                                   \
        char t_g_[41], t_w_[41];                                           \
        if (memcmp((got), (want), 20) != 0) {                              \
            hex_encode((got), 20, t_g_);                                   \
            hex_encode((want), 20, t_w_);                                  \
            t_fail(__FILE__, __LINE__, "digest mismatch: got %s want %s", \
                   t_g_, t_w_);                                            \
            fprintf(stderr, "  in: ");                                     \
            fprintf(stderr, __VA_ARGS__);                                  \
            fputc('\n', stderr);                                           \
        }                                                                  \
        t_checks++;                                                        \
    } while (0)

/* CHECK_DIGEST32(got, want, "what %d", args...): 32-byte digests (SHA-256,
 * double SHA-256, merkle roots) equal, all 32 bytes. */
#define CHECK_DIGEST32(got, want, ...)                                     \
    do {                                                                   \
        char t_g_[65], t_w_[65];                                           \
        if (memcmp((got), (want), 32) != 0) {                              \
            hex_encode((got), 32, t_g_);                                   \
            hex_encode((want), 32, t_w_);                                  \
            t_fail(__FILE__, __LINE__, "digest mismatch: got %s want %s", \
                   t_g_, t_w_);                                            \
            fprintf(stderr, "  in: ");                                     \
            fprintf(stderr, __VA_ARGS__);                                  \
            fputc('\n', stderr);                                           \
        }                                                                  \
        t_checks++;                                                        \
    } while (0)

/* ------------------------------------------------------------------------ */
/* TSV vector files: lines starting with '#' are comments; fields are
 * separated by one tab; a line may be long (1 MB lines are fine). */

typedef struct {
    FILE *f;
    char path[1024];
    char *line;
    size_t cap;
    unsigned long lineno;
    char *fields[8];
    int nfields;
} tsv_reader;

/* Opens tests/vectors/<name>; exits the binary with a message if missing. */
static inline void tsv_open(tsv_reader *r, const char *name)
{
    const char *dir = getenv("RMD160MB_VECTOR_DIR");
    memset(r, 0, sizeof *r);
    if (dir == NULL || dir[0] == '\0') dir = TEST_VECTOR_DIR;
    snprintf(r->path, sizeof r->path, "%s/%s", dir, name);
    r->f = fopen(r->path, "r");
    if (r->f == NULL) {
        fprintf(stderr, "FAIL: cannot open vector file %s: %s\n", r->path, strerror(errno));
        exit(1);
    }
}

/* Reads the next data line into r->fields; returns 0 at end of file. */
static inline int tsv_next(tsv_reader *r)
{
    for (;;) {
        size_t len = 0;
        int c;
        char *p;
        while ((c = fgetc(r->f)) != EOF && c != '\n') {
            if (len + 2 > r->cap) {
                r->cap = r->cap ? 2 * r->cap : 512;
                r->line = (char *)realloc(r->line, r->cap);
                if (r->line == NULL) {
                    fprintf(stderr, "FAIL: out of memory reading %s\n", r->path);
                    exit(1);
                }
            }
            r->line[len++] = (char)c;
        }
        if (c == EOF && len == 0) return 0;
        r->lineno++;
        if (r->line == NULL) continue; /* an empty line before any data */
        if (len > 0 && r->line[len - 1] == '\r') len--;
        r->line[len] = '\0';
        if (len == 0 || r->line[0] == '#') continue;
        r->nfields = 0;
        p = r->line;
        for (;;) {
            char *tab = strchr(p, '\t');
            if (r->nfields < 8) r->fields[r->nfields++] = p;
            if (tab == NULL) break;
            *tab = '\0';
            p = tab + 1;
        }
        return 1;
    }
}

/* Exits with a message when the current line is malformed. */
static inline void tsv_bad(const tsv_reader *r, const char *what)
{
    fprintf(stderr, "FAIL: %s:%lu: %s\n", r->path, r->lineno, what);
    exit(1);
}

static inline void tsv_close(tsv_reader *r)
{
    fclose(r->f);
    free(r->line);
    r->line = NULL;
}

/* ------------------------------------------------------------------------ */
/* Seeded RNG (splitmix64): reproducible; the seed is printed by each test. */

typedef struct {
    uint64_t s;
} rng_t;

static inline uint64_t rng_next(rng_t *r)
{
    uint64_t z = (r->s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* Uniform-ish in [0, bound) for small bounds; bound > 0. */
static inline size_t rng_below(rng_t *r, size_t bound)
{
    return (size_t)(rng_next(r) % (uint64_t)bound);
}

static inline void rng_fill(rng_t *r, uint8_t *p, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) p[i] = (uint8_t)(rng_next(r) >> 56);
}

/* The seed: $RMD160MB_TEST_SEED if set, else a fixed default. */
static inline uint64_t test_seed(void)
{
    const char *s = getenv("RMD160MB_TEST_SEED");
    uint64_t seed = 0x5EED160ULL;
    if (s != NULL && s[0] != '\0') seed = (uint64_t)strtoull(s, NULL, 0);
    return seed;
}

/* ------------------------------------------------------------------------ */
/* Guarded buffers: `len` usable bytes at p, preceded and followed by
 * GUARD canary bytes; the usable part starts at `offset` (0..15) bytes past
 * a 16-byte boundary, so tests can misalign on purpose. */

#define GUARD 64
#define CANARY 0xA5

typedef struct {
    uint8_t *base;
    uint8_t *p;
    size_t len;
} guarded;

static inline guarded guarded_new(size_t len, size_t offset)
{
    guarded g;
    g.base = (uint8_t *)t_malloc(len + 2 * GUARD + 16);
    memset(g.base, CANARY, len + 2 * GUARD + 16);
    g.p = g.base + GUARD + (16 - ((uintptr_t)(g.base + GUARD) & 15)) % 16 + offset % 16;
    g.len = len;
    return g;
}

/* 1 when every byte outside p[0..len) is still the canary. */
static inline int guarded_intact(const guarded *g)
{
    const uint8_t *q;
    for (q = g->base; q < g->p; q++)
        if (*q != CANARY) return 0;
    for (q = g->p + g->len; q < g->base + g->len + 2 * GUARD + 16; q++)
        if (*q != CANARY) return 0;
    return 1;
}

static inline void guarded_free(guarded *g)
{
    free(g->base);
    g->base = g->p = NULL;
}

/* ------------------------------------------------------------------------ */
/* Backends. */

/* The library's own list of backends (rmd160mb_backend_count and
 * rmd160mb_backend_describe): the tests keep no list of names or lanes. */
static inline size_t n_backends(void)
{
    return rmd160mb_backend_count();
}

/* Backend `i`'s description (0 <= i < n_backends()); a failure is recorded
 * if the library refuses it, and the name is then "?". */
static inline rmd160mb_backend_desc backend_desc(size_t i)
{
    rmd160mb_backend_desc d;
    int status;
    memset(&d, 0, sizeof d);
    status = rmd160mb_backend_describe(i, &d);
    CHECK(status == RMD160MB_OK && d.name != NULL, "rmd160mb_backend_describe(%lu) = %d", (unsigned long)i, status);
    if (d.name == NULL) d.name = "?";
    return d;
}

static inline const char *backend_name(size_t i)
{
    return backend_desc(i).name;
}

/* The lanes the library lists for backend `name` (0 for an unknown name). */
static inline size_t backend_lanes(const char *name)
{
    size_t i;
    for (i = 0; i < n_backends(); i++) {
        rmd160mb_backend_desc d = backend_desc(i);
        if (strcmp(d.name, name) == 0) return d.lanes;
    }
    return 0;
}

/* Switches to backend `name`: returns 1 when the tests should run on it, 0
 * after printing a SKIP notice (not available on this CPU), and records a
 * failure for any other outcome. */
static inline int use_backend(const char *name)
{
    int status = rmd160mb_set_backend(name);
    t_backend = name;
    if (status == RMD160MB_ERR_BACKEND) {
        printf("SKIP: backend %s not available on this CPU (the x86 kernels are checked under Miri on any "
               "x86-64 host, make miri-simd; NEON under qemu, make test-aarch64)\n", name);
        t_backend = "-";
        return 0;
    }
    CHECK(status == RMD160MB_OK, "rmd160mb_set_backend(\"%s\") = %d", name, status);
    if (status != RMD160MB_OK) return 0;
    CHECK(strcmp(rmd160mb_backend(), name) == 0, "rmd160mb_backend() = %s after set_backend(%s)",
          rmd160mb_backend(), name);
    CHECK(rmd160mb_lanes() == backend_lanes(name), "rmd160mb_lanes() = %lu on %s, expected %lu",
          (unsigned long)rmd160mb_lanes(), name, (unsigned long)backend_lanes(name));
    printf("backend %s (%lu lanes)\n", name, (unsigned long)rmd160mb_lanes());
    return 1;
}

/* Runs body() once per backend this CPU supports, SKIP notice for others;
 * restores "auto" at the end. Returns how many backends ran. */
static inline int for_each_backend(void (*body)(const char *backend))
{
    size_t i;
    int ran = 0;
    for (i = 0; i < n_backends(); i++) {
        const char *name = backend_name(i);
        if (use_backend(name)) {
            body(name);
            ran++;
        }
    }
    t_backend = "-";
    CHECK_STATUS(rmd160mb_set_backend("auto"), RMD160MB_OK);
    CHECK(ran >= 1, "no backend ran (scalar must always be available)");
    return ran;
}

#endif /* RMD160MB_TESTUTIL_H */
