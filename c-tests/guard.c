/* Memory-safety check of the C API, meant to run under AddressSanitizer +
 * UndefinedBehaviorSanitizer (make check-asan) and valgrind memcheck (make
 * check-valgrind). Every buffer is a heap block of exactly the size the
 * contract names (so a one-byte overrun or overread hits a redzone or an
 * unaddressable byte), at offset 0 and misaligned by 1..3, separate and in
 * place, on every backend this CPU has; results are checked against the
 * bundled vectors (tests/vectors, from independent implementations): RIPEMD-160
 * and HASH160, Keccak-256 and Ethereum addresses.
 *
 * Usage: guard VECTOR_DIR   (exit status 0 when every check passed)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ripemd160mb.h"

static int passed, failed;

#define CHECK(cond, ...)                                      \
    do {                                                      \
        if (cond) {                                           \
            passed++;                                         \
        } else {                                              \
            failed++;                                         \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); \
            fprintf(stderr, __VA_ARGS__);                     \
            fputc('\n', stderr);                              \
        }                                                     \
    } while (0)

/* ---- vectors ----------------------------------------------------------- */

static int unhex(const char *s, size_t n, uint8_t *out) {
    for (size_t i = 0; i < n; i++) {
        unsigned v;
        if (sscanf(s + 2 * i, "%2x", &v) != 1) return -1;
        out[i] = (uint8_t)v;
    }
    return 0;
}

/* Columns `a` (a_len bytes) and `b` (b_len bytes) of each data line of a TSV. */
static size_t load(const char *dir, const char *file, int col_a, size_t a_len, int col_b, size_t b_len, uint8_t **a,
                   uint8_t **b) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        exit(2);
    }
    size_t cap = 4096, n = 0;
    *a = malloc(cap * a_len);
    *b = malloc(cap * b_len);
    char line[1024];
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n') continue;
        char *cols[8] = {0};
        int k = 0;
        for (char *p = strtok(line, "\t\n"); p && k < 8; p = strtok(NULL, "\t\n")) cols[k++] = p;
        if (k <= col_a || k <= col_b || n == cap) continue;
        if (unhex(cols[col_a], a_len, *a + n * a_len) || unhex(cols[col_b], b_len, *b + n * b_len)) continue;
        n++;
    }
    fclose(f);
    return n;
}

/* A heap block of exactly `len` bytes placed at offset `off` of an
 * allocation of len + off bytes: its end is the allocation's end. */
static uint8_t *exact(size_t len, size_t off, uint8_t **base) {
    *base = malloc(len + off + (len + off == 0));
    if (!*base) {
        perror("malloc");
        exit(2);
    }
    return *base + off;
}

/* ---- checks ------------------------------------------------------------ */

static const size_t COUNTS[] = {0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 19, 31, 32, 33, 35, 63, 64, 65, 129, 1000};
#define NCOUNTS (sizeof COUNTS / sizeof COUNTS[0])

static void check_hash32(const char *be, const uint8_t *msgs, const uint8_t *dig, size_t nvec) {
    for (size_t c = 0; c < NCOUNTS; c++) {
        size_t n = COUNTS[c];
        for (size_t off = 0; off < 4; off++) {
            uint8_t *sb, *db;
            uint8_t *src = exact(32 * n, off, &sb), *dst = exact(20 * n, 3 - off, &db);
            for (size_t i = 0; i < n; i++) memcpy(src + 32 * i, msgs + 32 * (i % nvec), 32);
            int st = rmd160mb_hash32(dst, src, n);
            CHECK(st == RMD160MB_OK, "%s hash32 n %zu: status %d", be, n, st);
            for (size_t i = 0; i < n; i++)
                CHECK(!memcmp(dst + 20 * i, dig + 20 * (i % nvec), 20), "%s hash32 n %zu off %zu digest %zu", be, n, off, i);
            /* In place in the exact-size source block. */
            st = rmd160mb_hash32(src, src, n);
            CHECK(st == RMD160MB_OK, "%s hash32 in place n %zu: status %d", be, n, st);
            for (size_t i = 0; i < n; i++)
                CHECK(!memcmp(src + 20 * i, dig + 20 * (i % nvec), 20), "%s hash32 in place n %zu digest %zu", be, n, i);
            free(sb);
            free(db);
        }
    }
}

static void check_hash160(const char *be, size_t width, const uint8_t *keys, const uint8_t *dig, size_t nvec) {
    for (size_t c = 0; c < NCOUNTS; c++) {
        size_t n = COUNTS[c];
        for (size_t off = 0; off < 4; off += 3) {
            uint8_t *sb, *db;
            uint8_t *src = exact(width * n, off, &sb), *dst = exact(20 * n, off, &db);
            for (size_t i = 0; i < n; i++) memcpy(src + width * i, keys + width * (i % nvec), width);
            int st = rmd160mb_hash160(dst, src, n, width);
            CHECK(st == RMD160MB_OK, "%s hash160 w %zu n %zu: status %d", be, width, n, st);
            for (size_t i = 0; i < n; i++)
                CHECK(!memcmp(dst + 20 * i, dig + 20 * (i % nvec), 20), "%s hash160 w %zu n %zu digest %zu", be, width, n, i);
            st = rmd160mb_hash160(src, src, n, width);
            CHECK(st == RMD160MB_OK, "%s hash160 in place w %zu n %zu: status %d", be, width, n, st);
            for (size_t i = 0; i < n; i++)
                CHECK(!memcmp(src + 20 * i, dig + 20 * (i % nvec), 20), "%s hash160 in place w %zu n %zu digest %zu", be, width, n, i);
            free(sb);
            free(db);
        }
    }
}

/* Message L of ripemd160-lengths.tsv: m[i] = (i*7 + L) mod 256. */
static void check_lengths(const char *dir) {
    char path[4096];
    snprintf(path, sizeof path, "%s/ripemd160-lengths.tsv", dir);
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        exit(2);
    }
    char line[256];
    size_t rows = 0;
    while (fgets(line, sizeof line, f)) {
        size_t len;
        char hex[64];
        uint8_t want[20], got[20];
        if (line[0] == '#' || sscanf(line, "%zu\t%40s", &len, hex) != 2 || unhex(hex, 20, want)) continue;
        rows++;
        uint8_t *mb, *ob;
        uint8_t *msg = exact(len, 1, &mb);
        for (size_t i = 0; i < len; i++) msg[i] = (uint8_t)(i * 7 + len);
        uint8_t *out = exact(20, 0, &ob);
        CHECK(rmd160mb_sum(out, msg, len) == RMD160MB_OK && !memcmp(out, want, 20), "sum len %zu", len);
        /* Streamed in pieces that split blocks in every way, the context
         * itself in an exact-size heap block. */
        static const size_t PIECES[] = {1, 3, 55, 56, 63, 64, 65};
        for (size_t p = 0; p < sizeof PIECES / sizeof PIECES[0]; p++) {
            rmd160mb_ctx *ctx = malloc(sizeof *ctx);
            int st = rmd160mb_init(ctx);
            for (size_t at = 0; at < len && st == RMD160MB_OK; at += PIECES[p]) {
                size_t k = len - at < PIECES[p] ? len - at : PIECES[p];
                st = rmd160mb_update(ctx, msg + at, k);
            }
            if (st == RMD160MB_OK) st = rmd160mb_final(ctx, got);
            CHECK(st == RMD160MB_OK && !memcmp(got, want, 20), "stream len %zu pieces %zu: status %d", len, PIECES[p], st);
            free(ctx);
        }
        free(mb);
        free(ob);
    }
    fclose(f);
    CHECK(rows == 301, "ripemd160-lengths.tsv: %zu rows", rows);
}

/* Keccak-256 (width 64: X||Y of the keys, against the file's digests) and
 * Ethereum addresses (widths 65 and 64), each buffer of exact size,
 * misaligned, separate and in place. */
static void check_keccak(const char *be, const uint8_t *k65, const uint8_t *addr, const uint8_t *dig, size_t nvec) {
    for (size_t c = 0; c < NCOUNTS; c++) {
        size_t n = COUNTS[c];
        for (size_t off = 0; off < 4; off += 3) {
            for (size_t width = 64; width <= 65; width++) {
                uint8_t *sb, *db;
                uint8_t *src = exact(width * n, off, &sb), *dst = exact(20 * n, 3 - off, &db);
                for (size_t i = 0; i < n; i++) memcpy(src + width * i, k65 + 65 * (i % nvec) + (65 - width), width);
                int st = rmd160mb_eth_address(dst, src, n, width);
                CHECK(st == RMD160MB_OK, "%s eth_address w %zu n %zu: status %d", be, width, n, st);
                for (size_t i = 0; i < n; i++)
                    CHECK(!memcmp(dst + 20 * i, addr + 20 * (i % nvec), 20), "%s eth_address w %zu n %zu key %zu", be, width, n, i);
                st = rmd160mb_eth_address(src, src, n, width);
                CHECK(st == RMD160MB_OK, "%s eth_address in place w %zu n %zu: status %d", be, width, n, st);
                for (size_t i = 0; i < n; i++)
                    CHECK(!memcmp(src + 20 * i, addr + 20 * (i % nvec), 20), "%s eth_address in place w %zu n %zu key %zu", be, width, n, i);
                free(sb);
                free(db);
            }
            uint8_t *sb, *db;
            uint8_t *src = exact(64 * n, off, &sb), *dst = exact(32 * n, 3 - off, &db);
            for (size_t i = 0; i < n; i++) memcpy(src + 64 * i, k65 + 65 * (i % nvec) + 1, 64);
            int st = rmd160mb_keccak256(dst, src, n, 64);
            CHECK(st == RMD160MB_OK, "%s keccak256 n %zu: status %d", be, n, st);
            for (size_t i = 0; i < n; i++)
                CHECK(!memcmp(dst + 32 * i, dig + 32 * (i % nvec), 32), "%s keccak256 n %zu digest %zu", be, n, i);
            st = rmd160mb_keccak256(src, src, n, 64);
            CHECK(st == RMD160MB_OK, "%s keccak256 in place n %zu: status %d", be, n, st);
            for (size_t i = 0; i < n; i++)
                CHECK(!memcmp(src + 32 * i, dig + 32 * (i % nvec), 32), "%s keccak256 in place n %zu digest %zu", be, n, i);
            free(sb);
            free(db);
        }
    }
}

/* Message L of keccak256-lengths.tsv (m[i] = (i*7 + L) mod 256): through
 * rmd160mb_keccak256 (n = 1, width L) and all of them through one
 * rmd160mb_keccak256_many call, every message, the pointer and length
 * arrays and dst each an exact-size heap block. */
static void check_keccak_lengths(const char *dir) {
    char path[4096];
    snprintf(path, sizeof path, "%s/keccak256-lengths.tsv", dir);
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        exit(2);
    }
    enum { MAXROWS = 400 };
    uint8_t *msgs[MAXROWS], *bases[MAXROWS], want[MAXROWS][32];
    size_t lens_v[MAXROWS];
    char line[256];
    size_t rows = 0;
    while (fgets(line, sizeof line, f) && rows < MAXROWS) {
        size_t len;
        char hex[80];
        if (line[0] == '#' || sscanf(line, "%zu\t%64s", &len, hex) != 2 || unhex(hex, 32, want[rows])) continue;
        msgs[rows] = exact(len, rows % 4, &bases[rows]);
        for (size_t i = 0; i < len; i++) msgs[rows][i] = (uint8_t)(i * 7 + len);
        lens_v[rows] = len;
        uint8_t *ob, *out = exact(32, 0, &ob);
        int st = rmd160mb_keccak256(out, msgs[rows], 1, len);
        CHECK(st == RMD160MB_OK && !memcmp(out, want[rows], 32), "keccak256 len %zu: status %d", len, st);
        free(ob);
        rows++;
    }
    fclose(f);
    CHECK(rows >= 309, "keccak256-lengths.tsv: %zu rows", rows);
    uint8_t *pb, *lb, *db;
    const uint8_t **ptrs = (const uint8_t **)(void *)exact(rows * sizeof *ptrs, 0, &pb);
    size_t *lens = (size_t *)(void *)exact(rows * sizeof *lens, 0, &lb);
    uint8_t *dst = exact(32 * rows, 1, &db);
    for (size_t i = 0; i < rows; i++) {
        ptrs[i] = msgs[i];
        lens[i] = lens_v[i];
    }
    int st = rmd160mb_keccak256_many(dst, ptrs, lens, rows);
    CHECK(st == RMD160MB_OK, "keccak256_many: status %d", st);
    for (size_t i = 0; i < rows; i++) CHECK(!memcmp(dst + 32 * i, want[i], 32), "keccak256_many len %zu", lens_v[i]);
    for (size_t i = 0; i < rows; i++) free(bases[i]);
    free(pb), free(lb), free(db);
}

/* The contract's error statuses: nothing read or written (the pointers
 * would fault or be flagged if they were). */
static void check_errors(void) {
    uint8_t buf[64] = {0}, out[20];
    uint8_t *wild = (uint8_t *)(uintptr_t)16; /* never valid */
    rmd160mb_ctx ctx;
    CHECK(rmd160mb_hash32(NULL, NULL, 0) == RMD160MB_OK, "hash32 n 0 NULL");
    CHECK(rmd160mb_hash32(wild, wild, 0) == RMD160MB_OK, "hash32 n 0 wild");
    CHECK(rmd160mb_hash160(wild, NULL, 0, 33) == RMD160MB_OK, "hash160 n 0");
    CHECK(rmd160mb_hash32(NULL, buf, 1) == RMD160MB_ERR_NULL, "hash32 NULL dst");
    CHECK(rmd160mb_hash32(buf, NULL, 1) == RMD160MB_ERR_NULL, "hash32 NULL src");
    CHECK(rmd160mb_hash160(out, NULL, 1, 33) == RMD160MB_ERR_NULL, "hash160 NULL src");
    CHECK(rmd160mb_hash160(out, NULL, 1, 0) == RMD160MB_OK, "hash160 width 0 NULL src");
    CHECK(!memcmp(out, "\xb4\x72\xa2\x66\xd0\xbd\x89\xc1\x37\x06\xa4\x13\x2c\xcf\xb1\x6f\x7c\x3b\x9f\xcb", 20), "HASH160 of the empty message");
    CHECK(rmd160mb_hash32(buf, buf, SIZE_MAX / 20 + 1) == RMD160MB_ERR_OVERFLOW, "hash32 20n overflow");
    CHECK(rmd160mb_hash32(buf, buf, SIZE_MAX / 32 + 1) == RMD160MB_ERR_OVERFLOW, "hash32 32n overflow");
    CHECK(rmd160mb_hash160(buf, buf, 2, SIZE_MAX / 2 + 1) == RMD160MB_ERR_OVERFLOW, "hash160 width*n overflow");
    CHECK(rmd160mb_hash32(buf + 1, buf, 1) == RMD160MB_ERR_OVERLAP, "hash32 overlap");
    CHECK(rmd160mb_hash160(buf, buf, 2, 19) == RMD160MB_ERR_OVERLAP, "hash160 width 19 in place");
    CHECK(rmd160mb_sum(NULL, buf, 1) == RMD160MB_ERR_NULL, "sum NULL out");
    CHECK(rmd160mb_sum(out, NULL, 0) == RMD160MB_OK, "sum NULL msg len 0");
    CHECK(rmd160mb_sum(out, buf, SIZE_MAX) == RMD160MB_ERR_OVERFLOW, "sum len SIZE_MAX");
    CHECK(rmd160mb_sum(buf + 10, buf, 20) == RMD160MB_ERR_OVERLAP, "sum overlap");
    CHECK(rmd160mb_init(NULL) == RMD160MB_ERR_NULL, "init NULL");
    CHECK(rmd160mb_init(&ctx) == RMD160MB_OK, "init");
    CHECK(rmd160mb_update(&ctx, NULL, 0) == RMD160MB_OK, "update NULL len 0");
    CHECK(rmd160mb_update(NULL, buf, 1) == RMD160MB_ERR_NULL, "update NULL ctx");
    CHECK(rmd160mb_update(&ctx, NULL, 1) == RMD160MB_ERR_NULL, "update NULL data");
    CHECK(rmd160mb_update(&ctx, (const uint8_t *)&ctx, 8) == RMD160MB_ERR_OVERLAP, "update overlapping ctx");
    CHECK(rmd160mb_final(&ctx, (uint8_t *)&ctx) == RMD160MB_ERR_OVERLAP, "final out overlapping ctx");
    CHECK(rmd160mb_final(NULL, out) == RMD160MB_ERR_NULL, "final NULL ctx");
    CHECK(rmd160mb_final(&ctx, NULL) == RMD160MB_ERR_NULL, "final NULL out");
    memset(&ctx, 0xFF, sizeof ctx);
    CHECK(rmd160mb_update(&ctx, buf, 1) == RMD160MB_ERR_CONTEXT, "update garbage ctx");
    CHECK(rmd160mb_final(&ctx, out) == RMD160MB_ERR_CONTEXT, "final garbage ctx");
    CHECK(rmd160mb_set_backend(NULL) == RMD160MB_ERR_NULL, "set_backend NULL");
    CHECK(rmd160mb_set_backend("sse9") == RMD160MB_ERR_BACKEND, "set_backend unknown");
    CHECK(rmd160mb_keccak256(wild, wild, 0, 64) == RMD160MB_OK, "keccak256 n 0 wild");
    CHECK(rmd160mb_keccak256(buf, NULL, 1, 64) == RMD160MB_ERR_NULL, "keccak256 NULL src");
    CHECK(rmd160mb_keccak256(buf, buf, SIZE_MAX / 32 + 1, 0) == RMD160MB_ERR_OVERFLOW, "keccak256 32n overflow");
    CHECK(rmd160mb_keccak256(buf, buf, 1, 31) == RMD160MB_ERR_OVERLAP, "keccak256 width 31 in place");
    CHECK(rmd160mb_keccak256_many(wild, NULL, NULL, 0) == RMD160MB_OK, "keccak256_many n 0");
    CHECK(rmd160mb_eth_address(wild, wild, 0, 65) == RMD160MB_OK, "eth_address n 0 wild");
    CHECK(rmd160mb_eth_address(out, NULL, 1, 65) == RMD160MB_ERR_NULL, "eth_address NULL src");
    CHECK(rmd160mb_eth_address(out, buf, SIZE_MAX / 20 + 1, 64) == RMD160MB_ERR_OVERFLOW, "eth_address 20n overflow");
    CHECK(rmd160mb_eth_address(buf + 1, buf, 1, 64) == RMD160MB_ERR_OVERLAP, "eth_address overlap");
    CHECK(rmd160mb_eth_address(out, buf, 1, 33) == RMD160MB_ERR_INPUT, "eth_address width 33");
    uint8_t key65[65] = {0}; /* starts with 0x00, not 0x04 */
    CHECK(rmd160mb_eth_address(out, key65, 1, 65) == RMD160MB_ERR_INPUT, "eth_address 65-byte key 00...");
    for (int s = -8; s <= 1; s++) CHECK(rmd160mb_strerror(s) != NULL, "strerror %d", s);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s VECTOR_DIR\n", argv[0]);
        return 2;
    }
    uint8_t *m32, *d32, *k33, *d33, *k65, *d65;
    size_t n32 = load(argv[1], "hash32.tsv", 0, 32, 1, 20, &m32, &d32);
    size_t n33 = load(argv[1], "hash160-pubkeys.tsv", 1, 33, 2, 20, &k33, &d33);
    size_t n65 = load(argv[1], "hash160-pubkeys.tsv", 3, 65, 4, 20, &k65, &d65);
    /* eth-addresses.tsv: 65-byte keys with their addresses, and the same
     * keys' Keccak-256 of X||Y (pycryptodome and libsecp256k1). */
    uint8_t *e65, *ea, *e65b, *ed;
    size_t ne = load(argv[1], "eth-addresses.tsv", 1, 65, 3, 20, &e65, &ea);
    size_t ne2 = load(argv[1], "eth-addresses.tsv", 1, 65, 2, 32, &e65b, &ed);
    CHECK(ne >= 2000 && ne2 == ne, "eth vectors: %zu %zu rows", ne, ne2);
    if (!ne || ne2 != ne) return 1;
    CHECK(n32 >= 1000 && n33 >= 2000 && n65 >= 2000, "vectors: %zu %zu %zu rows", n32, n33, n65);
    if (!n32 || !n33 || !n65) return 1;

    /* The library's own list of backends. */
    for (size_t b = 0; b < rmd160mb_backend_count(); b++) {
        rmd160mb_backend_desc desc;
        if (rmd160mb_backend_describe(b, &desc) != RMD160MB_OK) {
            CHECK(0, "backend_describe(%zu) refused", b);
            continue;
        }
        const char *name = desc.name;
        if (rmd160mb_set_backend(name) != RMD160MB_OK) {
            printf("NOTICE: backend %s not available here: skipped; the x86 kernels are checked under Miri "
                   "on any x86-64 host (make miri-simd), NEON under qemu (make test-aarch64)\n", name);
            continue;
        }
        CHECK(!strcmp(rmd160mb_backend(), name), "backend is %s", rmd160mb_backend());
        printf("backend %s (%zu lanes)\n", name, rmd160mb_lanes());
        check_hash32(name, m32, d32, n32);
        check_hash160(name, 33, k33, d33, n33);
        check_hash160(name, 65, k65, d65, n65);
        check_keccak(name, e65, ea, ed, ne);
    }
    CHECK(rmd160mb_set_backend("auto") == RMD160MB_OK, "set_backend auto");
    check_lengths(argv[1]);
    check_keccak_lengths(argv[1]);
    check_errors();
    free(m32), free(d32), free(k33), free(d33), free(k65), free(d65);
    free(e65), free(ea), free(e65b), free(ed);
    printf("guard: %d passed, %d failed\n", passed, failed);
    return failed != 0;
}
