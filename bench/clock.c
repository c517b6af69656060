/* This core's clock while it runs: a chain of dependent 64-bit additions,
 * one cycle each on every x86-64 core, timed with the monotonic clock.
 * Prints the GHz (`make bench-model` turns measured ns into cycles with it).
 * bench/ports.rs measures the same way, beside the vector rates. */
#include <stdint.h>
#include <stdio.h>
#include <time.h>

static double seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int main(void)
{
#if defined(__x86_64__)
    const uint64_t iterations = 50u * 1000u * 1000u; /* 8 additions each */
    double best = 0.0;
    for (int run = 0; run < 5; run++) {
        uint64_t x = 1, n = iterations;
        double t0 = seconds();
        __asm__ volatile(
            "1:\n\t"
            "add %0, %0\n\tadd %0, %0\n\tadd %0, %0\n\tadd %0, %0\n\t"
            "add %0, %0\n\tadd %0, %0\n\tadd %0, %0\n\tadd %0, %0\n\t"
            "dec %1\n\tjnz 1b"
            : "+r"(x), "+r"(n));
        double ghz = 8.0 * (double)iterations / (seconds() - t0) / 1e9;
        if (ghz > best)
            best = ghz;
    }
    printf("%.3f\n", best);
    return 0;
#else
    fprintf(stderr, "clock: x86-64 only\n");
    return 1;
#endif
}
