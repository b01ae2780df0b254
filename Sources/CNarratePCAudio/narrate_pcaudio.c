#if !defined(__APPLE__)
/* Hidden: the definitions below serve narrate alone; libespeak-ng, which needs libpcaudio
 * too, keeps binding to the library itself. */
#pragma GCC visibility push(hidden)
#include "narrate_pcaudio.h"
#pragma GCC visibility pop

#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>

#define NARRATE_PCAUDIO_API(X) \
    X(create_audio_device_object) X(audio_object_open) X(audio_object_close) X(audio_object_destroy) \
    X(audio_object_write) X(audio_object_drain) X(audio_object_flush) X(audio_object_strerror)

#define NARRATE_DECLARE(name) static __typeof__(&name) api_##name = NULL;
NARRATE_PCAUDIO_API(NARRATE_DECLARE)
#undef NARRATE_DECLARE

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int loaded = 0;

static void load_library(void) {
    void *library = dlopen("libpcaudio.so.0", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) return;
#define NARRATE_FIND(name) \
    if ((api_##name = (__typeof__(api_##name))dlsym(library, #name)) == NULL) return;
    NARRATE_PCAUDIO_API(NARRATE_FIND)
#undef NARRATE_FIND
    loaded = 1;
}

/* Whether libpcaudio is loaded, loading it the first time. */
static int load(void) {
    pthread_once(&load_once, load_library);
    return loaded;
}

struct audio_object *create_audio_device_object(const char *device, const char *application_name,
                                                const char *description) {
    return load() ? api_create_audio_device_object(device, application_name, description) : NULL;
}

/* The functions below take an object only create_audio_device_object can have made, so the
 * library is loaded by then. */
int audio_object_open(struct audio_object *object, enum audio_object_format format, uint32_t rate, uint8_t channels) {
    return load() ? api_audio_object_open(object, format, rate, channels) : -1;
}
void audio_object_close(struct audio_object *object) { if (load()) api_audio_object_close(object); }
void audio_object_destroy(struct audio_object *object) { if (load()) api_audio_object_destroy(object); }
int audio_object_write(struct audio_object *object, const void *data, size_t bytes) {
    return load() ? api_audio_object_write(object, data, bytes) : -1;
}
int audio_object_drain(struct audio_object *object) { return load() ? api_audio_object_drain(object) : -1; }
int audio_object_flush(struct audio_object *object) { return load() ? api_audio_object_flush(object) : -1; }
const char *audio_object_strerror(struct audio_object *object, int error) {
    return load() ? api_audio_object_strerror(object, error) : "libpcaudio cannot be loaded";
}
#endif
