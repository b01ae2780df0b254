#ifndef NARRATE_STEMMER_H
#define NARRATE_STEMMER_H

/*
 * Snowball stemmers through libstemmer, opened with dlopen the first time a stemmer is made
 * (only the library's search index and queries stem words). No libstemmer type appears here.
 * A stemmer keeps state between calls: use one from one thread at a time.
 */

typedef struct narrate_stemmer narrate_stemmer;

/* A stemmer for `language` (an ISO 639-1 code such as "en", or Snowball's name such as
   "english") reading and writing UTF-8, or NULL when libstemmer cannot be loaded or has no
   stemmer for the language. */
narrate_stemmer *narrate_stemmer_new(const char *language);

/* The stem of the lower-cased `word` (`size` bytes of UTF-8), `*length` bytes long; valid
   until the next call with this stemmer. NULL when out of memory. */
const char *narrate_stemmer_stem(narrate_stemmer *stemmer, const char *word, int size, int *length);

void narrate_stemmer_free(narrate_stemmer *stemmer);

#endif
