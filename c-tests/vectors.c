/*
 * The bundled vectors (the TSV files in tests/vectors, computed by independent
 * implementations) through the C API: the designers' vectors (with one
 * million 'a'), every length 0..300, 32-byte messages through
 * rmd160mb_hash32, and secp256k1 public keys through rmd160mb_hash160
 * (compressed and uncompressed), each batch in ONE call, on every backend;
 * Keccak-256 and Ethereum addresses: keccak256-lengths.tsv (lengths 0..300
 * and longer, through rmd160mb_keccak256 and rmd160mb_keccak256_many) and
 * eth-addresses.tsv (rmd160mb_eth_address of the 2000 keys, 65 and 64 bytes).
 * Those two files come from pycryptodome (tests/vectors/keccak256.py) and
 * libsecp256k1: OpenSSL 3.0 has no Keccak-256 (only SHA3-256, whose padding
 * differs), so diff.c cannot check these functions. Double SHA-256 and
 * merkle roots (Python hashlib): sha256d.tsv (every length 0..300, the
 * genesis block header and coinbase transaction) through rmd160mb_sha256d
 * (alone, in copies side by side, in place) and rmd160mb_sha256d_many, and
 * merkle-roots.tsv (0..70 and larger trees, the CVE-2012-2459 shapes, block
 * 100000) through rmd160mb_merkle_root, root and mutated flag.
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

/* n results of `size` bytes each equal (at most 5 mismatches printed). */
static void check_batch(const uint8_t *got, const uint8_t *want, size_t n, size_t size, const char *what)
{
    size_t i, bad = 0;
    char g[65], w[65];
    for (i = 0; i < n; i++) {
        if (memcmp(got + size * i, want + size * i, size) != 0) {
            if (bad < 5)
                t_fail(__FILE__, __LINE__, "%s, message %lu: got %s want %s", what, (unsigned long)i,
                       hex_encode(got + size * i, size, g), hex_encode(want + size * i, size, w));
            bad++;
        }
    }
    t_checks++;
    if (bad) t_fail(__FILE__, __LINE__, "%s: %lu of %lu digests wrong", what, (unsigned long)bad, (unsigned long)n);
}

static void check_batch_digests(const uint8_t *got, const uint8_t *want, size_t n, const char *what)
{
    check_batch(got, want, n, 20, what);
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

/* --- keccak256-lengths.tsv and eth-addresses.tsv -------------------------- */

#define K_MAX_LEN 4096
#define K_MAX_ROWS 400
static size_t k_len[K_MAX_ROWS];
static uint8_t k_want[K_MAX_ROWS * 32];
static size_t k_rows;
static uint8_t *eth_k65, *eth_k64, *eth_digest, *eth_addr;
static size_t eth_n;

/* m_L of keccak256-lengths.tsv: m_L[i] = (i*7 + L) mod 256. */
static void length_message(uint8_t *m, size_t len)
{
    size_t i;
    for (i = 0; i < len; i++) m[i] = (uint8_t)((i * 7 + len) % 256);
}

static void load_keccak(void)
{
    tsv_reader r;
    size_t cap = 4096;
    static const char empty[] = "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470";
    tsv_open(&r, "keccak256-lengths.tsv");
    while (tsv_next(&r)) {
        char *end;
        if (k_rows == K_MAX_ROWS) tsv_bad(&r, "too many lines");
        k_len[k_rows] = strtoul(r.fields[0], &end, 10);
        if (r.nfields != 2 || *end != '\0' || k_len[k_rows] > K_MAX_LEN ||
            hex_decode(r.fields[1], k_want + 32 * k_rows, 32) != 0)
            tsv_bad(&r, "expected: length TAB keccak256_hex");
        k_rows++;
    }
    tsv_close(&r);
    CHECK(k_rows >= 309 && k_len[0] == 0 && k_len[300] == 300, "keccak256-lengths.tsv: %lu lines", (unsigned long)k_rows);
    {
        /* The published Keccak-256 of the empty message, against the file. */
        uint8_t e[32];
        CHECK(hex_decode(empty, e, 32) == 0 && memcmp(e, k_want, 32) == 0,
              "keccak256-lengths.tsv: length 0 is not c5d24601...5d85a470");
    }

    eth_k65 = (uint8_t *)t_malloc(cap * 65);
    eth_k64 = (uint8_t *)t_malloc(cap * 64);
    eth_digest = (uint8_t *)t_malloc(cap * 32);
    eth_addr = (uint8_t *)t_malloc(cap * 20);
    tsv_open(&r, "eth-addresses.tsv");
    while (tsv_next(&r)) {
        if (eth_n == cap) tsv_bad(&r, "more than 4096 keys");
        if (r.nfields != 4 || hex_decode(r.fields[1], eth_k65 + 65 * eth_n, 65) != 0 ||
            hex_decode(r.fields[2], eth_digest + 32 * eth_n, 32) != 0 ||
            hex_decode(r.fields[3], eth_addr + 20 * eth_n, 20) != 0 || eth_k65[65 * eth_n] != 0x04)
            tsv_bad(&r, "expected: privkey TAB pubkey65 (04...) TAB keccak256 TAB address");
        /* The first two keys are those of private keys 1 and 2, whose
         * addresses are widely published. */
        if (eth_n < 2) {
            static const char *const priv[2] = {
                "0000000000000000000000000000000000000000000000000000000000000001",
                "0000000000000000000000000000000000000000000000000000000000000002"};
            static const char *const addr[2] = {"7e5f4552091a69125d5dfcb7b8c2659029395bdf",
                                                "2b5ad5c4795c026514f8317c7a215e218dccd6cf"};
            CHECK(strcmp(r.fields[0], priv[eth_n]) == 0 && strcmp(r.fields[3], addr[eth_n]) == 0,
                  "eth-addresses.tsv line %lu: not private key %lu with address %s", r.lineno,
                  (unsigned long)eth_n + 1, addr[eth_n]);
        }
        memcpy(eth_k64 + 64 * eth_n, eth_k65 + 65 * eth_n + 1, 64);
        eth_n++;
    }
    tsv_close(&r);
    CHECK(eth_n >= 2000, "eth-addresses.tsv: %lu keys, expected 2000", (unsigned long)eth_n);
}

static void keccak_vectors(const char *backend)
{
    /* Every length: one message (n = 1), then 35 copies side by side (more
     * than two groups of the widest backend plus a tail). */
    enum { COPIES = 35 };
    uint8_t *src = (uint8_t *)t_malloc((size_t)COPIES * K_MAX_LEN);
    uint8_t *want = (uint8_t *)t_malloc(COPIES * 32);
    guarded out = guarded_new(32 * (eth_n > COPIES ? eth_n : COPIES), 1);
    const uint8_t *msgs[K_MAX_ROWS];
    size_t i, j;
    char what[64];
    for (i = 0; i < k_rows; i++) {
        size_t len = k_len[i];
        length_message(src, len);
        for (j = 1; j < COPIES; j++) memcpy(src + j * len, src, len);
        for (j = 0; j < COPIES; j++) memcpy(want + 32 * j, k_want + 32 * i, 32);
        CHECK_STATUS(rmd160mb_keccak256(out.p, src, 1, len), RMD160MB_OK);
        sprintf(what, "keccak256 m_%lu", (unsigned long)len);
        check_batch(out.p, want, 1, 32, what);
        CHECK_STATUS(rmd160mb_keccak256(out.p, src, COPIES, len), RMD160MB_OK);
        sprintf(what, "keccak256 of %d copies of m_%lu", COPIES, (unsigned long)len);
        check_batch(out.p, want, COPIES, 32, what);
    }
    free(src);
    free(want);

    /* Every length in one keccak256_many call, in the file's order and
     * reversed (each message its own allocation). */
    {
        uint8_t *rev_want = (uint8_t *)t_malloc(32 * k_rows);
        const uint8_t *rev[K_MAX_ROWS];
        size_t rev_len[K_MAX_ROWS];
        for (i = 0; i < k_rows; i++) {
            uint8_t *m = (uint8_t *)t_malloc(k_len[i]);
            length_message(m, k_len[i]);
            msgs[i] = m;
        }
        CHECK_STATUS(rmd160mb_keccak256_many(out.p, msgs, k_len, k_rows), RMD160MB_OK);
        check_batch(out.p, k_want, k_rows, 32, "keccak256_many of keccak256-lengths.tsv");
        for (i = 0; i < k_rows; i++) {
            rev[i] = msgs[k_rows - 1 - i];
            rev_len[i] = k_len[k_rows - 1 - i];
            memcpy(rev_want + 32 * i, k_want + 32 * (k_rows - 1 - i), 32);
        }
        CHECK_STATUS(rmd160mb_keccak256_many(out.p, rev, rev_len, k_rows), RMD160MB_OK);
        check_batch(out.p, rev_want, k_rows, 32, "keccak256_many of keccak256-lengths.tsv, reversed");
        for (i = 0; i < k_rows; i++) free((void *)msgs[i]);
        free(rev_want);
    }

    /* Ethereum addresses: one call per width, then in place on copies;
     * Keccak-256 of X||Y through rmd160mb_keccak256 gives the file's
     * digest column. */
    memset(out.p, 0, out.len);
    CHECK_STATUS(rmd160mb_eth_address(out.p, eth_k65, eth_n, 65), RMD160MB_OK);
    check_batch(out.p, eth_addr, eth_n, 20, "eth_address of 65-byte keys");
    memset(out.p, 0, out.len);
    CHECK_STATUS(rmd160mb_eth_address(out.p, eth_k64, eth_n, 64), RMD160MB_OK);
    check_batch(out.p, eth_addr, eth_n, 20, "eth_address of 64-byte keys (X||Y)");
    memset(out.p, 0, out.len);
    CHECK_STATUS(rmd160mb_keccak256(out.p, eth_k64, eth_n, 64), RMD160MB_OK);
    check_batch(out.p, eth_digest, eth_n, 32, "keccak256 of X||Y");
    CHECK(guarded_intact(&out), "bytes written outside the output buffer");
    guarded_free(&out);
    {
        uint8_t *inplace = (uint8_t *)t_malloc(65 * eth_n);
        memcpy(inplace, eth_k65, 65 * eth_n);
        CHECK_STATUS(rmd160mb_eth_address(inplace, inplace, eth_n, 65), RMD160MB_OK);
        check_batch(inplace, eth_addr, eth_n, 20, "eth_address of 65-byte keys in place");
        memcpy(inplace, eth_k64, 64 * eth_n);
        CHECK_STATUS(rmd160mb_eth_address(inplace, inplace, eth_n, 64), RMD160MB_OK);
        check_batch(inplace, eth_addr, eth_n, 20, "eth_address of 64-byte keys in place");
        memcpy(inplace, eth_k64, 64 * eth_n);
        CHECK_STATUS(rmd160mb_keccak256(inplace, inplace, eth_n, 64), RMD160MB_OK);
        check_batch(inplace, eth_digest, eth_n, 32, "keccak256 of X||Y in place");
        free(inplace);
    }
    printf("%s: keccak256-lengths.tsv %lu lengths, eth-addresses.tsv %lu keys x 2 widths: checked\n", backend,
           (unsigned long)k_rows, (unsigned long)eth_n);
}

/* --- sha256d.tsv and merkle-roots.tsv ------------------------------------ */

#define D_MAX_LEN 4096
#define D_MAX_ROWS 400
static uint8_t *d_msg[D_MAX_ROWS];
static size_t d_len[D_MAX_ROWS];
static uint8_t d_want[D_MAX_ROWS * 32];
static size_t d_rows;

/* A row: length TAB message hex (empty: m_L, as in keccak256-lengths.tsv)
 * TAB digest hex. */
static void load_sha256d(void)
{
    tsv_reader r;
    tsv_open(&r, "sha256d.tsv");
    while (tsv_next(&r)) {
        char *end;
        size_t len;
        if (d_rows == D_MAX_ROWS) tsv_bad(&r, "too many lines");
        len = strtoul(r.fields[0], &end, 10);
        if (r.nfields != 3 || *end != '\0' || len > D_MAX_LEN || hex_decode(r.fields[2], d_want + 32 * d_rows, 32) != 0)
            tsv_bad(&r, "expected: length TAB message_hex (empty for m_L) TAB sha256d_hex");
        d_msg[d_rows] = (uint8_t *)t_malloc(len + 1);
        if (r.fields[1][0] == '\0')
            length_message(d_msg[d_rows], len);
        else if (strlen(r.fields[1]) != 2 * len || hex_decode(r.fields[1], d_msg[d_rows], len) != 0)
            tsv_bad(&r, "the message is not `length` bytes of hex");
        d_len[d_rows] = len;
        d_rows++;
    }
    tsv_close(&r);
    CHECK(d_rows >= 303 && d_len[0] == 0 && d_len[300] == 300, "sha256d.tsv: %lu lines", (unsigned long)d_rows);
    {
        /* The genesis block header's hash, displayed byte-reversed. */
        static const char genesis[] = "000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f";
        uint8_t g[32], rev[32];
        size_t i, j, found = 0;
        CHECK(hex_decode(genesis, g, 32) == 0, "genesis hash hex");
        for (i = 301; i < d_rows; i++) {
            if (d_len[i] != 80) continue;
            for (j = 0; j < 32; j++) rev[j] = d_want[32 * i + 31 - j];
            CHECK(memcmp(rev, g, 32) == 0, "sha256d.tsv line of 80 bytes: not the genesis header's hash");
            found++;
        }
        CHECK(found == 1, "sha256d.tsv: %lu 80-byte messages after the lengths, expected the genesis header",
              (unsigned long)found);
    }
}

static void sha256d_vectors(const char *backend)
{
    /* Every row: one message (n = 1), then 35 copies side by side (more than
     * two groups of the widest backend plus a tail), then in place. */
    enum { COPIES = 35 };
    uint8_t *src = (uint8_t *)t_malloc((size_t)COPIES * D_MAX_LEN + 32 * COPIES);
    uint8_t *want = (uint8_t *)t_malloc(COPIES * 32);
    guarded out = guarded_new(32 * (d_rows > COPIES ? d_rows : COPIES), 3);
    const uint8_t *rev[D_MAX_ROWS];
    size_t rev_len[D_MAX_ROWS];
    uint8_t *rev_want = (uint8_t *)t_malloc(32 * d_rows);
    size_t i, j;
    char what[64];
    for (i = 0; i < d_rows; i++) {
        size_t len = d_len[i];
        for (j = 0; j < COPIES; j++) memcpy(src + j * len, d_msg[i], len);
        for (j = 0; j < COPIES; j++) memcpy(want + 32 * j, d_want + 32 * i, 32);
        CHECK_STATUS(rmd160mb_sha256d(out.p, src, 1, len), RMD160MB_OK);
        sprintf(what, "sha256d row %lu (%lu bytes)", (unsigned long)i, (unsigned long)len);
        check_batch(out.p, want, 1, 32, what);
        CHECK_STATUS(rmd160mb_sha256d(out.p, src, COPIES, len), RMD160MB_OK);
        sprintf(what, "sha256d of %d copies of row %lu (%lu bytes)", COPIES, (unsigned long)i, (unsigned long)len);
        check_batch(out.p, want, COPIES, 32, what);
        if (len >= 32) {
            CHECK_STATUS(rmd160mb_sha256d(src, src, COPIES, len), RMD160MB_OK);
            sprintf(what, "sha256d in place, %d copies of row %lu", COPIES, (unsigned long)i);
            check_batch(src, want, COPIES, 32, what);
        }
    }
    /* Every row in one sha256d_many call, in the file's order and reversed. */
    CHECK_STATUS(rmd160mb_sha256d_many(out.p, (const uint8_t *const *)d_msg, d_len, d_rows), RMD160MB_OK);
    check_batch(out.p, d_want, d_rows, 32, "sha256d_many of sha256d.tsv");
    for (i = 0; i < d_rows; i++) {
        rev[i] = d_msg[d_rows - 1 - i];
        rev_len[i] = d_len[d_rows - 1 - i];
        memcpy(rev_want + 32 * i, d_want + 32 * (d_rows - 1 - i), 32);
    }
    CHECK_STATUS(rmd160mb_sha256d_many(out.p, rev, rev_len, d_rows), RMD160MB_OK);
    check_batch(out.p, rev_want, d_rows, 32, "sha256d_many of sha256d.tsv, reversed");
    CHECK(guarded_intact(&out), "sha256d: bytes written outside the output buffer");
    guarded_free(&out);
    free(src);
    free(want);
    free(rev_want);
    printf("%s: sha256d.tsv %lu messages: checked\n", backend, (unsigned long)d_rows);
}

/* merkle-roots.tsv: name TAB n TAB leaves hex TAB root hex TAB mutated; one
 * rmd160mb_merkle_root call per row (with mutated, and with NULL). */
static void merkle_vectors(const char *backend)
{
    tsv_reader r;
    size_t rows = 0, mutated_rows = 0, block = 0;
    tsv_open(&r, "merkle-roots.tsv");
    while (tsv_next(&r)) {
        char *end;
        size_t n;
        uint8_t *leaves, *copy, want[32];
        guarded root = guarded_new(32, rows % 16);
        int want_mut, mut = 7;
        n = strtoul(r.fields[1], &end, 10);
        if (r.nfields != 5 || *end != '\0' || strlen(r.fields[2]) != 64 * n || hex_decode(r.fields[3], want, 32) != 0 ||
            (strcmp(r.fields[4], "0") != 0 && strcmp(r.fields[4], "1") != 0))
            tsv_bad(&r, "expected: name TAB n TAB leaves_hex (32 bytes each) TAB root_hex TAB mutated (0 or 1)");
        want_mut = r.fields[4][0] == '1';
        leaves = (uint8_t *)t_malloc(32 * n + 1);
        copy = (uint8_t *)t_malloc(32 * n + 1);
        if (hex_decode(r.fields[2], leaves + (n % 2), 32 * n) != 0) tsv_bad(&r, "leaves_hex");
        memcpy(copy, leaves + (n % 2), 32 * n);
        CHECK_STATUS(rmd160mb_merkle_root(root.p, n ? leaves + (n % 2) : NULL, n, &mut), RMD160MB_OK);
        CHECK_DIGEST32(root.p, want, "merkle-roots.tsv %s (%lu leaves)", r.fields[0], (unsigned long)n);
        CHECK(mut == want_mut, "merkle-roots.tsv %s (%lu leaves): mutated %d, expected %d", r.fields[0],
              (unsigned long)n, mut, want_mut);
        memset(root.p, 0, 32);
        CHECK_STATUS(rmd160mb_merkle_root(root.p, leaves + (n % 2), n, NULL), RMD160MB_OK);
        CHECK_DIGEST32(root.p, want, "merkle-roots.tsv %s (%lu leaves), mutated NULL", r.fields[0], (unsigned long)n);
        CHECK(memcmp(copy, leaves + (n % 2), 32 * n) == 0, "merkle-roots.tsv %s: the leaves changed", r.fields[0]);
        CHECK(guarded_intact(&root), "merkle-roots.tsv %s: written outside the 32-byte root", r.fields[0]);
        if (strcmp(r.fields[0], "block-100000") == 0) {
            /* Bitcoin displays the root byte-reversed. */
            static const char shown[] = "f3e94742aca4b5ef85488dc37c06c3282295ffec960994b2c0d5ac2a25a95766";
            uint8_t s[32], rev[32];
            size_t j;
            for (j = 0; j < 32; j++) rev[j] = root.p[31 - j];
            CHECK(hex_decode(shown, s, 32) == 0 && memcmp(rev, s, 32) == 0 && mut == 0,
                  "block 100000's merkle root is not f3e94742...a95766");
            block++;
        }
        mutated_rows += (size_t)want_mut;
        rows++;
        free(leaves);
        free(copy);
        guarded_free(&root);
    }
    tsv_close(&r);
    CHECK(rows >= 80 && mutated_rows >= 3 && block == 1, "merkle-roots.tsv: %lu trees, %lu mutated, block 100000 %s",
          (unsigned long)rows, (unsigned long)mutated_rows, block ? "present" : "missing");
    printf("%s: merkle-roots.tsv %lu trees (%lu mutated): checked\n", backend, (unsigned long)rows,
           (unsigned long)mutated_rows);
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
    load_keccak();
    for_each_backend(keccak_vectors);
    load_sha256d();
    for_each_backend(sha256d_vectors);
    for_each_backend(merkle_vectors);
    free(h32_msgs);
    free(h32_want);
    free(pk_comp);
    free(pk_uncomp);
    free(pk_want_comp);
    free(pk_want_uncomp);
    free(eth_k65);
    free(eth_k64);
    free(eth_digest);
    free(eth_addr);
    {
        size_t i;
        for (i = 0; i < d_rows; i++) free(d_msg[i]);
    }
    return t_finish("vectors");
}
