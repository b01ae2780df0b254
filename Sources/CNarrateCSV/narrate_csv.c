#include "narrate_csv.h"

#include <csv.h>

#if !defined(__APPLE__)
#include "narrate_dynamic.h"

#define NARRATE_CSV_API(X) X(csv_init) X(csv_parse) X(csv_fini) X(csv_free)

NARRATE_DYNAMIC_LIBRARY(NARRATE_CSV_API, "libcsv.so.3", narrate_dynamic_nothing_after)
#define CALL(name) api_##name
#else
static int load(void) { return 1; }
#define CALL(name) name
#endif

/* What libcsv's callbacks pass on to the caller's. */
struct reading {
    narrate_csv_field field;
    narrate_csv_record record;
    void *context;
};

static void end_field(void *bytes, size_t size, void *data) {
    struct reading *reading = data;
    reading->field(bytes, size, reading->context);
}

static void end_record(int terminator, void *data) {
    (void)terminator;
    struct reading *reading = data;
    reading->record(reading->context);
}

int narrate_csv_read(const char *bytes, size_t size, narrate_csv_field field, narrate_csv_record record,
                     void *context) {
    if (!load()) return NARRATE_CSV_UNAVAILABLE;
    struct csv_parser parser;
    if (CALL(csv_init)(&parser, 0) != 0) return NARRATE_CSV_NO_MEMORY;
    struct reading reading = {field, record, context};
    int code = NARRATE_CSV_OK;
    if (CALL(csv_parse)(&parser, bytes, size, end_field, end_record, &reading) != size) {
        code = NARRATE_CSV_NO_MEMORY;
    } else {
        CALL(csv_fini)(&parser, end_field, end_record, &reading);
    }
    CALL(csv_free)(&parser);
    return code;
}
