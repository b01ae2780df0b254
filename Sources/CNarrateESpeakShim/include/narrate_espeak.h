/*
 * narrate_espeak: the one place narrate calls into libespeak-ng.
 *
 * libespeak-ng keeps its state in process globals and is not thread-safe
 * (espeak-ng issues #68, #659, #1527). These functions must be called from one
 * thread at a time; the Swift type ESpeakEngine serialises every call.
 *
 * Status values are espeak_ng_STATUS codes (0 is success).
 */
#ifndef NARRATE_ESPEAK_H
#define NARRATE_ESPEAK_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Event kinds handed to the sink (values chosen by narrate, not eSpeak's). */
enum {
    NARRATE_ESPEAK_EVENT_SENTENCE = 1,
    NARRATE_ESPEAK_EVENT_WORD = 2,
    NARRATE_ESPEAK_EVENT_END = 3,
    NARRATE_ESPEAK_EVENT_MARK = 4,
};

/* Parameters that narrate sets (mapped to espeak_PARAMETER inside the shim). */
enum {
    NARRATE_ESPEAK_RATE = 1,
    NARRATE_ESPEAK_VOLUME = 2,
    NARRATE_ESPEAK_PITCH = 3,
    NARRATE_ESPEAK_WORD_GAP = 4,
};

/* Status codes the shim adds for its own failures (outside eSpeak NG's ranges). */
enum {
    NARRATE_ESPEAK_STATUS_NOT_INITIALIZED = 0x7E000001,
    NARRATE_ESPEAK_STATUS_BAD_ARGUMENT = 0x7E000002,
    NARRATE_ESPEAK_STATUS_NO_VOICE = 0x7E000003,
};

typedef struct narrate_espeak_event {
    int32_t kind;          /* NARRATE_ESPEAK_EVENT_* */
    int32_t text_offset;   /* 0-based offset in Unicode scalars into the synthesized text */
    int32_t length;        /* word length in Unicode scalars (words only) */
    int64_t sample_offset; /* samples from the start of this synthesize call */
} narrate_espeak_event;

/*
 * Receives each chunk of 16-bit mono PCM and the events inside it. `context` is the
 * pointer given to narrate_espeak_synthesize (it travels through eSpeak's user_data).
 * Return 0 to go on, non-zero to stop synthesis.
 */
typedef int (*narrate_espeak_sink)(void *context,
                                   const int16_t *samples, size_t sample_count,
                                   const narrate_espeak_event *events, size_t event_count);

/*
 * Receives one clause's phonemes (IPA, UTF-8, words separated by spaces) and the byte range
 * of the text eSpeak NG read for it: from `text_start` to `text_end`, which is one character
 * into the next clause unless `last` (eSpeak NG holds that character back for the next
 * clause). Only during the call.
 */
typedef void (*narrate_espeak_phoneme_sink)(void *context, const char *phonemes, size_t text_start, size_t text_end, int last);

/*
 * Initialises eSpeak NG in synchronous mode with no audio device. `data_path` may be
 * NULL: then $ESPEAK_DATA_PATH, then the library's built-in location is used.
 * `buffer_ms` is the length of each PCM chunk. On success stores the sample rate.
 */
int32_t narrate_espeak_initialize(const char *data_path, int32_t buffer_ms, int32_t *sample_rate);

/* Whether narrate_espeak_initialize has succeeded in this process. */
int narrate_espeak_is_initialized(void);

/* Writes the text of a status code (eSpeak NG's own messages, or the shim's). */
void narrate_espeak_status_text(int32_t status, char *buffer, size_t length);

/* Library version and the data directory in use (valid after initialisation). */
const char *narrate_espeak_version(void);
const char *narrate_espeak_data_path(void);

/* Selects a voice by eSpeak NG name, file identifier (e.g. "gmw/en-US") or language. */
int32_t narrate_espeak_set_voice(const char *name);

/* Sets one NARRATE_ESPEAK_* parameter to an absolute value. */
int32_t narrate_espeak_set_parameter(int32_t parameter, int32_t value);

/* Reads the current value of one NARRATE_ESPEAK_* parameter. */
int32_t narrate_espeak_get_parameter(int32_t parameter);

/*
 * Speaks UTF-8 `text` (`length` bytes, no terminator needed), calling `sink` with every
 * chunk. Returns when the text is spoken, the sink asked to stop, or on error.
 * `stopped` is set to 1 when the sink stopped it.
 */
int32_t narrate_espeak_synthesize(const char *text, size_t length, int end_pause,
                                  narrate_espeak_sink sink, void *context, int *stopped);

/*
 * The first language of the voice set last ("en-us" for the voice "en-us", file gmw/en-US),
 * copied with its terminator into `buffer`: what eSpeak NG speaks, found without listing
 * every voice. Returns 0, or -1 when no voice is set since eSpeak NG started, it names no
 * language, or `buffer` is too short.
 */
int narrate_espeak_current_language(char *buffer, size_t length);

/* Number of installed voices (refreshes the list). */
size_t narrate_espeak_voice_count(void);

/*
 * Details of voice `index` (0-based, from the last narrate_espeak_voice_count call).
 * `languages` receives the voice's languages, comma-separated, most preferred first.
 * Returns 0 on success.
 */
int narrate_espeak_voice_info(size_t index, const char **name, const char **identifier,
                              char *languages, size_t languages_length, int *gender, int *age);

/* Releases eSpeak NG's memory. */
int32_t narrate_espeak_terminate(void);

/* The IPA phonemes of `text` (UTF-8, NUL-terminated) in the selected voice's language,
   clause by clause, handed to `sink`: what a Piper voice is made to speak from. Status as
   narrate_espeak_synthesize; NARRATE_ESPEAK_STATUS_NO_VOICE before a voice is set. */
int32_t narrate_espeak_phonemes(const char *text, void *context, narrate_espeak_phoneme_sink sink);

/*
 * Starts eSpeak NG afresh, as a new process would: unloads the library, loads it again and
 * initialises it as before. eSpeak NG carries hidden state from one synthesis to the next
 * that no call resets; after this the audio of what follows no longer depends on what was
 * spoken before. The voice and parameters must be set again.
 */
int32_t narrate_espeak_reset(void);

/*
 * The bytes libespeak-ng holds of its own allocations, counted where they can be (Linux;
 * 0 elsewhere). eSpeak NG keeps some of them until the process ends (its second translator,
 * its voice list); a reset frees them all with the library.
 */
size_t narrate_espeak_held_bytes(void);

#ifdef __cplusplus
}
#endif

#endif
