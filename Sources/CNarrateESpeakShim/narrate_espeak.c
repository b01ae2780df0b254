#include "narrate_espeak.h"
#include "espeak_allocations.h"

#include <espeak-ng/espeak_ng.h>
#include <espeak-ng/speak_lib.h>
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <ctype.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>

_Static_assert(sizeof(narrate_espeak_event) == 24, "narrate_espeak_event layout changed");
_Static_assert(sizeof(short) == sizeof(int16_t), "eSpeak NG samples are 16-bit");

#define NARRATE_MAX_EVENTS 256

/* State passed to eSpeak as user_data and recovered in the synth callback. */
typedef struct synthesis_request {
    narrate_espeak_sink sink;
    void *context;
    int stopped;
    int64_t samples_before; /* samples handed out before the current chunk */
    narrate_espeak_event events[NARRATE_MAX_EVENTS];
} synthesis_request;

static int initialized = 0;
static int32_t sample_rate_hz = 0;
static char *data_path_in_use = NULL;
static char *version_text = NULL;
static const espeak_VOICE **voice_list = NULL;
/* What initialisation was asked for, for a reset. */
static char *data_path_asked = NULL;
static int32_t buffer_ms_asked = 0;

/*
 * libespeak-ng is opened with dlopen, not linked: eSpeak NG keeps state from one synthesis
 * to the next in file-level statics no call resets (the pitch flutter's phase, the glottal
 * cycle count, phonemes of a longer clause before), so the only way to start afresh, as a
 * new process would, is to unload the library and load it again (narrate_espeak_reset).
 */
#if defined(__APPLE__)
static const char *const library_names[] = {"libespeak-ng.1.dylib", "/opt/homebrew/lib/libespeak-ng.1.dylib",
                                            "/usr/local/lib/libespeak-ng.1.dylib", NULL};
#else
static const char *const library_names[] = {"libespeak-ng.so.1", NULL};
#endif

static void *library = NULL;
/* Whether what the loaded library allocates is counted (espeak_allocations.h): then a reset
   frees everything it left behind, and the special cases below are not needed. */
static int allocations_counted = 0;

/*
 * libespeak-ng needs libpcaudio, and through it PulseAudio, ALSA, D-Bus, systemd and X11
 * libraries, though narrate never lets it play. Held open here for the process's life, they
 * are loaded once: unloading libespeak-ng at a reset then leaves them alone, rather than
 * unloading and loading twenty libraries each time (and dropping, as leaks, what their
 * constructors allocated).
 */
#if defined(__APPLE__)
static const char *const dependency_names[] = {"libpcaudio.0.dylib", "/opt/homebrew/lib/libpcaudio.0.dylib",
                                               "/usr/local/lib/libpcaudio.0.dylib", NULL};
#else
static const char *const dependency_names[] = {"libpcaudio.so.0", NULL};
#endif
static void *held_dependency = NULL;

/*
 * Where eSpeak NG's allocations are not counted (allocations_counted is 0: macOS), what it
 * never frees is kept or freed here one by one, so that a reset loses none of it:
 *
 * The array espeak_ListVoices returns is eSpeak NG's own, reallocated at each call and never
 * freed, not even by espeak_ng_Terminate: while the library is loaded its static holds it;
 * once it is unloaded nothing would. The last one listed is kept here across resets (a few
 * kilobytes, once per listing), so it stays reachable as it was before any reset.
 */
static const espeak_VOICE **listed_voices = NULL;
static const espeak_VOICE ***kept_voice_lists = NULL;
static size_t kept_voice_list_count = 0;
/* Whether eSpeak NG's voice list has been made (by list_voices) since it was last started,
   and whether a voice has been set since then. */
static int listed_since_start = 0;
static int voice_set_since_start = 0;
/*
 * Setting a voice queues a copy of it (1,344 bytes in eSpeak NG 1.51) for the wave generator,
 * which takes and frees it at the next synthesis. Phonemes alone never synthesize, so the
 * copy stays queued: reachable from the library's statics while it is loaded, lost when a
 * reset unloads it (LeakSanitizer saw one in CI, from a module no longer mapped). Whether
 * one may be queued is kept here, and an empty synthesis before eSpeak NG terminates takes it.
 */
static int voice_change_queued = 0;

/*
 * espeak_TextToPhonemes answers in eSpeak NG's own output buffer, a static it grows with
 * realloc and never frees. Unloaded at a reset, the library takes the static with it and the
 * buffer would be lost (LeakSanitizer saw 500 bytes a reset); it is freed then instead. The
 * buffer last answered with is remembered: whenever it grows the answer is not empty, and
 * an empty answer may be a string literal (no buffer yet, or growing it failed), so only a
 * non-empty answer is taken for the buffer.
 */
static char *phoneme_buffer = NULL;

static const espeak_VOICE **list_voices(void);

#define NARRATE_ESPEAK_API(X) \
    X(espeak_ng_InitializePath) X(espeak_ng_Initialize) X(espeak_ng_ClearErrorContext) \
    X(espeak_ng_InitializeOutput) X(espeak_SetSynthCallback) X(espeak_ng_GetSampleRate) X(espeak_Info) \
    X(espeak_ng_GetStatusCodeMessage) X(espeak_ListVoices) X(espeak_ng_SetVoiceByName) X(espeak_ng_SetVoiceByFile) \
    X(espeak_ng_SetVoiceByProperties) X(espeak_ng_SetParameter) X(espeak_GetParameter) X(espeak_ng_Synthesize) \
    X(espeak_ng_Synchronize) X(espeak_ng_Cancel) X(espeak_ng_Terminate) X(espeak_GetCurrentVoice) \
    X(espeak_TextToPhonemes)

#define NARRATE_DECLARE(name) static __typeof__(&name) api_##name = NULL;
NARRATE_ESPEAK_API(NARRATE_DECLARE)
#undef NARRATE_DECLARE

/* Opens the library and finds every function; ENS_NOT_SUPPORTED when it cannot. */
static int32_t open_library(void) {
    for (size_t i = 0; held_dependency == NULL && dependency_names[i] != NULL; i++)
        held_dependency = dlopen(dependency_names[i], RTLD_NOW | RTLD_LOCAL);
    for (size_t i = 0; library == NULL && library_names[i] != NULL; i++)
        library = dlopen(library_names[i], RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) return ENS_NOT_SUPPORTED;
    int missing = 0;
#define NARRATE_FIND(name) \
    api_##name = (__typeof__(api_##name))dlsym(library, #name); \
    if (api_##name == NULL) missing = 1;
    NARRATE_ESPEAK_API(NARRATE_FIND)
#undef NARRATE_FIND
    if (missing) {
        dlclose(library);
        library = NULL;
        return ENS_NOT_SUPPORTED;
    }
    allocations_counted = narrate_espeak_allocations_track(library);
    return ENS_OK;
}

static int32_t to_event_kind(espeak_EVENT_TYPE type) {
    switch (type) {
    case espeakEVENT_SENTENCE: return NARRATE_ESPEAK_EVENT_SENTENCE;
    case espeakEVENT_WORD: return NARRATE_ESPEAK_EVENT_WORD;
    case espeakEVENT_END: return NARRATE_ESPEAK_EVENT_END;
    case espeakEVENT_MARK: return NARRATE_ESPEAK_EVENT_MARK;
    default: return 0;
    }
}

static int synth_callback(short *wav, int numsamples, espeak_EVENT *events) {
    if (events == NULL) return 0;
    synthesis_request *request = (synthesis_request *)events[0].user_data;
    if (request == NULL || request->stopped) return 1;

    size_t count = 0;
    for (espeak_EVENT *event = events; event->type != espeakEVENT_LIST_TERMINATED; event++) {
        int32_t kind = to_event_kind(event->type);
        if (kind == 0 || count == NARRATE_MAX_EVENTS) continue;
        narrate_espeak_event *out = &request->events[count++];
        out->kind = kind;
        /* eSpeak counts characters from 1; narrate counts from 0. */
        out->text_offset = event->text_position > 0 ? event->text_position - 1 : 0;
        out->length = event->length;
        out->sample_offset = (int64_t)event->audio_position * sample_rate_hz / 1000;
    }
    size_t samples = (wav != NULL && numsamples > 0) ? (size_t)numsamples : 0;
    if (samples == 0 && count == 0) return 0;
    int stop = request->sink(request->context, (const int16_t *)wav, samples, request->events, count);
    request->samples_before += (int64_t)samples;
    if (stop) request->stopped = 1;
    return stop ? 1 : 0;
}

int32_t narrate_espeak_initialize(const char *data_path, int32_t buffer_ms, int32_t *sample_rate) {
    if (initialized) {
        if (sample_rate) *sample_rate = sample_rate_hz;
        return ENS_OK;
    }
    if (data_path == NULL || data_path[0] == '\0') {
        const char *env = getenv("ESPEAK_DATA_PATH");
        data_path = (env != NULL && env[0] != '\0') ? env : NULL;
    }
    if (library == NULL) {
        int32_t opened = open_library();
        if (opened != ENS_OK) return opened;
    }
    if (data_path != data_path_asked) {
        free(data_path_asked);
        data_path_asked = data_path ? strdup(data_path) : NULL;
    }
    buffer_ms_asked = buffer_ms;
    api_espeak_ng_InitializePath(data_path);
    espeak_ng_ERROR_CONTEXT context = NULL;
    espeak_ng_STATUS status = api_espeak_ng_Initialize(&context);
    api_espeak_ng_ClearErrorContext(&context);
    if (status != ENS_OK) return (int32_t)status;

    status = api_espeak_ng_InitializeOutput(ENOUTPUT_MODE_SYNCHRONOUS, buffer_ms > 0 ? buffer_ms : 0, NULL);
    if (status != ENS_OK) return (int32_t)status;

    api_espeak_SetSynthCallback(synth_callback);
    sample_rate_hz = api_espeak_ng_GetSampleRate();
    /* Copies: the library's own strings go when it is unloaded. */
    const char *path = NULL;
    const char *version = api_espeak_Info(&path);
    free(version_text);
    free(data_path_in_use);
    version_text = version ? strdup(version) : NULL;
    data_path_in_use = path ? strdup(path) : NULL;
    initialized = 1;
    if (sample_rate) *sample_rate = sample_rate_hz;
    return ENS_OK;
}

int narrate_espeak_is_initialized(void) { return initialized; }

void narrate_espeak_status_text(int32_t status, char *buffer, size_t length) {
    if (buffer == NULL || length == 0) return;
    switch (status) {
    case NARRATE_ESPEAK_STATUS_NOT_INITIALIZED:
        snprintf(buffer, length, "eSpeak NG is not initialised");
        return;
    case NARRATE_ESPEAK_STATUS_BAD_ARGUMENT:
        snprintf(buffer, length, "invalid argument to eSpeak NG");
        return;
    default:
        if (api_espeak_ng_GetStatusCodeMessage == NULL)
            snprintf(buffer, length, "libespeak-ng.so.1 cannot be loaded (install libespeak-ng1)");
        else
            api_espeak_ng_GetStatusCodeMessage((espeak_ng_STATUS)status, buffer, length);
    }
}

const char *narrate_espeak_version(void) { return version_text ? version_text : ""; }

const char *narrate_espeak_data_path(void) { return data_path_in_use ? data_path_in_use : ""; }

/* Whether some installed voice lists `code` (any case) among its languages. */
static int is_installed_language(const char *code) {
    const espeak_VOICE **voices = listed_since_start ? listed_voices : list_voices();
    for (size_t i = 0; voices != NULL && voices[i] != NULL; i++) {
        const char *entry = voices[i]->languages;
        while (entry != NULL && entry[0] != '\0') {
            const char *language = entry + 1;
            if (strcasecmp(language, code) == 0) return 1;
            entry = language + strlen(language) + 1;
        }
    }
    return 0;
}

/* Writes to `path` where eSpeak NG's LoadVoice finds the voice file `file` (under voices/,
   then lang/, of its data, the name as given); 0 when it finds none. */
static int find_voice_file(const char *file, char *path, size_t size) {
    if (data_path_in_use == NULL || file[0] == '\0' || strstr(file, "..") != NULL) return 0;
    static const char *const folders[] = {"voices", "lang"};
    for (size_t i = 0; i < sizeof(folders) / sizeof(folders[0]); i++) {
        struct stat status;
        int written = snprintf(path, size, "%s/%s/%s", data_path_in_use, folders[i], file);
        if (written < 0 || (size_t)written >= size) return 0;
        if (stat(path, &status) == 0 && S_ISREG(status.st_mode) && status.st_size > 0) return 1;
    }
    return 0;
}

/* Whether `name` (any case, less a "+variant") is a voice file eSpeak NG loads directly,
   as espeak_ng_SetVoiceByName first tries (it lower-cases the name). When this says no,
   eSpeak NG would list every voice itself; when unsure, it says no. */
static int is_voice_file(const char *name) {
    char file[40];
    size_t n = 0;
    for (; name[n] != '\0' && name[n] != '+'; n++) {
        if (n + 1 >= sizeof(file)) return 0;
        file[n] = (char)tolower((unsigned char)name[n]);
    }
    file[n] = '\0';
    char path[4096];
    return find_voice_file(file, path, sizeof(path));
}

/*
 * espeak_ng_SetVoiceByName, given a name that is no voice file, lists every voice first
 * (espeak_ListVoices into its own static array, which nothing frees once the library is
 * unloaded at a reset); listed here first instead, the array is this shim's to keep, and
 * eSpeak NG uses the list already made. It costs nothing eSpeak NG would not have done.
 */
static espeak_ng_STATUS set_voice_by_name(const char *name) {
    if (!listed_since_start && !is_voice_file(name)) list_voices();
    espeak_ng_STATUS status = api_espeak_ng_SetVoiceByName(name);
    if (status == ENS_OK) voice_set_since_start = voice_change_queued = 1;
    return status;
}

/*
 * Voice names that are no voice file (a language code such as "en", "en-us"), each with the
 * voice file eSpeak NG chose for it, set again by file after a reset without reading every
 * voice file again. A batch alternates between a few of them (one per language).
 *
 * eSpeak NG lower-cases a name before it looks for its file, so a voice file whose name has
 * capitals (gmw/en-US, the American English voice narrate speaks English with) is found only
 * by listing every voice: 322 files read, 3.3 ms of each reset, a reset before every article
 * of a batch. Where the system names open descriptors (Linux), the shim keeps such a file
 * open and sets it by its descriptor's path, /proc/self/fd/N, which has no capitals and which
 * eSpeak NG loads as a full path (espeak_ng_SetVoiceByFile): the same file, read the same way,
 * without the listing. The audio is the same sample for sample (tested).
 */
typedef struct remembered_voice {
    char *asked;
    char *voice;
    int descriptor;
    char path[32];
} remembered_voice;
#define NARRATE_REMEMBERED_VOICES 8
static remembered_voice remembered_voices[NARRATE_REMEMBERED_VOICES];
static size_t remembered_voice_count = 0;

/* Opens the voice file `identifier` for `entry`, where eSpeak NG's LoadVoice looks, in its
   order; the entry keeps no descriptor where that cannot be done. */
static void keep_voice_file(remembered_voice *entry, const char *identifier) {
    entry->descriptor = -1;
    entry->path[0] = '\0';
#if defined(__linux__)
    char path[4096];
    if (strchr(identifier, '+') != NULL || !find_voice_file(identifier, path, sizeof(path))) return;
    entry->descriptor = open(path, O_RDONLY | O_CLOEXEC);
    if (entry->descriptor < 0) return;
    snprintf(entry->path, sizeof(entry->path), "/proc/self/fd/%d", entry->descriptor);
    struct stat status;
    if (stat(entry->path, &status) != 0 || !S_ISREG(status.st_mode)) {
        close(entry->descriptor);
        entry->descriptor = -1;
        entry->path[0] = '\0';
    }
#else
    (void)identifier;
#endif
}

/* Remembers the voice file eSpeak NG chose for `name`, when that is another name. */
static void remember_voice_file(const char *name) {
    espeak_VOICE *chosen = api_espeak_GetCurrentVoice();
    if (chosen == NULL || chosen->identifier == NULL || chosen->identifier[0] == '\0') return;
    if (strchr(name, '+') != NULL || strcasecmp(name, chosen->identifier) == 0) return;
    if (remembered_voice_count == NARRATE_REMEMBERED_VOICES) return;
    remembered_voice entry = {strdup(name), strdup(chosen->identifier), -1, ""};
    if (entry.asked == NULL || entry.voice == NULL) {
        free(entry.asked);
        free(entry.voice);
        return;
    }
    if (!is_voice_file(entry.voice)) keep_voice_file(&entry, entry.voice);
    remembered_voices[remembered_voice_count++] = entry;
}

int32_t narrate_espeak_set_voice(const char *name) {
    if (!initialized) return NARRATE_ESPEAK_STATUS_NOT_INITIALIZED;
    if (name == NULL || name[0] == '\0') return NARRATE_ESPEAK_STATUS_BAD_ARGUMENT;
    for (size_t i = 0; i < remembered_voice_count; i++) {
        const remembered_voice *entry = &remembered_voices[i];
        if (strcmp(name, entry->asked) != 0) continue;
        if (entry->path[0] != '\0' && api_espeak_ng_SetVoiceByFile(entry->path) == ENS_OK) {
            voice_set_since_start = voice_change_queued = 1;
            return ENS_OK;
        }
        return (int32_t)set_voice_by_name(entry->voice);
    }
    espeak_ng_STATUS status = set_voice_by_name(name);
    if (status == ENS_OK) remember_voice_file(name);
    if (status != ENS_VOICE_NOT_FOUND) return (int32_t)status;
    /* Like the espeak-ng command, a name that is no voice file may be a language code
       ("en-gb" is spoken by the file gmw/en); but only an exact code, since eSpeak's own
       matching is fuzzy and would take a typo such as "en-uss" for English. */
    if (!is_installed_language(name)) return (int32_t)status;
    espeak_VOICE wanted;
    memset(&wanted, 0, sizeof(wanted));
    wanted.languages = name;
    status = api_espeak_ng_SetVoiceByProperties(&wanted);
    if (status == ENS_OK) {
        voice_set_since_start = voice_change_queued = 1;
        remember_voice_file(name);
    }
    return (int32_t)status;
}

int narrate_espeak_current_language(char *buffer, size_t length) {
    if (!initialized || !voice_set_since_start || buffer == NULL || length == 0) return -1;
    espeak_VOICE *voice = api_espeak_GetCurrentVoice();
    /* A priority byte, then the name; only the first entry is read (eSpeak NG 1.51 does not
       always end the list where a shorter one replaced a longer). */
    if (voice == NULL || voice->languages == NULL || voice->languages[0] == '\0') return -1;
    const char *language = voice->languages + 1;
    size_t n = strlen(language);
    if (n == 0 || n >= length) return -1;
    memcpy(buffer, language, n + 1);
    return 0;
}

int32_t narrate_espeak_phonemes(const char *text, void *context, narrate_espeak_phoneme_sink sink) {
    if (!initialized) return NARRATE_ESPEAK_STATUS_NOT_INITIALIZED;
    if (!voice_set_since_start) return NARRATE_ESPEAK_STATUS_NO_VOICE;
    const void *position = text;
    /* eSpeak NG reads a clause a call and keeps the first character of the next one for the
       next call: the loop must run to the end (NULL), or that character is said at the
       start of whatever is phonemized next. */
    while (position != NULL) {
        size_t start = (size_t)((const char *)position - text);
        const char *phonemes = api_espeak_TextToPhonemes(&position, espeakCHARS_UTF8, 0x02 /* IPA */);
        size_t end = position == NULL ? strlen(text) : (size_t)((const char *)position - text);
        if (phonemes != NULL && phonemes[0] != '\0') phoneme_buffer = (char *)phonemes;
        if (sink != NULL && phonemes != NULL) sink(context, phonemes, start, end, position == NULL);
    }
    return 0;
}

static int to_espeak_parameter(int32_t parameter, espeak_PARAMETER *out) {
    switch (parameter) {
    case NARRATE_ESPEAK_RATE: *out = espeakRATE; return 1;
    case NARRATE_ESPEAK_VOLUME: *out = espeakVOLUME; return 1;
    case NARRATE_ESPEAK_PITCH: *out = espeakPITCH; return 1;
    case NARRATE_ESPEAK_WORD_GAP: *out = espeakWORDGAP; return 1;
    default: return 0;
    }
}

int32_t narrate_espeak_set_parameter(int32_t parameter, int32_t value) {
    if (!initialized) return NARRATE_ESPEAK_STATUS_NOT_INITIALIZED;
    espeak_PARAMETER which;
    if (!to_espeak_parameter(parameter, &which)) return NARRATE_ESPEAK_STATUS_BAD_ARGUMENT;
    return (int32_t)api_espeak_ng_SetParameter(which, value, 0);
}

int32_t narrate_espeak_get_parameter(int32_t parameter) {
    espeak_PARAMETER which;
    if (!initialized || !to_espeak_parameter(parameter, &which)) return -1;
    return api_espeak_GetParameter(which, 1);
}

int32_t narrate_espeak_synthesize(const char *text, size_t length, int end_pause,
                                  narrate_espeak_sink sink, void *context, int *stopped) {
    if (stopped) *stopped = 0;
    if (!initialized) return NARRATE_ESPEAK_STATUS_NOT_INITIALIZED;
    if (text == NULL || sink == NULL) return NARRATE_ESPEAK_STATUS_BAD_ARGUMENT;

    /* eSpeak reads up to a terminator, so hand it a terminated copy. */
    char *copy = malloc(length + 1);
    if (copy == NULL) return ENOMEM;
    memcpy(copy, text, length);
    copy[length] = '\0';

    synthesis_request *request = calloc(1, sizeof(synthesis_request));
    if (request == NULL) {
        free(copy);
        return ENOMEM;
    }
    request->sink = sink;
    request->context = context;

    /* With no voice set, eSpeak NG would set its default by name itself (see set_voice_by_name). */
    if (!voice_set_since_start) {
        espeak_ng_STATUS chosen = set_voice_by_name(ESPEAKNG_DEFAULT_VOICE);
        if (chosen != ENS_OK) {
            free(request);
            free(copy);
            return (int32_t)chosen;
        }
    }
    unsigned int flags = espeakCHARS_UTF8 | (end_pause ? espeakENDPAUSE : 0);
    espeak_ng_STATUS status = api_espeak_ng_Synthesize(copy, length + 1, 0, POS_CHARACTER, 0, flags, NULL, request);
    if (status == ENS_OK) status = api_espeak_ng_Synchronize();
    /* The wave generator took the queued voice before anything else (even when stopped). */
    voice_change_queued = 0;
    int was_stopped = request->stopped;
    if (was_stopped) {
        api_espeak_ng_Cancel();
        if (status == ENS_SPEECH_STOPPED) status = ENS_OK;
    }
    if (stopped) *stopped = was_stopped;
    free(request);
    free(copy);
    return (int32_t)status;
}

size_t narrate_espeak_voice_count(void) {
    if (!initialized) return 0;
    voice_list = list_voices();
    size_t count = 0;
    while (voice_list != NULL && voice_list[count] != NULL) count++;
    return count;
}

int narrate_espeak_voice_info(size_t index, const char **name, const char **identifier,
                              char *languages, size_t languages_length, int *gender, int *age) {
    if (voice_list == NULL) return -1;
    for (size_t i = 0; i < index; i++)
        if (voice_list[i] == NULL) return -1;
    const espeak_VOICE *voice = voice_list[index];
    if (voice == NULL) return -1;
    if (name) *name = voice->name;
    if (identifier) *identifier = voice->identifier;
    if (gender) *gender = voice->gender;
    if (age) *age = voice->age;
    if (languages && languages_length > 0) {
        /* eSpeak's list: a priority byte, a language name and a zero, repeated; a zero ends it. */
        size_t used = 0;
        languages[0] = '\0';
        const char *entry = voice->languages;
        while (entry != NULL && entry[0] != '\0') {
            const char *language = entry + 1;
            size_t n = strlen(language);
            if (used + n + 2 > languages_length) break;
            if (used > 0) languages[used++] = ',';
            memcpy(languages + used, language, n);
            used += n;
            languages[used] = '\0';
            entry = language + n + 1;
        }
    }
    return 0;
}

/* A sink that takes nothing and never stops (the empty synthesis of drain_voice_change). */
static int discard_samples(void *context, const int16_t *samples, size_t count, const narrate_espeak_event *events,
                           size_t event_count) {
    (void)context, (void)samples, (void)count, (void)events, (void)event_count;
    return 0;
}

/* Lets the wave generator take (and free) the voice copy a voice setting queued. */
static void drain_voice_change(void) {
    /* Counted, the copy is freed with everything else the library holds once it is unloaded. */
    if (!voice_change_queued || allocations_counted) return;
    int stopped = 0;
    narrate_espeak_synthesize("", 0, 0, discard_samples, NULL, &stopped);
    voice_change_queued = 0;
}

int32_t narrate_espeak_terminate(void) {
    if (!initialized) return ENS_OK;
    drain_voice_change();
    initialized = 0;
    voice_list = NULL;
    listed_since_start = 0;
    voice_set_since_start = 0;
    return (int32_t)api_espeak_ng_Terminate();
}

/* Once the library is unloaded, frees what eSpeak NG left behind: everything it still held
   when its allocations are counted, otherwise its phoneme buffer. Were it still loaded
   (another handle holding it), its statics would still point at those blocks, which are then
   left alone. Its functions are forgotten either way (a status message asked for before it
   is loaded again must not call into the unloaded library). */
static void release_what_was_left(void) {
#define NARRATE_FORGET(name) api_##name = NULL;
    NARRATE_ESPEAK_API(NARRATE_FORGET)
#undef NARRATE_FORGET
    void *still_loaded = NULL;
    for (size_t i = 0; still_loaded == NULL && library_names[i] != NULL; i++)
        still_loaded = dlopen(library_names[i], RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD);
    if (still_loaded != NULL)
        dlclose(still_loaded);
    else if (allocations_counted)
        narrate_espeak_allocations_release();
    else
        free(phoneme_buffer);
    phoneme_buffer = NULL;
}

static const espeak_VOICE **list_voices(void) {
    listed_voices = api_espeak_ListVoices(NULL);
    listed_since_start = 1;
    return listed_voices;
}

int32_t narrate_espeak_reset(void) {
    if (!initialized) return NARRATE_ESPEAK_STATUS_NOT_INITIALIZED;
    if (listed_voices != NULL && !allocations_counted) {
        const espeak_VOICE ***grown = realloc(kept_voice_lists, (kept_voice_list_count + 1) * sizeof(*grown));
        if (grown != NULL) {
            kept_voice_lists = grown;
            kept_voice_lists[kept_voice_list_count++] = listed_voices;
        }
    }
    listed_voices = NULL;
    narrate_espeak_terminate();
    dlclose(library);
    library = NULL;
    release_what_was_left();
    /* The data path asked for, kept apart: initialisation may replace its copy. */
    char *path = data_path_asked ? strdup(data_path_asked) : NULL;
    int32_t sample_rate = 0;
    int32_t status = narrate_espeak_initialize(path, buffer_ms_asked, &sample_rate);
    free(path);
    return status;
}

size_t narrate_espeak_held_bytes(void) { return narrate_espeak_allocations_held(); }
