/* What the compiled solvers (domain/solver/_trick.c, domain/sedma/_solve.c) share: their
 * transposition table's memory, zeroed; on Linux in huge pages where the kernel gives them (a
 * probe is a cache miss anyway, and with 4 KiB pages a TLB miss and, the first time, a page
 * fault too: a whist hand's analysis makes dozens of fresh tables). Each solver includes this
 * once, before its own code. */
#ifndef TRICKLOG_HUGETABLE_H
#define TRICKLOG_HUGETABLE_H

#include <stdint.h>
#include <stdlib.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

static uint64_t *table_new(size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return NULL;
    madvise(p, bytes, MADV_HUGEPAGE);
    return p;
#else
    return calloc(bytes, 1);
#endif
}

static void table_free(uint64_t *table, size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (table) munmap(table, bytes);
#else
    free(table);
#endif
}

#endif
