/* Double SHA-256 of 64-byte messages, merkle roots and SHA-256 of 64-byte
 * messages: this library beside Bitcoin Core's SHA-256 code (libsha2, a C
 * port of src/crypto/sha256*.cpp: SHA256D64 and its per-instruction-set
 * kernels) and hashtree (the SHA-256 of 64-byte messages that Ethereum
 * consensus clients use), in one process on one CPU (`make bench-peers`).
 *
 * Every row is first checked against the others (the same digests, the same
 * root), then timed: n = 4096 messages (or leaves) per call, one thread,
 * the best of ROUNDS calls, in ns per message. Our rows run on every backend
 * this CPU supports (rmd160mb_set_backend); Core's on its run-time choice
 * (sha256_auto_detect, as Bitcoin Core calls it) and each kernel this CPU
 * runs, called directly; hashtree's on its run-time choice and each kernel.
 * The peers' code is built from their directories (CORE_SHA256_DIR,
 * HASHTREE_DIR), never copied here. */
#define _POSIX_C_SOURCE 199309L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <ripemd160mb.h>
#include <sha2/sha256.h>
#include <hashtree.h>

/* Core's kernels, external symbols of libsha2 (lib/sha256_*.c). */
void transform_sha256d64_shani_2way(struct sha256 out[2], const struct sha256 in[4]);
void transform_sha256d64_avx2_8way(struct sha256 out[8], const struct sha256 in[16]);
void transform_sha256d64_sse41_4way(struct sha256 out[4], const struct sha256 in[8]);
void transform_sha256d64_sse4(struct sha256 out[1], const struct sha256 in[2]);

#define N 4096
#define ROUNDS 400

static uint8_t src[64 * N], out[32 * N], want[32 * N], leaves[32 * N];

static double now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

/* Best time per message of ROUNDS runs of f(). */
#define BEST(f)                                                   \
    ({                                                            \
        double best_ = 1e30;                                      \
        for (int r_ = 0; r_ < ROUNDS; r_++) {                     \
            double t0_ = now_ns();                                \
            f;                                                    \
            double t_ = (now_ns() - t0_) / N;                     \
            if (t_ < best_)                                       \
                best_ = t_;                                       \
        }                                                         \
        best_;                                                    \
    })

static int failures;

static void check(const char *what, const uint8_t *got, const uint8_t *expected, size_t bytes)
{
    if (memcmp(got, expected, bytes) != 0) {
        printf("FAIL %s: digests differ from the reference\n", what);
        failures++;
    }
}

static void row(const char *who, const char *what, double ns, double ours)
{
    if (ours > 0)
        printf("%-34s %-26s %8.2f ns   ours %.2fx faster\n", who, what, ns, ns / ours);
    else
        printf("%-34s %-26s %8.2f ns\n", who, what, ns);
}

/* Core's kernel of `ways` messages at a time over N messages, the rest one
 * at a time with its one-message SSE4 kernel (as sha256_double64 does). */
typedef void (*d64_kernel)(struct sha256 *, const struct sha256 *);
static void core_direct(d64_kernel k, size_t ways)
{
    struct sha256 *o = (struct sha256 *)out;
    const struct sha256 *in = (const struct sha256 *)src;
    size_t i = 0;
    for (; i + ways <= N; i += ways)
        k(o + i, in + 2 * i);
    for (; i < N; i++)
        transform_sha256d64_sse4(o + i, in + 2 * i);
}

/* Bitcoin Core's ComputeMerkleRoot (src/consensus/merkle.cpp) over
 * sha256_double64: level by level in place, an odd level's last hash
 * duplicated, the mutation check of each pair. */
static uint8_t level_buf[32 * (N + 1)];
static int core_merkle_root(uint8_t root[32], const uint8_t *l, size_t n)
{
    int mutation = 0;
    memcpy(level_buf, l, 32 * n);
    while (n > 1) {
        for (size_t pos = 0; pos + 1 < n; pos += 2)
            if (memcmp(level_buf + 32 * pos, level_buf + 32 * (pos + 1), 32) == 0)
                mutation = 1;
        if (n & 1) {
            memcpy(level_buf + 32 * n, level_buf + 32 * (n - 1), 32);
            n++;
        }
        sha256_double64((struct sha256 *)level_buf, (const struct sha256 *)level_buf, n / 2);
        n /= 2;
    }
    memcpy(root, level_buf, 32);
    return mutation;
}

int main(void)
{
    uint64_t x = 0x9e3779b97f4a7c15u;
    for (size_t i = 0; i < sizeof src; i++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        src[i] = (uint8_t)x;
    }
    memcpy(leaves, src, sizeof leaves);

    __builtin_cpu_init();
    int sha = __builtin_cpu_supports("sha"), avx2 = __builtin_cpu_supports("avx2"),
        avx512 = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
                 __builtin_cpu_supports("avx512bw");
    const char *core_choice = sha256_auto_detect();
    hashtree_init(NULL);
    printf("bench-peers: n = %d messages of 64 bytes (leaves: 32), one thread, best of %d, ns per message\n", N,
           ROUNDS);
    printf("bench-peers: CPU features: sha-ni %s, avx2 %s, avx512 %s; Core's choice: %s\n", sha ? "yes" : "no",
           avx2 ? "yes" : "no", avx512 ? "yes" : "no", core_choice);

    /* The references: Core's SHA256D64 and root, hashtree's SHA-256. */
    sha256_double64((struct sha256 *)want, (const struct sha256 *)src, N);
    uint8_t core_root[32], our_root[32];
    int core_mutated = core_merkle_root(core_root, leaves, N);
    static uint8_t sha_want[32 * N];
    hashtree_hash(sha_want, src, N);

    /* Our rows, per supported backend; the best of them is "ours". */
    double ours_d64 = 1e30, ours_root = 1e30, ours_sha = 1e30;
    double core_best = 1e30, core_root_ns = 0, ht_best = 1e30;
    size_t count = rmd160mb_backend_count();
    for (size_t b = 0; b < count; b++) {
        struct rmd160mb_backend_desc d;
        if (rmd160mb_backend_describe(b, &d) != RMD160MB_OK || !d.supported)
            continue;
        if (rmd160mb_set_backend(d.name) != RMD160MB_OK)
            continue;
        char who[64];
        snprintf(who, sizeof who, "ripemd160mb %s (SHA-256: %s)", d.name, d.sha256_kernel);
        memset(out, 0, sizeof out);
        if (rmd160mb_sha256d(out, src, N, 64) != RMD160MB_OK)
            failures++;
        check("rmd160mb_sha256d", out, want, sizeof out);
        int mutated = -1;
        if (rmd160mb_merkle_root(our_root, leaves, N, &mutated) != RMD160MB_OK)
            failures++;
        check("rmd160mb_merkle_root", our_root, core_root, 32);
        if (mutated != core_mutated) {
            printf("FAIL rmd160mb_merkle_root: mutated %d, Core %d\n", mutated, core_mutated);
            failures++;
        }
        if (rmd160mb_sha256(out, src, N, 64) != RMD160MB_OK)
            failures++;
        check("rmd160mb_sha256", out, sha_want, sizeof out);

        int st = 0;
        double t = BEST(st |= rmd160mb_sha256d(out, src, N, 64));
        row(who, "sha256d, 64 bytes", t, 0);
        ours_d64 = t < ours_d64 ? t : ours_d64;
        t = BEST(st |= rmd160mb_merkle_root(our_root, leaves, N, NULL));
        row(who, "merkle root, 4096 leaves", t, 0);
        ours_root = t < ours_root ? t : ours_root;
        t = BEST(st |= rmd160mb_sha256(out, src, N, 64));
        row(who, "sha256, 64 bytes", t, 0);
        ours_sha = t < ours_sha ? t : ours_sha;
        if (st != RMD160MB_OK)
            failures++;
    }
    if (rmd160mb_set_backend("auto") != RMD160MB_OK)
        failures++;

    /* Core: its choice, then each kernel this CPU runs. */
    double t = BEST(sha256_double64((struct sha256 *)out, (const struct sha256 *)src, N));
    check("Core SHA256D64", out, want, sizeof out);
    row("Bitcoin Core SHA256D64 (its choice)", "sha256d, 64 bytes", t, ours_d64);
    core_best = t;
    struct {
        const char *name;
        int ok;
        d64_kernel k;
        size_t ways;
    } core[] = {
        {"Bitcoin Core SHA-NI 2-way", sha, (d64_kernel)transform_sha256d64_shani_2way, 2},
        {"Bitcoin Core AVX2 8-way", avx2, (d64_kernel)transform_sha256d64_avx2_8way, 8},
        {"Bitcoin Core SSE4.1 4-way", 1, (d64_kernel)transform_sha256d64_sse41_4way, 4},
    };
    for (size_t i = 0; i < sizeof core / sizeof core[0]; i++) {
        if (!core[i].ok)
            continue;
        memset(out, 0, sizeof out);
        core_direct(core[i].k, core[i].ways);
        check(core[i].name, out, want, sizeof out);
        t = BEST(core_direct(core[i].k, core[i].ways));
        row(core[i].name, "sha256d, 64 bytes", t, ours_d64);
        core_best = t < core_best ? t : core_best;
    }
    uint8_t root[32];
    core_root_ns = BEST(core_merkle_root(root, leaves, N));
    row("Bitcoin Core ComputeMerkleRoot", "merkle root, 4096 leaves", core_root_ns, ours_root);

    /* hashtree: its choice, then each kernel. */
    t = BEST(hashtree_hash(out, src, N));
    row("hashtree (its choice)", "sha256, 64 bytes", t, ours_sha);
    ht_best = t;
    struct {
        const char *name;
        int ok;
        hashtree_hash_fcn f;
    } ht[] = {
        {"hashtree shani_x2", sha, hashtree_sha256_shani_x2},
        {"hashtree avx2_x8", avx2, hashtree_sha256_avx2_x8},
        {"hashtree avx512_x16", avx512, hashtree_sha256_avx512_x16},
    };
    for (size_t i = 0; i < sizeof ht / sizeof ht[0]; i++) {
        if (!ht[i].ok)
            continue;
        memset(out, 0, sizeof out);
        ht[i].f(out, src, N);
        check(ht[i].name, out, sha_want, sizeof out);
        t = BEST(ht[i].f(out, src, N));
        row(ht[i].name, "sha256, 64 bytes", t, ours_sha);
        ht_best = t < ht_best ? t : ht_best;
    }

    printf("bench-peers: ours / Core's best: sha256d 64 B %.2fx, merkle root %.2fx; ours / hashtree's best: "
           "sha256 64 B %.2fx\n",
           core_best / ours_d64, core_root_ns / ours_root, ht_best / ours_sha);
    if (failures) {
        printf("bench-peers: FAIL: %d mismatches\n", failures);
        return 1;
    }
    return 0;
}
