#include "narrate_digest.h"

#include <stdlib.h>

size_t narrate_digest_size(int algorithm) {
    switch (algorithm) {
    case NARRATE_DIGEST_SHA256: return 32;
    case NARRATE_DIGEST_SHA1: return 20;
    case NARRATE_DIGEST_MD5: return 16;
    default: return 0;
    }
}

#if defined(__APPLE__)
#include <CommonCrypto/CommonDigest.h>

struct narrate_digest {
    int algorithm;
    union {
        CC_SHA256_CTX sha256;
        CC_SHA1_CTX sha1;
        CC_MD5_CTX md5;
    } state;
};

narrate_digest *narrate_digest_start(int algorithm) {
    if (narrate_digest_size(algorithm) == 0) return NULL;
    narrate_digest *digest = calloc(1, sizeof *digest);
    if (digest == NULL) return NULL;
    digest->algorithm = algorithm;
    switch (algorithm) {
    case NARRATE_DIGEST_SHA256: CC_SHA256_Init(&digest->state.sha256); break;
    case NARRATE_DIGEST_SHA1: CC_SHA1_Init(&digest->state.sha1); break;
    default: CC_MD5_Init(&digest->state.md5); break;
    }
    return digest;
}

int narrate_digest_add(narrate_digest *digest, const void *bytes, size_t count) {
    /* CommonCrypto takes 32-bit lengths: longer input goes in slices. */
    const unsigned char *at = bytes;
    while (count > 0) {
        CC_LONG slice = count > (1u << 30) ? (1u << 30) : (CC_LONG)count;
        switch (digest->algorithm) {
        case NARRATE_DIGEST_SHA256: CC_SHA256_Update(&digest->state.sha256, at, slice); break;
        case NARRATE_DIGEST_SHA1: CC_SHA1_Update(&digest->state.sha1, at, slice); break;
        default: CC_MD5_Update(&digest->state.md5, at, slice); break;
        }
        at += slice;
        count -= slice;
    }
    return 0;
}

int narrate_digest_finish(narrate_digest *digest, unsigned char *out) {
    if (out != NULL) {
        switch (digest->algorithm) {
        case NARRATE_DIGEST_SHA256: CC_SHA256_Final(out, &digest->state.sha256); break;
        case NARRATE_DIGEST_SHA1: CC_SHA1_Final(out, &digest->state.sha1); break;
        default: CC_MD5_Final(out, &digest->state.md5); break;
        }
    }
    free(digest);
    return 0;
}

#else
#include "narrate_dynamic.h"

/* What of libcrypto's EVP interface is used, declared here (its headers are not needed). */
typedef struct evp_md_ctx_st EVP_MD_CTX;
typedef struct evp_md_st EVP_MD;
typedef struct engine_st ENGINE;
EVP_MD_CTX *EVP_MD_CTX_new(void);
void EVP_MD_CTX_free(EVP_MD_CTX *context);
int EVP_DigestInit_ex(EVP_MD_CTX *context, const EVP_MD *type, ENGINE *engine);
int EVP_DigestUpdate(EVP_MD_CTX *context, const void *bytes, size_t count);
int EVP_DigestFinal_ex(EVP_MD_CTX *context, unsigned char *out, unsigned int *size);
const EVP_MD *EVP_sha256(void);
const EVP_MD *EVP_sha1(void);
const EVP_MD *EVP_md5(void);

#define NARRATE_DIGEST_API(X)                                                                            \
    X(EVP_MD_CTX_new) X(EVP_MD_CTX_free) X(EVP_DigestInit_ex) X(EVP_DigestUpdate) X(EVP_DigestFinal_ex) \
    X(EVP_sha256) X(EVP_sha1) X(EVP_md5)

NARRATE_DYNAMIC_LIBRARY(NARRATE_DIGEST_API, "libcrypto.so.3", narrate_dynamic_nothing_after)

struct narrate_digest {
    EVP_MD_CTX *context;
};

narrate_digest *narrate_digest_start(int algorithm) {
    if (narrate_digest_size(algorithm) == 0 || !load()) return NULL;
    const EVP_MD *type = algorithm == NARRATE_DIGEST_SHA256 ? api_EVP_sha256()
                         : algorithm == NARRATE_DIGEST_SHA1 ? api_EVP_sha1()
                                                            : api_EVP_md5();
    narrate_digest *digest = calloc(1, sizeof *digest);
    if (digest == NULL) return NULL;
    digest->context = api_EVP_MD_CTX_new();
    if (digest->context == NULL || type == NULL || api_EVP_DigestInit_ex(digest->context, type, NULL) != 1) {
        if (digest->context != NULL) api_EVP_MD_CTX_free(digest->context);
        free(digest);
        return NULL;
    }
    return digest;
}

int narrate_digest_add(narrate_digest *digest, const void *bytes, size_t count) {
    return api_EVP_DigestUpdate(digest->context, bytes, count) == 1 ? 0 : -1;
}

int narrate_digest_finish(narrate_digest *digest, unsigned char *out) {
    int outcome = 0;
    if (out != NULL) {
        unsigned int size = 0;
        outcome = api_EVP_DigestFinal_ex(digest->context, out, &size) == 1 ? 0 : -1;
    }
    api_EVP_MD_CTX_free(digest->context);
    free(digest);
    return outcome;
}
#endif
