#include "narrate_xml.h"

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#if !defined(__APPLE__)
#include "narrate_dynamic.h"

/* libxml2's functions as narrate calls them, found with dlsym on first use. */
#define NARRATE_XML_API(X) \
    X(xmlInitParser) X(xmlNewParserCtxt) X(xmlFreeParserCtxt) X(xmlCtxtReadMemory) X(xmlCtxtGetLastError) \
    X(xmlFreeDoc) X(xmlDocGetRootElement) X(xmlGetNsProp) X(xmlGetNoNsProp) X(xmlNodeGetContent) \
    X(xmlBufferCreate) X(xmlBufferFree) X(xmlBufferContent) X(xmlNodeDump)

/* xmlFree is a variable holding libxml2's deallocator (a macro in its headers). */
static xmlFreeFunc *api_xmlFree = NULL;

NARRATE_DYNAMIC_LIBRARY(NARRATE_XML_API, "libxml2.so.2", start_parser)

/* Once the functions are found: the deallocator, and the parser's one-time set-up. */
static int start_parser(void *library) {
    if ((api_xmlFree = (xmlFreeFunc *)dlsym(library, "xmlFree")) == NULL) return 0;
    api_xmlInitParser();
    return 1;
}

#define CALL(name) api_##name
#define XML_FREE(pointer) (*api_xmlFree)(pointer)
#else
/* On macOS the system's libxml2 is linked (it loads nothing more). */
static pthread_once_t init_once = PTHREAD_ONCE_INIT;
static void init_parser(void) { xmlInitParser(); }
static int load(void) {
    pthread_once(&init_once, init_parser);
    return 1;
}
#define CALL(name) name
#define XML_FREE(pointer) xmlFree(pointer)
#endif

/* A copy of a libxml2 string in malloc's memory (the caller frees it with free), freeing the original. */
static char *take(xmlChar *string) {
    if (string == NULL) return NULL;
    char *copy = strdup((const char *)string);
    XML_FREE(string);
    return copy;
}

static void fill_error(narrate_xml_error *error, int code, const xmlError *cause) {
    if (error == NULL) return;
    error->code = code;
    error->line = cause != NULL ? cause->line : 0;
    error->column = cause != NULL ? cause->int2 : 0;
    error->message[0] = '\0';
    if (cause != NULL && cause->message != NULL) {
        strncpy(error->message, cause->message, sizeof(error->message) - 1);
        error->message[sizeof(error->message) - 1] = '\0';
        /* libxml2 ends its messages with a line break. */
        size_t length = strlen(error->message);
        while (length > 0 && (error->message[length - 1] == '\n' || error->message[length - 1] == ' ')) {
            error->message[--length] = '\0';
        }
    }
}

static int code_for(const xmlError *cause) {
    if (cause == NULL) return NARRATE_XML_MALFORMED;
    switch (cause->code) {
    case XML_ERR_ENTITY_LOOP: /* a loop, or an expansion over libxml2's limits */
        return NARRATE_XML_ENTITY_LIMIT;
    case XML_ERR_NO_MEMORY:
        return NARRATE_XML_NO_MEMORY;
    default:
        return NARRATE_XML_MALFORMED;
    }
}

narrate_xml_document *narrate_xml_parse(const char *bytes, size_t length, const char *encoding, int recover,
                                        narrate_xml_error *error) {
    if (error != NULL) fill_error(error, NARRATE_XML_OK, NULL);
    if (!load()) {
        if (error != NULL) {
            error->code = NARRATE_XML_UNAVAILABLE;
            strcpy(error->message, "libxml2 (libxml2.so.2) cannot be loaded");
        }
        return NULL;
    }
    if (length > (size_t)0x7FFFFFFF) {
        if (error != NULL) {
            error->code = NARRATE_XML_ENTITY_LIMIT;
            strcpy(error->message, "the document is over 2 GB");
        }
        return NULL;
    }
    xmlParserCtxtPtr context = CALL(xmlNewParserCtxt)();
    if (context == NULL) {
        if (error != NULL) {
            error->code = NARRATE_XML_NO_MEMORY;
            strcpy(error->message, "out of memory");
        }
        return NULL;
    }
    /* No network, no DTD loaded, no entity substituted by request, errors kept rather than
       printed; CDATA as text. Entity expansion stays within libxml2's limits (no HUGE). */
    int options = XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING | XML_PARSE_NOCDATA;
    if (recover) options |= XML_PARSE_RECOVER;
    xmlDocPtr document = CALL(xmlCtxtReadMemory)(context, bytes, (int)length, NULL, encoding, options);
    const xmlError *cause = CALL(xmlCtxtGetLastError)(context);
    int failed = document == NULL || (cause != NULL && cause->level >= XML_ERR_ERROR);
    if (failed) {
        int code = code_for(cause);
        fill_error(error, code, cause);
        if (error != NULL && error->message[0] == '\0') strcpy(error->message, "not an XML document");
        /* Nothing read past an entity limit is trusted, recovered or not. */
        if (document != NULL && (!recover || code != NARRATE_XML_MALFORMED)) {
            CALL(xmlFreeDoc)(document);
            document = NULL;
        }
    }
    CALL(xmlFreeParserCtxt)(context);
    return (narrate_xml_document *)document;
}

void narrate_xml_free_document(narrate_xml_document *document) {
    if (document != NULL && load()) CALL(xmlFreeDoc)((xmlDocPtr)document);
}

const narrate_xml_node *narrate_xml_root(const narrate_xml_document *document) {
    if (document == NULL || !load()) return NULL;
    return (const narrate_xml_node *)CALL(xmlDocGetRootElement)((const xmlDoc *)document);
}

static const narrate_xml_node *element_from(xmlNodePtr node) {
    while (node != NULL && node->type != XML_ELEMENT_NODE) node = node->next;
    return (const narrate_xml_node *)node;
}

const narrate_xml_node *narrate_xml_first_element(const narrate_xml_node *node) {
    return node == NULL ? NULL : element_from(((const xmlNode *)node)->children);
}

const narrate_xml_node *narrate_xml_next_element(const narrate_xml_node *node) {
    return node == NULL ? NULL : element_from(((const xmlNode *)node)->next);
}

const char *narrate_xml_name(const narrate_xml_node *node) {
    return node == NULL ? NULL : (const char *)((const xmlNode *)node)->name;
}

const char *narrate_xml_namespace(const narrate_xml_node *node) {
    if (node == NULL) return NULL;
    const xmlNs *space = ((const xmlNode *)node)->ns;
    return space == NULL ? NULL : (const char *)space->href;
}

char *narrate_xml_attribute(const narrate_xml_node *node, const char *name, const char *namespace_uri) {
    if (node == NULL || name == NULL || !load()) return NULL;
    const xmlNode *element = (const xmlNode *)node;
    return namespace_uri == NULL ? take(CALL(xmlGetNoNsProp)(element, (const xmlChar *)name))
                                 : take(CALL(xmlGetNsProp)(element, (const xmlChar *)name, (const xmlChar *)namespace_uri));
}

char *narrate_xml_text(const narrate_xml_node *node) {
    if (node == NULL || !load()) return NULL;
    return take(CALL(xmlNodeGetContent)((const xmlNode *)node));
}

char *narrate_xml_inner_markup(const narrate_xml_document *document, const narrate_xml_node *node) {
    if (document == NULL || node == NULL || !load()) return NULL;
    xmlBufferPtr buffer = CALL(xmlBufferCreate)();
    if (buffer == NULL) return NULL;
    for (xmlNodePtr child = ((const xmlNode *)node)->children; child != NULL; child = child->next) {
        if (CALL(xmlNodeDump)(buffer, (xmlDocPtr)document, child, 0, 0) < 0) {
            CALL(xmlBufferFree)(buffer);
            return NULL;
        }
    }
    const xmlChar *content = CALL(xmlBufferContent)(buffer);
    char *copy = strdup(content != NULL ? (const char *)content : "");
    CALL(xmlBufferFree)(buffer);
    return copy;
}

void narrate_xml_free_string(char *string) { free(string); }
