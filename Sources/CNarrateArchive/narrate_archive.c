#include "narrate_archive.h"

#include <archive.h>
#include <archive_entry.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#if !defined(__APPLE__)
#include "narrate_dynamic.h"

/* libarchive's functions as narrate calls them, found with dlsym on first use. */
#define NARRATE_ARCHIVE_API(X) \
    X(archive_read_new) X(archive_read_support_format_all) X(archive_read_support_filter_all) \
    X(archive_read_open_filename) X(archive_read_open_memory) X(archive_read_next_header) X(archive_read_data) X(archive_read_free) \
    X(archive_error_string) X(archive_entry_pathname) X(archive_entry_pathname_utf8) X(archive_entry_filetype)

NARRATE_DYNAMIC_LIBRARY(NARRATE_ARCHIVE_API, "libarchive.so.13", narrate_dynamic_nothing_after)

#define CALL(name) api_##name
#else
/* On macOS the system's libarchive is linked. */
static int load(void) { return 1; }
#define CALL(name) name
#endif

struct narrate_archive {
    struct archive *reader;
};

static void copy_message(char *message, size_t message_size, const char *text) {
    if (message == NULL || message_size == 0) return;
    strncpy(message, text != NULL ? text : "", message_size - 1);
    message[message_size - 1] = '\0';
}

/* Opens a reader on `path`, or on the `length` bytes at `bytes` when `path` is NULL. */
static narrate_archive *open_archive(const char *path, const void *bytes, size_t length, int *code, char *message,
                                     size_t message_size) {
    copy_message(message, message_size, "");
    if (!load()) {
        *code = NARRATE_ARCHIVE_UNAVAILABLE;
        copy_message(message, message_size, "libarchive (libarchive13) cannot be loaded");
        return NULL;
    }
    struct stat status;
    if (path != NULL && stat(path, &status) != 0) {
        *code = NARRATE_ARCHIVE_UNREADABLE;
        return NULL;
    }
    struct archive *reader = CALL(archive_read_new)();
    if (reader == NULL) {
        *code = NARRATE_ARCHIVE_UNREADABLE;
        copy_message(message, message_size, "out of memory");
        return NULL;
    }
    CALL(archive_read_support_format_all)(reader);
    CALL(archive_read_support_filter_all)(reader);
    int opened = path != NULL ? CALL(archive_read_open_filename)(reader, path, 64 * 1024)
                              : CALL(archive_read_open_memory)(reader, bytes, length);
    if (opened != ARCHIVE_OK) {
        *code = NARRATE_ARCHIVE_DAMAGED;
        copy_message(message, message_size, CALL(archive_error_string)(reader));
        CALL(archive_read_free)(reader);
        return NULL;
    }
    narrate_archive *archive = malloc(sizeof *archive);
    if (archive == NULL) {
        CALL(archive_read_free)(reader);
        *code = NARRATE_ARCHIVE_UNREADABLE;
        copy_message(message, message_size, "out of memory");
        return NULL;
    }
    archive->reader = reader;
    *code = NARRATE_ARCHIVE_OK;
    return archive;
}

narrate_archive *narrate_archive_open(const char *path, int *code, char *message, size_t message_size) {
    return open_archive(path, NULL, 0, code, message, message_size);
}

narrate_archive *narrate_archive_open_memory(const void *bytes, size_t length, int *code, char *message, size_t message_size) {
    return open_archive(NULL, bytes, length, code, message, message_size);
}

int narrate_archive_next(narrate_archive *archive, const char **path, int *is_file) {
    struct archive_entry *entry = NULL;
    int status = CALL(archive_read_next_header)(archive->reader, &entry);
    if (status == ARCHIVE_EOF) return 0;
    /* A warning (an unknown extra field, say) still gives a readable entry. */
    if (status != ARCHIVE_OK && status != ARCHIVE_WARN) return -1;
    const char *name = CALL(archive_entry_pathname_utf8)(entry);
    if (name == NULL) name = CALL(archive_entry_pathname)(entry);
    *path = name != NULL ? name : "";
    *is_file = CALL(archive_entry_filetype)(entry) == AE_IFREG;
    return 1;
}

long narrate_archive_read(narrate_archive *archive, void *buffer, size_t size) {
    la_ssize_t count = CALL(archive_read_data)(archive->reader, buffer, size);
    return count < 0 ? -1 : (long)count;
}

const char *narrate_archive_message(narrate_archive *archive) {
    const char *text = CALL(archive_error_string)(archive->reader);
    return text != NULL ? text : "damaged archive";
}

void narrate_archive_close(narrate_archive *archive) {
    if (archive == NULL) return;
    CALL(archive_read_free)(archive->reader);
    free(archive);
}
