/*
 * A stand-in for Windows' bcryptprimitives.dll, which Wine 8 lacks and
 * Go's runtime loads at start for ProcessPrng, its source of random
 * bytes. It fills the buffer with RtlGenRandom (advapi32's
 * SystemFunction036), which Wine has. Built by the Windows equivalence
 * test of the analyzer (equiv_test.go) with MinGW-w64.
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
	while (length > 0) {
		ULONG n = length > 0x10000 ? 0x10000 : (ULONG)length;
		if (!SystemFunction036(data, n))
			return FALSE;
		data += n;
		length -= n;
	}
	return TRUE;
}
