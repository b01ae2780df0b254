#if !defined(__APPLE__)
/* Hidden: the definitions below serve narrate alone; libespeak-ng, which needs libpcaudio
 * too, keeps binding to the library itself. */
#pragma GCC visibility push(hidden)
#include "narrate_pcaudio.h"
#pragma GCC visibility pop

#include <stddef.h>

#include "narrate_dynamic.h"

#define NARRATE_PCAUDIO_API(X) \
    X(create_audio_device_object) X(audio_object_open) X(audio_object_close) X(audio_object_destroy) \
    X(audio_object_write) X(audio_object_drain) X(audio_object_flush) X(audio_object_strerror)

/* load(): whether libpcaudio is loaded, loading it the first time. */
NARRATE_DYNAMIC_LIBRARY(NARRATE_PCAUDIO_API, "libpcaudio.so.0", narrate_dynamic_nothing_after)

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
