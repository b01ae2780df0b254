#ifndef NARRATE_HUNSPELL_H
#define NARRATE_HUNSPELL_H

/*
 * A language's word list through Hunspell and the system's dictionaries (Debian's
 * hunspell-* packages), opened with dlopen the first time a dictionary is asked for (only a
 * sentence end that the rules and the document leave open asks). No Hunspell type appears
 * here. A dictionary is not safe to use from two threads at once.
 */

typedef struct narrate_hunspell narrate_hunspell;

/* The dictionary of the `.aff` and `.dic` files at these paths, or NULL when libhunspell
   cannot be loaded, a file cannot be read, or the dictionary's encoding is unknown to iconv. */
narrate_hunspell *narrate_hunspell_open(const char *affix_path, const char *dictionary_path);

/* Whether `word` (`size` bytes of UTF-8) is a word of the dictionary as written: a word
   written in lower case is accepted only when the dictionary has it in lower case (a proper
   name is stored capitalised). 0 also for a word the dictionary's encoding cannot hold. */
int narrate_hunspell_knows(narrate_hunspell *dictionary, const char *word, int size);

void narrate_hunspell_close(narrate_hunspell *dictionary);

#endif
