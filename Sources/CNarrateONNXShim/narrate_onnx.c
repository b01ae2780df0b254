#include "narrate_onnx.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * ONNX Runtime's C API as narrate uses it. The API is a table of function pointers that
 * OrtGetApiBase()->GetApi(version) returns; it only ever grows at its end, so a function's
 * slot is the same in every version that has it. The slots and signatures below follow
 * onnxruntime_c_api.h (ORT_API_VERSION 16 and later); every one was checked against the
 * library of the `onnxruntime` wheel. Every function that can fail returns an OrtStatus,
 * NULL on success.
 */
typedef struct narrate_ort_status narrate_ort_status;
typedef struct narrate_ort_env narrate_ort_env;
typedef struct narrate_ort_session narrate_ort_session;
typedef struct narrate_ort_options narrate_ort_options;
typedef struct narrate_ort_memory narrate_ort_memory;
typedef struct narrate_ort_value narrate_ort_value;
typedef struct narrate_ort_shape narrate_ort_shape;
typedef struct narrate_ort_allocator narrate_ort_allocator;

typedef struct {
    const void *const *(*get_api)(uint32_t version);
    const char *(*get_version_string)(void);
} narrate_ort_api_base;

enum {
    SLOT_GET_ERROR_MESSAGE = 2,
    SLOT_CREATE_ENV = 3,
    SLOT_CREATE_SESSION = 7,
    SLOT_CREATE_SESSION_FROM_ARRAY = 8,
    SLOT_RUN = 9,
    SLOT_CREATE_SESSION_OPTIONS = 10,
    SLOT_SET_OPTIMIZED_MODEL_FILE_PATH = 11,
    SLOT_SET_GRAPH_OPTIMIZATION_LEVEL = 23,
    SLOT_SET_INTRA_OP_THREADS = 24,
    SLOT_SET_INTER_OP_THREADS = 25,
    SLOT_SESSION_INPUT_COUNT = 30,
    SLOT_SESSION_OUTPUT_COUNT = 31,
    SLOT_SESSION_INPUT_NAME = 36,
    SLOT_SESSION_OUTPUT_NAME = 37,
    SLOT_CREATE_TENSOR_WITH_DATA = 49,
    SLOT_GET_TENSOR_MUTABLE_DATA = 51,
    SLOT_GET_SHAPE_ELEMENT_COUNT = 64,
    SLOT_GET_TENSOR_TYPE_AND_SHAPE = 65,
    SLOT_CREATE_CPU_MEMORY_INFO = 69,
    SLOT_ALLOCATOR_FREE = 76,
    SLOT_GET_DEFAULT_ALLOCATOR = 78,
    SLOT_RELEASE_ENV = 92,
    SLOT_RELEASE_STATUS = 93,
    SLOT_RELEASE_MEMORY_INFO = 94,
    SLOT_RELEASE_SESSION = 95,
    SLOT_RELEASE_VALUE = 96,
    SLOT_RELEASE_SHAPE = 99,
    SLOT_RELEASE_SESSION_OPTIONS = 100,
    SLOT_ADD_SESSION_CONFIG_ENTRY = 130,
};

enum { TENSOR_FLOAT = 1, TENSOR_INT64 = 7 };
enum { LOG_ERROR = 3, ARENA_ALLOCATOR = 1, MEMORY_DEFAULT = 0, OPTIMIZE_BASIC = 1 };

static const void *const *api = NULL;
static const char *loaded_version = NULL;
static narrate_ort_env *environment = NULL;
static int load_outcome = -1;
static char load_message[512];
static pthread_mutex_t load_lock = PTHREAD_MUTEX_INITIALIZER;

#define CALL(slot, type) ((type)api[slot])

/* Takes the message of `status` into `message` and frees it; returns nonzero when it was a failure. */
static int failed(narrate_ort_status *status, char *message, size_t size, const char *doing) {
    if (status == NULL) return 0;
    const char *text = CALL(SLOT_GET_ERROR_MESSAGE, const char *(*)(const narrate_ort_status *))(status);
    if (message != NULL && size > 0) snprintf(message, size, "%s: %s", doing, text != NULL ? text : "failed");
    CALL(SLOT_RELEASE_STATUS, void (*)(narrate_ort_status *))(status);
    return 1;
}

/* The version in `text` ("1.32.0") as major * 1000 + minor; -1 when it is none. */
static int parse_version(const char *text) {
    int major = 0, minor = 0;
    if (text == NULL || sscanf(text, "%d.%d", &major, &minor) != 2) return -1;
    return major * 1000 + minor;
}

int narrate_onnx_load(const char *path, char *message, size_t size) {
    pthread_mutex_lock(&load_lock);
    if (load_outcome < 0) {
        load_outcome = NARRATE_ONNX_UNAVAILABLE;
        void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
        const narrate_ort_api_base *(*get_base)(void) = NULL;
        if (library == NULL) {
            snprintf(load_message, sizeof load_message, "cannot be opened (%s)", dlerror());
        } else if ((get_base = (const narrate_ort_api_base *(*)(void))dlsym(library, "OrtGetApiBase")) == NULL) {
            snprintf(load_message, sizeof load_message, "is not ONNX Runtime (no OrtGetApiBase)");
        } else {
            const narrate_ort_api_base *base = get_base();
            const char *version = base != NULL ? base->get_version_string() : NULL;
            int number = parse_version(version);
            if (number < NARRATE_ONNX_OLDEST) {
                load_outcome = NARRATE_ONNX_TOO_OLD;
                snprintf(load_message, sizeof load_message, "is ONNX Runtime %s; narrate needs %d.%d or later",
                         version != NULL ? version : "of an unknown version", NARRATE_ONNX_OLDEST / 1000, NARRATE_ONNX_OLDEST % 1000);
            } else if ((api = base->get_api(16)) == NULL) {
                snprintf(load_message, sizeof load_message, "ONNX Runtime %s offers no API version 16", version);
            } else {
                narrate_ort_status *status = CALL(SLOT_CREATE_ENV, narrate_ort_status *(*)(int, const char *, narrate_ort_env **))(
                    LOG_ERROR, "narrate", &environment);
                if (failed(status, load_message, sizeof load_message, "cannot start ONNX Runtime")) {
                    api = NULL;
                } else {
                    loaded_version = version;
                    load_outcome = NARRATE_ONNX_OK;
                }
            }
        }
    }
    int outcome = load_outcome;
    if (outcome != NARRATE_ONNX_OK && message != NULL && size > 0) snprintf(message, size, "%s", load_message);
    pthread_mutex_unlock(&load_lock);
    return outcome;
}

const char *narrate_onnx_version(void) {
    return load_outcome == NARRATE_ONNX_OK ? loaded_version : NULL;
}

struct narrate_onnx_model {
    narrate_ort_session *session;
    char **inputs;
    size_t input_count;
    char **outputs;
    size_t output_count;
};

/* The names of the session's inputs (or outputs), copied with malloc. */
static char **names(narrate_ort_session *session, int output, size_t *count) {
    narrate_ort_allocator *allocator = NULL;
    if (CALL(SLOT_GET_DEFAULT_ALLOCATOR, narrate_ort_status *(*)(narrate_ort_allocator **))(&allocator) != NULL) return NULL;
    size_t total = 0;
    int count_slot = output ? SLOT_SESSION_OUTPUT_COUNT : SLOT_SESSION_INPUT_COUNT;
    if (failed(CALL(count_slot, narrate_ort_status *(*)(const narrate_ort_session *, size_t *))(session, &total), NULL, 0, "")) return NULL;
    char **list = calloc(total + 1, sizeof(char *));
    if (list == NULL) return NULL;
    int name_slot = output ? SLOT_SESSION_OUTPUT_NAME : SLOT_SESSION_INPUT_NAME;
    for (size_t index = 0; index < total; index++) {
        char *name = NULL;
        narrate_ort_status *status = CALL(name_slot, narrate_ort_status *(*)(const narrate_ort_session *, size_t, narrate_ort_allocator *, char **))(
            session, index, allocator, &name);
        if (failed(status, NULL, 0, "") || name == NULL) continue;
        list[index] = strdup(name);
        CALL(SLOT_ALLOCATOR_FREE, narrate_ort_status *(*)(narrate_ort_allocator *, void *))(allocator, name);
    }
    *count = total;
    return list;
}

static void free_names(char **list, size_t count) {
    if (list == NULL) return;
    for (size_t index = 0; index < count; index++) free(list[index]);
    free(list);
}

narrate_onnx_model *narrate_onnx_open(const void *bytes, size_t length, const char *file, const char *optimized, int threads, char *message,
                                      size_t size) {
    if (api == NULL) {
        snprintf(message, size, "ONNX Runtime is not loaded");
        return NULL;
    }
    narrate_ort_options *options = NULL;
    if (failed(CALL(SLOT_CREATE_SESSION_OPTIONS, narrate_ort_status *(*)(narrate_ort_options **))(&options), message, size,
               "cannot make session options")) {
        return NULL;
    }
    narrate_ort_status *status = CALL(SLOT_SET_INTRA_OP_THREADS, narrate_ort_status *(*)(narrate_ort_options *, int))(options, threads);
    if (status == NULL) status = CALL(SLOT_SET_INTER_OP_THREADS, narrate_ort_status *(*)(narrate_ort_options *, int))(options, 1);
    /* Basic optimizations only: on the test voice (2 cores) all of them took 200 to 350 ms
       more to make the session and ran an article no faster (6.85 s against 6.92 s). */
    if (status == NULL) {
        status = CALL(SLOT_SET_GRAPH_OPTIMIZATION_LEVEL, narrate_ort_status *(*)(narrate_ort_options *, int))(options, OPTIMIZE_BASIC);
    }
    /* The optimized model written out, for a later session to load as it is. */
    if (status == NULL && optimized != NULL) {
        status = CALL(SLOT_SET_OPTIMIZED_MODEL_FILE_PATH, narrate_ort_status *(*)(narrate_ort_options *, const char *))(options, optimized);
    }
    /* The intra-op threads spin a moment between a run's parallel parts rather than sleep at
       once (ONNX Runtime's default, which piper keeps): on 2026-12-03, `narrate-bench
       --neural-only` on the news sample, alternating with and without, put narrate at 0.90 to
       0.94 of piper's wall time spinning against 0.94 to 1.00 sleeping, for about 5% more CPU
       (the joe voice's model alone: 5.0 s against 6.3 s, the same CPU). Sleeping had measured
       faster in an earlier state of the engine (7.1 s against 7.8 s on the test voice).
       Threads that find no more work still sleep: a worker waiting for its next article
       costs nothing (0.05 s of CPU in the 3 s after a run, measured). */
    if (status == NULL) {
        status = CALL(SLOT_ADD_SESSION_CONFIG_ENTRY, narrate_ort_status *(*)(narrate_ort_options *, const char *, const char *))(
            options, "session.intra_op.allow_spinning", "1");
    }
    narrate_ort_session *session = NULL;
    if (status == NULL && file != NULL) {
        status = CALL(SLOT_CREATE_SESSION,
                      narrate_ort_status *(*)(const narrate_ort_env *, const char *, const narrate_ort_options *, narrate_ort_session **))(
            environment, file, options, &session);
    } else if (status == NULL) {
        status = CALL(SLOT_CREATE_SESSION_FROM_ARRAY,
                      narrate_ort_status *(*)(const narrate_ort_env *, const void *, size_t, const narrate_ort_options *, narrate_ort_session **))(
            environment, bytes, length, options, &session);
    }
    CALL(SLOT_RELEASE_SESSION_OPTIONS, void (*)(narrate_ort_options *))(options);
    if (failed(status, message, size, "cannot load the model")) return NULL;
    narrate_onnx_model *model = calloc(1, sizeof *model);
    if (model == NULL) {
        CALL(SLOT_RELEASE_SESSION, void (*)(narrate_ort_session *))(session);
        snprintf(message, size, "out of memory");
        return NULL;
    }
    model->session = session;
    model->inputs = names(session, 0, &model->input_count);
    model->outputs = names(session, 1, &model->output_count);
    return model;
}

void narrate_onnx_close(narrate_onnx_model *model) {
    if (model == NULL) return;
    CALL(SLOT_RELEASE_SESSION, void (*)(narrate_ort_session *))(model->session);
    free_names(model->inputs, model->input_count);
    free_names(model->outputs, model->output_count);
    free(model);
}

int narrate_onnx_has(const narrate_onnx_model *model, const char *name, int output) {
    char *const *list = output ? model->outputs : model->inputs;
    size_t count = output ? model->output_count : model->input_count;
    for (size_t index = 0; list != NULL && index < count; index++) {
        if (list[index] != NULL && strcmp(list[index], name) == 0) return 1;
    }
    return 0;
}

/* A tensor over `data` (not copied). */
static narrate_ort_status *tensor(narrate_ort_memory *memory, void *data, size_t bytes, const int64_t *shape, size_t rank, int type,
                                  narrate_ort_value **out) {
    return CALL(SLOT_CREATE_TENSOR_WITH_DATA,
                narrate_ort_status *(*)(const narrate_ort_memory *, void *, size_t, const int64_t *, size_t, int, narrate_ort_value **))(
        memory, data, bytes, shape, rank, type, out);
}

/* The floats of `value`, copied with malloc, and their count. */
static float *copy_floats(narrate_ort_value *value, size_t *count, char *message, size_t size) {
    narrate_ort_shape *shape = NULL;
    size_t elements = 0;
    float *data = NULL;
    if (failed(CALL(SLOT_GET_TENSOR_TYPE_AND_SHAPE, narrate_ort_status *(*)(const narrate_ort_value *, narrate_ort_shape **))(value, &shape),
               message, size, "cannot read the model's output")) {
        return NULL;
    }
    narrate_ort_status *status = CALL(SLOT_GET_SHAPE_ELEMENT_COUNT, narrate_ort_status *(*)(const narrate_ort_shape *, size_t *))(shape, &elements);
    CALL(SLOT_RELEASE_SHAPE, void (*)(narrate_ort_shape *))(shape);
    if (failed(status, message, size, "cannot read the model's output")) return NULL;
    if (failed(CALL(SLOT_GET_TENSOR_MUTABLE_DATA, narrate_ort_status *(*)(narrate_ort_value *, void **))(value, (void **)&data), message,
               size, "cannot read the model's output")) {
        return NULL;
    }
    float *copy = malloc(elements > 0 ? elements * sizeof(float) : 1);
    if (copy == NULL) {
        snprintf(message, size, "out of memory");
        return NULL;
    }
    if (elements > 0) memcpy(copy, data, elements * sizeof(float));
    *count = elements;
    return copy;
}

int narrate_onnx_speak(
    narrate_onnx_model *model, const int64_t *ids, size_t count, const float scales[3], int64_t speaker,
    const char *durations_output, float **samples, size_t *sample_count, float **durations, char *message, size_t size) {
    *samples = NULL;
    *sample_count = 0;
    *durations = NULL;
    narrate_ort_memory *memory = NULL;
    if (failed(CALL(SLOT_CREATE_CPU_MEMORY_INFO, narrate_ort_status *(*)(int, int, narrate_ort_memory **))(ARENA_ALLOCATOR, MEMORY_DEFAULT, &memory),
               message, size, "cannot describe memory")) {
        return NARRATE_ONNX_RUN_FAILED;
    }
    int64_t id_shape[2] = {1, (int64_t)count};
    int64_t length = (int64_t)count;
    int64_t one = 1;
    int64_t three = 3;
    float scale_values[3] = {scales[0], scales[1], scales[2]};
    int64_t speaker_value = speaker;
    const char *input_names[4] = {"input", "input_lengths", "scales", "sid"};
    narrate_ort_value *inputs[4] = {NULL, NULL, NULL, NULL};
    size_t input_count = narrate_onnx_has(model, "sid", 0) ? 4 : 3;
    narrate_ort_status *status = tensor(memory, (void *)ids, count * sizeof(int64_t), id_shape, 2, TENSOR_INT64, &inputs[0]);
    if (status == NULL) status = tensor(memory, &length, sizeof length, &one, 1, TENSOR_INT64, &inputs[1]);
    if (status == NULL) status = tensor(memory, scale_values, sizeof scale_values, &three, 1, TENSOR_FLOAT, &inputs[2]);
    if (status == NULL && input_count == 4) status = tensor(memory, &speaker_value, sizeof speaker_value, &one, 1, TENSOR_INT64, &inputs[3]);
    const char *output_names[2] = {"output", durations_output};
    size_t output_count = durations_output != NULL && narrate_onnx_has(model, durations_output, 1) ? 2 : 1;
    narrate_ort_value *outputs[2] = {NULL, NULL};
    if (status == NULL) {
        status = CALL(SLOT_RUN,
                      narrate_ort_status *(*)(narrate_ort_session *, const void *, const char *const *, const narrate_ort_value *const *,
                                              size_t, const char *const *, size_t, narrate_ort_value **))(
            model->session, NULL, input_names, (const narrate_ort_value *const *)inputs, input_count, output_names, output_count, outputs);
    }
    int outcome = NARRATE_ONNX_OK;
    if (failed(status, message, size, "the model failed")) {
        outcome = NARRATE_ONNX_RUN_FAILED;
    } else {
        *samples = copy_floats(outputs[0], sample_count, message, size);
        if (*samples == NULL) outcome = NARRATE_ONNX_RUN_FAILED;
        if (outcome == NARRATE_ONNX_OK && output_count == 2) {
            size_t frames = 0;
            *durations = copy_floats(outputs[1], &frames, message, size);
            if (*durations != NULL && frames != count) {
                free(*durations);
                *durations = NULL;
            }
        }
    }
    for (size_t index = 0; index < 4; index++) {
        if (inputs[index] != NULL) CALL(SLOT_RELEASE_VALUE, void (*)(narrate_ort_value *))(inputs[index]);
    }
    for (size_t index = 0; index < 2; index++) {
        if (outputs[index] != NULL) CALL(SLOT_RELEASE_VALUE, void (*)(narrate_ort_value *))(outputs[index]);
    }
    CALL(SLOT_RELEASE_MEMORY_INFO, void (*)(narrate_ort_memory *))(memory);
    return outcome;
}

void narrate_onnx_free(void *pointer) {
    free(pointer);
}
