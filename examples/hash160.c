/*
 * hash160: Bitcoin HASH160 (RIPEMD160(SHA256(pubkey))) of a file of
 * secp256k1 public keys with ripemd160mb, every result checked.
 *
 *   hash160 [FILE]        default: tests/vectors/hash160-pubkeys.tsv
 *
 * FILE is tab-separated, '#' lines are comments, five columns per line:
 *   privkey_hex  compressed_pubkey_hex (33 B)  hash160_hex
 *                uncompressed_pubkey_hex (65 B)  hash160_hex
 * All keys of one width are hashed with ONE rmd160mb_hash160 call; every
 * digest is compared with the file's expected column. Then the batch is
 * hashed repeatedly for about 0.2 s to report keys/s.
 *
 * Exit status: 0 when every key verified, 1 on a mismatch, 2 on a bad file.
 * Build: cc -std=c99 hash160.c $(pkg-config --cflags --libs ripemd160mb)
 */
#define _POSIX_C_SOURCE 199309L
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <ripemd160mb.h>

#define DEFAULT_FILE "tests/vectors/hash160-pubkeys.tsv"
#define SHOW 3

/* A batch of public keys of one width with their expected digests. */
struct batch {
    size_t width, n, cap;
    uint8_t *keys, *want, *got;
};

static int hexval(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Decodes exactly 2*len hex digits; 0 on success. */
static int unhex(const char *s, size_t slen, uint8_t *out, size_t len)
{
    size_t i;
    if (slen != 2 * len) return -1;
    for (i = 0; i < len; i++) {
        int hi = hexval((unsigned char)s[2 * i]), lo = hexval((unsigned char)s[2 * i + 1]);
        if (hi < 0 || lo < 0) return -1;
        out[i] = (uint8_t)(hi << 4 | lo);
    }
    return 0;
}

static void print_hex(const uint8_t *p, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) printf("%02x", p[i]);
}

static void *xrealloc(void *p, size_t n)
{
    p = realloc(p, n);
    if (p == NULL) {
        fprintf(stderr, "hash160: out of memory\n");
        exit(2);
    }
    return p;
}

/* Appends a key and its expected digest (both hex) to b. */
static int batch_add(struct batch *b, const char *key, size_t keylen, const char *digest, size_t digestlen)
{
    if (b->n == b->cap) {
        b->cap = b->cap ? 2 * b->cap : 1024;
        b->keys = (uint8_t *)xrealloc(b->keys, b->cap * b->width);
        b->want = (uint8_t *)xrealloc(b->want, b->cap * 20);
    }
    if (unhex(key, keylen, b->keys + b->n * b->width, b->width) != 0) return -1;
    if (unhex(digest, digestlen, b->want + b->n * 20, 20) != 0) return -2;
    b->n++;
    return 0;
}

/* Reads the key file into the two batches; exits with status 2 on error. */
static void read_keys(const char *path, struct batch *comp, struct batch *uncomp)
{
    FILE *f = fopen(path, "r");
    char line[1024];
    unsigned long lineno = 0;
    if (f == NULL) {
        fprintf(stderr, "hash160: cannot open %s: %s\n", path, strerror(errno));
        if (strcmp(path, DEFAULT_FILE) == 0)
            fprintf(stderr, "hash160: run it from the repository root (make demo), or pass a file\n");
        exit(2);
    }
    while (fgets(line, sizeof line, f) != NULL) {
        char *field[6], *p = line;
        size_t len[6];
        int nf = 0, rc;
        lineno++;
        if (strchr(line, '\n') == NULL && !feof(f)) {
            fprintf(stderr, "%s:%lu: line too long\n", path, lineno);
            exit(2);
        }
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] == '#' || line[0] == '\0') continue;
        while (nf < 6) {
            char *tab = strchr(p, '\t');
            field[nf] = p;
            len[nf] = tab ? (size_t)(tab - p) : strlen(p);
            nf++;
            if (tab == NULL) break;
            p = tab + 1;
        }
        if (nf != 5) {
            fprintf(stderr,
                    "%s:%lu: expected 5 tab-separated columns (privkey, compressed pubkey, hash160, "
                    "uncompressed pubkey, hash160), found %d\n",
                    path, lineno, nf);
            exit(2);
        }
        rc = batch_add(comp, field[1], len[1], field[2], len[2]);
        if (rc == 0) rc = batch_add(uncomp, field[3], len[3], field[4], len[4]) * 10;
        if (rc != 0) {
            int col = rc == -1 ? 2 : rc == -2 ? 3 : rc == -10 ? 4 : 5;
            fprintf(stderr, "%s:%lu: column %d is not %s hex\n", path, lineno, col,
                    col == 2 ? "a 33-byte" : col == 4 ? "a 65-byte" : "a 20-byte");
            exit(2);
        }
    }
    if (ferror(f)) {
        fprintf(stderr, "hash160: error reading %s: %s\n", path, strerror(errno));
        exit(2);
    }
    fclose(f);
    if (comp->n == 0) {
        fprintf(stderr, "hash160: no keys in %s\n", path);
        exit(2);
    }
}

/* One rmd160mb_hash160 call for the whole batch, then every digest checked.
 * Returns the number of mismatches. */
static size_t hash_and_verify(struct batch *b)
{
    size_t i, bad = 0;
    int status;
    b->got = (uint8_t *)xrealloc(b->got, b->n * 20);
    status = rmd160mb_hash160(b->got, b->keys, b->n, b->width);
    if (status != RMD160MB_OK) {
        fprintf(stderr, "hash160: rmd160mb_hash160 failed: %s\n", rmd160mb_strerror(status));
        exit(1);
    }
    for (i = 0; i < b->n; i++) {
        if (memcmp(b->got + 20 * i, b->want + 20 * i, 20) != 0) {
            if (bad < 5) {
                printf("MISMATCH key %lu (%lu bytes): got ", (unsigned long)i, (unsigned long)b->width);
                print_hex(b->got + 20 * i, 20);
                printf(", expected ");
                print_hex(b->want + 20 * i, 20);
                printf("\n");
            }
            bad++;
        }
    }
    return bad;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Keys per second: the batch hashed again and again for about 0.2 s. */
static double throughput(struct batch *b)
{
    double start = now(), elapsed;
    size_t keys = 0;
    do {
        if (rmd160mb_hash160(b->got, b->keys, b->n, b->width) != RMD160MB_OK) return 0.0;
        keys += b->n;
        elapsed = now() - start;
    } while (elapsed < 0.2);
    return (double)keys / elapsed;
}

static void print_rate(const char *label, double rate)
{
    printf("  %-22s %10.2f M keys/s\n", label, rate / 1e6);
}

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : DEFAULT_FILE;
    struct batch comp = {33, 0, 0, NULL, NULL, NULL}, uncomp = {65, 0, 0, NULL, NULL, NULL};
    size_t bad, i;
    char backend[16];
    double rc, ru;

    if (argc > 2 || (argc == 2 && (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0))) {
        fprintf(stderr, "usage: %s [FILE]   (default %s)\n", argv[0], DEFAULT_FILE);
        return 2;
    }
    read_keys(path, &comp, &uncomp);
    snprintf(backend, sizeof backend, "%s", rmd160mb_backend());
    printf("ripemd160mb %s: backend %s, %lu lanes (RMD160MB_FORCE=name to choose)\n", rmd160mb_version(), backend,
           (unsigned long)rmd160mb_lanes());
    printf("%s: %lu public keys, each compressed (33 B) and uncompressed (65 B)\n", path, (unsigned long)comp.n);

    bad = hash_and_verify(&comp) + hash_and_verify(&uncomp);
    printf("first %d keys:\n", SHOW);
    for (i = 0; i < comp.n && i < SHOW; i++) {
        printf("  HASH160(");
        print_hex(comp.keys + 33 * i, 8);
        printf("... 33 B) = ");
        print_hex(comp.got + 20 * i, 20);
        printf("\n  HASH160(");
        print_hex(uncomp.keys + 65 * i, 8);
        printf("... 65 B) = ");
        print_hex(uncomp.got + 20 * i, 20);
        printf("\n");
    }
    if (bad) {
        printf("FAILED: %lu of %lu digests differ from the expected column\n", (unsigned long)bad,
               (unsigned long)(comp.n + uncomp.n));
        return 1;
    }
    printf("verified: %lu of %lu digests match the expected column (one rmd160mb_hash160 call per width)\n",
           (unsigned long)(comp.n + uncomp.n), (unsigned long)(comp.n + uncomp.n));

    printf("throughput (batches of %lu keys, ~0.2 s each, one thread):\n", (unsigned long)comp.n);
    rc = throughput(&comp);
    ru = throughput(&uncomp);
    {
        char label[64];
        snprintf(label, sizeof label, "%s, 33-byte keys", backend);
        print_rate(label, rc);
        snprintf(label, sizeof label, "%s, 65-byte keys", backend);
        print_rate(label, ru);
    }
    /* For comparison, the scalar reference kernel. */
    if (strcmp(backend, "scalar") != 0 && rmd160mb_set_backend("scalar") == RMD160MB_OK) {
        double sc = throughput(&comp), su = throughput(&uncomp);
        print_rate("scalar, 33-byte keys", sc);
        print_rate("scalar, 65-byte keys", su);
        if (sc > 0 && su > 0) printf("  %s / scalar: %.2fx (33 B), %.2fx (65 B)\n", backend, rc / sc, ru / su);
        if (rmd160mb_set_backend(backend) != RMD160MB_OK) fprintf(stderr, "cannot switch back to %s\n", backend);
    }
    free(comp.keys);
    free(comp.want);
    free(comp.got);
    free(uncomp.keys);
    free(uncomp.want);
    free(uncomp.got);
    return 0;
}
