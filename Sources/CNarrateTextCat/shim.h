#ifndef CNARRATE_TEXTCAT_SHIM_H
#define CNARRATE_TEXTCAT_SHIM_H
#include <textcat.h>
#endif
