extension LanguageRules {
    /// German.
    static let german = LanguageRules(
        code: "de",
        segmentation: LanguageRules.shared.segmentation.merging(
            SegmentationRules(
                titles: [
                    // From an audit of common abbreviations (issue 21).
                    "dr.-ing", "iur", "em", "priv.-doz", "dipl.-kfm", "i.v.m", "i.s.d", "lt", "ehem", "stellv", "insb",
                    "einschl", "z.t", "s.a", "gez", "fa", "hptm", "pfr", "kath", "ev", "rd",
                    "hr", "hrn", "fr", "frl", "dr", "prof", "univ.-prof", "med", "rer", "nat", "phil", "jur", "dent", "vet", "habil",
                    "theol", "oec", "h.c", "bzw", "dipl", "ing", "dipl.-ing", "z.b", "d.h", "vgl", "sog", "inkl", "ggf", "evtl", "bspw",
                    "str", "st", "abs", "bd", "bzgl", "ca", "gem",
                    "gegr", "geb", "gest", "verh", "zzgl", "zz", "zzt", "i.d.r", "i.a", "u.u", "o.g", "s.o", "s.u", "dt",
                    "engl", "franz", "lat", "hl", "max", "mind", "allg", "nr", "tel", "v", "vs", "eig",
                ],
                beforeNumbers: [
                    // From an audit of common abbreviations (issue 21).
                    "rn", "anm", "fn", "bgbl", "az", "jg", "lit",
                    // A section or an example of a law or a text: "Abschn. 3", "Bsp. 2" (issue 40).
                    "abschn", "bsp",
                    "nr", "s", "abs", "art", "bd", "kap", "abb", "tab", "ziff", "jan", "feb", "febr", "mär", "apr", "jun",
                    "jul", "aug", "sep", "sept", "okt", "nov", "dez",
                ],
                closings: [
                    // From an audit of common abbreviations (issue 21).
                    "a.a.o", "ebd", "hrsg", "u.v.m", "a.f", "n.f", "m.w.n", "hbf", "mwst",
                    "usw", "etc", "u.ä", "o.ä", "jh", "jhd", "a.m", "min", "std", "sek", "ff", "f", "v.chr", "n.chr", "m.e",
                ],
                // "u. a." is "unter anderem" before a noun, "und andere" at the end of a sentence.
                ambiguous: [
                    // From an audit of common abbreviations (issue 21).
                    "m.a", "b.sc",
                    "u.a", "e.v", "co", "inc", "ltd", "tsd", "mio", "mrd",
                ],
                sentenceStarters: [
                    "der", "die", "das", "ein", "eine", "ich", "er", "sie", "es", "wir", "ihr", "man", "dies", "diese",
                    "dieser", "dieses", "wie", "was", "wann", "wo", "warum", "wer", "aber", "und", "doch", "dann", "denn",
                    "damit", "danach", "deshalb", "jedoch", "zuvor", "später", "seitdem", "außerdem", "zudem", "trotzdem",
                    "inzwischen", "mittlerweile", "anschließend", "schon", "bereits", "erst", "auch", "noch", "heute", "gestern", "morgen",
                    "im", "in", "am",
                    "an", "auf", "bei", "mit", "nach", "seit", "von", "vor", "zu", "zum", "zur", "mein", "unser", "sein",
                    "ihre", "alle", "viele", "einige", "so", "nun", "jetzt", "da", "hier", "dort", "wenn", "als", "ob",
                ],
                monthNames: [
                    "januar", "jänner", "februar", "feber", "märz", "april", "mai", "juni", "juli", "august", "september",
                    "oktober", "november", "dezember", "jan", "feb", "mär", "apr", "jun", "jul", "aug", "sep", "sept",
                    "okt", "nov", "dez",
                ],
                hasOrdinalDates: true,
                hasOrdinalNumbers: true,
                openingPrepositions: [
                    "in", "im", "am", "an", "seit", "bis", "ab", "um", "vor", "nach", "bei", "zum", "zur", "von", "vom",
                    "gegen", "etwa", "ende", "anfang", "mitte",
                ],
                abbreviationSuffixes: ["str"]
            )),
        speech: SpeechRules(
            abbreviations: [
                "z.b.": "zum Beispiel", "bzw.": "beziehungsweise", "d.h.": "das heißt", "u.a.": "unter anderem",
                "usw.": "und so weiter", "vgl.": "vergleiche", "sog.": "sogenannte", "inkl.": "inklusive",
                "ggf.": "gegebenenfalls", "evtl.": "eventuell", "bspw.": "beispielsweise", "hr.": "Herr",
                "fr.": "Frau", "dr.": "Doktor", "prof.": "Professor", "str.": "Straße", "nr.": "Nummer",
                "ca.": "circa", "tsd.": "Tausend", "mio.": "Millionen", "mrd.": "Milliarden", "jh.": "Jahrhundert",
                "abs.": "Absatz", "s.": "Seite", "u.ä.": "und Ähnliches", "o.ä.": "oder Ähnliches", "etc.": "et cetera",
                "geb.": "geboren", "gest.": "gestorben", "zzgl.": "zuzüglich",
            ],
            symbols: ["№": "Nummer", "&": "und", "§": "Paragraf", "°": "Grad"],
            currencies: ["$": "Dollar", "€": "Euro", "£": "Pfund", "₴": "Hrywnja"],
            dot: "Punkt", at: "at", linkTo: "Link zu"
        )
    )
}
