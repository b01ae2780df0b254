#ifndef NARRATE_DIGEST_H
#define NARRATE_DIGEST_H

#include <stddef.h>

/*
 * Message digests (SHA-256, SHA-1, MD5) from the system's cryptography library: OpenSSL's
 * libcrypto on Linux, opened with dlopen the first time a digest is made (every Debian system
 * has libcrypto.so.3), and CommonCrypto on macOS. No library type appears here.
 */

enum {
    NARRATE_DIGEST_SHA256 = 0,
    NARRATE_DIGEST_SHA1 = 1,
    NARRATE_DIGEST_MD5 = 2
};

/* The most bytes a digest has (SHA-256's 32). */
#define NARRATE_DIGEST_MAX 32

/* A digest under way. */
typedef struct narrate_digest narrate_digest;

/* The size in bytes of `algorithm`'s digest; 0 for an unknown one. */
size_t narrate_digest_size(int algorithm);

/* Starts a digest of `algorithm`; NULL when the library cannot be loaded or memory is short. */
narrate_digest *narrate_digest_start(int algorithm);

/* Adds `count` bytes at `bytes`; returns 0 on success. */
int narrate_digest_add(narrate_digest *digest, const void *bytes, size_t count);

/* Writes the digest (narrate_digest_size bytes) to `out`, frees `digest`; returns 0 on success.
   `out` may be NULL to free a digest without finishing it. */
int narrate_digest_finish(narrate_digest *digest, unsigned char *out);

#endif
