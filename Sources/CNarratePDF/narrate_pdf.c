#include "narrate_pdf.h"

#include <poppler.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>

#if !defined(__APPLE__)
#include "narrate_dynamic.h"

/* poppler-glib's functions as narrate calls them, and the GLib ones it needs (found through
   poppler-glib's handle, which links GLib), found with dlsym on first use. */
#define NARRATE_PDF_API(X)                                                                                       \
    X(poppler_document_new_from_bytes) X(poppler_document_new_from_fd) X(poppler_document_get_n_pages) X(poppler_document_get_page)            \
    X(poppler_document_get_title) X(poppler_document_get_author) X(poppler_document_get_subject)               \
    X(poppler_document_get_creation_date) X(poppler_document_find_dest) X(poppler_page_get_size)               \
    X(poppler_page_get_text) X(poppler_page_get_text_layout) X(poppler_page_get_text_attributes)               \
    X(poppler_page_free_text_attributes) X(poppler_index_iter_new) X(poppler_index_iter_get_child)             \
    X(poppler_index_iter_get_action) X(poppler_index_iter_next) X(poppler_index_iter_free) X(poppler_action_free) \
    X(poppler_dest_free) X(g_bytes_new_static) X(g_bytes_unref) X(g_error_free) X(g_free) X(g_object_unref)     \
    X(g_utf8_get_char_validated)

NARRATE_DYNAMIC_LIBRARY(NARRATE_PDF_API, "libpoppler-glib.so.8", narrate_dynamic_nothing_after)

#define CALL(name) api_##name
#else
/* On macOS Homebrew's poppler is linked. */
static int load(void) { return 1; }
#define CALL(name) name
#endif

struct narrate_pdf {
    PopplerDocument *document;
    GBytes *bytes;
};

static void copy_message(char *message, size_t message_size, const char *text) {
    if (message == NULL || message_size == 0) return;
    strncpy(message, text != NULL ? text : "", message_size - 1);
    message[message_size - 1] = '\0';
}

/* The document poppler opened (or NULL, with `*code` and `message` set), wrapped with the
   bytes it reads from (NULL for a file). */
static narrate_pdf *opened(PopplerDocument *document, GError *error, GBytes *data, int *code, char *message, size_t message_size) {
    if (document == NULL) {
        *code = error != NULL && error->code == POPPLER_ERROR_ENCRYPTED ? NARRATE_PDF_ENCRYPTED : NARRATE_PDF_DAMAGED;
        copy_message(message, message_size, error != NULL ? error->message : "poppler cannot read it");
        if (error != NULL) CALL(g_error_free)(error);
        if (data != NULL) CALL(g_bytes_unref)(data);
        return NULL;
    }
    narrate_pdf *pdf = malloc(sizeof *pdf);
    if (pdf == NULL) {
        CALL(g_object_unref)(document);
        if (data != NULL) CALL(g_bytes_unref)(data);
        *code = NARRATE_PDF_DAMAGED;
        copy_message(message, message_size, "out of memory");
        return NULL;
    }
    pdf->document = document;
    pdf->bytes = data;
    *code = NARRATE_PDF_OK;
    return pdf;
}

static int loaded(int *code, char *message, size_t message_size) {
    copy_message(message, message_size, "");
    if (load()) return 1;
    *code = NARRATE_PDF_UNAVAILABLE;
    copy_message(message, message_size, "poppler (libpoppler-glib8) cannot be loaded");
    return 0;
}

narrate_pdf *narrate_pdf_open(const void *bytes, size_t length, int *code, char *message, size_t message_size) {
    if (!loaded(code, message, message_size)) return NULL;
    GBytes *data = CALL(g_bytes_new_static)(bytes, length);
    GError *error = NULL;
    PopplerDocument *document = CALL(poppler_document_new_from_bytes)(data, NULL, &error);
    return opened(document, error, data, code, message, message_size);
}

narrate_pdf *narrate_pdf_open_file(const char *path, int *code, char *message, size_t message_size) {
    if (!loaded(code, message, message_size)) return NULL;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        *code = NARRATE_PDF_DAMAGED;
        copy_message(message, message_size, strerror(errno));
        return NULL;
    }
    GError *error = NULL;
    /* poppler owns the descriptor from here on, and closes it, opened or not. */
    PopplerDocument *document = CALL(poppler_document_new_from_fd)(fd, NULL, &error);
    return opened(document, error, NULL, code, message, message_size);
}

int narrate_pdf_page_count(narrate_pdf *pdf) { return CALL(poppler_document_get_n_pages)(pdf->document); }

/* A GLib string as one of malloc's (so Swift frees every string the same way), or NULL. */
static char *copied(gchar *text) {
    if (text == NULL) return NULL;
    char *copy = strdup(text);
    CALL(g_free)(text);
    return copy;
}

char *narrate_pdf_title(narrate_pdf *pdf) { return copied(CALL(poppler_document_get_title)(pdf->document)); }
char *narrate_pdf_author(narrate_pdf *pdf) { return copied(CALL(poppler_document_get_author)(pdf->document)); }
char *narrate_pdf_subject(narrate_pdf *pdf) { return copied(CALL(poppler_document_get_subject)(pdf->document)); }

int64_t narrate_pdf_creation_date(narrate_pdf *pdf) {
    time_t date = CALL(poppler_document_get_creation_date)(pdf->document);
    return date <= 0 ? -1 : (int64_t)date;
}

/* Whether a font's name says it is bold (or heavier): "Times-Bold", "DejaVuSans-Bold",
   TeX's "CMBX10", URW's "NimbusRomNo9L-Medi", "Arial-BoldMT". */
static int is_bold(const char *name) {
    if (name == NULL) return 0;
    static const char *marks[] = {"Bold", "bold", "Black", "Heavy", "Semibold", "SemiBold", "Demi", "CMBX", "-Medi", "-Bd"};
    for (size_t i = 0; i < sizeof marks / sizeof marks[0]; i++) {
        if (strstr(name, marks[i]) != NULL) return 1;
    }
    return 0;
}

/* The length of the UTF-8 sequence a byte starts, as GLib counts characters (g_utf8_skip):
   poppler gives one box for each character so counted. */
static size_t sequence_length(unsigned char lead) {
    if (lead < 0xC0) return 1;
    if (lead < 0xE0) return 2;
    if (lead < 0xF0) return 3;
    if (lead < 0xF8) return 4;
    if (lead < 0xFC) return 5;
    return 6;
}

int narrate_pdf_page(narrate_pdf *pdf, int index, uint32_t **characters, narrate_pdf_glyph **glyphs, size_t *count,
                     double *width, double *height) {
    *characters = NULL;
    *glyphs = NULL;
    *count = 0;
    PopplerPage *page = CALL(poppler_document_get_page)(pdf->document, index);
    if (page == NULL) return -1;
    CALL(poppler_page_get_size)(page, width, height);
    gchar *text = CALL(poppler_page_get_text)(page);
    size_t bytes = text != NULL ? strlen(text) : 0;
    /* At most one character a byte. */
    uint32_t *decoded = malloc((bytes > 0 ? bytes : 1) * sizeof *decoded);
    narrate_pdf_glyph *out = calloc(bytes > 0 ? bytes : 1, sizeof *out);
    if (decoded == NULL || out == NULL) {
        free(decoded);
        free(out);
        CALL(g_free)(text);
        CALL(g_object_unref)(page);
        return -1;
    }
    size_t total = 0;
    for (size_t at = 0; at < bytes;) {
        size_t length = sequence_length((unsigned char)text[at]);
        if (length > bytes - at) length = bytes - at;
        gunichar character = CALL(g_utf8_get_char_validated)(text + at, (gssize)length);
        decoded[total++] = character >= 0x110000 || (character >= 0xD800 && character <= 0xDFFF) ? 0xFFFD : character;
        at += length;
    }
    CALL(g_free)(text);
    PopplerRectangle *rectangles = NULL;
    guint rectangle_count = 0;
    if (total > 0 && !CALL(poppler_page_get_text_layout)(page, &rectangles, &rectangle_count)) {
        rectangles = NULL;
        rectangle_count = 0;
    }
    /* A character poppler gave no box (there should be none) keeps an empty one. */
    for (size_t i = 0; i < total && i < rectangle_count; i++) {
        out[i].left = rectangles[i].x1;
        out[i].top = rectangles[i].y1;
        out[i].right = rectangles[i].x2;
        out[i].bottom = rectangles[i].y2;
    }
    CALL(g_free)(rectangles);
    if (total > 0) {
        GList *attributes = CALL(poppler_page_get_text_attributes)(page);
        for (GList *item = attributes; item != NULL; item = item->next) {
            PopplerTextAttributes *run = item->data;
            int bold = is_bold(run->font_name);
            for (gint i = run->start_index > 0 ? run->start_index : 0; i <= run->end_index && (size_t)i < total; i++) {
                out[i].font_size = run->font_size;
                out[i].bold = bold;
            }
        }
        CALL(poppler_page_free_text_attributes)(attributes);
    }
    CALL(g_object_unref)(page);
    *characters = decoded;
    *glyphs = out;
    *count = total;
    return 0;
}

/* Growing list of outline entries. */
typedef struct {
    narrate_pdf_outline_entry *entries;
    size_t count, capacity;
} outline_list;

static void add_entries(PopplerDocument *document, PopplerIndexIter *iter, int depth, outline_list *list) {
    if (depth > 16) return;
    do {
        PopplerAction *action = CALL(poppler_index_iter_get_action)(iter);
        if (action != NULL && action->type == POPPLER_ACTION_GOTO_DEST && action->goto_dest.title != NULL) {
            int page = -1;
            double top = -1;
            PopplerDest *dest = action->goto_dest.dest;
            PopplerDest *found = NULL;
            if (dest != NULL && dest->type == POPPLER_DEST_NAMED && dest->named_dest != NULL) {
                found = CALL(poppler_document_find_dest)(document, dest->named_dest);
                dest = found;
            }
            if (dest != NULL && dest->page_num > 0) {
                page = dest->page_num - 1;
                if (dest->change_top) top = dest->top;
            }
            if (found != NULL) CALL(poppler_dest_free)(found);
            if (list->count == list->capacity) {
                size_t capacity = list->capacity == 0 ? 32 : list->capacity * 2;
                narrate_pdf_outline_entry *grown = realloc(list->entries, capacity * sizeof *grown);
                if (grown == NULL) {
                    CALL(poppler_action_free)(action);
                    return;
                }
                list->entries = grown;
                list->capacity = capacity;
            }
            narrate_pdf_outline_entry *entry = &list->entries[list->count++];
            entry->title = strdup(action->goto_dest.title);
            entry->depth = depth;
            entry->page = page;
            entry->top = top;
        }
        if (action != NULL) CALL(poppler_action_free)(action);
        PopplerIndexIter *child = CALL(poppler_index_iter_get_child)(iter);
        if (child != NULL) {
            add_entries(document, child, depth + 1, list);
            CALL(poppler_index_iter_free)(child);
        }
    } while (CALL(poppler_index_iter_next)(iter));
}

int narrate_pdf_outline(narrate_pdf *pdf, narrate_pdf_outline_entry **entries, size_t *count) {
    outline_list list = {NULL, 0, 0};
    PopplerIndexIter *iter = CALL(poppler_index_iter_new)(pdf->document);
    if (iter != NULL) {
        add_entries(pdf->document, iter, 1, &list);
        CALL(poppler_index_iter_free)(iter);
    }
    *entries = list.entries;
    *count = list.count;
    return 0;
}

void narrate_pdf_free_outline(narrate_pdf_outline_entry *entries, size_t count) {
    for (size_t i = 0; i < count; i++) free(entries[i].title);
    free(entries);
}

void narrate_pdf_free(void *pointer) { free(pointer); }

void narrate_pdf_close(narrate_pdf *pdf) {
    if (pdf == NULL) return;
    CALL(g_object_unref)(pdf->document);
    if (pdf->bytes != NULL) CALL(g_bytes_unref)(pdf->bytes);
    free(pdf);
}
