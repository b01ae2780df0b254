#ifndef NARRATE_ESPEAK_ALLOCATIONS_H
#define NARRATE_ESPEAK_ALLOCATIONS_H

#include <stddef.h>

/*
 * What libespeak-ng allocates, counted, so that what it never frees can be freed once it is
 * unloaded (narrate_espeak_reset unloads it to start eSpeak NG afresh).
 *
 * eSpeak NG 1.51 keeps some blocks until the process ends and frees them nowhere, not even in
 * espeak_ng_Terminate: its second translator (made the first time a word switches language,
 * as Latin-script words in Ukrainian text switch to English: 181 KB with the English
 * dictionary), the voice list, the phoneme buffer, a voice copy queued for the wave
 * generator. While the library is loaded its statics hold them; once it is unloaded nothing
 * does, and a process that resets before every article lost 181 KB a reset.
 *
 * On ELF systems (Linux) the library's own calls to malloc, calloc, realloc, free and strdup
 * go through its global offset table; narrate_espeak_allocations_track points those entries
 * at wrappers that remember every block the library holds. Elsewhere (macOS) nothing is
 * counted and narrate_espeak_allocations_track says so.
 */

/* Routes the loaded library's allocations (`library` is its dlopen handle) through the
   wrappers; 1 when they are counted from now on, 0 when they cannot be (nothing changed). */
int narrate_espeak_allocations_track(void *library);

/* Frees every block the library allocated and still holds, and forgets them; call it only
   once the library is unloaded (its statics gone). Returns how many bytes were freed. */
size_t narrate_espeak_allocations_release(void);

/* The bytes the library has allocated and not freed. */
size_t narrate_espeak_allocations_held(void);

#endif
