#ifndef NARRATE_HTTP_H
#define NARRATE_HTTP_H

#include <stddef.h>
#include <stdint.h>

/*
 * One HTTP GET through libcurl, which is opened with dlopen the first time it is needed, so
 * that a command that fetches nothing does not load it (and the TLS, LDAP and SSH libraries
 * behind it) at start-up.
 */

/* How a request ended. */
typedef enum {
    NARRATE_HTTP_DONE = 0,          /* the body arrived whole */
    NARRATE_HTTP_STOPPED = 1,       /* a callback asked to stop */
    NARRATE_HTTP_UNKNOWN_HOST = 2,
    NARRATE_HTTP_CANNOT_CONNECT = 3,
    NARRATE_HTTP_TIMED_OUT = 4,
    NARRATE_HTTP_UNTRUSTED_CERTIFICATE = 5,
    NARRATE_HTTP_SECURE_CONNECTION_FAILED = 6,
    NARRATE_HTTP_CONNECTION_LOST = 7,
    NARRATE_HTTP_MALFORMED_RESPONSE = 8,
    NARRATE_HTTP_BAD_ADDRESS = 9,
    NARRATE_HTTP_NO_LIBRARY = 10,   /* libcurl cannot be loaded; the message says why */
    NARRATE_HTTP_OTHER = 11,        /* anything else; the message is libcurl's */
    NARRATE_HTTP_CANCELLED = 12,    /* keep_going said to stop (the user pressed Ctrl-C) */
} narrate_http_outcome;

/* What the headers of a final (non-1xx) response said. */
typedef struct {
    int32_t status;
    /* The Content-Type header, or NULL; valid during the call only. */
    const char *content_type;
    /* The Content-Length header, or -1. */
    int64_t content_length;
    /* A redirect's Location header as sent (it may be relative), or NULL. */
    const char *location;
    /* The ETag, Last-Modified and Retry-After headers as sent, or NULL (for conditional
       requests and polite retries); valid during the call only. */
    const char *etag;
    const char *last_modified;
    const char *retry_after;
} narrate_http_head;

/* Called once the headers are in; returns nonzero to read the body, zero to stop. */
typedef int32_t (*narrate_http_head_callback)(void *context, const narrate_http_head *head);
/* Called for each piece of the body; returns nonzero to go on, zero to stop. */
typedef int32_t (*narrate_http_body_callback)(void *context, const uint8_t *bytes, size_t count);
/* Called about once a second while the transfer runs, waiting or not; returns nonzero to go
   on, zero to give the transfer up (NARRATE_HTTP_CANCELLED). */
typedef int32_t (*narrate_http_continue_callback)(void *context);

/*
 * GETs url without following redirects, sending accept and user_agent, and
 * If-None-Match: if_none_match and If-Modified-Since: if_modified_since when they are not
 * NULL, giving up after timeout_ms milliseconds (connecting and body alike). The body is
 * decompressed when the server compresses it. keep_going (may be NULL) can cancel the
 * transfer at any moment, even while the server says nothing. message (message_length bytes) receives a line
 * of explanation for NARRATE_HTTP_NO_LIBRARY and NARRATE_HTTP_OTHER.
 */
narrate_http_outcome narrate_http_get(const char *url, const char *accept, const char *user_agent,
                                      const char *if_none_match, const char *if_modified_since, int64_t timeout_ms,
                                      void *context, narrate_http_head_callback on_head,
                                      narrate_http_body_callback on_body, narrate_http_continue_callback keep_going,
                                      char *message, size_t message_length);

#endif
