/*
 * eth_address: Ethereum addresses (the last 20 bytes of Keccak-256 of the
 * 64-byte public key X||Y) of a file of secp256k1 public keys with
 * ripemd160mb, every result checked.
 *
 *   eth_address [FILE]    default: tests/vectors/eth-addresses.tsv
 *
 * FILE is tab-separated, '#' lines are comments, four columns per line:
 *   privkey_hex  uncompressed_pubkey_hex (65 B, 04||X||Y)  keccak256_hex  address_hex
 * All keys are turned into addresses with ONE rmd160mb_eth_address call as
 * 65-byte keys and ONE as 64-byte X||Y; every address is compared with the
 * file's last column. Then each batch is hashed repeatedly for about 0.2 s
 * to report keys/s.
 *
 * Exit status: 0 when every key verified, 1 on a mismatch, 2 on a bad file.
 * Build: cc -std=c99 eth_address.c $(pkg-config --cflags --libs ripemd160mb)
 */
#define _POSIX_C_SOURCE 199309L
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <ripemd160mb.h>

#define DEFAULT_FILE "tests/vectors/eth-addresses.tsv"
#define SHOW 3

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
        fprintf(stderr, "eth_address: out of memory\n");
        exit(2);
    }
    return p;
}

/* The keys (65 bytes each), the same keys as X||Y (64), the expected
 * addresses and room for the computed ones. */
static uint8_t *k65, *k64, *want, *got;
static size_t n_keys;

/* Reads the key file; exits with status 2 on error. */
static void read_keys(const char *path)
{
    FILE *f = fopen(path, "r");
    char line[1024];
    unsigned long lineno = 0;
    size_t cap = 0;
    if (f == NULL) {
        fprintf(stderr, "eth_address: cannot open %s: %s\n", path, strerror(errno));
        if (strcmp(path, DEFAULT_FILE) == 0)
            fprintf(stderr, "eth_address: run it from the repository root (make demo), or pass a file\n");
        exit(2);
    }
    while (fgets(line, sizeof line, f) != NULL) {
        char *field[5], *p = line;
        size_t len[5];
        int nf = 0;
        lineno++;
        if (strchr(line, '\n') == NULL && !feof(f)) {
            fprintf(stderr, "%s:%lu: line too long\n", path, lineno);
            exit(2);
        }
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] == '#' || line[0] == '\0') continue;
        while (nf < 5) {
            char *tab = strchr(p, '\t');
            field[nf] = p;
            len[nf] = tab ? (size_t)(tab - p) : strlen(p);
            nf++;
            if (tab == NULL) break;
            p = tab + 1;
        }
        if (nf != 4) {
            fprintf(stderr, "%s:%lu: expected 4 tab-separated columns (privkey, uncompressed pubkey, keccak256, "
                    "address), found %d\n", path, lineno, nf);
            exit(2);
        }
        if (n_keys == cap) {
            cap = cap ? 2 * cap : 1024;
            k65 = (uint8_t *)xrealloc(k65, cap * 65);
            k64 = (uint8_t *)xrealloc(k64, cap * 64);
            want = (uint8_t *)xrealloc(want, cap * 20);
        }
        if (unhex(field[1], len[1], k65 + 65 * n_keys, 65) != 0 || k65[65 * n_keys] != 0x04) {
            fprintf(stderr, "%s:%lu: column 2 is not a 65-byte uncompressed key (04...) in hex\n", path, lineno);
            exit(2);
        }
        if (unhex(field[3], len[3], want + 20 * n_keys, 20) != 0) {
            fprintf(stderr, "%s:%lu: column 4 is not a 20-byte address in hex\n", path, lineno);
            exit(2);
        }
        memcpy(k64 + 64 * n_keys, k65 + 65 * n_keys + 1, 64);
        n_keys++;
    }
    if (ferror(f)) {
        fprintf(stderr, "eth_address: error reading %s: %s\n", path, strerror(errno));
        exit(2);
    }
    fclose(f);
    if (n_keys == 0) {
        fprintf(stderr, "eth_address: no keys in %s\n", path);
        exit(2);
    }
}

/* One rmd160mb_eth_address call for all keys of `width` bytes, then every
 * address checked. Returns the number of mismatches. */
static size_t address_and_verify(const uint8_t *keys, size_t width)
{
    size_t i, bad = 0;
    int status = rmd160mb_eth_address(got, keys, n_keys, width);
    if (status != RMD160MB_OK) {
        fprintf(stderr, "eth_address: rmd160mb_eth_address failed: %s\n", rmd160mb_strerror(status));
        exit(1);
    }
    for (i = 0; i < n_keys; i++) {
        if (memcmp(got + 20 * i, want + 20 * i, 20) != 0) {
            if (bad < 5) {
                printf("MISMATCH key %lu (%lu bytes): got ", (unsigned long)i, (unsigned long)width);
                print_hex(got + 20 * i, 20);
                printf(", expected ");
                print_hex(want + 20 * i, 20);
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

/* Keys per second: the batch again and again for about 0.2 s. */
static double throughput(const uint8_t *keys, size_t width)
{
    double start = now(), elapsed;
    size_t done = 0;
    do {
        if (rmd160mb_eth_address(got, keys, n_keys, width) != RMD160MB_OK) return 0.0;
        done += n_keys;
        elapsed = now() - start;
    } while (elapsed < 0.2);
    return (double)done / elapsed;
}

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : DEFAULT_FILE;
    size_t bad, i;

    if (argc > 2 || (argc == 2 && (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0))) {
        fprintf(stderr, "usage: %s [FILE]   (default %s)\n", argv[0], DEFAULT_FILE);
        return 2;
    }
    read_keys(path);
    got = (uint8_t *)xrealloc(NULL, 20 * n_keys);
    printf("ripemd160mb %s: backend %s (RMD160MB_FORCE=name to choose)\n", rmd160mb_version(), rmd160mb_backend());
    printf("%s: %lu public keys\n", path, (unsigned long)n_keys);

    bad = address_and_verify(k64, 64);
    bad += address_and_verify(k65, 65);
    printf("first %d keys:\n", SHOW);
    for (i = 0; i < n_keys && i < SHOW; i++) {
        printf("  address(");
        print_hex(k65 + 65 * i, 8);
        printf("... 65 B) = 0x");
        print_hex(got + 20 * i, 20);
        printf("\n");
    }
    if (bad) {
        printf("FAILED: %lu of %lu addresses differ from the expected column\n", (unsigned long)bad,
               (unsigned long)(2 * n_keys));
        return 1;
    }
    printf("verified: %lu of %lu addresses match the expected column (one rmd160mb_eth_address call per width)\n",
           (unsigned long)(2 * n_keys), (unsigned long)(2 * n_keys));
    printf("throughput (batches of %lu keys, ~0.2 s each, one thread):\n", (unsigned long)n_keys);
    printf("  %-22s %10.2f M keys/s\n", "65-byte keys", throughput(k65, 65) / 1e6);
    printf("  %-22s %10.2f M keys/s\n", "64-byte keys (X||Y)", throughput(k64, 64) / 1e6);
    free(k65);
    free(k64);
    free(want);
    free(got);
    return 0;
}
