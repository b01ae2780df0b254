#ifndef NARRATE_IMAGE_H
#define NARRATE_IMAGE_H

#include <stddef.h>
#include <stdint.h>

/*
 * Decodes the JPEG image in data[0 ..< length] to 8-bit RGB, three bytes a pixel, rows
 * top to bottom. On success returns 0 and sets *width, *height and *pixels (free it with
 * narrate_image_free); on failure (an error, or a warning: data libjpeg made up for a
 * file cut short or corrupt) returns -1 with libjpeg's message in error (never exits:
 * libjpeg's default error handler would end the process).
 */
int narrate_jpeg_decode(const uint8_t *data, size_t length, int32_t *width, int32_t *height, uint8_t **pixels,
                        char *error, size_t error_length);

/* Frees pixels returned by narrate_jpeg_decode. */
void narrate_image_free(uint8_t *pixels);

#endif
