/* narrate_dynamic.h is all macros; a C target needs one source file. */
