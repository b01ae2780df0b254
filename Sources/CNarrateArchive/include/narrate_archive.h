#ifndef NARRATE_ARCHIVE_H
#define NARRATE_ARCHIVE_H

/*
 * Archives (a read-later service's zip export) read entry by entry with libarchive. No
 * libarchive type appears here: an open archive is an opaque pointer.
 *
 * On Linux libarchive is opened with dlopen the first time an archive is opened: linked, it
 * and its compression and crypto libraries would be loaded by every command at start-up,
 * though only imports read archives. When it cannot be loaded, narrate_archive_open fails
 * with NARRATE_ARCHIVE_UNAVAILABLE.
 */
#include <stddef.h>
#include <stdint.h>

typedef struct narrate_archive narrate_archive;

enum {
    NARRATE_ARCHIVE_OK = 0,
    /* libarchive cannot be loaded. */
    NARRATE_ARCHIVE_UNAVAILABLE = 1,
    /* Not an archive libarchive reads, or damaged. */
    NARRATE_ARCHIVE_DAMAGED = 2,
    /* The file cannot be opened. */
    NARRATE_ARCHIVE_UNREADABLE = 3,
};

/* Opens the archive at `path` (any format and compression libarchive reads). Returns NULL
   and sets `*code` (and libarchive's message in `message`, at most `message_size` bytes)
   when it cannot. */
narrate_archive *narrate_archive_open(const char *path, int *code, char *message, size_t message_size);
/* The same over the `length` bytes at `bytes` (an EPUB read into memory), which must stay
   as they are until the archive is closed. */
narrate_archive *narrate_archive_open_memory(const void *bytes, size_t length, int *code, char *message, size_t message_size);

/* Moves to the next entry: 1 with its path (valid until the next call) and whether it is a
   regular file, 0 at the end, -1 when the archive is damaged (see narrate_archive_message). */
int narrate_archive_next(narrate_archive *archive, const char **path, int *is_file);

/* Reads up to `size` bytes of the current entry: the count, 0 at its end, -1 when damaged. */
long narrate_archive_read(narrate_archive *archive, void *buffer, size_t size);

/* libarchive's message about the last failure (never NULL). */
const char *narrate_archive_message(narrate_archive *archive);

void narrate_archive_close(narrate_archive *archive);

#endif
