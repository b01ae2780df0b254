#ifndef NARRATE_XML_H
#define NARRATE_XML_H

/*
 * XML documents read with libxml2, as narrate reads feeds and exports. No libxml2 type
 * appears here: a document and its nodes are opaque pointers, walked with the functions
 * below.
 *
 * On Linux libxml2 is opened with dlopen the first time a document is parsed: linked, it
 * and the ICU libraries behind it would be loaded by every command at start-up, though only
 * feeds and imports read XML. When it cannot be loaded, narrate_xml_parse fails with
 * NARRATE_XML_UNAVAILABLE.
 *
 * Parsing never reads the network or a DTD, substitutes no external entity, and keeps
 * libxml2's limits on entity expansion: a document that expands entities without bound
 * (billion laughs) fails with NARRATE_XML_ENTITY_LIMIT.
 */
#include <stddef.h>

typedef struct narrate_xml_document narrate_xml_document;
typedef struct narrate_xml_node narrate_xml_node;

enum {
    NARRATE_XML_OK = 0,
    /* libxml2 cannot be loaded. */
    NARRATE_XML_UNAVAILABLE = 1,
    /* Not well-formed (or not XML at all). */
    NARRATE_XML_MALFORMED = 2,
    /* Entities expand beyond libxml2's limits, or refer to each other in a loop. */
    NARRATE_XML_ENTITY_LIMIT = 3,
    /* Out of memory. */
    NARRATE_XML_NO_MEMORY = 4,
};

/* What went wrong with a parse: which NARRATE_XML_ code, libxml2's message (trimmed, at
   most 255 bytes) and where. */
typedef struct {
    int code;
    int line;
    int column;
    char message[256];
} narrate_xml_error;

/* Parses `length` bytes. `encoding` (or NULL) overrides the document's own declaration, for
   a charset the transport named. `recover` reads what it can of a document that is not
   well-formed (the error is still reported); the entity limits hold either way. Returns
   NULL on failure, with `error` filled; a recovered document comes with `error` filled too. */
narrate_xml_document *narrate_xml_parse(const char *bytes, size_t length, const char *encoding, int recover,
                                        narrate_xml_error *error);

/* Frees a document and every node and string of it. */
void narrate_xml_free_document(narrate_xml_document *document);

/* The root element, or NULL. */
const narrate_xml_node *narrate_xml_root(const narrate_xml_document *document);

/* The first child element of `node`, and the next element after `node`, or NULL. */
const narrate_xml_node *narrate_xml_first_element(const narrate_xml_node *node);
const narrate_xml_node *narrate_xml_next_element(const narrate_xml_node *node);

/* An element's local name, and its namespace URI (NULL when it has none). */
const char *narrate_xml_name(const narrate_xml_node *node);
const char *narrate_xml_namespace(const narrate_xml_node *node);

/* The value of attribute `name` in `namespace_uri` (NULL: no namespace), or NULL; free it
   with narrate_xml_free_string. */
char *narrate_xml_attribute(const narrate_xml_node *node, const char *name, const char *namespace_uri);

/* The text of an element and of all its descendants (CDATA included), or NULL; free it with
   narrate_xml_free_string. */
char *narrate_xml_text(const narrate_xml_node *node);

/* The markup of an element's children, as written (for Atom's XHTML content), or NULL;
   free it with narrate_xml_free_string. */
char *narrate_xml_inner_markup(const narrate_xml_document *document, const narrate_xml_node *node);

void narrate_xml_free_string(char *string);

#endif
