#ifndef NARRATE_DYNAMIC_H
#define NARRATE_DYNAMIC_H

/*
 * A C library opened with dlopen the first time narrate needs it, so that commands which
 * never use it do not load it (and what it links) at start-up. For a list of functions
 * written as an X macro, NARRATE_DYNAMIC_LIBRARY declares a pointer api_NAME for each and a
 * function `static int load(void)` that opens the library once (thread-safe), finds every
 * function, runs `after(library)` (a static function, defined anywhere in the file, that
 * returns nonzero on success) and says whether all of that worked:
 *
 *     #define CAIRO_API(X) X(cairo_create) X(cairo_destroy)
 *     NARRATE_DYNAMIC_LIBRARY(CAIRO_API, "libcairo.so.2", narrate_dynamic_nothing_after)
 *     ... if (load()) api_cairo_create(surface); ...
 */
#if !defined(__APPLE__)
#include <dlfcn.h>
#include <pthread.h>

#define NARRATE_DYNAMIC_DECLARE(name) static __typeof__(&name) api_##name = NULL;
#define NARRATE_DYNAMIC_FIND(name) \
    if ((api_##name = (__typeof__(api_##name))dlsym(library, #name)) == NULL) return;
/* The `after` of a library that needs nothing more. */
static inline int narrate_dynamic_nothing_after(void *library) {
    (void)library;
    return 1;
}

#define NARRATE_DYNAMIC_LIBRARY(api, soname, after)                 \
    api(NARRATE_DYNAMIC_DECLARE)                                    \
    static int after(void *library);                                \
    static pthread_once_t narrate_load_once = PTHREAD_ONCE_INIT;    \
    static int narrate_loaded = 0;                                  \
    static void narrate_load_library(void) {                        \
        void *library = dlopen(soname, RTLD_NOW | RTLD_LOCAL);      \
        if (library == NULL) return;                                \
        api(NARRATE_DYNAMIC_FIND)                                   \
        narrate_loaded = after(library) ? 1 : 0;                    \
    }                                                               \
    static int load(void) {                                         \
        pthread_once(&narrate_load_once, narrate_load_library);     \
        return narrate_loaded;                                      \
    }
#endif

#endif
