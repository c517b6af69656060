/* A stand-in for bcryptprimitives.dll in the Wine prefix of make
 * test-windows, never shipped: Wine 8 (Debian 12's) has no such DLL, from
 * which Rust's standard library (since Rust 1.78) imports ProcessPrng, so a
 * Rust program that reaches it (a test harness, the CLI) does not start
 * under that Wine. Every Windows 10 and later has the real one. ProcessPrng
 * here is RtlGenRandom (advapi32's SystemFunction036), which Wine has. */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len)
{
    while (len > 0) {
        ULONG n = len > 0x10000000 ? 0x10000000 : (ULONG)len;
        if (!SystemFunction036(data, n)) return FALSE;
        data += n;
        len -= n;
    }
    return TRUE;
}
