/*
 * Every status of the C contract in include/ripemd160mb.h, on every backend
 * this CPU supports: counts of 0 with NULL pointers, NULL where bytes are
 * needed, size overflow, overlap, in place, nothing written past dst + 20n
 * or into src or on an error, backend selection, strerror, version, the
 * streaming context (copy by value, final then update, uninitialised),
 * Keccak-256 and Ethereum addresses (RMD160MB_ERR_INPUT for a key width
 * other than 64 and 65 or a 65-byte key not starting with 0x04), double
 * SHA-256 and merkle roots (rmd160mb_sha256d, rmd160mb_sha256d_many,
 * rmd160mb_merkle_root: every status, dst over the leaves, mutated NULL or
 * written last), and thread safety while another thread switches backends.
 *
 *   contract                 run all checks
 *   contract --check-force   check that the backend chosen at first use
 *                            honours $RMD160MB_FORCE, and that
 *                            rmd160mb_force_ignored says why when it does
 *                            not (run by c-tests/run.sh)
 *   contract --list-backends the library's backend names, one a line (for
 *                            c-tests/run.sh's RMD160MB_FORCE runs)
 *   contract --list-supported the backends this CPU runs, each with what runs
 *                            its SHA-256 ("avx2 sha-ni"), one a line (for
 *                            make coverage: the instruction sets it ran)
 */
#define _POSIX_C_SOURCE 200809L
#include "testutil.h"

#include <limits.h>
#include <pthread.h>

/* A byte that is not the canary, to tell written from unwritten. */
#define FILL 0x5A

/* Reference digests computed with the streaming API of this library (the
 * one-message functions are checked against OpenSSL in diff.c and against
 * the designers' vectors in vectors.c). */
static void ref_ripemd160(const uint8_t *m, size_t len, uint8_t out[20])
{
    CHECK_STATUS(rmd160mb_sum(out, m, len), RMD160MB_OK);
}

/* ------------------------------------------------------------------------ */
/* Zero counts and NULL. */

static void zero_counts_and_null(void)
{
    uint8_t buf[64], out[20], want[20];
    rmd160mb_ctx ctx;
    size_t big = SIZE_MAX;

    /* n == 0 succeeds whatever the pointers, and writes nothing. */
    memset(buf, FILL, sizeof buf);
    CHECK_STATUS(rmd160mb_hash32(NULL, NULL, 0), RMD160MB_OK);
    CHECK_STATUS(rmd160mb_hash32(buf, NULL, 0), RMD160MB_OK);
    CHECK_STATUS(rmd160mb_hash32(NULL, buf, 0), RMD160MB_OK);
    CHECK_STATUS(rmd160mb_hash32(buf, buf + 1, 0), RMD160MB_OK);
    CHECK_STATUS(rmd160mb_hash160(NULL, NULL, 0, 0), RMD160MB_OK);
    CHECK_STATUS(rmd160mb_hash160(NULL, NULL, 0, 33), RMD160MB_OK);
    CHECK_STATUS(rmd160mb_hash160(NULL, NULL, 0, big), RMD160MB_OK);
    CHECK_STATUS(rmd160mb_hash160(buf, NULL, 0, 65), RMD160MB_OK);
    CHECK_STATUS(rmd160mb_hash160(NULL, buf, 0, 65), RMD160MB_OK);
    CHECK_STATUS(rmd160mb_hash160(buf, buf + 1, 0, 10), RMD160MB_OK);
    {
        int i, same = 1;
        for (i = 0; i < 64; i++) same &= buf[i] == FILL;
        CHECK(same, "a call with n == 0 wrote into the buffer");
    }
    /* len == 0: msg may be NULL; the digest is RIPEMD-160 of "". */
    CHECK_STATUS(rmd160mb_sum(out, NULL, 0), RMD160MB_OK);
    memcpy(want, out, 20);
    CHECK_STATUS(rmd160mb_sum(out, buf, 0), RMD160MB_OK);
    CHECK_DIGEST(out, want, "sum of 0 bytes, msg NULL vs non-NULL");
    CHECK_STATUS(rmd160mb_update(NULL, NULL, 0), RMD160MB_OK);
    CHECK_STATUS(rmd160mb_init(&ctx), RMD160MB_OK);
    CHECK_STATUS(rmd160mb_update(&ctx, NULL, 0), RMD160MB_OK);
    CHECK_STATUS(rmd160mb_final(&ctx, out), RMD160MB_OK);
    CHECK_DIGEST(out, want, "streamed empty message with update(ctx, NULL, 0)");

    /* width == 0: src is not needed; every digest is HASH160(""). */
    {
        uint8_t d[3 * 20], e[20];
        CHECK_STATUS(rmd160mb_hash160(d, NULL, 3, 0), RMD160MB_OK);
        CHECK_STATUS(rmd160mb_hash160(e, buf, 1, 0), RMD160MB_OK);
        CHECK_DIGEST(d, e, "hash160 width 0, message 0");
        CHECK_DIGEST(d + 20, e, "hash160 width 0, message 1");
        CHECK_DIGEST(d + 40, e, "hash160 width 0, message 2");
    }

    /* NULL where bytes are needed. */
    CHECK_STATUS(rmd160mb_hash32(NULL, buf, 1), RMD160MB_ERR_NULL);
    CHECK_STATUS(rmd160mb_hash32(buf, NULL, 1), RMD160MB_ERR_NULL);
    CHECK_STATUS(rmd160mb_hash32(NULL, NULL, 1), RMD160MB_ERR_NULL);
    CHECK_STATUS(rmd160mb_hash160(NULL, buf, 1, 33), RMD160MB_ERR_NULL);
    CHECK_STATUS(rmd160mb_hash160(out, NULL, 1, 33), RMD160MB_ERR_NULL);
    CHECK_STATUS(rmd160mb_hash160(NULL, NULL, 2, 0), RMD160MB_ERR_NULL);
    CHECK_STATUS(rmd160mb_sum(NULL, buf, 3), RMD160MB_ERR_NULL);
    CHECK_STATUS(rmd160mb_sum(NULL, NULL, 0), RMD160MB_ERR_NULL);
    CHECK_STATUS(rmd160mb_sum(out, NULL, 1), RMD160MB_ERR_NULL);
    CHECK_STATUS(rmd160mb_init(NULL), RMD160MB_ERR_NULL);
    CHECK_STATUS(rmd160mb_update(NULL, buf, 1), RMD160MB_ERR_NULL);
    CHECK_STATUS(rmd160mb_update(&ctx, NULL, 1), RMD160MB_ERR_NULL);
    CHECK_STATUS(rmd160mb_final(NULL, out), RMD160MB_ERR_NULL);
    CHECK_STATUS(rmd160mb_final(&ctx, NULL), RMD160MB_ERR_NULL);
    CHECK_STATUS(rmd160mb_set_backend(NULL), RMD160MB_ERR_NULL);
    /* The failed calls left the context as it was. */
    CHECK_STATUS(rmd160mb_final(&ctx, out), RMD160MB_OK);
    CHECK_DIGEST(out, want, "context after rejected calls");
}

/* ------------------------------------------------------------------------ */
/* Overflow: checked before any memory is touched, so the buffers below are
 * far smaller than the sizes passed; nothing may be read or written. */

static void overflow(void)
{
    guarded dst = guarded_new(64, 0), src = guarded_new(64, 0);
    memset(dst.p, FILL, 64);
    memset(src.p, FILL, 64);

    /* n*32 overflows size_t (for SIZE_MAX/32 + 1, n*20 still fits). */
    CHECK_STATUS(rmd160mb_hash32(dst.p, src.p, SIZE_MAX / 16), RMD160MB_ERR_OVERFLOW);
    CHECK_STATUS(rmd160mb_hash32(dst.p, src.p, SIZE_MAX / 32 + 1), RMD160MB_ERR_OVERFLOW);
    CHECK_STATUS(rmd160mb_hash32(dst.p, src.p, SIZE_MAX), RMD160MB_ERR_OVERFLOW);
    /* n*20 overflows size_t. */
    CHECK_STATUS(rmd160mb_hash160(dst.p, src.p, SIZE_MAX / 20 + 1, 1), RMD160MB_ERR_OVERFLOW);
    CHECK_STATUS(rmd160mb_hash160(dst.p, src.p, SIZE_MAX / 16, 0), RMD160MB_ERR_OVERFLOW);
    /* n*width overflows size_t, n*20 does not. */
    CHECK_STATUS(rmd160mb_hash160(dst.p, src.p, 2, SIZE_MAX / 2 + 1), RMD160MB_ERR_OVERFLOW);
    CHECK_STATUS(rmd160mb_hash160(dst.p, src.p, 3, SIZE_MAX), RMD160MB_ERR_OVERFLOW);
    CHECK_STATUS(rmd160mb_hash160(dst.p, src.p, SIZE_MAX / 64, 65), RMD160MB_ERR_OVERFLOW);
    /* Overflow is reported before NULL pointers (no memory is needed to
     * know the size is impossible), as documented. */
    CHECK_STATUS(rmd160mb_hash32(NULL, NULL, SIZE_MAX), RMD160MB_ERR_OVERFLOW);
    /* A range that would wrap the address space. */
    {
        const uint8_t *top = (const uint8_t *)(uintptr_t)(UINTPTR_MAX - 15);
        uint8_t *topw = (uint8_t *)(uintptr_t)(UINTPTR_MAX - 15);
        uint8_t out[20];
        memset(out, FILL, 20);
        CHECK_STATUS(rmd160mb_hash32(dst.p, top, 1), RMD160MB_ERR_OVERFLOW);
        CHECK_STATUS(rmd160mb_hash32(topw, src.p, 1), RMD160MB_ERR_OVERFLOW);
        CHECK_STATUS(rmd160mb_hash160(dst.p, top, 1, 33), RMD160MB_ERR_OVERFLOW);
        CHECK_STATUS(rmd160mb_sum(out, top, 32), RMD160MB_ERR_OVERFLOW);
        CHECK_STATUS(rmd160mb_sum(topw, src.p, 1), RMD160MB_ERR_OVERFLOW);
        /* A wrapping range with a NULL pointer in another argument: the
         * ranges are checked before the pointers. */
        CHECK_STATUS(rmd160mb_hash32(NULL, top, 1), RMD160MB_ERR_OVERFLOW);
        CHECK_STATUS(rmd160mb_sha256(NULL, top, 1, 16), RMD160MB_ERR_OVERFLOW);
        CHECK_STATUS(rmd160mb_sum(NULL, top, 32), RMD160MB_ERR_OVERFLOW);
        {
            rmd160mb_ctx ctx;
            CHECK_STATUS(rmd160mb_init(&ctx), RMD160MB_OK);
            CHECK_STATUS(rmd160mb_update(&ctx, top, 32), RMD160MB_ERR_OVERFLOW);
        }
        CHECK(out[0] == FILL && out[19] == FILL, "sum wrote its output on an overflow error");
    }
    {
        int i, ok = 1;
        for (i = 0; i < 64; i++) ok &= dst.p[i] == FILL && src.p[i] == FILL;
        CHECK(ok, "a call that returned an overflow error wrote into a buffer");
    }
    CHECK(guarded_intact(&dst) && guarded_intact(&src), "overflow: write outside the buffers");
    guarded_free(&dst);
    guarded_free(&src);
}

/* ------------------------------------------------------------------------ */
/* Overlap. On an error nothing is written: the whole region is compared. */

static void check_overlap_32(const char *what, size_t n, ptrdiff_t dst_at)
{
    /* src at offset 256 of a 1 KiB region; dst at 256 + dst_at. */
    uint8_t region[1024], copy[1024];
    size_t i;
    for (i = 0; i < sizeof region; i++) region[i] = (uint8_t)(i * 31 + 7);
    memcpy(copy, region, sizeof region);
    CHECK(rmd160mb_hash32(region + 256 + dst_at, region + 256, n) == RMD160MB_ERR_OVERLAP,
          "hash32 %s (n=%lu, dst = src%+ld) not refused with RMD160MB_ERR_OVERLAP", what, (unsigned long)n,
          (long)dst_at);
    CHECK(memcmp(region, copy, sizeof region) == 0, "hash32 %s: memory changed on an overlap error", what);
}

static void check_overlap_160(const char *what, size_t n, size_t width, ptrdiff_t dst_at)
{
    uint8_t region[2048], copy[2048];
    size_t i;
    for (i = 0; i < sizeof region; i++) region[i] = (uint8_t)(i * 17 + 3);
    memcpy(copy, region, sizeof region);
    CHECK(rmd160mb_hash160(region + 512 + dst_at, region + 512, n, width) == RMD160MB_ERR_OVERLAP,
          "hash160 %s (n=%lu, width=%lu, dst = src%+ld) not refused with RMD160MB_ERR_OVERLAP", what,
          (unsigned long)n, (unsigned long)width, (long)dst_at);
    CHECK(memcmp(region, copy, sizeof region) == 0, "hash160 %s: memory changed on an overlap error", what);
}

static void overlap(void)
{
    size_t n;
    /* hash32: dst inside src at an offset, partial overlap at either end. */
    for (n = 1; n <= 5; n++) {
        check_overlap_32("dst inside src", n, 1);
        check_overlap_32("dst inside src", n, 12);
        check_overlap_32("dst at the last byte of src", n, (ptrdiff_t)(32 * n) - 1);
        check_overlap_32("dst before src, overlapping", n, -(ptrdiff_t)(20 * n) + 1);
        check_overlap_32("dst before src, overlapping by 4", n, -(ptrdiff_t)(20 * n) + 4);
    }
    /* hash160: dst at an offset into src, partial overlaps, and in place
     * with width < 20 (the digests would overrun the next inputs). */
    for (n = 1; n <= 5; n++) {
        size_t w;
        check_overlap_160("dst inside src", n, 33, 1);
        check_overlap_160("dst inside src", n, 65, 40);
        check_overlap_160("dst at the last byte of src", n, 65, (ptrdiff_t)(65 * n) - 1);
        check_overlap_160("dst before src, overlapping", n, 33, -(ptrdiff_t)(20 * n) + 1);
        for (w = 1; w < 20; w++) check_overlap_160("in place with width < 20", n, w, 0);
    }
    /* sum: the output overlapping the message (also out == msg). */
    {
        uint8_t region[256], copy[256];
        size_t i;
        for (i = 0; i < sizeof region; i++) region[i] = (uint8_t)i;
        memcpy(copy, region, sizeof region);
        CHECK_STATUS(rmd160mb_sum(region + 10, region, 100), RMD160MB_ERR_OVERLAP);
        CHECK_STATUS(rmd160mb_sum(region, region, 100), RMD160MB_ERR_OVERLAP);
        CHECK_STATUS(rmd160mb_sum(region, region + 19, 5), RMD160MB_ERR_OVERLAP);
        CHECK(memcmp(region, copy, sizeof region) == 0, "sum: memory changed on an overlap error");
        /* Adjacent is not overlapping. */
        CHECK_STATUS(rmd160mb_sum(region, region + 20, 5), RMD160MB_OK);
        CHECK_STATUS(rmd160mb_sum(region + 5, region, 5), RMD160MB_OK);
    }
    /* update: data overlapping the context; final: out overlapping it. */
    {
        rmd160mb_ctx ctx, saved;
        uint8_t out[20], want[20];
        CHECK_STATUS(rmd160mb_init(&ctx), RMD160MB_OK);
        CHECK_STATUS(rmd160mb_update(&ctx, (const uint8_t *)"abc", 3), RMD160MB_OK);
        saved = ctx;
        CHECK_STATUS(rmd160mb_update(&ctx, (const uint8_t *)&ctx, 8), RMD160MB_ERR_OVERLAP);
        CHECK_STATUS(rmd160mb_update(&ctx, (const uint8_t *)&ctx + sizeof ctx - 1, 4), RMD160MB_ERR_OVERLAP);
        CHECK_STATUS(rmd160mb_final(&ctx, (uint8_t *)&ctx), RMD160MB_ERR_OVERLAP);
        CHECK_STATUS(rmd160mb_final(&ctx, (uint8_t *)&ctx + sizeof ctx - 10), RMD160MB_ERR_OVERLAP);
        CHECK(memcmp(&ctx, &saved, sizeof ctx) == 0, "context changed by a call refused for overlap");
        CHECK_STATUS(rmd160mb_final(&ctx, out), RMD160MB_OK);
        ref_ripemd160((const uint8_t *)"abc", 3, want);
        CHECK_DIGEST(out, want, "context after refused overlapping calls");
    }
}

/* ------------------------------------------------------------------------ */
/* In place and bounds, on the current backend: canaries around dst, src
 * unchanged, in place equal to out of place. */

static void in_place_and_bounds(const char *backend)
{
    size_t counts[] = {1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 33, 64, 65, 100, 257};
    size_t widths[] = {0, 1, 19, 20, 21, 32, 33, 64, 65, 100};
    size_t ci, wi;
    rng_t rng;
    rng.s = test_seed() ^ 0xC0;
    for (ci = 0; ci < sizeof counts / sizeof counts[0]; ci++) {
        size_t n = counts[ci];
        /* hash32 out of place vs in place. */
        guarded src = guarded_new(32 * n, ci);
        guarded dst = guarded_new(20 * n, ci + 3);
        guarded inp = guarded_new(32 * n, ci + 5);
        uint8_t *copy = (uint8_t *)t_malloc(32 * n);
        rng_fill(&rng, src.p, 32 * n);
        memcpy(copy, src.p, 32 * n);
        memcpy(inp.p, src.p, 32 * n);
        CHECK_STATUS(rmd160mb_hash32(dst.p, src.p, n), RMD160MB_OK);
        CHECK(memcmp(src.p, copy, 32 * n) == 0, "hash32 modified src (n=%lu)", (unsigned long)n);
        CHECK(guarded_intact(&dst), "hash32 wrote outside dst[0..20n) (n=%lu)", (unsigned long)n);
        CHECK_STATUS(rmd160mb_hash32(inp.p, inp.p, n), RMD160MB_OK);
        CHECK(memcmp(inp.p, dst.p, 20 * n) == 0, "hash32 in place differs from out of place (n=%lu)",
              (unsigned long)n);
        CHECK(guarded_intact(&inp), "hash32 in place wrote outside the buffer (n=%lu)", (unsigned long)n);
        {
            /* Every digest also equals rmd160mb_sum of its message. */
            size_t i;
            for (i = 0; i < n; i++) {
                uint8_t want[20];
                ref_ripemd160(copy + 32 * i, 32, want);
                CHECK_DIGEST(dst.p + 20 * i, want, "hash32 message %lu of %lu vs rmd160mb_sum", (unsigned long)i,
                             (unsigned long)n);
            }
        }
        free(copy);
        guarded_free(&src);
        guarded_free(&dst);
        guarded_free(&inp);

        /* hash160 out of place vs in place (width >= 20). */
        for (wi = 0; wi < sizeof widths / sizeof widths[0]; wi++) {
            size_t w = widths[wi];
            guarded s = guarded_new(w * n, wi);
            guarded d = guarded_new(20 * n, wi + ci);
            uint8_t *c = (uint8_t *)t_malloc(w * n);
            rng_fill(&rng, s.p, w * n);
            memcpy(c, s.p, w * n);
            CHECK_STATUS(rmd160mb_hash160(d.p, s.p, n, w), RMD160MB_OK);
            CHECK(memcmp(s.p, c, w * n) == 0, "hash160 modified src (n=%lu, width=%lu)", (unsigned long)n,
                  (unsigned long)w);
            CHECK(guarded_intact(&d), "hash160 wrote outside dst[0..20n) (n=%lu, width=%lu)", (unsigned long)n,
                  (unsigned long)w);
            if (w >= 20) {
                CHECK_STATUS(rmd160mb_hash160(s.p, s.p, n, w), RMD160MB_OK);
                CHECK(memcmp(s.p, d.p, 20 * n) == 0, "hash160 in place differs (n=%lu, width=%lu)",
                      (unsigned long)n, (unsigned long)w);
                CHECK(guarded_intact(&s), "hash160 in place wrote outside the buffer (n=%lu, width=%lu)",
                      (unsigned long)n, (unsigned long)w);
            }
            free(c);
            guarded_free(&s);
            guarded_free(&d);
        }
    }
    /* Adjacent buffers (dst right after src, src right after dst) are fine. */
    {
        uint8_t region[20 * 4 + 32 * 4];
        memset(region, 1, sizeof region);
        CHECK_STATUS(rmd160mb_hash32(region + 128, region, 4), RMD160MB_OK);
        CHECK_STATUS(rmd160mb_hash32(region, region + 80, 4), RMD160MB_OK);
        CHECK_STATUS(rmd160mb_hash160(region, region + 80, 4, 32), RMD160MB_OK);
    }
    printf("%s: in place and bounds done\n", backend);
}

/* ------------------------------------------------------------------------ */
/* Backend selection, strerror, version. */

static void backend_selection(void)
{
    char before[32];
    size_t lanes_before;
    int i;
    static const char *const bogus[] = {"", "AUTO", "Scalar", "sse2", "avx", "avx512f", "neon ", "scalar\t",
                                        "auto2", "x"};

    CHECK_STATUS(rmd160mb_set_backend("auto"), RMD160MB_OK);
    snprintf(before, sizeof before, "%s", rmd160mb_backend());
    lanes_before = rmd160mb_lanes();
    CHECK(backend_lanes(before) == lanes_before, "auto backend %s has %lu lanes", before,
          (unsigned long)lanes_before);
    for (i = 0; i < (int)(sizeof bogus / sizeof bogus[0]); i++) {
        CHECK(rmd160mb_set_backend(bogus[i]) == RMD160MB_ERR_BACKEND, "set_backend(\"%s\") not refused", bogus[i]);
        CHECK(strcmp(rmd160mb_backend(), before) == 0, "set_backend(\"%s\") changed the backend to %s", bogus[i],
              rmd160mb_backend());
    }
    CHECK_STATUS(rmd160mb_set_backend(NULL), RMD160MB_ERR_NULL);
    CHECK(strcmp(rmd160mb_backend(), before) == 0, "set_backend(NULL) changed the backend");
    CHECK_STATUS(rmd160mb_set_backend("scalar"), RMD160MB_OK);
    CHECK(strcmp(rmd160mb_backend(), "scalar") == 0 && rmd160mb_lanes() == 1, "scalar: backend %s, lanes %lu",
          rmd160mb_backend(), (unsigned long)rmd160mb_lanes());
    /* An unavailable backend leaves the current one in place. */
    for (i = 0; i < (int)n_backends(); i++) {
        const char *name = backend_name((size_t)i);
        CHECK_STATUS(rmd160mb_set_backend("scalar"), RMD160MB_OK);
        if (rmd160mb_set_backend(name) == RMD160MB_ERR_BACKEND)
            CHECK(strcmp(rmd160mb_backend(), "scalar") == 0, "refused set_backend(%s) changed the backend", name);
        else
            CHECK(strcmp(rmd160mb_backend(), name) == 0, "set_backend(%s) gave %s", name, rmd160mb_backend());
    }
    CHECK_STATUS(rmd160mb_set_backend("auto"), RMD160MB_OK);
    CHECK(strcmp(rmd160mb_backend(), before) == 0, "auto gave %s, then %s", before, rmd160mb_backend());
    printf("backends: auto = %s (%lu lanes)\n", before, (unsigned long)lanes_before);
}

/* rmd160mb_backend_count and rmd160mb_backend_describe: the list agrees with
 * what set_backend, rmd160mb_backend and rmd160mb_lanes do; every status. */
static void backend_list(void)
{
    size_t n = rmd160mb_backend_count(), i, j, last_supported = 0;
    rmd160mb_backend_desc d, untouched;
    unsigned char raw[sizeof(rmd160mb_backend_desc) + 1];
    char chosen[32];

    CHECK_STATUS(rmd160mb_set_backend("auto"), RMD160MB_OK);
    snprintf(chosen, sizeof chosen, "%s", rmd160mb_backend());
    CHECK(n >= 1 && n == rmd160mb_backend_count(), "backend_count = %lu", (unsigned long)n);
    /* The first is the reference kernel, always there. */
    d = backend_desc(0);
    CHECK(strcmp(d.name, "scalar") == 0 && d.lanes == 1 && d.compiled == 1 && d.supported == 1 &&
              d.sha256_kernel != NULL && strcmp(d.sha256_kernel, "scalar") == 0,
          "backend 0: %s, %lu lanes, compiled %d, supported %d", d.name, (unsigned long)d.lanes, d.compiled,
          d.supported);
    for (i = 0; i < n; i++) {
        int st;
        d = backend_desc(i);
        for (j = 0; j < i; j++)
            CHECK(strcmp(backend_name(j), d.name) != 0, "backends %lu and %lu share the name %s",
                  (unsigned long)j, (unsigned long)i, d.name);
        CHECK(d.lanes >= 1 && d.keccak_lanes >= 1, "%s: %lu lanes, %lu Keccak lanes", d.name, (unsigned long)d.lanes,
              (unsigned long)d.keccak_lanes);
        CHECK((d.compiled == 0 || d.compiled == 1) && (d.supported == 0 || d.supported == 1) &&
                  (!d.supported || d.compiled),
              "%s: compiled %d, supported %d", d.name, d.compiled, d.supported);
        CHECK((d.sha256_kernel != NULL) == (d.supported == 1), "%s: sha256_kernel %s with supported %d", d.name,
              d.sha256_kernel ? d.sha256_kernel : "NULL", d.supported);
        st = rmd160mb_set_backend(d.name);
        CHECK(st == (d.supported ? RMD160MB_OK : RMD160MB_ERR_BACKEND), "%s: supported %d but set_backend gave %d",
              d.name, d.supported, st);
        if (st == RMD160MB_OK) {
            last_supported = i;
            CHECK(strcmp(rmd160mb_backend(), d.name) == 0 && rmd160mb_lanes() == d.lanes,
                  "%s (%lu lanes) set, but backend %s with %lu lanes", d.name, (unsigned long)d.lanes,
                  rmd160mb_backend(), (unsigned long)rmd160mb_lanes());
        }
    }
    CHECK_STATUS(rmd160mb_set_backend("auto"), RMD160MB_OK);
    CHECK(strcmp(backend_name(last_supported), chosen) == 0, "auto chose %s, the last supported backend is %s",
          chosen, backend_name(last_supported));
    /* Errors: the index first, then NULL; nothing written. */
    memset(&untouched, FILL, sizeof untouched);
    memcpy(&d, &untouched, sizeof d);
    CHECK_STATUS(rmd160mb_backend_describe(n, &d), RMD160MB_ERR_BACKEND);
    CHECK_STATUS(rmd160mb_backend_describe(SIZE_MAX, &d), RMD160MB_ERR_BACKEND);
    CHECK(memcmp(&d, &untouched, sizeof d) == 0, "a refused backend_describe wrote its output");
    CHECK_STATUS(rmd160mb_backend_describe(0, NULL), RMD160MB_ERR_NULL);
    CHECK_STATUS(rmd160mb_backend_describe(n, NULL), RMD160MB_ERR_BACKEND);
    /* Any alignment: the struct at an odd address, then copied out. */
    memset(raw, FILL, sizeof raw);
    CHECK_STATUS(rmd160mb_backend_describe(0, (rmd160mb_backend_desc *)(void *)(raw + 1)), RMD160MB_OK);
    memcpy(&d, raw + 1, sizeof d);
    CHECK(raw[0] == FILL && d.name != NULL && strcmp(d.name, "scalar") == 0 && d.lanes == 1,
          "backend_describe at an odd address");
    printf("backends listed: %lu, auto = %s\n", (unsigned long)n, chosen);
}

static void strerror_and_version(void)
{
    static const int statuses[] = {RMD160MB_OK,          RMD160MB_ERR_NULL,    RMD160MB_ERR_OVERFLOW,
                                   RMD160MB_ERR_OVERLAP, RMD160MB_ERR_BACKEND, RMD160MB_ERR_CONTEXT,
                                   RMD160MB_ERR_INTERNAL, RMD160MB_ERR_INPUT};
    static const int unknown[] = {1, 2, -8, -100, 42, INT_MIN, INT_MAX, INT_MIN + 1};
    const char *unknown_text = rmd160mb_strerror(-12345);
    size_t i, j;
    char v[64];
    long k;

    CHECK(unknown_text != NULL && unknown_text[0] != '\0', "strerror(-12345) is NULL or empty");
    for (i = 0; i < sizeof statuses / sizeof statuses[0]; i++) {
        const char *t = rmd160mb_strerror(statuses[i]);
        CHECK(t != NULL && t[0] != '\0', "strerror(%d) is NULL or empty", statuses[i]);
        if (t == NULL || unknown_text == NULL) continue;
        CHECK(strcmp(t, unknown_text) != 0, "strerror(%d) is the unknown-status text", statuses[i]);
        for (j = 0; j < i; j++)
            CHECK(strcmp(t, rmd160mb_strerror(statuses[j])) != 0, "strerror(%d) == strerror(%d)", statuses[i],
                  statuses[j]);
    }
    for (i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
        const char *t = rmd160mb_strerror(unknown[i]);
        CHECK(t != NULL && unknown_text != NULL && strcmp(t, unknown_text) == 0,
              "strerror(%d) is not the unknown-status text", unknown[i]);
    }
    /* Never NULL for any int: a sweep over a wide range and the extremes. */
    for (k = -100000; k <= 100000; k++) {
        const char *t = rmd160mb_strerror((int)k);
        if (t == NULL) {
            CHECK(0, "strerror(%ld) is NULL", k);
            break;
        }
    }
    /* Status values are the promised numbers. */
    CHECK(RMD160MB_OK == 0 && RMD160MB_ERR_NULL == -1 && RMD160MB_ERR_OVERFLOW == -2 &&
              RMD160MB_ERR_OVERLAP == -3 && RMD160MB_ERR_BACKEND == -4 && RMD160MB_ERR_CONTEXT == -5 &&
              RMD160MB_ERR_INTERNAL == -6 && RMD160MB_ERR_INPUT == -7,
          "status constants changed");
    CHECK(RMD160MB_DIGEST_SIZE == 20 && RMD160MB_BLOCK_SIZE == 64, "size constants changed");

    snprintf(v, sizeof v, "%d.%d.%d", RMD160MB_VERSION_MAJOR, RMD160MB_VERSION_MINOR, RMD160MB_VERSION_PATCH);
    CHECK(rmd160mb_version() != NULL && strcmp(rmd160mb_version(), v) == 0,
          "rmd160mb_version() = %s, header macros say %s", rmd160mb_version() ? rmd160mb_version() : "(null)", v);
    CHECK(rmd160mb_backend() != NULL, "rmd160mb_backend() is NULL");
}

/* ------------------------------------------------------------------------ */
/* The streaming context. */

static void context(void)
{
    uint8_t msg[1000], out[20], out2[20], want[20];
    rmd160mb_ctx a, b, c;
    size_t i;
    for (i = 0; i < sizeof msg; i++) msg[i] = (uint8_t)(i * 13 + 1);

    /* Copy by value mid-stream (mid-block and at a block boundary): two
     * independent, valid contexts. */
    {
        size_t cuts[] = {0, 1, 63, 64, 65, 100, 500};
        for (i = 0; i < sizeof cuts / sizeof cuts[0]; i++) {
            size_t cut = cuts[i];
            CHECK_STATUS(rmd160mb_init(&a), RMD160MB_OK);
            CHECK_STATUS(rmd160mb_update(&a, msg, cut), RMD160MB_OK);
            b = a; /* by value */
            memcpy(&c, &a, sizeof a);
            CHECK_STATUS(rmd160mb_update(&a, msg + cut, 1000 - cut), RMD160MB_OK);
            CHECK_STATUS(rmd160mb_update(&b, msg + cut, 300), RMD160MB_OK);
            CHECK_STATUS(rmd160mb_final(&a, out), RMD160MB_OK);
            ref_ripemd160(msg, 1000, want);
            CHECK_DIGEST(out, want, "original context after a copy at %lu", (unsigned long)cut);
            CHECK_STATUS(rmd160mb_final(&b, out), RMD160MB_OK);
            ref_ripemd160(msg, cut + 300, want);
            CHECK_DIGEST(out, want, "copied context (cut %lu, +300)", (unsigned long)cut);
            CHECK_STATUS(rmd160mb_final(&c, out), RMD160MB_OK);
            ref_ripemd160(msg, cut, want);
            CHECK_DIGEST(out, want, "memcpy'd context, finalised at the cut %lu", (unsigned long)cut);
        }
    }

    /* final leaves the context usable: final twice gives the same digest,
     * update after final continues the same message. */
    CHECK_STATUS(rmd160mb_init(&a), RMD160MB_OK);
    CHECK_STATUS(rmd160mb_update(&a, msg, 100), RMD160MB_OK);
    CHECK_STATUS(rmd160mb_final(&a, out), RMD160MB_OK);
    CHECK_STATUS(rmd160mb_final(&a, out2), RMD160MB_OK);
    CHECK(memcmp(out, out2, 20) == 0, "final twice gave different digests");
    ref_ripemd160(msg, 100, want);
    CHECK_DIGEST(out, want, "final of 100 bytes");
    CHECK_STATUS(rmd160mb_update(&a, msg + 100, 900), RMD160MB_OK);
    CHECK_STATUS(rmd160mb_final(&a, out), RMD160MB_OK);
    ref_ripemd160(msg, 1000, want);
    CHECK_DIGEST(out, want, "update after final continues the message");
    /* init resets a used context. */
    CHECK_STATUS(rmd160mb_init(&a), RMD160MB_OK);
    CHECK_STATUS(rmd160mb_final(&a, out), RMD160MB_OK);
    ref_ripemd160(msg, 0, want);
    CHECK_DIGEST(out, want, "init after use gives the empty message");

    /* An uninitialised context is refused, and the output is untouched. */
    memset(&a, 0xFF, sizeof a);
    memset(out, FILL, 20);
    CHECK_STATUS(rmd160mb_update(&a, msg, 10), RMD160MB_ERR_CONTEXT);
    CHECK_STATUS(rmd160mb_final(&a, out), RMD160MB_ERR_CONTEXT);
    for (i = 0; i < 20; i++) CHECK(out[i] == FILL, "final wrote its output for an invalid context");
    /* ... and init repairs it. */
    CHECK_STATUS(rmd160mb_init(&a), RMD160MB_OK);
    CHECK_STATUS(rmd160mb_update(&a, msg, 10), RMD160MB_OK);
    CHECK_STATUS(rmd160mb_final(&a, out), RMD160MB_OK);
    ref_ripemd160(msg, 10, want);
    CHECK_DIGEST(out, want, "context re-initialised after 0xFF");

    /* A context rmd160mb_init never saw is refused, not hashed as if fresh:
     * all-zero ({0}), static (zero-initialised), or garbage; nothing is
     * written. */
    {
        static rmd160mb_ctx st;
        rmd160mb_ctx zero = {{0}};
        rmd160mb_ctx *bad[2];
        int k;
        bad[0] = &st;
        bad[1] = &zero;
        for (k = 0; k < 2; k++) {
            memset(out, FILL, 20);
            CHECK_STATUS(rmd160mb_update(bad[k], (const uint8_t *)"abc", 3), RMD160MB_ERR_CONTEXT);
            CHECK_STATUS(rmd160mb_final(bad[k], out), RMD160MB_ERR_CONTEXT);
            for (i = 0; i < 20; i++) CHECK(out[i] == FILL, "final wrote its output for a %s context", k ? "{0}" : "static");
        }
        for (k = 0; k < 256; k++) {
            memset(&a, k, sizeof a);
            CHECK_STATUS(rmd160mb_update(&a, msg, 1), RMD160MB_ERR_CONTEXT);
            CHECK_STATUS(rmd160mb_final(&a, out), RMD160MB_ERR_CONTEXT);
        }
        /* A context set up by init, copied by value and by memcpy into a
         * zeroed one, stays valid: "abc" through each copy. */
        CHECK_STATUS(rmd160mb_init(&a), RMD160MB_OK);
        CHECK_STATUS(rmd160mb_update(&a, (const uint8_t *)"a", 1), RMD160MB_OK);
        b = a;
        memcpy(&zero, &a, sizeof a);
        CHECK_STATUS(rmd160mb_update(&b, (const uint8_t *)"bc", 2), RMD160MB_OK);
        CHECK_STATUS(rmd160mb_update(&zero, (const uint8_t *)"bc", 2), RMD160MB_OK);
        ref_ripemd160((const uint8_t *)"abc", 3, want);
        CHECK_STATUS(rmd160mb_final(&b, out), RMD160MB_OK);
        CHECK_DIGEST(out, want, "copied context, \"abc\"");
        CHECK_STATUS(rmd160mb_final(&zero, out), RMD160MB_OK);
        CHECK_DIGEST(out, want, "memcpy'd context, \"abc\"");
    }

    /* The context is a plain struct of the promised size. */
    CHECK(sizeof(rmd160mb_ctx) == 96, "sizeof(rmd160mb_ctx) = %lu", (unsigned long)sizeof(rmd160mb_ctx));
}

/* ------------------------------------------------------------------------ */
/* Threads: hashing on several threads while the main thread switches the
 * backend among every available one; every result must be right. */

#define T_THREADS 4
#define T_N 333
static uint8_t t_src[T_N * 65];
static uint8_t t_want32[T_N * 20], t_want160[T_N * 20];
static volatile int t_stop;

static void *hasher_thread(void *arg)
{
    uint8_t out[T_N * 20];
    long *errors = (long *)arg;
    int iter;
    for (iter = 0; iter < 200 && !t_stop; iter++) {
        if (rmd160mb_hash32(out, t_src, T_N) != RMD160MB_OK || memcmp(out, t_want32, sizeof out) != 0) ++*errors;
        if (rmd160mb_hash160(out, t_src, T_N, 65) != RMD160MB_OK || memcmp(out, t_want160, sizeof out) != 0)
            ++*errors;
    }
    return NULL;
}

static void threads(void)
{
    pthread_t th[T_THREADS];
    long errors[T_THREADS];
    int i, k;
    rng_t rng;
    rng.s = test_seed() ^ 0x7777;
    rng_fill(&rng, t_src, sizeof t_src);
    CHECK_STATUS(rmd160mb_set_backend("scalar"), RMD160MB_OK);
    CHECK_STATUS(rmd160mb_hash32(t_want32, t_src, T_N), RMD160MB_OK);
    CHECK_STATUS(rmd160mb_hash160(t_want160, t_src, T_N, 65), RMD160MB_OK);
    t_stop = 0;
    for (i = 0; i < T_THREADS; i++) {
        errors[i] = 0;
        if (pthread_create(&th[i], NULL, hasher_thread, &errors[i]) != 0) {
            CHECK(0, "pthread_create failed");
            return;
        }
    }
    for (k = 0; k < 2000; k++) {
        const char *name = backend_name((size_t)k % n_backends());
        int st = rmd160mb_set_backend(name);
        CHECK(st == RMD160MB_OK || st == RMD160MB_ERR_BACKEND, "set_backend(%s): %d", name, st);
    }
    for (i = 0; i < T_THREADS; i++) {
        pthread_join(th[i], NULL);
        CHECK(errors[i] == 0, "thread %d: %ld wrong results while backends switched", i, errors[i]);
    }
    CHECK_STATUS(rmd160mb_set_backend("auto"), RMD160MB_OK);
    printf("threads: %d threads hashed while backends switched\n", T_THREADS);
}

/* ------------------------------------------------------------------------ */

/* rmd160mb_force_ignored: NULL when RMD160MB_FORCE is unset or empty, or
 * names a backend this CPU runs ("auto" too); else the reason, by what the
 * library's backend list says of the name. rmd160mb_set_backend does not
 * change the answer. */
static void force_ignored(const char *force)
{
    const char *why = rmd160mb_force_ignored();
    const char *want = NULL;
    size_t i;
    printf("RMD160MB_FORCE=%s: rmd160mb_force_ignored: %s\n", force ? force : "(unset)", why ? why : "NULL");
    if (force != NULL && *force != '\0' && strcmp(force, "auto") != 0) {
        want = "unknown backend name";
        for (i = 0; i < rmd160mb_backend_count(); i++) {
            rmd160mb_backend_desc d;
            CHECK_STATUS(rmd160mb_backend_describe(i, &d), RMD160MB_OK);
            if (strcmp(d.name, force) != 0) continue;
            want = d.supported ? NULL : d.compiled ? "not supported by this CPU" : "not in this build of the library";
        }
    }
    if (want == NULL) {
        CHECK(why == NULL, "RMD160MB_FORCE=%s: rmd160mb_force_ignored() = \"%s\", want NULL", force ? force : "(unset)",
              why ? why : "");
    } else {
        CHECK(why != NULL && strcmp(why, want) == 0, "RMD160MB_FORCE=%s: rmd160mb_force_ignored() = %s, want \"%s\"",
              force, why ? why : "NULL", want);
    }
    CHECK_STATUS(rmd160mb_set_backend("scalar"), RMD160MB_OK);
    CHECK(rmd160mb_force_ignored() == why, "rmd160mb_set_backend changed rmd160mb_force_ignored()");
}

/* RMD160MB_FORCE: the backend chosen at first use is the named one when
 * this CPU supports it, otherwise the detected ("auto") one. Must run
 * before any other call into the library. */
static int check_force(void)
{
    const char *force = getenv("RMD160MB_FORCE");
    char first[32];
    snprintf(first, sizeof first, "%s", rmd160mb_backend()); /* first use */
    printf("RMD160MB_FORCE=%s: backend at first use: %s\n", force ? force : "(unset)", first);
    if (force != NULL && rmd160mb_set_backend(force) == RMD160MB_OK) {
        CHECK(strcmp(first, rmd160mb_backend()) == 0, "RMD160MB_FORCE=%s but the first backend was %s", force,
              first);
    } else {
        CHECK_STATUS(rmd160mb_set_backend("auto"), RMD160MB_OK);
        CHECK(strcmp(first, rmd160mb_backend()) == 0,
              "RMD160MB_FORCE=%s (unusable) should be ignored, but the first backend was %s, auto is %s",
              force ? force : "(unset)", first, rmd160mb_backend());
    }
    force_ignored(force);
    return t_finish("contract --check-force");
}

/* ------------------------------------------------------------------------ */
/* The _many functions: every status, in the documented order, and nothing
 * written on an error. */

typedef int (*many_fn)(uint8_t *, const uint8_t *const *, const size_t *, size_t);

static void many_contract_one(many_fn f, size_t dsize, const char *name)
{
    static uint8_t region[4096];
    uint8_t msg_a[100], msg_b[7];
    const uint8_t *msgs[4];
    size_t lens[4];
    const uint8_t *top = (const uint8_t *)(uintptr_t)(UINTPTR_MAX - 15);
    uint8_t *dst = region + 2048;
    size_t i;
    int intact = 1;
    memset(msg_a, 1, sizeof msg_a);
    memset(msg_b, 2, sizeof msg_b);
    memset(region, FILL, sizeof region);
    msgs[0] = msg_a; lens[0] = sizeof msg_a;
    msgs[1] = msg_b; lens[1] = sizeof msg_b;
    msgs[2] = NULL;  lens[2] = 0; /* an empty message */
    msgs[3] = msg_a; lens[3] = 0;

    /* n == 0: whatever the pointers. */
    CHECK_STATUS(f(NULL, NULL, NULL, 0), RMD160MB_OK);
    CHECK_STATUS(f(dst, msgs, NULL, 0), RMD160MB_OK);
    CHECK_STATUS(f(NULL, NULL, lens, 0), RMD160MB_OK);
    /* NULL arrays or dst with n > 0. */
    CHECK_STATUS(f(NULL, msgs, lens, 4), RMD160MB_ERR_NULL);
    CHECK_STATUS(f(dst, NULL, lens, 4), RMD160MB_ERR_NULL);
    CHECK_STATUS(f(dst, msgs, NULL, 4), RMD160MB_ERR_NULL);
    /* msgs[i] NULL with lens[i] > 0. */
    lens[2] = 1;
    CHECK_STATUS(f(dst, msgs, lens, 4), RMD160MB_ERR_NULL);
    lens[2] = 0;
    /* Sizes: dst (dsize * n), the arrays, a message, and wrapping ranges;
     * before NULL. */
    CHECK_STATUS(f(dst, msgs, lens, SIZE_MAX / 8 + 1), RMD160MB_ERR_OVERFLOW);
    CHECK_STATUS(f(NULL, NULL, NULL, SIZE_MAX), RMD160MB_ERR_OVERFLOW);
    CHECK_STATUS(f(dst, msgs, lens, SIZE_MAX / dsize + 1), RMD160MB_ERR_OVERFLOW);
    lens[1] = (size_t)PTRDIFF_MAX + 1;
    CHECK_STATUS(f(dst, msgs, lens, 4), RMD160MB_ERR_OVERFLOW);
    lens[2] = 1; /* NULL with bytes too: overflow first */
    CHECK_STATUS(f(dst, msgs, lens, 4), RMD160MB_ERR_OVERFLOW);
    CHECK_STATUS(f(NULL, msgs, lens, 4), RMD160MB_ERR_OVERFLOW); /* dst NULL: after the messages' sizes */
    CHECK_STATUS(f(NULL, NULL, lens, 4), RMD160MB_ERR_NULL);      /* the messages cannot be read */
    lens[1] = sizeof msg_b;
    CHECK_STATUS(f(dst, msgs, lens, 4), RMD160MB_ERR_NULL);
    lens[2] = 0;
    msgs[1] = top; lens[1] = 32;
    CHECK_STATUS(f(dst, msgs, lens, 4), RMD160MB_ERR_OVERFLOW);
    msgs[1] = msg_b; lens[1] = sizeof msg_b;
    CHECK_STATUS(f((uint8_t *)(uintptr_t)(UINTPTR_MAX - 15), msgs, lens, 4), RMD160MB_ERR_OVERFLOW);
    /* Overlap: dst with a message, with msgs, with lens (each by one byte). */
    {
        const uint8_t *ms[2];
        size_t ls[2];
        ms[0] = msg_b; ls[0] = 7;
        ms[1] = region + 2048 + dsize * 2 - 1; ls[1] = 10; /* starts in dst's last byte */
        CHECK_STATUS(f(dst, ms, ls, 2), RMD160MB_ERR_OVERLAP);
        ms[1] = region + 2048 - 10; ls[1] = 11; /* ends on dst's first byte */
        CHECK_STATUS(f(dst, ms, ls, 2), RMD160MB_ERR_OVERLAP);
        ms[1] = region + 2048 - 10; ls[1] = 10; /* ends just before dst: fine */
        CHECK_STATUS(f(dst, ms, ls, 2), RMD160MB_OK);
        memset(region, FILL, sizeof region);
    }
    CHECK_STATUS(f((uint8_t *)msgs + 1, msgs, lens, 4), RMD160MB_ERR_OVERLAP);
    CHECK_STATUS(f((uint8_t *)lens + 3, msgs, lens, 4), RMD160MB_ERR_OVERLAP);
    CHECK_STATUS(f(msg_a + 10, msgs, lens, 4), RMD160MB_ERR_OVERLAP);
    for (i = 0; i < sizeof region; i++) intact &= region[i] == FILL;
    CHECK(intact, "%s: an error wrote into dst", name);
    CHECK(msgs[0] == msg_a && lens[0] == sizeof msg_a && msgs[2] == NULL, "%s: the arrays changed", name);
    /* Success: an empty message as NULL or not, equal digests. */
    CHECK_STATUS(f(dst, msgs, lens, 4), RMD160MB_OK);
    CHECK(memcmp(dst + 2 * dsize, dst + 3 * dsize, dsize) == 0, "%s: empty message NULL vs non-NULL", name);
    for (i = 0; i < 2048; i++) intact &= region[i] == FILL;
    for (i = 2048 + 4 * dsize; i < sizeof region; i++) intact &= region[i] == FILL;
    CHECK(intact, "%s: wrote outside dst", name);
}

static void many_contract(void)
{
    uint8_t d[20], h[20], want[20];
    const uint8_t *one[1];
    size_t len[1];
    static const uint8_t abc[3] = {'a', 'b', 'c'};
    many_contract_one(rmd160mb_sum_many, 20, "sum_many");
    many_contract_one(rmd160mb_hash160_many, 20, "hash160_many");
    many_contract_one(rmd160mb_sha256_many, 32, "sha256_many");
    many_contract_one(rmd160mb_keccak256_many, 32, "keccak256_many");
    /* The values agree with the one-message functions. */
    one[0] = abc;
    len[0] = 3;
    CHECK_STATUS(rmd160mb_sum_many(d, one, len, 1), RMD160MB_OK);
    CHECK_STATUS(rmd160mb_sum(want, abc, 3), RMD160MB_OK);
    CHECK_DIGEST(d, want, "sum_many(abc)");
    CHECK_STATUS(rmd160mb_hash160_many(h, one, len, 1), RMD160MB_OK);
    CHECK_STATUS(rmd160mb_hash160(want, abc, 1, 3), RMD160MB_OK);
    CHECK_DIGEST(h, want, "hash160_many(abc)");
}

/* ------------------------------------------------------------------------ */
/* rmd160mb_keccak256 and rmd160mb_eth_address: every status, nothing
 * written on an error; in place and bounds on every backend. The digests
 * themselves are checked against the bundled vectors in vectors.c. */

/* 1 when every byte of p[0..len) is `b`. */
static int all_bytes(const uint8_t *p, size_t len, uint8_t b)
{
    size_t i;
    for (i = 0; i < len; i++)
        if (p[i] != b) return 0;
    return 1;
}

static void keccak_statuses(void)
{
    static uint8_t region[4096];
    uint8_t *dst = region, *src = region + 1024;
    const uint8_t *top = (const uint8_t *)(uintptr_t)(UINTPTR_MAX - 15);
    uint8_t *topw = (uint8_t *)(uintptr_t)(UINTPTR_MAX - 15);
    size_t i;
    uint8_t e[32];

    memset(region, FILL, sizeof region);
    /* n == 0: whatever the pointers and widths the other functions accept. */
    CHECK_STATUS(rmd160mb_keccak256(NULL, NULL, 0, 0), RMD160MB_OK);
    CHECK_STATUS(rmd160mb_keccak256(NULL, NULL, 0, 64), RMD160MB_OK);
    CHECK_STATUS(rmd160mb_keccak256(NULL, NULL, 0, SIZE_MAX), RMD160MB_OK);
    CHECK_STATUS(rmd160mb_keccak256(dst, dst + 1, 0, 64), RMD160MB_OK);
    CHECK_STATUS(rmd160mb_eth_address(NULL, NULL, 0, 64), RMD160MB_OK);
    CHECK_STATUS(rmd160mb_eth_address(NULL, NULL, 0, 65), RMD160MB_OK);
    CHECK_STATUS(rmd160mb_eth_address(dst, NULL, 0, 65), RMD160MB_OK);
    CHECK_STATUS(rmd160mb_eth_address(dst, dst + 1, 0, 65), RMD160MB_OK);
    /* A width the function does not take is refused even for n == 0. */
    CHECK_STATUS(rmd160mb_eth_address(NULL, NULL, 0, 33), RMD160MB_ERR_INPUT);
    CHECK_STATUS(rmd160mb_eth_address(dst, dst, 0, 0), RMD160MB_ERR_INPUT);
    CHECK(all_bytes(region, sizeof region, FILL), "a call with n == 0 wrote");

    /* width 0: src is not needed; every digest is Keccak-256(""). */
    CHECK_STATUS(rmd160mb_keccak256(dst, NULL, 3, 0), RMD160MB_OK);
    CHECK(hex_decode("c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470", e, 32) == 0 &&
              memcmp(dst, e, 32) == 0 && memcmp(dst + 32, e, 32) == 0 && memcmp(dst + 64, e, 32) == 0,
          "keccak256 width 0: not Keccak-256 of the empty message");
    memset(region, FILL, sizeof region);

    /* NULL where bytes are needed. */
    CHECK_STATUS(rmd160mb_keccak256(NULL, src, 1, 64), RMD160MB_ERR_NULL);
    CHECK_STATUS(rmd160mb_keccak256(dst, NULL, 1, 64), RMD160MB_ERR_NULL);
    CHECK_STATUS(rmd160mb_keccak256(NULL, NULL, 2, 0), RMD160MB_ERR_NULL);
    CHECK_STATUS(rmd160mb_eth_address(NULL, src, 1, 64), RMD160MB_ERR_NULL);
    CHECK_STATUS(rmd160mb_eth_address(dst, NULL, 1, 65), RMD160MB_ERR_NULL);
    CHECK_STATUS(rmd160mb_eth_address(NULL, NULL, 1, 65), RMD160MB_ERR_NULL);

    /* Overflow: 32n, 20n, n*width, wrapping ranges; before NULL. */
    CHECK_STATUS(rmd160mb_keccak256(dst, src, SIZE_MAX / 32 + 1, 1), RMD160MB_ERR_OVERFLOW);
    CHECK_STATUS(rmd160mb_keccak256(dst, src, SIZE_MAX / 32 + 1, 0), RMD160MB_ERR_OVERFLOW);
    CHECK_STATUS(rmd160mb_keccak256(dst, src, 2, SIZE_MAX / 2 + 1), RMD160MB_ERR_OVERFLOW);
    CHECK_STATUS(rmd160mb_keccak256(dst, src, SIZE_MAX / 64, 65), RMD160MB_ERR_OVERFLOW);
    CHECK_STATUS(rmd160mb_keccak256(NULL, NULL, SIZE_MAX, 64), RMD160MB_ERR_OVERFLOW);
    CHECK_STATUS(rmd160mb_keccak256(dst, top, 1, 64), RMD160MB_ERR_OVERFLOW);
    CHECK_STATUS(rmd160mb_keccak256(topw, src, 1, 64), RMD160MB_ERR_OVERFLOW);
    CHECK_STATUS(rmd160mb_keccak256(NULL, top, 1, 64), RMD160MB_ERR_OVERFLOW);
    CHECK_STATUS(rmd160mb_eth_address(dst, src, SIZE_MAX / 20 + 1, 64), RMD160MB_ERR_OVERFLOW);
    CHECK_STATUS(rmd160mb_eth_address(dst, src, SIZE_MAX / 64, 65), RMD160MB_ERR_OVERFLOW);
    CHECK_STATUS(rmd160mb_eth_address(dst, src, (size_t)PTRDIFF_MAX / 64 + 1, 64), RMD160MB_ERR_OVERFLOW);
    CHECK_STATUS(rmd160mb_eth_address(NULL, NULL, SIZE_MAX, 65), RMD160MB_ERR_OVERFLOW);
    CHECK_STATUS(rmd160mb_eth_address(dst, top, 1, 64), RMD160MB_ERR_OVERFLOW);
    CHECK_STATUS(rmd160mb_eth_address(topw, src, 1, 65), RMD160MB_ERR_OVERFLOW);
    CHECK_STATUS(rmd160mb_eth_address(NULL, top, 1, 65), RMD160MB_ERR_OVERFLOW);
    CHECK(all_bytes(region, sizeof region, FILL), "an error wrote (NULL, overflow)");

    /* Overlap: dst inside src, partial at either end; in place with width
     * < 32 (keccak256). */
    CHECK_STATUS(rmd160mb_keccak256(src + 1, src, 2, 64), RMD160MB_ERR_OVERLAP);
    CHECK_STATUS(rmd160mb_keccak256(src + 127, src, 2, 64), RMD160MB_ERR_OVERLAP);
    CHECK_STATUS(rmd160mb_keccak256(src - 63, src, 2, 64), RMD160MB_ERR_OVERLAP);
    CHECK_STATUS(rmd160mb_keccak256(src, src, 2, 31), RMD160MB_ERR_OVERLAP);
    CHECK_STATUS(rmd160mb_keccak256(src, src, 3, 1), RMD160MB_ERR_OVERLAP);
    CHECK_STATUS(rmd160mb_eth_address(src + 1, src, 2, 64), RMD160MB_ERR_OVERLAP);
    CHECK_STATUS(rmd160mb_eth_address(src + 129, src, 2, 65), RMD160MB_ERR_OVERLAP);
    CHECK_STATUS(rmd160mb_eth_address(src - 39, src, 2, 65), RMD160MB_ERR_OVERLAP);
    CHECK(all_bytes(region, sizeof region, FILL), "an error wrote (overlap)");
    /* Adjacent is not overlapping. */
    CHECK_STATUS(rmd160mb_keccak256(src - 64, src, 2, 64), RMD160MB_OK);
    CHECK_STATUS(rmd160mb_keccak256(src + 128, src, 2, 64), RMD160MB_OK);
    CHECK_STATUS(rmd160mb_eth_address(src - 40, src, 2, 64), RMD160MB_OK);
    memset(region, FILL, sizeof region);

    /* RMD160MB_ERR_INPUT: a width other than 64 and 65, nothing written. */
    {
        static const size_t widths[] = {0, 1, 20, 32, 33, 63, 66, 128};
        for (i = 0; i < sizeof widths / sizeof widths[0]; i++)
            CHECK(rmd160mb_eth_address(dst, src, 2, widths[i]) == RMD160MB_ERR_INPUT,
                  "eth_address width %lu not refused with RMD160MB_ERR_INPUT", (unsigned long)widths[i]);
        CHECK(all_bytes(region, sizeof region, FILL), "eth_address with a bad width wrote");
    }
    /* RMD160MB_ERR_INPUT: a 65-byte key not starting with 0x04 (first,
     * middle or last of the batch, any other byte), nothing written; 64-byte
     * keys have no prefix. */
    {
        enum { N = 20 };
        uint8_t *keys = region + 1024, *out = region + 3000, saved[65 * N];
        size_t bad, b;
        static const uint8_t prefixes[] = {0x00, 0x02, 0x03, 0x05, 0x06, 0x07, 0x40, 0x84, 0xFF};
        for (i = 0; i < 65 * N; i++) keys[i] = (uint8_t)(i * 29 + 1);
        for (i = 0; i < N; i++) keys[65 * i] = 0x04;
        memcpy(saved, keys, 65 * N);
        for (bad = 0; bad < N; bad += 9) { /* keys 0, 9, 18 */
            for (b = 0; b < sizeof prefixes; b++) {
                keys[65 * bad] = prefixes[b];
                memset(out, FILL, 20 * N);
                CHECK(rmd160mb_eth_address(out, keys, N, 65) == RMD160MB_ERR_INPUT,
                      "eth_address: key %lu starting with 0x%02x not refused", (unsigned long)bad, prefixes[b]);
                CHECK(all_bytes(out, 20 * N, FILL), "eth_address wrote for a key starting with 0x%02x",
                      prefixes[b]);
                /* In place: refused too, the keys unchanged. */
                CHECK(rmd160mb_eth_address(keys, keys, N, 65) == RMD160MB_ERR_INPUT,
                      "eth_address in place: key %lu starting with 0x%02x not refused", (unsigned long)bad,
                      prefixes[b]);
                saved[65 * bad] = prefixes[b];
                CHECK(memcmp(keys, saved, 65 * N) == 0, "eth_address in place changed the keys on an error");
            }
            keys[65 * bad] = saved[65 * bad] = 0x04;
        }
        CHECK_STATUS(rmd160mb_eth_address(out, keys, N, 65), RMD160MB_OK);
        /* The same keys without their prefix byte: the same addresses. */
        {
            uint8_t k64[64 * N], a64[20 * N];
            for (i = 0; i < N; i++) memcpy(k64 + 64 * i, keys + 65 * i + 1, 64);
            CHECK_STATUS(rmd160mb_eth_address(a64, k64, N, 64), RMD160MB_OK);
            CHECK(memcmp(a64, out, 20 * N) == 0, "eth_address: width 64 and width 65 of the same keys differ");
            /* The address is the last 20 bytes of Keccak-256 of X||Y. */
            {
                uint8_t d[32 * N];
                CHECK_STATUS(rmd160mb_keccak256(d, k64, N, 64), RMD160MB_OK);
                for (i = 0; i < N; i++)
                    CHECK(memcmp(d + 32 * i + 12, a64 + 20 * i, 20) == 0,
                          "eth_address key %lu is not the last 20 bytes of its Keccak-256", (unsigned long)i);
            }
            /* Any first byte is fine at width 64. */
            k64[0] = 0x00;
            k64[64] = 0x02;
            CHECK_STATUS(rmd160mb_eth_address(a64, k64, N, 64), RMD160MB_OK);
        }
    }
    printf("keccak256, eth_address: statuses checked\n");
}

/* ------------------------------------------------------------------------ */
/* rmd160mb_sha256d, rmd160mb_sha256d_many and rmd160mb_merkle_root: every
 * status in the documented order, nothing written on an error, the merkle
 * root's particular rules (dst always written, so NULL even for n == 0; dst
 * may overlap the leaves; mutated may be NULL and is written last). The
 * digests themselves are checked against OpenSSL in diff.c and against the
 * bundled vectors in vectors.c. */

/* SHA256(SHA256("")): the digest of every message at width 0. */
static const char sha256d_empty[] = "5df6e0e2761359d30a8275058e299fcc0381534545f55cf43e41983f5d4c9456";

static void sha256d_statuses(void)
{
    static uint8_t region[4096];
    uint8_t *dst = region, *src = region + 1024;
    const uint8_t *top = (const uint8_t *)(uintptr_t)(UINTPTR_MAX - 15);
    uint8_t *topw = (uint8_t *)(uintptr_t)(UINTPTR_MAX - 15);
    uint8_t e[32], one[32];
    size_t i;

    memset(region, FILL, sizeof region);
    /* n == 0: whatever the pointers and the width. */
    CHECK_STATUS(rmd160mb_sha256d(NULL, NULL, 0, 0), RMD160MB_OK);
    CHECK_STATUS(rmd160mb_sha256d(NULL, NULL, 0, 64), RMD160MB_OK);
    CHECK_STATUS(rmd160mb_sha256d(NULL, NULL, 0, SIZE_MAX), RMD160MB_OK);
    CHECK_STATUS(rmd160mb_sha256d(dst, NULL, 0, 80), RMD160MB_OK);
    CHECK_STATUS(rmd160mb_sha256d(NULL, src, 0, 80), RMD160MB_OK);
    CHECK_STATUS(rmd160mb_sha256d(dst, dst + 1, 0, 64), RMD160MB_OK);
    CHECK_STATUS(rmd160mb_sha256d(topw, top, 0, 64), RMD160MB_OK);
    CHECK(all_bytes(region, sizeof region, FILL), "sha256d with n == 0 wrote");

    /* width 0: src is not needed; every digest is SHA256(SHA256("")). */
    CHECK_STATUS(rmd160mb_sha256d(dst, NULL, 3, 0), RMD160MB_OK);
    CHECK(hex_decode(sha256d_empty, e, 32) == 0 && memcmp(dst, e, 32) == 0 && memcmp(dst + 32, e, 32) == 0 &&
              memcmp(dst + 64, e, 32) == 0,
          "sha256d width 0: not SHA256(SHA256(\"\"))");
    CHECK(all_bytes(region + 96, sizeof region - 96, FILL), "sha256d width 0 wrote past dst + 32n");
    memset(region, FILL, sizeof region);

    /* NULL where bytes are needed. */
    CHECK_STATUS(rmd160mb_sha256d(NULL, src, 1, 64), RMD160MB_ERR_NULL);
    CHECK_STATUS(rmd160mb_sha256d(dst, NULL, 1, 80), RMD160MB_ERR_NULL);
    CHECK_STATUS(rmd160mb_sha256d(NULL, NULL, 2, 0), RMD160MB_ERR_NULL);
    CHECK_STATUS(rmd160mb_sha256d(NULL, NULL, 2, 32), RMD160MB_ERR_NULL);

    /* Overflow: 32n, n*width, PTRDIFF_MAX, wrapping ranges; before NULL. */
    CHECK_STATUS(rmd160mb_sha256d(dst, src, SIZE_MAX / 32 + 1, 1), RMD160MB_ERR_OVERFLOW);
    CHECK_STATUS(rmd160mb_sha256d(dst, src, SIZE_MAX / 32 + 1, 0), RMD160MB_ERR_OVERFLOW);
    CHECK_STATUS(rmd160mb_sha256d(dst, src, (size_t)PTRDIFF_MAX / 32 + 1, 0), RMD160MB_ERR_OVERFLOW);
    CHECK_STATUS(rmd160mb_sha256d(dst, src, 2, SIZE_MAX / 2 + 1), RMD160MB_ERR_OVERFLOW);
    CHECK_STATUS(rmd160mb_sha256d(dst, src, SIZE_MAX / 64, 65), RMD160MB_ERR_OVERFLOW);
    CHECK_STATUS(rmd160mb_sha256d(dst, src, (size_t)PTRDIFF_MAX / 64 + 1, 64), RMD160MB_ERR_OVERFLOW);
    CHECK_STATUS(rmd160mb_sha256d(dst, src, (size_t)PTRDIFF_MAX / 80 + 1, 80), RMD160MB_ERR_OVERFLOW);
    CHECK_STATUS(rmd160mb_sha256d(NULL, NULL, SIZE_MAX, 64), RMD160MB_ERR_OVERFLOW);
    CHECK_STATUS(rmd160mb_sha256d(NULL, src, 2, SIZE_MAX / 2 + 1), RMD160MB_ERR_OVERFLOW);
    CHECK_STATUS(rmd160mb_sha256d(dst, top, 1, 64), RMD160MB_ERR_OVERFLOW);
    CHECK_STATUS(rmd160mb_sha256d(topw, src, 1, 80), RMD160MB_ERR_OVERFLOW);
    CHECK_STATUS(rmd160mb_sha256d(NULL, top, 1, 64), RMD160MB_ERR_OVERFLOW);
    CHECK_STATUS(rmd160mb_sha256d(topw, NULL, 1, 64), RMD160MB_ERR_OVERFLOW);
    CHECK(all_bytes(region, sizeof region, FILL), "sha256d: an error wrote (NULL, overflow)");

    /* Overlap: dst inside src, partial at either end; in place with width
     * < 32 (a digest would overrun the next message). */
    CHECK_STATUS(rmd160mb_sha256d(src + 1, src, 2, 64), RMD160MB_ERR_OVERLAP);
    CHECK_STATUS(rmd160mb_sha256d(src + 127, src, 2, 64), RMD160MB_ERR_OVERLAP);
    CHECK_STATUS(rmd160mb_sha256d(src - 63, src, 2, 64), RMD160MB_ERR_OVERLAP);
    CHECK_STATUS(rmd160mb_sha256d(src + 80, src, 3, 80), RMD160MB_ERR_OVERLAP);
    CHECK_STATUS(rmd160mb_sha256d(src, src, 2, 31), RMD160MB_ERR_OVERLAP);
    CHECK_STATUS(rmd160mb_sha256d(src, src, 3, 1), RMD160MB_ERR_OVERLAP);
    CHECK_STATUS(rmd160mb_sha256d(src + 1, src, 1, 32), RMD160MB_ERR_OVERLAP);
    CHECK(all_bytes(region, sizeof region, FILL), "sha256d: an error wrote (overlap)");
    /* Adjacent is not overlapping; in place from width 32 on. */
    CHECK_STATUS(rmd160mb_sha256d(src - 64, src, 2, 64), RMD160MB_OK);
    CHECK_STATUS(rmd160mb_sha256d(src + 160, src, 2, 80), RMD160MB_OK);
    {
        static const size_t widths[] = {32, 33, 64, 80, 100};
        for (i = 0; i < sizeof widths / sizeof widths[0]; i++) {
            size_t w = widths[i], j;
            uint8_t want[3 * 32];
            for (j = 0; j < 3 * w; j++) src[j] = (uint8_t)(j * 13 + w);
            CHECK_STATUS(rmd160mb_sha256d(want, src, 3, w), RMD160MB_OK);
            CHECK_STATUS(rmd160mb_sha256d(src, src, 3, w), RMD160MB_OK);
            CHECK(memcmp(src, want, sizeof want) == 0, "sha256d in place, width %lu, differs", (unsigned long)w);
        }
    }
    /* SHA256(SHA256(m)) is SHA-256 applied twice (through rmd160mb_sha256). */
    CHECK_STATUS(rmd160mb_sha256(one, (const uint8_t *)"abc", 1, 3), RMD160MB_OK);
    CHECK_STATUS(rmd160mb_sha256(one, one, 1, 32), RMD160MB_OK);
    CHECK_STATUS(rmd160mb_sha256d(e, (const uint8_t *)"abc", 1, 3), RMD160MB_OK);
    CHECK_DIGEST32(e, one, "sha256d(\"abc\") vs sha256 twice");

    /* sha256d_many: the statuses of the _many functions, and the value. */
    many_contract_one(rmd160mb_sha256d_many, 32, "sha256d_many");
    {
        const uint8_t *m[1];
        size_t l[1];
        uint8_t d[32];
        m[0] = (const uint8_t *)"abc";
        l[0] = 3;
        CHECK_STATUS(rmd160mb_sha256d_many(d, m, l, 1), RMD160MB_OK);
        CHECK_DIGEST32(d, e, "sha256d_many(abc) vs sha256d");
    }
    printf("sha256d, sha256d_many: statuses checked\n");
}

static void merkle_statuses(void)
{
    static uint8_t region[4096];
    uint8_t *dst = region, *leaves = region + 1024, saved[32 * 8];
    const uint8_t *top = (const uint8_t *)(uintptr_t)(UINTPTR_MAX - 15);
    uint8_t *topw = (uint8_t *)(uintptr_t)(UINTPTR_MAX - 15);
    uint8_t zero[32], root[32], want[32], node[64];
    int mut, want_mut;
    size_t i;

    memset(region, FILL, sizeof region);
    memset(zero, 0, sizeof zero);
    for (i = 0; i < 32 * 8; i++) leaves[i] = (uint8_t)(i * 29 + 11);
    memcpy(saved, leaves, sizeof saved);

    /* dst NULL: always RMD160MB_ERR_NULL (the root is always written), n == 0
     * included; mutated untouched. */
    mut = 7;
    CHECK_STATUS(rmd160mb_merkle_root(NULL, NULL, 0, &mut), RMD160MB_ERR_NULL);
    CHECK_STATUS(rmd160mb_merkle_root(NULL, NULL, 0, NULL), RMD160MB_ERR_NULL);
    CHECK_STATUS(rmd160mb_merkle_root(NULL, leaves, 0, &mut), RMD160MB_ERR_NULL);
    CHECK_STATUS(rmd160mb_merkle_root(NULL, leaves, 3, &mut), RMD160MB_ERR_NULL);
    CHECK_STATUS(rmd160mb_merkle_root(NULL, NULL, 3, &mut), RMD160MB_ERR_NULL);
    /* leaves NULL with n > 0. */
    CHECK_STATUS(rmd160mb_merkle_root(dst, NULL, 1, &mut), RMD160MB_ERR_NULL);
    CHECK_STATUS(rmd160mb_merkle_root(dst, NULL, 2, NULL), RMD160MB_ERR_NULL);
    /* Overflow: 32n above PTRDIFF_MAX or SIZE_MAX, wrapping ranges (dst's 32
     * bytes too); before NULL. */
    CHECK_STATUS(rmd160mb_merkle_root(dst, leaves, SIZE_MAX / 32 + 1, &mut), RMD160MB_ERR_OVERFLOW);
    CHECK_STATUS(rmd160mb_merkle_root(dst, leaves, (size_t)PTRDIFF_MAX / 32 + 1, &mut), RMD160MB_ERR_OVERFLOW);
    CHECK_STATUS(rmd160mb_merkle_root(dst, leaves, SIZE_MAX, &mut), RMD160MB_ERR_OVERFLOW);
    CHECK_STATUS(rmd160mb_merkle_root(NULL, NULL, SIZE_MAX, &mut), RMD160MB_ERR_OVERFLOW);
    CHECK_STATUS(rmd160mb_merkle_root(NULL, leaves, SIZE_MAX / 32 + 1, &mut), RMD160MB_ERR_OVERFLOW);
    CHECK_STATUS(rmd160mb_merkle_root(dst, top, 1, &mut), RMD160MB_ERR_OVERFLOW);
    CHECK_STATUS(rmd160mb_merkle_root(NULL, top, 1, &mut), RMD160MB_ERR_OVERFLOW);
    CHECK_STATUS(rmd160mb_merkle_root(topw, leaves, 2, &mut), RMD160MB_ERR_OVERFLOW);
    CHECK_STATUS(rmd160mb_merkle_root(topw, NULL, 2, &mut), RMD160MB_ERR_OVERFLOW);
    CHECK_STATUS(rmd160mb_merkle_root(topw, NULL, 0, &mut), RMD160MB_ERR_OVERFLOW);
    CHECK(mut == 7, "merkle_root: an error wrote *mutated (%d)", mut);
    CHECK(all_bytes(region, 1024, FILL) && all_bytes(region + 1024 + sizeof saved, sizeof region - 1024 - sizeof saved,
                                                     FILL) &&
              memcmp(leaves, saved, sizeof saved) == 0,
          "merkle_root: an error wrote");

    /* n == 0: 32 zero bytes and *mutated = 0, whatever leaves is. */
    CHECK_STATUS(rmd160mb_merkle_root(dst, NULL, 0, &mut), RMD160MB_OK);
    CHECK(memcmp(dst, zero, 32) == 0 && mut == 0, "merkle_root of no leaves: not 32 zero bytes and mutated 0");
    CHECK(all_bytes(region + 32, 1024 - 32, FILL), "merkle_root of no leaves wrote past dst + 32");
    memset(dst, FILL, 32);
    mut = 7;
    CHECK_STATUS(rmd160mb_merkle_root(dst, top, 0, &mut), RMD160MB_OK);
    CHECK(memcmp(dst, zero, 32) == 0 && mut == 0, "merkle_root of no leaves (wild pointer)");
    memset(dst, FILL, 32);
    CHECK_STATUS(rmd160mb_merkle_root(dst, leaves, 0, NULL), RMD160MB_OK);
    CHECK(memcmp(dst, zero, 32) == 0, "merkle_root of no leaves, mutated NULL");
    memset(dst, FILL, 32);

    /* One leaf: the root is the leaf. Two: SHA256d of both side by side. */
    mut = 7;
    CHECK_STATUS(rmd160mb_merkle_root(root, leaves, 1, &mut), RMD160MB_OK);
    CHECK(memcmp(root, leaves, 32) == 0 && mut == 0, "merkle_root of one leaf is not the leaf (mutated %d)", mut);
    CHECK_STATUS(rmd160mb_merkle_root(root, leaves, 2, &mut), RMD160MB_OK);
    CHECK_STATUS(rmd160mb_sha256d(want, leaves, 1, 64), RMD160MB_OK);
    CHECK(memcmp(root, want, 32) == 0 && mut == 0, "merkle_root of two leaves (mutated %d)", mut);
    /* Three leaves: the third paired with itself, not mutated; the same
     * three with the last repeated (CVE-2012-2459): the same root, mutated. */
    memcpy(node, want, 32);
    {
        uint8_t pair[64];
        memcpy(pair, leaves + 64, 32);
        memcpy(pair + 32, leaves + 64, 32);
        CHECK_STATUS(rmd160mb_sha256d(node + 32, pair, 1, 64), RMD160MB_OK);
    }
    CHECK_STATUS(rmd160mb_sha256d(want, node, 1, 64), RMD160MB_OK);
    mut = 7;
    CHECK_STATUS(rmd160mb_merkle_root(root, leaves, 3, &mut), RMD160MB_OK);
    CHECK(memcmp(root, want, 32) == 0 && mut == 0, "merkle_root of three leaves (mutated %d)", mut);
    memcpy(leaves + 96, leaves + 64, 32);
    CHECK_STATUS(rmd160mb_merkle_root(root, leaves, 4, &mut), RMD160MB_OK);
    CHECK(memcmp(root, want, 32) == 0 && mut == 1, "merkle_root, last of three repeated: not the same root mutated");
    /* ... mutated NULL: the same root, nothing else written. */
    memset(root, FILL, 32);
    CHECK_STATUS(rmd160mb_merkle_root(root, leaves, 4, NULL), RMD160MB_OK);
    CHECK_DIGEST32(root, want, "merkle_root with mutated NULL");
    memcpy(leaves, saved, sizeof saved);

    /* dst over the leaves (the first, the last, straddling two): written
     * after every leaf is read; the leaves outside dst unchanged. */
    CHECK_STATUS(rmd160mb_merkle_root(want, leaves, 8, &want_mut), RMD160MB_OK);
    {
        static const size_t at[] = {0, 32 * 7, 16, 100, 200};
        for (i = 0; i < sizeof at / sizeof at[0]; i++) {
            mut = 7;
            CHECK_STATUS(rmd160mb_merkle_root(leaves + at[i], leaves, 8, &mut), RMD160MB_OK);
            CHECK_DIGEST32(leaves + at[i], want, "merkle_root, dst at byte %lu of the leaves", (unsigned long)at[i]);
            CHECK(mut == want_mut, "merkle_root, dst over the leaves: mutated %d", mut);
            CHECK(memcmp(leaves, saved, at[i]) == 0 &&
                      memcmp(leaves + at[i] + 32, saved + at[i] + 32, sizeof saved - at[i] - 32) == 0,
                  "merkle_root, dst at byte %lu of the leaves: wrote outside dst", (unsigned long)at[i]);
            memcpy(leaves, saved, sizeof saved);
        }
    }
    /* mutated is written last: an int over dst's first bytes holds the flag,
     * the rest of dst the root. */
    {
        int cell[32 / sizeof(int) + 1];
        uint8_t *d = (uint8_t *)(void *)cell;
        memcpy(leaves + 32, leaves, 32); /* mutated */
        CHECK_STATUS(rmd160mb_merkle_root(want, leaves, 5, NULL), RMD160MB_OK);
        memset(cell, FILL, sizeof cell);
        CHECK_STATUS(rmd160mb_merkle_root(d, leaves, 5, &cell[0]), RMD160MB_OK);
        CHECK(cell[0] == 1 && memcmp(d + sizeof(int), want + sizeof(int), 32 - sizeof(int)) == 0 &&
                  all_bytes(d + 32, sizeof cell - 32, FILL),
              "merkle_root with mutated over dst: flag %d, or the rest of the root wrong", cell[0]);
        memcpy(leaves, saved, sizeof saved);
    }
    /* Any alignment: leaves and dst at odd addresses. */
    {
        uint8_t *odd = region + 2048 + 1;
        memcpy(odd, saved, sizeof saved);
        CHECK_STATUS(rmd160mb_merkle_root(want, saved, 7, &want_mut), RMD160MB_OK);
        CHECK_STATUS(rmd160mb_merkle_root(region + 3001, odd, 7, &mut), RMD160MB_OK);
        CHECK(memcmp(region + 3001, want, 32) == 0 && mut == want_mut, "merkle_root at odd addresses");
    }
    printf("merkle_root: statuses checked\n");
}

/* On the current backend: canaries around dst, src unchanged, in place
 * equal to out of place, and every digest equal to its message hashed
 * alone. */
static void keccak_in_place_and_bounds(const char *backend)
{
    size_t counts[] = {1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 19, 33, 64, 65, 100};
    size_t widths[] = {0, 1, 20, 31, 32, 33, 64, 65, 135, 136, 137, 200, 271, 272, 273};
    size_t ci, wi, i;
    rng_t rng;
    rng.s = test_seed() ^ 0x6B;
    for (ci = 0; ci < sizeof counts / sizeof counts[0]; ci++) {
        size_t n = counts[ci];
        for (wi = 0; wi < sizeof widths / sizeof widths[0]; wi++) {
            size_t w = widths[wi];
            guarded s = guarded_new(w * n, wi);
            guarded d = guarded_new(32 * n, wi + ci);
            uint8_t *c = (uint8_t *)t_malloc(w * n);
            rng_fill(&rng, s.p, w * n);
            memcpy(c, s.p, w * n);
            CHECK_STATUS(rmd160mb_keccak256(d.p, s.p, n, w), RMD160MB_OK);
            CHECK(memcmp(s.p, c, w * n) == 0, "keccak256 modified src (n=%lu, width=%lu)", (unsigned long)n,
                  (unsigned long)w);
            CHECK(guarded_intact(&d), "keccak256 wrote outside dst[0..32n) (n=%lu, width=%lu)", (unsigned long)n,
                  (unsigned long)w);
            for (i = 0; i < n; i++) {
                uint8_t one[32];
                CHECK_STATUS(rmd160mb_keccak256(one, c + w * i, 1, w), RMD160MB_OK);
                CHECK(memcmp(one, d.p + 32 * i, 32) == 0, "keccak256 n=%lu width=%lu message %lu differs from it alone",
                      (unsigned long)n, (unsigned long)w, (unsigned long)i);
            }
            if (w >= 32) {
                CHECK_STATUS(rmd160mb_keccak256(s.p, s.p, n, w), RMD160MB_OK);
                CHECK(memcmp(s.p, d.p, 32 * n) == 0, "keccak256 in place differs (n=%lu, width=%lu)",
                      (unsigned long)n, (unsigned long)w);
                CHECK(guarded_intact(&s), "keccak256 in place wrote outside the buffer (n=%lu, width=%lu)",
                      (unsigned long)n, (unsigned long)w);
            }
            if (w == 64 || w == 65) {
                guarded a = guarded_new(20 * n, ci);
                for (i = 0; w == 65 && i < n; i++) c[65 * i] = 0x04;
                memcpy(s.p, c, w * n);
                CHECK_STATUS(rmd160mb_eth_address(a.p, s.p, n, w), RMD160MB_OK);
                CHECK(guarded_intact(&a), "eth_address wrote outside dst[0..20n) (n=%lu, width=%lu)",
                      (unsigned long)n, (unsigned long)w);
                CHECK(memcmp(s.p, c, w * n) == 0, "eth_address modified src (n=%lu, width=%lu)", (unsigned long)n,
                      (unsigned long)w);
                for (i = 0; i < n; i++) {
                    uint8_t k[32];
                    CHECK_STATUS(rmd160mb_keccak256(k, c + w * i + (w - 64), 1, 64), RMD160MB_OK);
                    CHECK(memcmp(k + 12, a.p + 20 * i, 20) == 0, "eth_address n=%lu width=%lu key %lu",
                          (unsigned long)n, (unsigned long)w, (unsigned long)i);
                }
                CHECK_STATUS(rmd160mb_eth_address(s.p, s.p, n, w), RMD160MB_OK);
                CHECK(memcmp(s.p, a.p, 20 * n) == 0, "eth_address in place differs (n=%lu, width=%lu)",
                      (unsigned long)n, (unsigned long)w);
                CHECK(guarded_intact(&s), "eth_address in place wrote outside the buffer");
                guarded_free(&a);
            }
            free(c);
            guarded_free(&s);
            guarded_free(&d);
        }
    }
    printf("%s: keccak256 and eth_address in place and bounds done\n", backend);
}

int main(int argc, char **argv)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    if (argc > 1 && strcmp(argv[1], "--check-force") == 0) return check_force();
    if (argc > 1 && strcmp(argv[1], "--list-backends") == 0) {
        size_t i;
        for (i = 0; i < n_backends(); i++) printf("%s\n", backend_name(i));
        return t_failures == 0 ? 0 : 1;
    }
    if (argc > 1 && strcmp(argv[1], "--list-supported") == 0) {
        size_t i;
        for (i = 0; i < n_backends(); i++) {
            rmd160mb_backend_desc d = backend_desc(i);
            if (d.supported) printf("%s %s\n", d.name, d.sha256_kernel ? d.sha256_kernel : "?");
        }
        return t_failures == 0 ? 0 : 1;
    }
    printf("ripemd160mb %s, backend at start %s\n", rmd160mb_version(), rmd160mb_backend());
    strerror_and_version();
    backend_selection();
    backend_list();
    zero_counts_and_null();
    overflow();
    overlap();
    many_contract();
    keccak_statuses();
    sha256d_statuses();
    merkle_statuses();
    context();
    for_each_backend(in_place_and_bounds);
    for_each_backend(keccak_in_place_and_bounds);
    threads();
    return t_finish("contract");
}
