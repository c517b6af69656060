/*
 * hash160-demo: HASH160 of hex public keys of one width given as arguments
 * (or of two built-in keys, checked against their published digests), in
 * one batch call. Built by CMakeLists.txt through pkg-config.
 */
#include <ripemd160mb.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static size_t unhex(const char *hex, uint8_t *out, size_t max) {
    size_t len = strlen(hex);
    if (len % 2 != 0 || len / 2 > max) return 0;
    for (size_t i = 0; i < len / 2; i++) {
        unsigned v;
        if (sscanf(hex + 2 * i, "%2x", &v) != 1) return 0;
        out[i] = (uint8_t)v;
    }
    return len / 2;
}

int main(int argc, char **argv) {
    static const char *builtin[] = {
        "0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798",
        "02c6047f9441ed7d6d3045406e95c07cd85c778e4b8cef3ca7abac09b95c709ee5",
    };
    static const char *builtin_want[] = {
        "751e76e8199196d454941c45d1b3a323f1433bd6",
        "06afd46bcdfd22ef94ac122aa11f241244a37ecc",
    };
    const char **keys = argc > 1 ? (const char **)argv + 1 : builtin;
    size_t n = argc > 1 ? (size_t)argc - 1 : 2;

    size_t width = strlen(keys[0]) / 2;
    uint8_t *src = malloc(n * width + 1);
    uint8_t *dst = malloc(n * RMD160MB_DIGEST_SIZE);
    if (!src || !dst) return 2;
    for (size_t i = 0; i < n; i++) {
        if (strlen(keys[i]) != 2 * width || unhex(keys[i], src + i * width, width) != width) {
            fprintf(stderr, "hash160-demo: key %zu is not %zu bytes of hex\n", i, width);
            return 2;
        }
    }
    int st = rmd160mb_hash160(dst, src, n, width);
    if (st != RMD160MB_OK) {
        fprintf(stderr, "hash160-demo: %s\n", rmd160mb_strerror(st));
        return 1;
    }
    int bad = 0;
    for (size_t i = 0; i < n; i++) {
        char hex[2 * RMD160MB_DIGEST_SIZE + 1];
        for (int j = 0; j < RMD160MB_DIGEST_SIZE; j++)
            sprintf(hex + 2 * j, "%02x", dst[i * RMD160MB_DIGEST_SIZE + j]);
        printf("%s\n", hex);
        if (argc == 1 && strcmp(hex, builtin_want[i]) != 0) bad = 1;
    }
    free(src);
    free(dst);
    if (bad) {
        fprintf(stderr, "hash160-demo: digests differ from the published ones\n");
        return 1;
    }
    fprintf(stderr, "hash160-demo: ok (libripemd160mb %s, backend %s)\n", rmd160mb_version(),
            rmd160mb_backend());
    return 0;
}
