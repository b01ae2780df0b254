#include "narrate_stemmer.h"

#include <libstemmer.h>
#include <stddef.h>

#if !defined(__APPLE__)
#include "narrate_dynamic.h"

#define NARRATE_STEMMER_API(X) X(sb_stemmer_new) X(sb_stemmer_delete) X(sb_stemmer_stem) X(sb_stemmer_length)

NARRATE_DYNAMIC_LIBRARY(NARRATE_STEMMER_API, "libstemmer.so.0d", narrate_dynamic_nothing_after)
#define CALL(name) api_##name
#else
static int load(void) { return 1; }
#define CALL(name) name
#endif

narrate_stemmer *narrate_stemmer_new(const char *language) {
    if (!load()) return NULL;
    return (narrate_stemmer *)CALL(sb_stemmer_new)(language, "UTF_8");
}

const char *narrate_stemmer_stem(narrate_stemmer *stemmer, const char *word, int size, int *length) {
    const sb_symbol *stem = CALL(sb_stemmer_stem)((struct sb_stemmer *)stemmer, (const sb_symbol *)word, size);
    if (stem == NULL) return NULL;
    *length = CALL(sb_stemmer_length)((struct sb_stemmer *)stemmer);
    return (const char *)stem;
}

void narrate_stemmer_free(narrate_stemmer *stemmer) {
    if (stemmer != NULL) CALL(sb_stemmer_delete)((struct sb_stemmer *)stemmer);
}
