/*
 * The bundled vectors (the TSV files in tests/vectors, computed by independent
 * implementations) through the C API: the designers' vectors (with one
 * million 'a'), every length 0..300, 32-byte messages through
 * rmd160mb_hash32, and secp256k1 public keys through rmd160mb_hash160
 * (compressed and uncompressed), each batch in ONE call, on every backend.
 */
#include "testutil.h"

/* --- ripemd160-known.tsv and ripemd160-lengths.tsv: one-shot and stream -- */

/* Digest of msg by rmd160mb_sum, by streaming in chunks of `chunk` bytes,
 * and by streaming byte-wise for short messages; all must equal want. */
static void check_one_message(const uint8_t *msg, size_t len, const uint8_t want[20], const char *what)
{
    uint8_t got[20];
    rmd160mb_ctx ctx;
    size_t chunks[] = {1, 3, 63, 64, 65, 1000};
    size_t c, off;

    CHECK_STATUS(rmd160mb_sum(got, msg, len), RMD160MB_OK);
    CHECK_DIGEST(got, want, "rmd160mb_sum of %s", what);

    for (c = 0; c < sizeof chunks / sizeof chunks[0]; c++) {
        if (chunks[c] == 1 && len > 5000) continue;
        CHECK_STATUS(rmd160mb_init(&ctx), RMD160MB_OK);
        for (off = 0; off < len; off += chunks[c]) {
            size_t take = len - off < chunks[c] ? len - off : chunks[c];
            CHECK_STATUS(rmd160mb_update(&ctx, msg + off, take), RMD160MB_OK);
        }
        CHECK_STATUS(rmd160mb_final(&ctx, got), RMD160MB_OK);
        CHECK_DIGEST(got, want, "streamed %s in chunks of %lu", what, (unsigned long)chunks[c]);
    }
}

static void known_vectors(void)
{
    tsv_reader r;
    int count = 0, million = 0;
    tsv_open(&r, "ripemd160-known.tsv");
    while (tsv_next(&r)) {
        uint8_t want[20];
        if (r.nfields != 2 || hex_decode(r.fields[1], want, 20) != 0) tsv_bad(&r, "expected: message TAB digest_hex");
        if (strcmp(r.fields[0], "a*1000000") == 0) {
            size_t n = 1000000;
            uint8_t *m = (uint8_t *)t_malloc(n);
            memset(m, 'a', n);
            check_one_message(m, n, want, "one million 'a'");
            free(m);
            million = 1;
        } else {
            check_one_message((const uint8_t *)r.fields[0], strlen(r.fields[0]), want, r.fields[0]);
        }
        count++;
    }
    tsv_close(&r);
    CHECK(count == 9, "ripemd160-known.tsv: %d vectors, expected 9", count);
    CHECK(million, "ripemd160-known.tsv has no a*1000000 line");
    printf("designers' vectors: %d checked\n", count);
}

static void length_vectors(void)
{
    tsv_reader r;
    int count = 0;
    uint8_t msg[300];
    tsv_open(&r, "ripemd160-lengths.tsv");
    while (tsv_next(&r)) {
        uint8_t want[20];
        char *end;
        unsigned long len, i;
        char what[32];
        if (r.nfields != 2 || hex_decode(r.fields[1], want, 20) != 0) tsv_bad(&r, "expected: length TAB digest_hex");
        len = strtoul(r.fields[0], &end, 10);
        if (*end != '\0' || len > sizeof msg) tsv_bad(&r, "bad length");
        for (i = 0; i < len; i++) msg[i] = (uint8_t)((i * 7 + len) % 256);
        sprintf(what, "m_%lu", len);
        check_one_message(msg, len, want, what);
        count++;
    }
    tsv_close(&r);
    CHECK(count == 301, "ripemd160-lengths.tsv: %d lines, expected 301 (lengths 0..300)", count);
    printf("lengths 0..300: %d checked\n", count);
}

/* --- hash32.tsv and hash160-pubkeys.tsv: batches, loaded once --------- */

static uint8_t *h32_msgs, *h32_want;
static size_t h32_n;
static uint8_t *pk_comp, *pk_uncomp, *pk_want_comp, *pk_want_uncomp;
static size_t pk_n;

static void load_hash32(void)
{
    tsv_reader r;
    size_t cap = 1024;
    h32_msgs = (uint8_t *)t_malloc(cap * 32);
    h32_want = (uint8_t *)t_malloc(cap * 20);
    tsv_open(&r, "hash32.tsv");
    while (tsv_next(&r)) {
        if (h32_n == cap) {
            cap *= 2;
            h32_msgs = (uint8_t *)realloc(h32_msgs, cap * 32);
            h32_want = (uint8_t *)realloc(h32_want, cap * 20);
            if (!h32_msgs || !h32_want) tsv_bad(&r, "out of memory");
        }
        if (r.nfields != 2 || hex_decode(r.fields[0], h32_msgs + 32 * h32_n, 32) != 0 ||
            hex_decode(r.fields[1], h32_want + 20 * h32_n, 20) != 0)
            tsv_bad(&r, "expected: msg_hex (32 B) TAB ripemd160_hex");
        h32_n++;
    }
    tsv_close(&r);
    CHECK(h32_n >= 1000, "hash32.tsv: %lu messages, expected 1000", (unsigned long)h32_n);
}

static void load_pubkeys(void)
{
    tsv_reader r;
    size_t cap = 4096;
    pk_comp = (uint8_t *)t_malloc(cap * 33);
    pk_uncomp = (uint8_t *)t_malloc(cap * 65);
    pk_want_comp = (uint8_t *)t_malloc(cap * 20);
    pk_want_uncomp = (uint8_t *)t_malloc(cap * 20);
    tsv_open(&r, "hash160-pubkeys.tsv");
    while (tsv_next(&r)) {
        if (pk_n == cap) tsv_bad(&r, "more than 4096 keys");
        if (r.nfields != 5 || hex_decode(r.fields[1], pk_comp + 33 * pk_n, 33) != 0 ||
            hex_decode(r.fields[2], pk_want_comp + 20 * pk_n, 20) != 0 ||
            hex_decode(r.fields[3], pk_uncomp + 65 * pk_n, 65) != 0 ||
            hex_decode(r.fields[4], pk_want_uncomp + 20 * pk_n, 20) != 0)
            tsv_bad(&r, "expected: privkey TAB pubkey33 TAB hash160 TAB pubkey65 TAB hash160");
        pk_n++;
    }
    tsv_close(&r);
    CHECK(pk_n >= 2000, "hash160-pubkeys.tsv: %lu keys, expected 2000", (unsigned long)pk_n);
}

static void check_batch_digests(const uint8_t *got, const uint8_t *want, size_t n, const char *what)
{
    size_t i, bad = 0;
    for (i = 0; i < n; i++) {
        if (memcmp(got + 20 * i, want + 20 * i, 20) != 0) {
            if (bad < 5) CHECK_DIGEST(got + 20 * i, want + 20 * i, "%s, message %lu", what, (unsigned long)i);
            bad++;
        }
    }
    t_checks++;
    if (bad) t_fail(__FILE__, __LINE__, "%s: %lu of %lu digests wrong", what, (unsigned long)bad, (unsigned long)n);
}

static void batch_vectors(const char *backend)
{
    guarded out = guarded_new(20 * (pk_n > h32_n ? pk_n : h32_n), 0);
    uint8_t *inplace;
    size_t i;

    /* hash32.tsv: one call for all messages. */
    CHECK_STATUS(rmd160mb_hash32(out.p, h32_msgs, h32_n), RMD160MB_OK);
    check_batch_digests(out.p, h32_want, h32_n, "hash32.tsv");

    /* ... and in place, on a copy. */
    inplace = (uint8_t *)t_malloc(32 * h32_n);
    memcpy(inplace, h32_msgs, 32 * h32_n);
    CHECK_STATUS(rmd160mb_hash32(inplace, inplace, h32_n), RMD160MB_OK);
    check_batch_digests(inplace, h32_want, h32_n, "hash32.tsv in place");
    free(inplace);

    /* Each 32-byte message through rmd160mb_sum too (spot check: every 37th). */
    for (i = 0; i < h32_n; i += 37) {
        uint8_t d[20];
        CHECK_STATUS(rmd160mb_sum(d, h32_msgs + 32 * i, 32), RMD160MB_OK);
        CHECK_DIGEST(d, h32_want + 20 * i, "hash32.tsv message %lu by rmd160mb_sum", (unsigned long)i);
    }

    /* Public keys: one rmd160mb_hash160 call per width. */
    memset(out.p, 0, out.len);
    CHECK_STATUS(rmd160mb_hash160(out.p, pk_comp, pk_n, 33), RMD160MB_OK);
    check_batch_digests(out.p, pk_want_comp, pk_n, "compressed public keys (width 33)");
    memset(out.p, 0, out.len);
    CHECK_STATUS(rmd160mb_hash160(out.p, pk_uncomp, pk_n, 65), RMD160MB_OK);
    check_batch_digests(out.p, pk_want_uncomp, pk_n, "uncompressed public keys (width 65)");
    CHECK(guarded_intact(&out), "bytes written outside the output buffer");
    guarded_free(&out);

    /* In place, on copies. */
    inplace = (uint8_t *)t_malloc(65 * pk_n);
    memcpy(inplace, pk_comp, 33 * pk_n);
    CHECK_STATUS(rmd160mb_hash160(inplace, inplace, pk_n, 33), RMD160MB_OK);
    check_batch_digests(inplace, pk_want_comp, pk_n, "compressed keys in place");
    memcpy(inplace, pk_uncomp, 65 * pk_n);
    CHECK_STATUS(rmd160mb_hash160(inplace, inplace, pk_n, 65), RMD160MB_OK);
    check_batch_digests(inplace, pk_want_uncomp, pk_n, "uncompressed keys in place");
    free(inplace);

    printf("%s: hash32.tsv %lu messages, hash160-pubkeys.tsv %lu keys x 2 widths: checked\n", backend,
           (unsigned long)h32_n, (unsigned long)pk_n);
}

int main(void)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    printf("ripemd160mb %s, vectors from %s\n", rmd160mb_version(), TEST_VECTOR_DIR);
    /* The one-message functions do not depend on the backend. */
    known_vectors();
    length_vectors();
    load_hash32();
    load_pubkeys();
    for_each_backend(batch_vectors);
    free(h32_msgs);
    free(h32_want);
    free(pk_comp);
    free(pk_uncomp);
    free(pk_want_comp);
    free(pk_want_uncomp);
    return t_finish("vectors");
}
