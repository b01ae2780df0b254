#ifndef NARRATE_CAIRO_H
#define NARRATE_CAIRO_H

/*
 * cairo's API as narrate uses it. On Linux the functions are defined by narrate_cairo.c,
 * which opens libcairo with dlopen the first time one is called: linked, cairo and the X11,
 * fontconfig, freetype and pixman libraries behind it would be loaded by every command at
 * start-up, though only podcast covers are drawn with them. When libcairo cannot be loaded,
 * a function that creates something returns NULL and cairo_surface_status reports
 * CAIRO_STATUS_NO_MEMORY.
 */
#include <cairo/cairo.h>

#endif
