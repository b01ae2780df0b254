#if defined(__linux__)
#define _GNU_SOURCE
#endif
#include "espeak_allocations.h"

#if defined(__linux__) && (defined(__x86_64__) || defined(__aarch64__))
#include <dlfcn.h>
#include <elf.h>
#include <link.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#if defined(__x86_64__)
#define NARRATE_JUMP_SLOT R_X86_64_JUMP_SLOT
#define NARRATE_GLOBAL_DATA R_X86_64_GLOB_DAT
#else
#define NARRATE_JUMP_SLOT R_AARCH64_JUMP_SLOT
#define NARRATE_GLOBAL_DATA R_AARCH64_GLOB_DAT
#endif

/* The blocks the library holds: an open-addressing table of addresses and sizes. */
typedef struct {
    void *block;
    size_t size;
} held_block;

#define NARRATE_GONE ((void *)1) /* a slot whose block was freed (probing goes on past it) */

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static held_block *table = NULL;
static size_t capacity = 0; /* a power of two, or 0 */
static size_t occupied = 0; /* slots that are not empty: held blocks and gone ones */
static size_t held_count = 0;
static size_t held_bytes = 0;

static size_t slot_of(const void *block) {
    uint64_t h = (uint64_t)(uintptr_t)block;
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    return (size_t)h & (capacity - 1);
}

/* Makes room for one more block: a table twice as large, or the same size without the gone
   slots. 0 when no memory could be had (the block then goes uncounted, as before tracking). */
static int make_room(void) {
    if ((occupied + 1) * 2 <= capacity) return 1;
    size_t larger = capacity == 0 ? 1024 : (held_count * 4 > capacity ? capacity * 2 : capacity);
    held_block *fresh = calloc(larger, sizeof(*fresh));
    if (fresh == NULL) return 0;
    held_block *old = table;
    size_t old_capacity = capacity;
    table = fresh;
    capacity = larger;
    occupied = held_count;
    for (size_t i = 0; i < old_capacity; i++) {
        if (old[i].block == NULL || old[i].block == NARRATE_GONE) continue;
        size_t at = slot_of(old[i].block);
        while (table[at].block != NULL) at = (at + 1) & (capacity - 1);
        table[at] = old[i];
    }
    free(old);
    return 1;
}

static void remember(void *block, size_t size) {
    pthread_mutex_lock(&lock);
    if (make_room()) {
        size_t at = slot_of(block);
        size_t free_slot = SIZE_MAX;
        for (; table[at].block != NULL; at = (at + 1) & (capacity - 1)) {
            if (table[at].block == block) break;
            if (table[at].block == NARRATE_GONE && free_slot == SIZE_MAX) free_slot = at;
        }
        if (table[at].block == block) {
            held_bytes -= table[at].size;
        } else {
            if (free_slot != SIZE_MAX)
                at = free_slot;
            else
                occupied++;
            held_count++;
            table[at].block = block;
        }
        table[at].size = size;
        held_bytes += size;
    }
    pthread_mutex_unlock(&lock);
}

/* Forgets `block`; 1 (and its size) when it was held. */
static int forget(void *block, size_t *size) {
    int found = 0;
    pthread_mutex_lock(&lock);
    if (capacity > 0) {
        for (size_t at = slot_of(block); table[at].block != NULL; at = (at + 1) & (capacity - 1)) {
            if (table[at].block != block) continue;
            table[at].block = NARRATE_GONE;
            if (size) *size = table[at].size;
            held_bytes -= table[at].size;
            held_count--;
            found = 1;
            break;
        }
    }
    pthread_mutex_unlock(&lock);
    return found;
}

static void *held_malloc(size_t size) {
    void *block = malloc(size);
    if (block != NULL) remember(block, size);
    return block;
}

static void *held_calloc(size_t count, size_t size) {
    void *block = calloc(count, size);
    if (block != NULL) remember(block, count * size);
    return block;
}

static void *held_realloc(void *block, size_t size) {
    if (block == NULL) return held_malloc(size);
    size_t old_size = 0;
    int was_held = forget(block, &old_size);
    void *moved = realloc(block, size);
    if (moved != NULL)
        remember(moved, size);
    else if (size != 0 && was_held)
        remember(block, old_size); /* not moved: the old block is still the library's */
    return moved;
}

static void held_free(void *block) {
    if (block != NULL) forget(block, NULL);
    free(block);
}

static char *held_strdup(const char *text) {
    size_t size = strlen(text) + 1;
    char *copy = held_malloc(size);
    if (copy != NULL) memcpy(copy, text, size);
    return copy;
}

static void *wrapper_for(const char *name) {
    if (strcmp(name, "malloc") == 0) return (void *)held_malloc;
    if (strcmp(name, "calloc") == 0) return (void *)held_calloc;
    if (strcmp(name, "realloc") == 0) return (void *)held_realloc;
    if (strcmp(name, "free") == 0) return (void *)held_free;
    if (strcmp(name, "strdup") == 0) return (void *)held_strdup;
    return NULL;
}

/*
 * libc functions that free or move a block they are given (getline grows the caller's
 * buffer with realloc): inside libc, past the wrappers, so a counted block would be freed
 * twice. eSpeak NG 1.51 imports none of them; a library that does is not counted.
 */
static const char *const moving_functions[] = {"reallocarray", "getline", "getdelim", "__getdelim", NULL};

static int is_moving_function(const char *name) {
    for (size_t i = 0; moving_functions[i] != NULL; i++)
        if (strcmp(name, moving_functions[i]) == 0) return 1;
    return 0;
}

/* The pages the loader made read-only after relocation (PT_GNU_RELRO, both ends rounded down
   to a page as glibc does: a last page it shares with writable data stays writable). */
typedef struct {
    ElfW(Addr) base;
    uintptr_t start, end;
} relro_range;

static int find_relro(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    relro_range *range = data;
    if (info->dlpi_addr != range->base) return 0;
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    for (ElfW(Half) i = 0; i < info->dlpi_phnum; i++) {
        if (info->dlpi_phdr[i].p_type != PT_GNU_RELRO) continue;
        uintptr_t start = (uintptr_t)(info->dlpi_addr + info->dlpi_phdr[i].p_vaddr);
        range->start = start & ~(page - 1);
        range->end = (start + info->dlpi_phdr[i].p_memsz) & ~(page - 1);
    }
    return 1;
}

/* Writes `value` into a relocated slot, lifting read-only-after-relocation for the moment. */
static int write_slot(void **slot, void *value, const relro_range *range) {
    uintptr_t at = (uintptr_t)slot;
    if (at < range->start || at >= range->end) {
        *slot = value;
        return 1;
    }
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    void *start = (void *)(at & ~(page - 1));
    if (mprotect(start, page, PROT_READ | PROT_WRITE) != 0) return 0;
    *slot = value;
    mprotect(start, page, PROT_READ);
    return 1;
}

#define NARRATE_MAX_SLOTS 32

int narrate_espeak_allocations_track(void *library) {
    struct link_map *map = NULL;
    if (library == NULL || dlinfo(library, RTLD_DI_LINKMAP, &map) != 0 || map == NULL) return 0;
    ElfW(Addr) base = map->l_addr;
    ElfW(Addr) symbols = 0, names = 0, plt = 0, data = 0;
    size_t plt_size = 0, data_size = 0;
    ElfW(Sxword) plt_kind = DT_RELA;
    for (const ElfW(Dyn) *entry = map->l_ld; entry->d_tag != DT_NULL; entry++) {
        switch (entry->d_tag) {
        case DT_SYMTAB: symbols = entry->d_un.d_ptr; break;
        case DT_STRTAB: names = entry->d_un.d_ptr; break;
        case DT_JMPREL: plt = entry->d_un.d_ptr; break;
        case DT_PLTRELSZ: plt_size = entry->d_un.d_val; break;
        case DT_PLTREL: plt_kind = (ElfW(Sxword))entry->d_un.d_val; break;
        case DT_RELA: data = entry->d_un.d_ptr; break;
        case DT_RELASZ: data_size = entry->d_un.d_val; break;
        default: break;
        }
    }
    /* glibc keeps these addresses relocated in memory; other loaders leave them relative. */
#define NARRATE_ABSOLUTE(address) ((address) != 0 && (address) < base ? (address) + base : (address))
    symbols = NARRATE_ABSOLUTE(symbols);
    names = NARRATE_ABSOLUTE(names);
    plt = NARRATE_ABSOLUTE(plt);
    data = NARRATE_ABSOLUTE(data);
#undef NARRATE_ABSOLUTE
    if (symbols == 0 || names == 0 || plt_kind != DT_RELA) return 0;

    /* Every slot first: free must be redirected wherever an allocation is, or a block freed
       past the wrappers would stay counted and be freed twice at release. */
    void **slots[NARRATE_MAX_SLOTS];
    void *wrappers[NARRATE_MAX_SLOTS];
    size_t found = 0;
    int frees = 0, allocations = 0;
    const struct {
        ElfW(Addr) table;
        size_t size;
    } tables[] = {{plt, plt_size}, {data, data_size}};
    for (size_t t = 0; t < sizeof(tables) / sizeof(tables[0]); t++) {
        if (tables[t].table == 0) continue;
        const ElfW(Rela) *relocation = (const ElfW(Rela) *)tables[t].table;
        size_t count = tables[t].size / sizeof(ElfW(Rela));
        for (size_t i = 0; i < count; i++) {
            size_t kind = ELF64_R_TYPE(relocation[i].r_info);
            if (kind != NARRATE_JUMP_SLOT && kind != NARRATE_GLOBAL_DATA) continue;
            const ElfW(Sym) *symbol = (const ElfW(Sym) *)symbols + ELF64_R_SYM(relocation[i].r_info);
            const char *name = (const char *)names + symbol->st_name;
            if (is_moving_function(name)) return 0;
            void *wrapper = wrapper_for(name);
            if (wrapper == NULL) continue;
            if (found == NARRATE_MAX_SLOTS) return 0;
            slots[found] = (void **)(base + relocation[i].r_offset);
            wrappers[found++] = wrapper;
            if (wrapper == (void *)held_free)
                frees++;
            else
                allocations++;
        }
    }
    if (allocations == 0 || frees == 0) return 0;

    relro_range range = {base, 0, 0};
    dl_iterate_phdr(find_relro, &range);
    void *previous[NARRATE_MAX_SLOTS];
    for (size_t i = 0; i < found; i++) {
        previous[i] = *slots[i];
        if (!write_slot(slots[i], wrappers[i], &range)) {
            while (i-- > 0) write_slot(slots[i], previous[i], &range);
            return 0;
        }
    }
    return 1;
}

size_t narrate_espeak_allocations_release(void) {
    pthread_mutex_lock(&lock);
    size_t freed = held_bytes;
    for (size_t i = 0; i < capacity; i++)
        if (table[i].block != NULL && table[i].block != NARRATE_GONE) free(table[i].block);
    free(table);
    table = NULL;
    capacity = occupied = held_count = held_bytes = 0;
    pthread_mutex_unlock(&lock);
    return freed;
}

size_t narrate_espeak_allocations_held(void) {
    pthread_mutex_lock(&lock);
    size_t bytes = held_bytes;
    pthread_mutex_unlock(&lock);
    return bytes;
}

#else

int narrate_espeak_allocations_track(void *library) {
    (void)library;
    return 0;
}

size_t narrate_espeak_allocations_release(void) { return 0; }

size_t narrate_espeak_allocations_held(void) { return 0; }

#endif
