#ifndef NARRATE_PDF_H
#define NARRATE_PDF_H

/*
 * PDF documents read with poppler (its GLib interface): the metadata, the outline, and each
 * page's text with every character's box and font. No poppler or GLib type appears here: an
 * open document is an opaque pointer, and what it returns is plain C.
 *
 * On Linux poppler-glib is opened with dlopen the first time a PDF is opened, as libarchive
 * is: linked, it and what it links (GLib, cairo, freetype, NSS...) would be loaded by every
 * command at start-up. When it cannot be loaded, narrate_pdf_open fails with
 * NARRATE_PDF_UNAVAILABLE.
 */
#include <stddef.h>
#include <stdint.h>

typedef struct narrate_pdf narrate_pdf;

enum {
    NARRATE_PDF_OK = 0,
    /* poppler-glib cannot be loaded. */
    NARRATE_PDF_UNAVAILABLE = 1,
    /* Not a PDF, or damaged beyond what poppler repairs. */
    NARRATE_PDF_DAMAGED = 2,
    /* Needs a password to be opened. */
    NARRATE_PDF_ENCRYPTED = 3,
};

/* One character of a page's text: its box (points, from the page's top left), its font's
   size and whether the font is a bold one. */
typedef struct {
    double left, top, right, bottom;
    double font_size;
    int bold;
} narrate_pdf_glyph;

/* One entry of the outline (the bookmarks): its title (UTF-8), its depth (1 for the top
   level), the page it goes to (from 0; -1 when it goes nowhere in the document) and the
   height on that page it goes to (PDF's points, up from the page's bottom; -1 when the entry
   does not say). */
typedef struct {
    char *title;
    int depth;
    int page;
    double top;
} narrate_pdf_outline_entry;

/* Opens the PDF in the `length` bytes at `bytes`, which must stay as they are until the
   document is closed. Returns NULL and sets `*code` (and poppler's message in `message`, at
   most `message_size` bytes) when it cannot. */
narrate_pdf *narrate_pdf_open(const void *bytes, size_t length, int *code, char *message, size_t message_size);

/* Opens the PDF file at `path`, which poppler reads as it needs (never whole into memory),
   the same way. */
narrate_pdf *narrate_pdf_open_file(const char *path, int *code, char *message, size_t message_size);

/* The number of pages. */
int narrate_pdf_page_count(narrate_pdf *pdf);

/* The metadata's title, author and subject (UTF-8, to be freed with narrate_pdf_free), or
   NULL when it has none. */
char *narrate_pdf_title(narrate_pdf *pdf);
char *narrate_pdf_author(narrate_pdf *pdf);
char *narrate_pdf_subject(narrate_pdf *pdf);
/* The creation date in seconds since 1970, or -1 when it has none. */
int64_t narrate_pdf_creation_date(narrate_pdf *pdf);

/* The text of page `index` (from 0) as Unicode code points in `*characters`, lines ended by
   "\n", and one glyph for each (a line end's too) in `*glyphs`, `*count` of both; the page's
   size in points. A character poppler wrote as no valid UTF-8 is U+FFFD. Both arrays are
   freed with narrate_pdf_free. Returns 0, or -1 when the page cannot be read. */
int narrate_pdf_page(narrate_pdf *pdf, int index, uint32_t **characters, narrate_pdf_glyph **glyphs, size_t *count,
                     double *width, double *height);

/* The outline, depth first, in `*entries` (`*count` of them; freed with
   narrate_pdf_free_outline). Returns 0 (no outline is an empty one). */
int narrate_pdf_outline(narrate_pdf *pdf, narrate_pdf_outline_entry **entries, size_t *count);

void narrate_pdf_free_outline(narrate_pdf_outline_entry *entries, size_t count);
void narrate_pdf_free(void *pointer);
void narrate_pdf_close(narrate_pdf *pdf);

#endif
