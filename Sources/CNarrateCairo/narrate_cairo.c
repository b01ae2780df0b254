#if !defined(__APPLE__)
/* Hidden: the definitions below serve narrate alone, never a library loaded later. */
#pragma GCC visibility push(hidden)
#include "narrate_cairo.h"
#pragma GCC visibility pop

#include <stddef.h>

#include "narrate_dynamic.h"

#define NARRATE_CAIRO_API(X) \
    X(cairo_arc) X(cairo_close_path) X(cairo_create) X(cairo_destroy) X(cairo_fill) X(cairo_get_source) X(cairo_image_surface_create) \
    X(cairo_image_surface_create_from_png_stream) X(cairo_image_surface_get_data) \
    X(cairo_image_surface_get_height) X(cairo_image_surface_get_stride) X(cairo_image_surface_get_width) \
    X(cairo_move_to) X(cairo_new_sub_path) X(cairo_paint) X(cairo_pattern_set_filter) X(cairo_rectangle) X(cairo_scale) \
    X(cairo_select_font_face) X(cairo_set_font_size) X(cairo_set_source_rgb) X(cairo_set_source_surface) \
    X(cairo_show_text) X(cairo_surface_destroy) X(cairo_surface_flush) X(cairo_surface_mark_dirty) \
    X(cairo_surface_status) X(cairo_surface_write_to_png_stream) X(cairo_text_extents)

/* load(): whether libcairo is loaded, loading it the first time. */
NARRATE_DYNAMIC_LIBRARY(NARRATE_CAIRO_API, "libcairo.so.2", narrate_dynamic_nothing_after)

/* A function that returns a value (failed when libcairo cannot be loaded), and one that does not. */
#define NARRATE_RETURNING(type, name, parameters, arguments, failed) \
    type name parameters { return load() ? api_##name arguments : (failed); }
#define NARRATE_VOID(name, parameters, arguments) \
    void name parameters { if (load()) api_##name arguments; }

NARRATE_VOID(cairo_arc, (cairo_t *cr, double xc, double yc, double radius, double angle1, double angle2),
             (cr, xc, yc, radius, angle1, angle2))
NARRATE_VOID(cairo_close_path, (cairo_t *cr), (cr))
NARRATE_RETURNING(cairo_t *, cairo_create, (cairo_surface_t *target), (target), NULL)
NARRATE_VOID(cairo_destroy, (cairo_t *cr), (cr))
NARRATE_VOID(cairo_fill, (cairo_t *cr), (cr))
NARRATE_RETURNING(cairo_pattern_t *, cairo_get_source, (cairo_t *cr), (cr), NULL)
NARRATE_RETURNING(cairo_surface_t *, cairo_image_surface_create, (cairo_format_t format, int width, int height),
                  (format, width, height), NULL)
NARRATE_RETURNING(cairo_surface_t *, cairo_image_surface_create_from_png_stream,
                  (cairo_read_func_t read_func, void *closure), (read_func, closure), NULL)
NARRATE_RETURNING(unsigned char *, cairo_image_surface_get_data, (cairo_surface_t *surface), (surface), NULL)
NARRATE_RETURNING(int, cairo_image_surface_get_height, (cairo_surface_t *surface), (surface), 0)
NARRATE_RETURNING(int, cairo_image_surface_get_stride, (cairo_surface_t *surface), (surface), 0)
NARRATE_RETURNING(int, cairo_image_surface_get_width, (cairo_surface_t *surface), (surface), 0)
NARRATE_VOID(cairo_move_to, (cairo_t *cr, double x, double y), (cr, x, y))
NARRATE_VOID(cairo_new_sub_path, (cairo_t *cr), (cr))
NARRATE_VOID(cairo_paint, (cairo_t *cr), (cr))
NARRATE_VOID(cairo_pattern_set_filter, (cairo_pattern_t *pattern, cairo_filter_t filter), (pattern, filter))
NARRATE_VOID(cairo_rectangle, (cairo_t *cr, double x, double y, double width, double height), (cr, x, y, width, height))
NARRATE_VOID(cairo_scale, (cairo_t *cr, double sx, double sy), (cr, sx, sy))
NARRATE_VOID(cairo_select_font_face,
             (cairo_t *cr, const char *family, cairo_font_slant_t slant, cairo_font_weight_t weight),
             (cr, family, slant, weight))
NARRATE_VOID(cairo_set_font_size, (cairo_t *cr, double size), (cr, size))
NARRATE_VOID(cairo_set_source_rgb, (cairo_t *cr, double red, double green, double blue), (cr, red, green, blue))
NARRATE_VOID(cairo_set_source_surface, (cairo_t *cr, cairo_surface_t *surface, double x, double y), (cr, surface, x, y))
NARRATE_VOID(cairo_show_text, (cairo_t *cr, const char *utf8), (cr, utf8))
NARRATE_VOID(cairo_surface_destroy, (cairo_surface_t *surface), (surface))
NARRATE_VOID(cairo_surface_flush, (cairo_surface_t *surface), (surface))
NARRATE_VOID(cairo_surface_mark_dirty, (cairo_surface_t *surface), (surface))
NARRATE_RETURNING(cairo_status_t, cairo_surface_status, (cairo_surface_t *surface), (surface), CAIRO_STATUS_NO_MEMORY)
NARRATE_RETURNING(cairo_status_t, cairo_surface_write_to_png_stream,
                  (cairo_surface_t *surface, cairo_write_func_t write_func, void *closure),
                  (surface, write_func, closure), CAIRO_STATUS_NO_MEMORY)
NARRATE_VOID(cairo_text_extents, (cairo_t *cr, const char *utf8, cairo_text_extents_t *extents), (cr, utf8, extents))
#endif
