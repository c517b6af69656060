/*
 * Differential test against OpenSSL's libcrypto (EVP RIPEMD160 and SHA256),
 * on every backend this CPU supports: seeded random batches, every count
 * 0..40 and large ones, misaligned buffers, in place, hash160 widths
 * 0..100, and streaming with random chunk sizes vs rmd160mb_sum vs OpenSSL;
 * double SHA-256 (rmd160mb_sha256d, rmd160mb_sha256d_many) against OpenSSL's
 * SHA-256 applied twice, and rmd160mb_merkle_root against a level-by-level
 * merkle tree over it (Bitcoin Core's ComputeMerkleRoot).
 *
 * OpenSSL 3 ships RIPEMD160 in its default provider since 3.0.7 and in the
 * legacy provider before; this test fetches it from the default provider,
 * loads "legacy" if that fails, and fails with a clear message when neither
 * has it (it never skips silently).
 */
#include "testutil.h"

#include <openssl/evp.h>
#include <openssl/opensslv.h>
#if OPENSSL_VERSION_NUMBER >= 0x30000000L
#include <openssl/provider.h>
#endif

static const EVP_MD *md_ripemd160;
static const EVP_MD *md_sha256;
static rng_t rng;

static int openssl_setup(void)
{
#if OPENSSL_VERSION_NUMBER >= 0x30000000L
    /* RMD160MB_TEST_OPENSSL_LEGACY=1 takes the legacy-provider path on
     * purpose (and fetches RIPEMD160 from that provider only). */
    const char *force_legacy = getenv("RMD160MB_TEST_OPENSSL_LEGACY");
    int legacy_only = force_legacy != NULL && force_legacy[0] == '1';
    EVP_MD *md = legacy_only ? NULL : EVP_MD_fetch(NULL, "RIPEMD160", NULL);
    if (md == NULL) {
        /* Loading any provider explicitly disables the implicit default
         * one, so load both. */
        OSSL_PROVIDER *legacy = OSSL_PROVIDER_load(NULL, "legacy");
        OSSL_PROVIDER *deflt = OSSL_PROVIDER_load(NULL, "default");
        printf("OpenSSL: %s; legacy provider %s\n",
               legacy_only ? "RMD160MB_TEST_OPENSSL_LEGACY=1" : "RIPEMD160 not in the default provider",
               legacy ? "loaded" : "NOT available");
        (void)deflt;
        md = EVP_MD_fetch(NULL, "RIPEMD160", legacy_only ? "provider=legacy" : NULL);
    }
    md_ripemd160 = md;
    md_sha256 = EVP_MD_fetch(NULL, "SHA256", NULL);
#else
    md_ripemd160 = EVP_ripemd160();
    md_sha256 = EVP_sha256();
#endif
    printf("OpenSSL: %s\n", OPENSSL_VERSION_TEXT);
    if (md_ripemd160 == NULL || md_sha256 == NULL) {
        fprintf(stderr,
                "FAIL: OpenSSL's libcrypto has no %s: this differential test needs it "
                "(Debian: libssl3 ships RIPEMD160 in the default provider from 3.0.7 and in "
                "ossl-modules/legacy.so).\n",
                md_ripemd160 == NULL ? "RIPEMD160 (default or legacy provider)" : "SHA256");
        return 0;
    }
    return 1;
}

/* OpenSSL oracles. */
static void ossl_digest(const EVP_MD *md, const uint8_t *msg, size_t len, uint8_t *out)
{
    unsigned int outlen = 0;
    static const uint8_t empty = 0;
    if (EVP_Digest(len ? msg : &empty, len, out, &outlen, md, NULL) != 1) {
        fprintf(stderr, "FAIL: EVP_Digest failed\n");
        exit(1);
    }
}

static void ossl_ripemd160(const uint8_t *msg, size_t len, uint8_t out[20])
{
    ossl_digest(md_ripemd160, msg, len, out);
}

static void ossl_hash160(const uint8_t *msg, size_t len, uint8_t out[20])
{
    uint8_t sha[32];
    ossl_digest(md_sha256, msg, len, sha);
    ossl_digest(md_ripemd160, sha, 32, out);
}

/* Checks out[0..n) against the oracle over n messages of `width` at src. */
static void check_against_oracle(const uint8_t *out, const uint8_t *src, size_t n, size_t width, int hash160,
                                 const char *what)
{
    size_t i, bad = 0;
    uint8_t want[20];
    for (i = 0; i < n; i++) {
        if (hash160)
            ossl_hash160(src + width * i, width, want);
        else
            ossl_ripemd160(src + width * i, width, want);
        if (memcmp(out + 20 * i, want, 20) != 0) {
            if (bad < 3)
                CHECK_DIGEST(out + 20 * i, want, "%s: n=%lu width=%lu message %lu", what, (unsigned long)n,
                             (unsigned long)width, (unsigned long)i);
            bad++;
        }
    }
    t_checks++;
    if (bad)
        t_fail(__FILE__, __LINE__, "%s: n=%lu width=%lu: %lu digests differ from OpenSSL", what, (unsigned long)n,
               (unsigned long)width, (unsigned long)bad);
}

/* One rmd160mb_hash32 / rmd160mb_hash160 call on n random messages with the
 * given alignments of src and dst, checked against OpenSSL, canaries intact,
 * src unchanged. */
static void one_batch(size_t n, size_t width, int hash160, size_t src_off, size_t dst_off)
{
    guarded src = guarded_new(n * width, src_off);
    guarded dst = guarded_new(n * 20, dst_off);
    uint8_t *copy = (uint8_t *)t_malloc(n * width);
    int status;
    rng_fill(&rng, src.p, n * width);
    memcpy(copy, src.p, n * width);
    if (hash160)
        status = rmd160mb_hash160(dst.p, src.p, n, width);
    else
        status = rmd160mb_hash32(dst.p, src.p, n);
    CHECK(status == RMD160MB_OK, "%s(n=%lu, width=%lu) = %d", hash160 ? "hash160" : "hash32", (unsigned long)n,
          (unsigned long)width, status);
    check_against_oracle(dst.p, copy, n, width, hash160, hash160 ? "hash160" : "hash32");
    CHECK(memcmp(src.p, copy, n * width) == 0, "src modified (n=%lu width=%lu)", (unsigned long)n,
          (unsigned long)width);
    CHECK(guarded_intact(&dst), "write outside dst[0..20n) (n=%lu width=%lu dst_off=%lu)", (unsigned long)n,
          (unsigned long)width, (unsigned long)dst_off);
    CHECK(guarded_intact(&src), "write around src (n=%lu)", (unsigned long)n);
    free(copy);
    guarded_free(&src);
    guarded_free(&dst);
}

/* In place: dst == src; width 32 for hash32, >= 20 for hash160. Only the
 * first 20n bytes are specified afterwards; nothing past the buffer moves. */
static void one_in_place(size_t n, size_t width, int hash160, size_t off)
{
    size_t len = n * width;
    guarded buf = guarded_new(len, off);
    uint8_t *copy = (uint8_t *)t_malloc(len);
    int status;
    rng_fill(&rng, buf.p, len);
    memcpy(copy, buf.p, len);
    status = hash160 ? rmd160mb_hash160(buf.p, buf.p, n, width) : rmd160mb_hash32(buf.p, buf.p, n);
    CHECK(status == RMD160MB_OK, "in place %s(n=%lu, width=%lu) = %d", hash160 ? "hash160" : "hash32",
          (unsigned long)n, (unsigned long)width, status);
    check_against_oracle(buf.p, copy, n, width, hash160, hash160 ? "hash160 in place" : "hash32 in place");
    CHECK(guarded_intact(&buf), "in place: write outside the buffer (n=%lu width=%lu)", (unsigned long)n,
          (unsigned long)width);
    free(copy);
    guarded_free(&buf);
}

static void batches(const char *backend)
{
    size_t n, w, off;
    size_t lanes = rmd160mb_lanes();
    static const size_t large[] = {1000, 4099};

    /* Every count 0..40, aligned and misaligned. */
    for (n = 0; n <= 40; n++) {
        one_batch(n, 32, 0, 0, 0);
        one_batch(n, 32, 0, n % 16, (n * 7 + 3) % 16);
        one_batch(n, 33, 1, 0, 0);
        one_batch(n, 65, 1, (n * 5 + 1) % 16, n % 16);
        one_in_place(n, 32, 0, n % 8);
        one_in_place(n, 33, 1, 0);
        one_in_place(n, 65, 1, n % 8);
    }
    /* Counts around multiples of the lane count, and large ones. */
    for (n = 2 * lanes; n <= 2 * lanes + 3 * lanes + 3 && n <= 200; n++) one_batch(n, 32, 0, 1, 2);
    for (n = 0; n < sizeof large / sizeof large[0]; n++) {
        one_batch(large[n], 32, 0, 0, 0);
        one_batch(large[n], 32, 0, 3, 5);
        one_batch(large[n], 33, 1, 1, 0);
        one_batch(large[n], 65, 1, 0, 7);
        one_in_place(large[n], 32, 0, 0);
        one_in_place(large[n], 65, 1, 3);
    }
    /* Every hash160 width 0..100 with a few counts; in place for width >= 20. */
    for (w = 0; w <= 100; w++) {
        static const size_t counts[] = {0, 1, 3, 17, 40};
        for (n = 0; n < sizeof counts / sizeof counts[0]; n++) {
            off = (w + n) % 16;
            one_batch(counts[n], w, 1, off, (off * 3) % 16);
            if (w >= 20) one_in_place(counts[n], w, 1, off);
        }
    }
    /* Random counts, widths and alignments. */
    for (n = 0; n < 200; n++) {
        size_t count = rng_below(&rng, 300);
        size_t width = rng_below(&rng, 140);
        one_batch(count, width, 1, rng_below(&rng, 16), rng_below(&rng, 16));
        one_batch(count, 32, 0, rng_below(&rng, 16), rng_below(&rng, 16));
    }
    printf("%s: batches vs OpenSSL done\n", backend);
}

/* One rmd160mb_sha256 call on n random messages of `width` bytes, checked
 * against OpenSSL's SHA-256, canaries intact, src unchanged; in place
 * (dst == src, allowed for width >= 32) when `in_place`. */
static void one_sha256(size_t n, size_t width, size_t src_off, size_t dst_off, int in_place)
{
    size_t len = n * width, i, bad = 0;
    guarded src = guarded_new(len, src_off);
    guarded dst = guarded_new(32 * n, dst_off);
    uint8_t *copy = (uint8_t *)t_malloc(len + 1);
    uint8_t *out = in_place ? src.p : dst.p;
    uint8_t want[32];
    int status;
    rng_fill(&rng, src.p, len);
    memcpy(copy, src.p, len);
    status = rmd160mb_sha256(out, src.p, n, width);
    CHECK(status == RMD160MB_OK, "sha256(n=%lu, width=%lu%s) = %d", (unsigned long)n, (unsigned long)width,
          in_place ? ", in place" : "", status);
    for (i = 0; i < n; i++) {
        ossl_digest(md_sha256, copy + width * i, width, want);
        if (memcmp(out + 32 * i, want, 32) != 0) bad++;
    }
    t_checks++;
    if (bad)
        t_fail(__FILE__, __LINE__, "sha256: n=%lu width=%lu%s: %lu digests differ from OpenSSL", (unsigned long)n,
               (unsigned long)width, in_place ? " in place" : "", (unsigned long)bad);
    if (!in_place) CHECK(memcmp(src.p, copy, len) == 0, "sha256: src modified (n=%lu width=%lu)", (unsigned long)n,
                         (unsigned long)width);
    CHECK(guarded_intact(&src), "sha256: write around src (n=%lu width=%lu)", (unsigned long)n, (unsigned long)width);
    CHECK(guarded_intact(&dst), "sha256: write outside dst (n=%lu width=%lu)", (unsigned long)n, (unsigned long)width);
    free(copy);
    guarded_free(&src);
    guarded_free(&dst);
}

/* rmd160mb_sha256 vs OpenSSL: widths 0..200, counts around the lane count,
 * misaligned, in place; every count 0..2*lanes+3 for the key widths. */
static void sha256_batches(const char *backend)
{
    size_t lanes = rmd160mb_lanes(), w, k, n;
    size_t counts[7];
    static const size_t key_widths[] = {32, 33, 65};
    counts[0] = 0; counts[1] = 1; counts[2] = 2; counts[3] = lanes > 1 ? lanes - 1 : 3;
    counts[4] = lanes; counts[5] = lanes + 1; counts[6] = 2 * lanes + 3;
    for (w = 0; w <= 200; w++) {
        for (k = 0; k < 7; k++) {
            size_t off = (w + k) % 16;
            one_sha256(counts[k], w, off, (off * 3 + 1) % 16, 0);
            if (w >= 32) one_sha256(counts[k], w, off, 0, 1);
        }
    }
    for (k = 0; k < 3; k++) {
        for (n = 0; n <= 2 * lanes + 3; n++) one_sha256(n, key_widths[k], n % 16, (n * 5) % 16, 0);
        one_sha256(1000, key_widths[k], 3, 1, 0);
        one_sha256(1000, key_widths[k], 0, 0, 1);
    }
    printf("%s: sha256 vs OpenSSL done\n", backend);
}

/* ------------------------------------------------------------------------ */
/* Double SHA-256 and merkle roots against OpenSSL's SHA-256 applied twice. */

static void ossl_sha256d(const uint8_t *msg, size_t len, uint8_t out[32])
{
    uint8_t first[32];
    ossl_digest(md_sha256, msg, len, first);
    ossl_digest(md_sha256, first, 32, out);
}

/* One rmd160mb_sha256d call on n random messages of `width` bytes, checked
 * against OpenSSL, canaries intact, src unchanged; in place (dst == src,
 * allowed for width >= 32) when `in_place`. */
static void one_sha256d(size_t n, size_t width, size_t src_off, size_t dst_off, int in_place)
{
    size_t len = n * width, i, bad = 0;
    guarded src = guarded_new(len, src_off);
    guarded dst = guarded_new(32 * n, dst_off);
    uint8_t *copy = (uint8_t *)t_malloc(len + 1);
    uint8_t *out = in_place ? src.p : dst.p;
    uint8_t want[32];
    int status;
    rng_fill(&rng, src.p, len);
    memcpy(copy, src.p, len);
    status = rmd160mb_sha256d(out, src.p, n, width);
    CHECK(status == RMD160MB_OK, "sha256d(n=%lu, width=%lu%s) = %d", (unsigned long)n, (unsigned long)width,
          in_place ? ", in place" : "", status);
    for (i = 0; i < n; i++) {
        ossl_sha256d(copy + width * i, width, want);
        if (memcmp(out + 32 * i, want, 32) != 0) {
            if (bad < 3)
                CHECK_DIGEST32(out + 32 * i, want, "sha256d: n=%lu width=%lu%s message %lu", (unsigned long)n,
                             (unsigned long)width, in_place ? " in place" : "", (unsigned long)i);
            bad++;
        }
    }
    t_checks++;
    if (bad)
        t_fail(__FILE__, __LINE__, "sha256d: n=%lu width=%lu%s: %lu digests differ from OpenSSL", (unsigned long)n,
               (unsigned long)width, in_place ? " in place" : "", (unsigned long)bad);
    if (!in_place) CHECK(memcmp(src.p, copy, len) == 0, "sha256d: src modified (n=%lu width=%lu)", (unsigned long)n,
                         (unsigned long)width);
    CHECK(guarded_intact(&src), "sha256d: write around src (n=%lu width=%lu)", (unsigned long)n,
          (unsigned long)width);
    CHECK(guarded_intact(&dst), "sha256d: write outside dst (n=%lu width=%lu)", (unsigned long)n,
          (unsigned long)width);
    free(copy);
    guarded_free(&src);
    guarded_free(&dst);
}

/* rmd160mb_sha256d vs OpenSSL: every width 0..300 with counts around the
 * lane count, misaligned, in place; every count 0..2*lanes+3 and large ones
 * for the widths with their own kernels (32, 64 merkle nodes, 80 block
 * headers) and the padding edges; random counts, widths and offsets. */
static void sha256d_batches(const char *backend)
{
    size_t lanes = rmd160mb_lanes(), w, k, n;
    size_t counts[7];
    static const size_t key_widths[] = {32, 64, 80, 0, 1, 31, 33, 55, 56, 63, 65, 119, 120};
    static const size_t large[] = {1000, 4099};
    counts[0] = 0; counts[1] = 1; counts[2] = 2; counts[3] = lanes > 1 ? lanes - 1 : 3;
    counts[4] = lanes; counts[5] = lanes + 1; counts[6] = 2 * lanes + 3;
    for (w = 0; w <= 300; w++) {
        for (k = 0; k < 7; k++) {
            size_t off = (w + k) % 16;
            one_sha256d(counts[k], w, off, (off * 3 + 1) % 16, 0);
            if (w >= 32) one_sha256d(counts[k], w, off, 0, 1);
        }
    }
    for (k = 0; k < sizeof key_widths / sizeof key_widths[0]; k++) {
        size_t kw = key_widths[k];
        for (n = 0; n <= 2 * 16 + 3 || n <= 2 * lanes + 3; n++) {
            one_sha256d(n, kw, n % 16, (n * 5) % 16, 0);
            if (kw >= 32) one_sha256d(n, kw, (n * 3) % 16, 0, 1);
        }
        for (n = 0; n < sizeof large / sizeof large[0]; n++) {
            one_sha256d(large[n], kw, 3, 1, 0);
            if (kw >= 32) one_sha256d(large[n], kw, n, 0, 1);
        }
    }
    for (n = 0; n < 100; n++) {
        size_t count = rng_below(&rng, 300), width = rng_below(&rng, 301);
        one_sha256d(count, width, rng_below(&rng, 16), rng_below(&rng, 16), width >= 32 && rng_below(&rng, 2));
    }
    printf("%s: sha256d vs OpenSSL done\n", backend);
}

/* Bitcoin Core's ComputeMerkleRoot, level by level with OpenSSL: a level
 * with an odd count gets its last node appended once more, nodes 2k and
 * 2k+1 become SHA256(SHA256(left || right)); mutated when a level (before
 * that append) holds equal nodes at 2k and 2k+1. No leaves: 32 zero bytes. */
static void ref_merkle_root(const uint8_t *leaves, size_t n, uint8_t root[32], int *mutated)
{
    uint8_t *level = (uint8_t *)t_malloc(32 * (n + 1));
    size_t count = n, pos;
    *mutated = 0;
    memset(root, 0, 32);
    if (n > 0) memcpy(level, leaves, 32 * n);
    while (count > 1) {
        for (pos = 0; pos + 1 < count; pos += 2)
            if (memcmp(level + 32 * pos, level + 32 * (pos + 1), 32) == 0) *mutated = 1;
        if (count & 1) {
            memcpy(level + 32 * count, level + 32 * (count - 1), 32);
            count++;
        }
        for (pos = 0; pos < count; pos += 2) ossl_sha256d(level + 32 * pos, 64, level + 32 * (pos / 2));
        count /= 2;
    }
    if (n > 0) memcpy(root, level, 32);
    free(level);
}

/* Copies the subtree of 2^level leaves at position 2k of that level onto the
 * one at 2k+1 (both whole): the level then holds equal nodes at 2k, 2k+1. */
static void dup_subtree(uint8_t *leaves, size_t level, size_t k)
{
    size_t size = (size_t)32 << level;
    memcpy(leaves + (2 * k + 1) * size, leaves + 2 * k * size, size);
}

/* rmd160mb_merkle_root of the n leaves at `leaves` (misaligned by
 * leaves_off, dst by dst_off) against ref_merkle_root: the root, the flag
 * (also through mutated == NULL, and dst over the leaves), the leaves
 * unchanged, nothing written around dst. `want_mutated` (0 or 1) also checks
 * the reference itself on trees built to be (or not be) mutated; -1 skips. */
static void one_merkle(const uint8_t *leaves_in, size_t n, size_t leaves_off, size_t dst_off, int want_mutated,
                       const char *what)
{
    guarded lv = guarded_new(32 * n, leaves_off);
    guarded dst = guarded_new(32, dst_off);
    uint8_t want[32], root2[32];
    int ref_mut, mut = 7, status;
    if (n > 0) memcpy(lv.p, leaves_in, 32 * n);
    ref_merkle_root(leaves_in, n, want, &ref_mut);
    if (want_mutated >= 0)
        CHECK(ref_mut == want_mutated, "reference merkle root, %s, n=%lu: mutated %d, built to be %d", what,
              (unsigned long)n, ref_mut, want_mutated);
    status = rmd160mb_merkle_root(dst.p, lv.p, n, &mut);
    CHECK(status == RMD160MB_OK, "merkle_root(%s, n=%lu) = %d", what, (unsigned long)n, status);
    CHECK_DIGEST32(dst.p, want, "merkle_root %s, n=%lu", what, (unsigned long)n);
    CHECK(mut == ref_mut, "merkle_root %s, n=%lu: mutated %d, the reference says %d", what, (unsigned long)n, mut,
          ref_mut);
    CHECK(n == 0 || memcmp(lv.p, leaves_in, 32 * n) == 0, "merkle_root %s, n=%lu: the leaves changed", what,
          (unsigned long)n);
    CHECK(guarded_intact(&dst) && guarded_intact(&lv), "merkle_root %s, n=%lu: write outside dst", what,
          (unsigned long)n);
    /* mutated == NULL: the same root. */
    CHECK_STATUS(rmd160mb_merkle_root(root2, lv.p, n, NULL), RMD160MB_OK);
    CHECK_DIGEST32(root2, want, "merkle_root %s, n=%lu, mutated NULL", what, (unsigned long)n);
    /* dst over the leaves (the middle leaf, or the last one): the same root,
     * and the other leaves unchanged. */
    if (n > 0) {
        size_t at = (n - 1) / (1 + n % 2);
        mut = 7;
        CHECK_STATUS(rmd160mb_merkle_root(lv.p + 32 * at, lv.p, n, &mut), RMD160MB_OK);
        CHECK_DIGEST32(lv.p + 32 * at, want, "merkle_root %s, n=%lu, dst over leaf %lu", what, (unsigned long)n,
                     (unsigned long)at);
        CHECK(mut == ref_mut, "merkle_root %s, n=%lu, dst over the leaves: mutated %d", what, (unsigned long)n, mut);
        CHECK(memcmp(lv.p, leaves_in, 32 * at) == 0 &&
                  memcmp(lv.p + 32 * (at + 1), leaves_in + 32 * (at + 1), 32 * (n - at - 1)) == 0,
              "merkle_root %s, n=%lu, dst over leaf %lu: other leaves changed", what, (unsigned long)n,
              (unsigned long)at);
        CHECK(guarded_intact(&lv), "merkle_root %s, n=%lu, dst over the leaves: write around them", what,
              (unsigned long)n);
    }
    guarded_free(&lv);
    guarded_free(&dst);
}

/* rmd160mb_merkle_root vs the reference: every n 0..300, n around the
 * library's subtree size and up to 5000, random leaves (not mutated), trees
 * mutated at every level that has two whole subtrees (first pair, last
 * pair, a random pair), the CVE-2012-2459 shape (an odd level's last leaf
 * duplicated: the same root, mutated), and equal nodes at 2k+1, 2k+2 (not
 * mutated). */
static void merkle_trees(const char *backend)
{
    static const size_t big[] = {511, 512, 513, 1023, 1024, 1025, 1500, 2047, 2048, 2049, 3071, 3072, 3073,
                                 4095, 4096, 4097, 5000};
    enum { MAX_N = 5001 };
    uint8_t *leaves = (uint8_t *)t_malloc(32 * (MAX_N + 1));
    size_t n, k, level;
    for (n = 0; n <= 300; n++) {
        rng_fill(&rng, leaves, 32 * n);
        one_merkle(leaves, n, n % 16, (n * 7) % 16, 0, "random leaves");
    }
    for (k = 0; k < sizeof big / sizeof big[0]; k++) {
        n = big[k];
        rng_fill(&rng, leaves, 32 * n);
        one_merkle(leaves, n, k % 16, 0, 0, "random leaves");
    }
    /* Mutated at each level: the subtree pair (2k, 2k+1) made equal. */
    {
        static const size_t sizes[] = {2, 3, 4, 5, 7, 8, 9, 16, 17, 31, 33, 64, 65, 100, 255, 256, 257, 300,
                                       1024, 2048, 2049, 3000, 4096, 5000};
        for (k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
            n = sizes[k];
            for (level = 0; ((size_t)2 << level) <= n; level++) {
                size_t pairs = n >> (level + 1), which[3], j;
                which[0] = 0;
                which[1] = pairs - 1;
                which[2] = rng_below(&rng, pairs);
                for (j = 0; j < 3; j++) {
                    rng_fill(&rng, leaves, 32 * n);
                    dup_subtree(leaves, level, which[j]);
                    one_merkle(leaves, n, (n + j) % 16, level % 16, 1, "equal subtrees");
                }
            }
        }
    }
    /* CVE-2012-2459: an odd count (3 and up), and the same leaves with the
     * last one repeated, give the same root; only the second is mutated. */
    for (n = 3; n <= 301; n += 2) {
        uint8_t r_odd[32], r_dup[32];
        int m_odd = 7, m_dup = 7;
        if (n > 41 && n % 50 != 1 && n != 255) continue;
        rng_fill(&rng, leaves, 32 * n);
        memcpy(leaves + 32 * n, leaves + 32 * (n - 1), 32);
        CHECK_STATUS(rmd160mb_merkle_root(r_odd, leaves, n, &m_odd), RMD160MB_OK);
        CHECK_STATUS(rmd160mb_merkle_root(r_dup, leaves, n + 1, &m_dup), RMD160MB_OK);
        CHECK(memcmp(r_odd, r_dup, 32) == 0 && m_odd == 0 && m_dup == 1,
              "CVE-2012-2459 shape, n=%lu: roots %s, mutated %d then %d (want the same root, then mutated 1)",
              (unsigned long)n, memcmp(r_odd, r_dup, 32) == 0 ? "equal" : "differ", m_odd, m_dup);
        one_merkle(leaves, n + 1, 1, 2, 1, "last leaf duplicated");
    }
    /* Equal neighbours across a pair boundary (2k+1, 2k+2): not mutated. */
    for (n = 3; n <= 300; n += 7) {
        rng_fill(&rng, leaves, 32 * n);
        k = rng_below(&rng, (n - 1) / 2);
        memcpy(leaves + 32 * (2 * k + 2), leaves + 32 * (2 * k + 1), 32);
        one_merkle(leaves, n, 3, 5, 0, "equal leaves at 2k+1, 2k+2");
    }
    free(leaves);
    printf("%s: merkle_root vs a level-by-level reference done\n", backend);
}

/* Streaming with random chunk sizes vs rmd160mb_sum vs OpenSSL. */
static void streaming(void)
{
    int iter;
    size_t maxlen = 5000;
    uint8_t *msg = (uint8_t *)t_malloc(maxlen + 16);
    for (iter = 0; iter < 600; iter++) {
        size_t len = iter < 300 ? (size_t)iter : rng_below(&rng, maxlen);
        size_t off = rng_below(&rng, 16), pos = 0;
        uint8_t *m = msg + off;
        uint8_t want[20], got_sum[20], got_stream[20];
        rmd160mb_ctx ctx;
        rng_fill(&rng, m, len);
        ossl_ripemd160(m, len, want);
        CHECK_STATUS(rmd160mb_sum(got_sum, m, len), RMD160MB_OK);
        CHECK_DIGEST(got_sum, want, "rmd160mb_sum, length %lu", (unsigned long)len);
        CHECK_STATUS(rmd160mb_init(&ctx), RMD160MB_OK);
        while (pos < len) {
            /* Mostly small chunks, sometimes big ones, sometimes empty. */
            size_t chunk = rng_below(&rng, 4) == 0 ? rng_below(&rng, 300) : rng_below(&rng, 70);
            if (chunk > len - pos) chunk = len - pos;
            CHECK_STATUS(rmd160mb_update(&ctx, m + pos, chunk), RMD160MB_OK);
            pos += chunk;
        }
        CHECK_STATUS(rmd160mb_final(&ctx, got_stream), RMD160MB_OK);
        CHECK_DIGEST(got_stream, want, "streamed in random chunks, length %lu", (unsigned long)len);
    }
    free(msg);
    printf("streaming: 600 messages vs rmd160mb_sum vs OpenSSL done\n");
}

/* ------------------------------------------------------------------------ */
/* Messages of any lengths: rmd160mb_sum_many, rmd160mb_hash160_many,
 * rmd160mb_sha256_many and rmd160mb_sha256d_many against OpenSSL, dst
 * between canaries. */

/* One call of each _many function on the n messages (msgs[i], lens[i]). */
static void one_many(const uint8_t *const *msgs, const size_t *lens, size_t n, const char *what)
{
    guarded d20 = guarded_new(20 * n, n % 16), d32 = guarded_new(32 * n, (n * 3) % 16), h20 = guarded_new(20 * n, 5);
    guarded dd = guarded_new(32 * n, (n * 5 + 1) % 16);
    size_t i, bad = 0;
    uint8_t want[32];
    CHECK_STATUS(rmd160mb_sum_many(d20.p, msgs, lens, n), RMD160MB_OK);
    CHECK_STATUS(rmd160mb_sha256_many(d32.p, msgs, lens, n), RMD160MB_OK);
    CHECK_STATUS(rmd160mb_hash160_many(h20.p, msgs, lens, n), RMD160MB_OK);
    CHECK_STATUS(rmd160mb_sha256d_many(dd.p, msgs, lens, n), RMD160MB_OK);
    for (i = 0; i < n && bad < 3; i++) {
        ossl_ripemd160(msgs[i], lens[i], want);
        if (memcmp(d20.p + 20 * i, want, 20) != 0) {
            CHECK_DIGEST(d20.p + 20 * i, want, "sum_many %s: n=%lu message %lu (%lu bytes)", what, (unsigned long)n,
                         (unsigned long)i, (unsigned long)lens[i]);
            bad++;
        }
        ossl_digest(md_sha256, msgs[i], lens[i], want);
        if (memcmp(d32.p + 32 * i, want, 32) != 0) {
            CHECK_DIGEST32(d32.p + 32 * i, want, "sha256_many %s: n=%lu message %lu (%lu bytes)", what,
                         (unsigned long)n, (unsigned long)i, (unsigned long)lens[i]);
            bad++;
        }
        ossl_hash160(msgs[i], lens[i], want);
        if (memcmp(h20.p + 20 * i, want, 20) != 0) {
            CHECK_DIGEST(h20.p + 20 * i, want, "hash160_many %s: n=%lu message %lu (%lu bytes)", what,
                         (unsigned long)n, (unsigned long)i, (unsigned long)lens[i]);
            bad++;
        }
        ossl_sha256d(msgs[i], lens[i], want);
        if (memcmp(dd.p + 32 * i, want, 32) != 0) {
            CHECK_DIGEST32(dd.p + 32 * i, want, "sha256d_many %s: n=%lu message %lu (%lu bytes)", what,
                         (unsigned long)n, (unsigned long)i, (unsigned long)lens[i]);
            bad++;
        }
    }
    CHECK(guarded_intact(&d20) && guarded_intact(&d32) && guarded_intact(&h20) && guarded_intact(&dd),
          "_many %s: write outside dst (n=%lu)", what, (unsigned long)n);
    guarded_free(&d20);
    guarded_free(&d32);
    guarded_free(&h20);
    guarded_free(&dd);
}

/* n messages with lengths len_of(i), each in its own buffer at a random
 * misalignment; message 0 repeated when `repeat`. */
static void many_case(size_t n, size_t (*len_of)(size_t i, size_t n), int repeat, const char *what)
{
    uint8_t **bufs = (uint8_t **)t_malloc((n + 1) * sizeof *bufs);
    const uint8_t **msgs = (const uint8_t **)t_malloc((n + 1) * sizeof *msgs);
    size_t *lens = (size_t *)t_malloc((n + 1) * sizeof *lens);
    size_t i;
    memset((void *)msgs, 0, (n + 1) * sizeof *msgs);
    memset(lens, 0, (n + 1) * sizeof *lens);
    for (i = 0; i < n; i++) {
        size_t off = rng_below(&rng, 16);
        lens[i] = len_of(i, n);
        bufs[i] = (uint8_t *)t_malloc(lens[i] + off + 1);
        rng_fill(&rng, bufs[i], lens[i] + off + 1);
        msgs[i] = repeat && i > 0 ? msgs[0] : bufs[i] + off;
        if (repeat && i > 0) lens[i] = lens[0];
    }
    one_many(msgs, lens, n, what);
    for (i = 0; i < n; i++) free(bufs[i]);
    free(bufs);
    free((void *)msgs);
    free(lens);
}

static size_t len_ascending(size_t i, size_t n) { (void)n; return i % 301; }
static size_t len_descending(size_t i, size_t n) { return (n - 1 - i) % 301; }
static size_t len_random(size_t i, size_t n) { (void)i; (void)n; return rng_below(&rng, 301); }
static size_t len_keys(size_t i, size_t n) { (void)i; (void)n; return rng_below(&rng, 2) ? 33 : 65; }
static size_t many_equal_len;
static size_t len_equal(size_t i, size_t n) { (void)i; (void)n; return many_equal_len; }
static size_t len_one_long(size_t i, size_t n) { return i == n / 2 ? (size_t)1 << 20 : rng_below(&rng, 120); }

static void many_batches(const char *backend)
{
    size_t n, k;
    size_t lanes = rmd160mb_lanes();
    static const size_t equal[] = {0, 1, 20, 32, 33, 55, 56, 63, 64, 65, 100, 128, 300};
    many_case(301, len_ascending, 0, "lengths 0..300 ascending");
    many_case(301, len_descending, 0, "lengths 300..0 descending");
    many_case(700, len_random, 0, "random lengths 0..300");
    many_case(2000, len_keys, 0, "33/65-byte keys");
    for (k = 0; k < sizeof equal / sizeof equal[0]; k++) {
        many_equal_len = equal[k];
        for (n = 0; n <= 2 * 2 * lanes + 3; n++) many_case(n, len_equal, 0, "all equal");
        many_case(1000, len_equal, 0, "1000 all equal");
        many_case(3 * lanes + 1, len_equal, 1, "one message repeated");
    }
    for (n = 0; n <= 2 * 2 * lanes + 3; n++) many_case(n, len_random, 0, "random lengths, small counts");
    many_case(41, len_one_long, 0, "1 MiB among short ones");
    printf("%s: _many vs OpenSSL done\n", backend);
}

int main(void)
{
    uint64_t seed = test_seed();
    setvbuf(stdout, NULL, _IOLBF, 0);
    rng.s = seed;
    printf("ripemd160mb %s, seed 0x%llx (set RMD160MB_TEST_SEED to change)\n", rmd160mb_version(),
           (unsigned long long)seed);
    if (!openssl_setup()) return 1;
    streaming();
    for_each_backend(batches);
    for_each_backend(sha256_batches);
    for_each_backend(many_batches);
    for_each_backend(sha256d_batches);
    for_each_backend(merkle_trees);
    return t_finish("diff");
}
