/* What the compiled solvers (domain/solver/_trick.c, domain/sedma/_solve.c) share: their
 * transposition table's memory, zeroed; on Linux in huge pages where the kernel gives them (a
 * probe is a cache miss anyway, and with 4 KiB pages a TLB miss and, the first time, a page
 * fault too: a whist hand's analysis makes dozens of fresh tables), and a few freed ones kept
 * for the next. Each solver includes this once, before its own code. */
#ifndef TRICKLOG_HUGETABLE_H
#define TRICKLOG_HUGETABLE_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <pthread.h>
#include <sys/mman.h>
#endif

#if defined(__linux__) && defined(MADV_HUGEPAGE)
/* Freed tables of 2 MiB and more are kept, a few, and handed out again cleared by memset: the
 * kernel zeroing fresh huge pages at their first touch took 17% of a whist hand's analysis
 * (perf, seed 1: 8 tables of 128 MiB and 4 of 29 MiB), many times a memset of the same bytes
 * in pages already there. A process keeps at most SPARES tables (its largest analyses'). */
#define SPARES 8
#define SPARE_MIN ((size_t)2 << 20)
static struct { uint64_t *table; size_t bytes; } spares[SPARES];
static pthread_mutex_t spares_lock = PTHREAD_MUTEX_INITIALIZER;

static uint64_t *spare_take(size_t bytes) {
    uint64_t *table = NULL;
    pthread_mutex_lock(&spares_lock);
    for (int i = 0; i < SPARES && !table; i++)
        if (spares[i].table && spares[i].bytes == bytes) {
            table = spares[i].table;
            spares[i].table = NULL;
        }
    pthread_mutex_unlock(&spares_lock);
    if (table) memset(table, 0, bytes);
    return table;
}

/* 1 if kept, 0 if the caller must unmap it (every slot taken) */
static int spare_keep(uint64_t *table, size_t bytes) {
    int kept = 0;
    pthread_mutex_lock(&spares_lock);
    for (int i = 0; i < SPARES && !kept; i++)
        if (!spares[i].table) {
            spares[i].table = table;
            spares[i].bytes = bytes;
            kept = 1;
        }
    pthread_mutex_unlock(&spares_lock);
    return kept;
}
#endif

static uint64_t *table_new(size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    uint64_t *kept = bytes >= SPARE_MIN ? spare_take(bytes) : NULL;
    if (kept) return kept;
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
    if (table && !(bytes >= SPARE_MIN && spare_keep(table, bytes))) munmap(table, bytes);
#else
    free(table);
#endif
}

#endif
