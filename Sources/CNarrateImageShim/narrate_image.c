#include "narrate_image.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

/* libjpeg reports errors through error_exit, which must not return: it jumps back here. */
typedef struct narrate_jpeg_error {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    char *message;
    size_t message_length;
} narrate_jpeg_error;

static void narrate_jpeg_error_exit(j_common_ptr info) {
    narrate_jpeg_error *error = (narrate_jpeg_error *)info->err;
    if (error->message != NULL && error->message_length > 0) {
        char text[JMSG_LENGTH_MAX];
        (*info->err->format_message)(info, text);
        snprintf(error->message, error->message_length, "%s", text);
    }
    longjmp(error->jump, 1);
}

/* Warnings (corrupt data libjpeg can skip) are not printed on stderr. */
static void narrate_jpeg_output_message(j_common_ptr info) { (void)info; }

int narrate_jpeg_decode(const uint8_t *data, size_t length, int32_t *width, int32_t *height, uint8_t **pixels,
                        char *error_text, size_t error_length) {
    struct jpeg_decompress_struct info;
    narrate_jpeg_error error;
    uint8_t *volatile buffer = NULL;
    memset(&info, 0, sizeof(info));
    info.err = jpeg_std_error(&error.manager);
    error.manager.error_exit = narrate_jpeg_error_exit;
    error.manager.output_message = narrate_jpeg_output_message;
    error.message = error_text;
    error.message_length = error_length;
    if (error_text != NULL && error_length > 0) error_text[0] = 0;
    if (setjmp(error.jump)) {
        jpeg_destroy_decompress(&info);
        free(buffer);
        return -1;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, (unsigned long)length);
    jpeg_read_header(&info, TRUE);
    info.out_color_space = JCS_RGB;
    jpeg_start_decompress(&info);
    if (info.output_components != 3 || info.output_width == 0 || info.output_height == 0 ||
        info.output_width > 10000 || info.output_height > 10000) {
        if (error_text != NULL && error_length > 0) snprintf(error_text, error_length, "unsupported image layout");
        jpeg_destroy_decompress(&info);
        return -1;
    }
    size_t stride = (size_t)info.output_width * 3;
    buffer = malloc(stride * info.output_height);
    if (buffer == NULL) {
        if (error_text != NULL && error_length > 0) snprintf(error_text, error_length, "out of memory");
        jpeg_destroy_decompress(&info);
        return -1;
    }
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = buffer + stride * info.output_scanline;
        jpeg_read_scanlines(&info, &row, 1);
    }
    jpeg_finish_decompress(&info);
    /* A warning is data libjpeg had to make up (a file cut short, a corrupt scan): no cover. */
    if (error.manager.num_warnings > 0) {
        if (error_text != NULL && error_length > 0) {
            char text[JMSG_LENGTH_MAX];
            (*info.err->format_message)((j_common_ptr)&info, text);
            snprintf(error_text, error_length, "%s", text);
        }
        jpeg_destroy_decompress(&info);
        free(buffer);
        return -1;
    }
    *width = (int32_t)info.output_width;
    *height = (int32_t)info.output_height;
    *pixels = buffer;
    jpeg_destroy_decompress(&info);
    return 0;
}

void narrate_image_free(uint8_t *pixels) { free(pixels); }
