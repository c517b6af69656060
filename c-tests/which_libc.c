/*
 * Prints the path of the C library the dynamic loader loaded into this
 * process (one line, e.g. /usr/aarch64-linux-gnu/lib/libc.so.6). Built for
 * each cross target by `make test-aarch64`, `test-i686` and `test-s390x`,
 * which check that the path lies in the sysroot the program was linked
 * against, not in a multiarch directory of the host.
 *
 * Exits 1 when no C library is found among the loaded objects.
 */
#define _GNU_SOURCE
#include <link.h>
#include <stdio.h>
#include <string.h>

static int found;

static int visit(struct dl_phdr_info *info, size_t size, void *data)
{
    const char *base;
    (void)size;
    (void)data;
    if (info->dlpi_name == NULL) return 0;
    base = strrchr(info->dlpi_name, '/');
    base = base ? base + 1 : info->dlpi_name;
    if (strncmp(base, "libc.so", 7) == 0) {
        printf("%s\n", info->dlpi_name);
        found = 1;
    }
    return 0;
}

int main(void)
{
    dl_iterate_phdr(visit, NULL);
    return found ? 0 : 1;
}
