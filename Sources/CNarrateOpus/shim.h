#include <opus/opus.h>
#include <ogg/ogg.h>

/* opus_encoder_ctl is variadic, which Swift cannot call: one fixed signature per use. */
static inline int narrate_opus_set(OpusEncoder *encoder, int request, opus_int32 value) {
    return opus_encoder_ctl(encoder, request, value);
}

static inline int narrate_opus_get(OpusEncoder *encoder, int request, opus_int32 *value) {
    return opus_encoder_ctl(encoder, request, value);
}
