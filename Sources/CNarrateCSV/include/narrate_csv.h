#ifndef NARRATE_CSV_H
#define NARRATE_CSV_H

#include <stddef.h>

/*
 * Comma-separated values read with libcsv, opened with dlopen the first time a table is read
 * (only the import of Pocket and Instapaper exports reads one). No libcsv type appears here.
 * libcsv reads in its forgiving mode: a quote inside an unquoted field is kept as it is, a
 * quoted field left open at the end ends there, spaces and tabs around an unquoted field are
 * dropped, and lines without a field are skipped.
 */

/* Called with each field's bytes (not NUL-terminated; valid only during the call). */
typedef void (*narrate_csv_field)(const char *bytes, size_t size, void *context);
/* Called at the end of each record. */
typedef void (*narrate_csv_record)(void *context);

enum {
    NARRATE_CSV_OK = 0,
    /* libcsv (libcsv.so.3) cannot be loaded. */
    NARRATE_CSV_UNAVAILABLE = 1,
    /* Out of memory, or a field larger than memory can hold. */
    NARRATE_CSV_NO_MEMORY = 2
};

/* Reads the `size` bytes at `bytes`, calling `field` for each field and `record` after each
   record's last field; returns one of the codes above. */
int narrate_csv_read(const char *bytes, size_t size, narrate_csv_field field, narrate_csv_record record,
                     void *context);

#endif
