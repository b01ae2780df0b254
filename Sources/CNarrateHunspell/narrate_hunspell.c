#include "narrate_hunspell.h"

#include <errno.h>
#include <hunspell/hunspell.h>
#include <iconv.h>
#include <stdlib.h>
#include <string.h>

#if !defined(__APPLE__)
#include "narrate_dynamic.h"

#define NARRATE_HUNSPELL_API(X) X(Hunspell_create) X(Hunspell_destroy) X(Hunspell_spell) X(Hunspell_get_dic_encoding)

NARRATE_DYNAMIC_LIBRARY(NARRATE_HUNSPELL_API, "libhunspell-1.7.so.0", narrate_dynamic_nothing_after)
#define CALL(name) api_##name
#else
static int load(void) { return 1; }
#define CALL(name) name
#endif

struct narrate_hunspell {
    Hunhandle *handle;
    /* From UTF-8 to the dictionary's own encoding (ISO8859-2 for Polish, ISO8859-7 for
       Greek), or (iconv_t)-1 when the dictionary is UTF-8. */
    iconv_t converter;
};

narrate_hunspell *narrate_hunspell_open(const char *affix_path, const char *dictionary_path) {
    if (!load()) return NULL;
    Hunhandle *handle = CALL(Hunspell_create)(affix_path, dictionary_path);
    if (handle == NULL) return NULL;
    const char *encoding = CALL(Hunspell_get_dic_encoding)(handle);
    iconv_t converter = (iconv_t)-1;
    if (encoding != NULL && strcmp(encoding, "UTF-8") != 0 && strcmp(encoding, "utf-8") != 0) {
        converter = iconv_open(encoding, "UTF-8");
        if (converter == (iconv_t)-1) {
            CALL(Hunspell_destroy)(handle);
            return NULL;
        }
    }
    narrate_hunspell *dictionary = malloc(sizeof(*dictionary));
    if (dictionary == NULL) {
        if (converter != (iconv_t)-1) iconv_close(converter);
        CALL(Hunspell_destroy)(handle);
        return NULL;
    }
    dictionary->handle = handle;
    dictionary->converter = converter;
    return dictionary;
}

int narrate_hunspell_knows(narrate_hunspell *dictionary, const char *word, int size) {
    /* Words are short; a longer one is no word of any dictionary. */
    char text[256];
    if (dictionary == NULL || size <= 0 || size >= (int)sizeof(text)) return 0;
    if (dictionary->converter == (iconv_t)-1) {
        memcpy(text, word, (size_t)size);
        text[size] = '\0';
    } else {
        char *in = (char *)word;
        size_t in_left = (size_t)size;
        char *out = text;
        size_t out_left = sizeof(text) - 1;
        iconv(dictionary->converter, NULL, NULL, NULL, NULL);
        if (iconv(dictionary->converter, &in, &in_left, &out, &out_left) == (size_t)-1) return 0;
        *out = '\0';
    }
    return CALL(Hunspell_spell)(dictionary->handle, text) != 0;
}

void narrate_hunspell_close(narrate_hunspell *dictionary) {
    if (dictionary == NULL) return;
    if (dictionary->converter != (iconv_t)-1) iconv_close(dictionary->converter);
    CALL(Hunspell_destroy)(dictionary->handle);
    free(dictionary);
}
