/* _trick.c compiled for x86-64 CPUs with POPCNT, BMI1, BMI2 and LZCNT (x86-64-v3 without its
 * vector extensions): the hardware's popcount and pext (the table keys' owners packed suit by
 * suit) instead of the portable ones, 10 to 25% less CPU a whist hand (docs/PERFORMANCE.md).
 * A pragma rather than a build flag, so that the same source builds on any compiler and CPU:
 * elsewhere (another compiler, another architecture) this is the generic build again, and
 * native.py loads it only where _trick.fits_v3() says the CPU runs it. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#pragma GCC target("popcnt,bmi,bmi2,lzcnt")
#define TRICK_TARGET "x86-64 with popcnt, bmi, bmi2, lzcnt"
#else
#define TRICK_TARGET "generic"
#endif
#define TRICK_MODULE _trick_v3
#include "_trick.c"
