#ifndef NARRATE_ONNX_H
#define NARRATE_ONNX_H

/*
 * A neural voice's model run with ONNX Runtime's C API, opened with dlopen from the path
 * narrate finds (the `onnxruntime` wheel's capi/ folder, NARRATE_ONNXRUNTIME, or the system's
 * libonnxruntime.so.1) the first time a neural voice speaks, so that no other command loads
 * it. No ONNX Runtime type appears here: a model is an opaque pointer, and the part of the
 * API used is declared in the .c file by hand (ONNX Runtime ships no header on PyPI).
 */
#include <stddef.h>
#include <stdint.h>

enum {
    NARRATE_ONNX_OK = 0,
    /* The library cannot be opened, or is not ONNX Runtime. */
    NARRATE_ONNX_UNAVAILABLE = 1,
    /* ONNX Runtime older than narrate needs. */
    NARRATE_ONNX_TOO_OLD = 2,
    /* The model cannot be loaded (not ONNX, cut short, an unknown operator). */
    NARRATE_ONNX_BAD_MODEL = 3,
    /* Running the model failed. */
    NARRATE_ONNX_RUN_FAILED = 4,
};

/* The oldest ONNX Runtime narrate accepts, as major * 1000 + minor. */
#define NARRATE_ONNX_OLDEST 1016

typedef struct narrate_onnx_model narrate_onnx_model;

/* Opens ONNX Runtime at `path` once (later calls return the first outcome). On failure
   writes why into `message` (at most `size` bytes). */
int narrate_onnx_load(const char *path, char *message, size_t size);

/* The loaded library's version ("1.32.0"), or NULL before a successful load. */
const char *narrate_onnx_version(void);

/* Loads the model in `bytes` (`length` of them), or with `bytes` NULL the model file `file`,
   running it on `threads` threads (0: ONNX Runtime's default); the bytes may be freed once it
   returns. With `optimized` not NULL, the model as optimized is also written to that file.
   NULL on failure, with why in `message`. */
narrate_onnx_model *narrate_onnx_open(const void *bytes, size_t length, const char *file, const char *optimized, int threads, char *message,
                                      size_t size);

/* Frees the model. */
void narrate_onnx_close(narrate_onnx_model *model);

/* Whether the model has an input (or output, with `output` nonzero) named `name`. */
int narrate_onnx_has(const narrate_onnx_model *model, const char *name, int output);

/* Runs a Piper (VITS) model: `ids` (`count` phoneme ids) with `scales` (noise, length, noise
   width) and, when the model has the input `sid`, `speaker`. Writes the audio (floats,
   malloc'ed: free with narrate_onnx_free) to `*samples` and its length to `*sample_count`;
   when `durations_output` names an output of the model, also the frames of each id to
   `*durations` (malloc'ed, `count` of them), else NULL. */
int narrate_onnx_speak(
    narrate_onnx_model *model, const int64_t *ids, size_t count, const float scales[3], int64_t speaker,
    const char *durations_output, float **samples, size_t *sample_count, float **durations, char *message, size_t size);

/* Frees what narrate_onnx_speak returned. */
void narrate_onnx_free(void *pointer);

#endif
