#define CURL_DISABLE_TYPECHECK 1
#include "narrate_http.h"

#include <curl/curl.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

/*
 * libcurl is opened on first use rather than linked: linked, it and the libraries it needs
 * (OpenSSL, GnuTLS, LDAP, SSH, Kerberos, ...) are loaded and bound by every narrate command
 * at start-up, about half of all the dynamic linker's work, though only fetching uses them.
 */
#if defined(__APPLE__)
static const char *const library_names[] = {"libcurl.4.dylib", "/usr/lib/libcurl.4.dylib", NULL};
#else
static const char *const library_names[] = {"libcurl.so.4", "libcurl-gnutls.so.4", NULL};
#endif

#define NARRATE_CURL_API(X) \
    X(curl_global_init) X(curl_easy_init) X(curl_easy_setopt) X(curl_easy_perform) X(curl_easy_getinfo) \
    X(curl_easy_cleanup) X(curl_easy_strerror) X(curl_slist_append) X(curl_slist_free_all)

#define NARRATE_DECLARE(name) static __typeof__(&name) api_##name = NULL;
NARRATE_CURL_API(NARRATE_DECLARE)
#undef NARRATE_DECLARE

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
/* Why libcurl could not be loaded; empty when it was. */
static char load_failure[256] = "";

static void load_library(void) {
    void *library = NULL;
    for (size_t i = 0; library == NULL && library_names[i] != NULL; i++)
        library = dlopen(library_names[i], RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        snprintf(load_failure, sizeof load_failure, "libcurl cannot be loaded (%s); install libcurl4", dlerror());
        return;
    }
#define NARRATE_FIND(name) \
    api_##name = (__typeof__(api_##name))dlsym(library, #name); \
    if (api_##name == NULL) { \
        snprintf(load_failure, sizeof load_failure, "libcurl has no %s; install a newer libcurl4", #name); \
        return; \
    }
    NARRATE_CURL_API(NARRATE_FIND)
#undef NARRATE_FIND
    /* Once per process, before any handle, as libcurl requires; the library stays loaded. */
    if (api_curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK)
        snprintf(load_failure, sizeof load_failure, "libcurl failed to start");
}

/* One request's state, shared with libcurl's callbacks. */
typedef struct {
    CURL *handle;
    void *context;
    narrate_http_head_callback on_head;
    narrate_http_body_callback on_body;
    narrate_http_continue_callback keep_going;
    /* Set when a callback asked to stop, so the write error libcurl reports is ours. */
    int stopped;
    /* Set when keep_going gave the transfer up. */
    int cancelled;
    /* The Location, ETag, Last-Modified and Retry-After headers of the response being
       read, as sent. */
    char location[4096];
    char etag[512];
    char last_modified[128];
    char retry_after[128];
} request;

/* Copies the value of header line (name_length bytes of name and colon first) into field,
   trimmed, cut to the field's size. */
static void keep_value(const char *line, size_t length, size_t name_length, char *field, size_t size) {
    size_t start = name_length, end = length;
    while (start < end && (line[start] == ' ' || line[start] == '\t')) start++;
    while (end > start && (line[end - 1] == '\r' || line[end - 1] == '\n' || line[end - 1] == ' ')) end--;
    size_t count = end - start < size - 1 ? end - start : size - 1;
    memcpy(field, line + start, count);
    field[count] = '\0';
}

/* Whether line starts with the header name (given in lower case), any case. */
static int is_header(const char *line, size_t length, const char *name) {
    size_t name_length = strlen(name);
    if (length <= name_length) return 0;
    for (size_t i = 0; i < name_length; i++) {
        char c = line[i];
        if (c >= 'A' && c <= 'Z') c = (char)(c - 'A' + 'a');
        if (c != name[i]) return 0;
    }
    return 1;
}

static size_t on_header_line(char *line, size_t size, size_t count, void *user) {
    request *state = user;
    size_t length = size * count;
    /* A status line starts a response (an interim one may come first). */
    if (is_header(line, length, "http/")) {
        state->location[0] = '\0';
        state->etag[0] = '\0';
        state->last_modified[0] = '\0';
        state->retry_after[0] = '\0';
    }
    if (is_header(line, length, "location:")) {
        keep_value(line, length, strlen("location:"), state->location, sizeof state->location);
        return length;
    }
    if (is_header(line, length, "etag:")) {
        keep_value(line, length, strlen("etag:"), state->etag, sizeof state->etag);
        return length;
    }
    if (is_header(line, length, "last-modified:")) {
        keep_value(line, length, strlen("last-modified:"), state->last_modified, sizeof state->last_modified);
        return length;
    }
    if (is_header(line, length, "retry-after:")) {
        keep_value(line, length, strlen("retry-after:"), state->retry_after, sizeof state->retry_after);
        return length;
    }
    /* Headers end with an empty line; anything else is one header, which libcurl parses. */
    if (!(length == 2 && line[0] == '\r' && line[1] == '\n') && !(length == 1 && line[0] == '\n')) return length;
    long status = 0;
    api_curl_easy_getinfo(state->handle, CURLINFO_RESPONSE_CODE, &status);
    /* An interim answer (100 Continue, 103 Early Hints): the real one follows. */
    if (status >= 100 && status < 200) return length;
    narrate_http_head head = {.status = (int32_t)status, .content_type = NULL, .content_length = -1, .location = NULL,
                              .etag = state->etag[0] != '\0' ? state->etag : NULL,
                              .last_modified = state->last_modified[0] != '\0' ? state->last_modified : NULL,
                              .retry_after = state->retry_after[0] != '\0' ? state->retry_after : NULL};
    char *content_type = NULL;
    if (api_curl_easy_getinfo(state->handle, CURLINFO_CONTENT_TYPE, &content_type) == CURLE_OK)
        head.content_type = content_type;
    curl_off_t content_length = -1;
    if (api_curl_easy_getinfo(state->handle, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &content_length) == CURLE_OK)
        head.content_length = content_length;
    if (status >= 300 && status < 400 && state->location[0] != '\0') head.location = state->location;
    if (state->on_head(state->context, &head)) return length;
    state->stopped = 1;
    return 0;
}

static size_t on_body_bytes(char *bytes, size_t size, size_t count, void *user) {
    request *state = user;
    size_t length = size * count;
    if (length == 0 || state->on_body(state->context, (const uint8_t *)bytes, length)) return length;
    state->stopped = 1;
    return 0;
}

static int on_progress(void *user, curl_off_t download_total, curl_off_t downloaded, curl_off_t upload_total, curl_off_t uploaded) {
    (void)download_total, (void)downloaded, (void)upload_total, (void)uploaded;
    request *state = user;
    if (state->keep_going == NULL || state->keep_going(state->context)) return 0;
    state->cancelled = 1;
    return 1;
}

static narrate_http_outcome outcome_of(CURLcode code) {
    switch (code) {
    case CURLE_OK: return NARRATE_HTTP_DONE;
    case CURLE_COULDNT_RESOLVE_HOST:
    case CURLE_COULDNT_RESOLVE_PROXY: return NARRATE_HTTP_UNKNOWN_HOST;
    case CURLE_COULDNT_CONNECT: return NARRATE_HTTP_CANNOT_CONNECT;
    case CURLE_OPERATION_TIMEDOUT: return NARRATE_HTTP_TIMED_OUT;
    case CURLE_PEER_FAILED_VERIFICATION: return NARRATE_HTTP_UNTRUSTED_CERTIFICATE;
    case CURLE_SSL_CONNECT_ERROR:
    case CURLE_SSL_CERTPROBLEM:
    case CURLE_SSL_CIPHER:
    case CURLE_SSL_CACERT_BADFILE: return NARRATE_HTTP_SECURE_CONNECTION_FAILED;
    case CURLE_GOT_NOTHING:
    case CURLE_RECV_ERROR:
    case CURLE_SEND_ERROR:
    case CURLE_PARTIAL_FILE:
    case CURLE_HTTP2:
    case CURLE_HTTP2_STREAM: return NARRATE_HTTP_CONNECTION_LOST;
    case CURLE_WEIRD_SERVER_REPLY:
    case CURLE_BAD_CONTENT_ENCODING: return NARRATE_HTTP_MALFORMED_RESPONSE;
    case CURLE_URL_MALFORMAT:
    case CURLE_UNSUPPORTED_PROTOCOL: return NARRATE_HTTP_BAD_ADDRESS;
    default: return NARRATE_HTTP_OTHER;
    }
}

narrate_http_outcome narrate_http_get(const char *url, const char *accept, const char *user_agent,
                                      const char *if_none_match, const char *if_modified_since, int64_t timeout_ms,
                                      void *context, narrate_http_head_callback on_head,
                                      narrate_http_body_callback on_body, narrate_http_continue_callback keep_going,
                                      char *message, size_t message_length) {
    if (message_length > 0) message[0] = '\0';
    pthread_once(&load_once, load_library);
    if (load_failure[0] != '\0') {
        snprintf(message, message_length, "%s", load_failure);
        return NARRATE_HTTP_NO_LIBRARY;
    }
    request state = {.handle = api_curl_easy_init(), .context = context, .on_head = on_head, .on_body = on_body, .keep_going = keep_going,
                     .location = "", .etag = "", .last_modified = "", .retry_after = ""};
    if (state.handle == NULL) {
        snprintf(message, message_length, "libcurl could not start a request");
        return NARRATE_HTTP_OTHER;
    }
    char header[1024];
    snprintf(header, sizeof header, "Accept: %s", accept);
    struct curl_slist *headers = api_curl_slist_append(NULL, header);
    if (if_none_match != NULL && strlen(if_none_match) < 900) {
        snprintf(header, sizeof header, "If-None-Match: %s", if_none_match);
        headers = api_curl_slist_append(headers, header);
    }
    if (if_modified_since != NULL && strlen(if_modified_since) < 900) {
        snprintf(header, sizeof header, "If-Modified-Since: %s", if_modified_since);
        headers = api_curl_slist_append(headers, header);
    }
    char details[CURL_ERROR_SIZE] = "";

    CURL *handle = state.handle;
    api_curl_easy_setopt(handle, CURLOPT_URL, url);
    api_curl_easy_setopt(handle, CURLOPT_HTTPHEADER, headers);
    api_curl_easy_setopt(handle, CURLOPT_USERAGENT, user_agent);
    /* Every encoding libcurl can decode; the callbacks see the decoded body. */
    api_curl_easy_setopt(handle, CURLOPT_ACCEPT_ENCODING, "");
    api_curl_easy_setopt(handle, CURLOPT_FOLLOWLOCATION, 0L);
    api_curl_easy_setopt(handle, CURLOPT_TIMEOUT_MS, (long)(timeout_ms > 0 ? timeout_ms : 1));
    /* No signals: the timeout must not use SIGALRM in a threaded process. */
    api_curl_easy_setopt(handle, CURLOPT_NOSIGNAL, 1L);
    api_curl_easy_setopt(handle, CURLOPT_ERRORBUFFER, details);
    api_curl_easy_setopt(handle, CURLOPT_HEADERFUNCTION, on_header_line);
    api_curl_easy_setopt(handle, CURLOPT_HEADERDATA, &state);
    api_curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, on_body_bytes);
    api_curl_easy_setopt(handle, CURLOPT_WRITEDATA, &state);
    if (keep_going != NULL) {
        api_curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, on_progress);
        api_curl_easy_setopt(handle, CURLOPT_XFERINFODATA, &state);
        api_curl_easy_setopt(handle, CURLOPT_NOPROGRESS, 0L);
    }

    CURLcode code = api_curl_easy_perform(handle);
    narrate_http_outcome outcome = state.cancelled ? NARRATE_HTTP_CANCELLED : state.stopped ? NARRATE_HTTP_STOPPED : outcome_of(code);
    if (outcome == NARRATE_HTTP_OTHER)
        snprintf(message, message_length, "%s", details[0] != '\0' ? details : api_curl_easy_strerror(code));
    api_curl_easy_cleanup(handle);
    api_curl_slist_free_all(headers);
    return outcome;
}
