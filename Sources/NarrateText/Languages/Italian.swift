extension LanguageRules {
    /// Italian.
    static let italian = LanguageRules(
        code: "it",
        segmentation: LanguageRules.shared.segmentation.merging(
            SegmentationRules(
                titles: [
                    // From an audit of common abbreviations (issue 21).
                    "magg", "brig", "amm", "cav", "comm", "pres", "egr", "gent.mo", "gent.ma", "spett", "f.lli", "v.le",
                    "loc", "fraz", "d.lgs", "d.l", "d.p.r", "g.u", "cass", "sez", "p.es",
                    "v", "sig", "sigg", "sig.ra", "sig.na", "sigra", "dott", "dott.ssa", "dr", "prof", "prof.ssa", "ing", "avv",
                    "arch", "geom", "rag", "on", "sen", "mons", "don", "p", "s", "ss", "sant", "gen", "col", "cap", "ten",
                    "p.za", "c.so", "ad es", "es", "cfr", "ca",
                ],
                beforeNumbers: [
                    // "art. 2, co. 3": a comma (paragraph) of a law.
                    "co",
                    // From an audit of common abbreviations (issue 21).
                    "sett", "artt", "l", "c.p",
                    // Months as style guides abbreviate them, and paragraphs, pages and letters of a text (issue 40).
                    "genn", "febbr", "magg", "lugl", "ag", "par", "parr", "pagg", "lett", "capp",
                    "sec", "p", "pp", "pag", "n", "nr", "art", "cap", "fig", "vol", "tab", "tel", "v", "gen", "feb", "mar", "apr",
                    "mag", "giu", "lug", "ago", "set", "ott", "nov", "dic",
                ],
                closings: [
                    // From an audit of common abbreviations (issue 21).
                    "c.c", "cost", "segg", "cit", "s.n.c",
                    "ecc", "etc", "a.c", "d.c", "s.p.a", "s.r.l", "spa", "srl",
                ],
                ambiguous: ["ltd", "inc"],
                sentenceStarters: [
                    "il", "lo", "la", "i", "gli", "le", "un", "uno", "una", "io", "tu", "lui", "lei", "noi", "voi", "loro",
                    "questo", "questa", "quello", "quella", "come", "che", "cosa", "quando", "dove", "perché", "chi", "ma",
                    "e", "poi", "quindi", "allora", "però", "oggi", "ieri", "domani", "in", "a", "da", "di", "dopo",
                    "prima", "mio", "nostro", "suo", "tutti", "se", "qui", "lì", "anche",
                ],
                monthNames: [
                    "gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre", "ottobre",
                    "novembre", "dicembre",
                ],
                openingPrepositions: [
                    "nel", "nell", "nei", "negli", "a", "al", "alle", "dal", "dopo", "prima", "verso", "entro", "fino",
                    "in", "il", "per", "su",
                ]
            )),
        speech: SpeechRules(
            abbreviations: [
                "sig.": "signor", "sig.ra": "signora", "sigg.": "signori", "dott.": "dottor", "dott.ssa": "dottoressa",
                "prof.": "professor", "prof.ssa": "professoressa", "ing.": "ingegner", "avv.": "avvocato",
                "ecc.": "eccetera", "ad es.": "ad esempio", "es.": "esempio", "pag.": "pagina", "art.": "articolo",
                "cfr.": "confronta", "ca.": "circa", "tel.": "telefono", "n.": "numero",
            ],
            symbols: ["№": "numero", "&": "e", "§": "paragrafo", "°": "gradi"],
            currencies: ["$": "dollari", "€": "euro", "£": "sterline", "₴": "grivnie"],
            dot: "punto", at: "chiocciola", linkTo: "link a"
        )
    )
}
