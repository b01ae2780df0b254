extension LanguageRules {
    /// Catalan.
    ///
    /// Ordinals take letters, not a period ("1r", "2a", "segle XX"), and dates are written
    /// "7 d'abril de 2020": a number before a period and a space ends a sentence like any
    /// word. "aC" and "dC" are written without periods, so they need no entry. A word with a middle dot ("Il·lm.")
    /// reaches the lists as its part after the dot ("lm"), so those parts are listed too.
    static let catalan = LanguageRules(
        code: "ca",
        segmentation: LanguageRules.shared.segmentation.merging(
            SegmentationRules(
                titles: [
                    // Forms of address, degrees and ranks.
                    "sr", "sra", "srta", "srs", "sres", "dr", "dra", "drs", "dres", "prof", "profa", "lic", "llic", "ing",
                    "arq", "mn", "excm", "excma", "il·lm", "il·lma", "lm", "lma", "hble", "gral", "gen",
                    // Saints: "St. Jordi", "Sta. Eulàlia".
                    "st", "sta",
                    // Places: street, avenue, square, promenade, road...
                    "c", "av", "avda", "pl", "pg", "ptge", "ctra", "rbla", "trav", "urb",
                    // Before a word or a number: "p. ex.", "s. XIX" (segle), "aprox."
                    "p.ex", "ex", "aprox", "s", "vs", "cf", "pral",
                ],
                beforeNumbers: [
                    "s", "núm", "n", "p", "pp", "pàg", "pàgs", "art", "arts", "cap", "fig", "vol", "tel", "apt", "febr",
                    "abr", "jul", "ag", "set", "oct", "nov", "des",
                ],
                closings: ["etc", "s.a", "s.l", "s.l.u", "s.c.c.l", "s.coop", "a.c", "d.c", "cia", "ptes"],
                ambiguous: ["ltd", "inc", "co"],
                unitsAfterNumbers: ["m", "km", "kg", "g", "l", "h", "min", "s", "cm", "mm", "ha", "t"],
                sentenceStarters: [
                    "el", "la", "els", "les", "un", "una", "uns", "unes", "jo", "tu", "ell", "ella", "ells", "elles",
                    "nosaltres", "vosaltres", "vostè", "vostès", "aquest", "aquesta", "aquests", "aquestes", "això", "allò",
                    "aquell", "aquella", "com", "què", "quan", "on", "per", "qui", "però", "i", "doncs", "llavors",
                    "aleshores", "després", "abans", "avui", "ahir", "demà", "en", "a", "de", "des", "del", "al", "als",
                    "amb", "sense", "segons", "també", "ara", "aquí", "allà", "encara", "ja", "no", "sí", "hi", "tots",
                    "totes", "molts", "moltes", "alguns", "algunes", "si", "tanmateix", "finalment", "mentrestant", "fins",
                    "durant", "entre", "cap", "cada", "ni", "perquè", "malgrat", "tot", "és", "era", "va", "van", "hem",
                    "seu", "seva", "nostre", "nostra",
                ],
                monthNames: [
                    "gener", "febrer", "març", "abril", "maig", "juny", "juliol", "agost", "setembre", "octubre", "novembre",
                    "desembre",
                ]
            )),
        speech: SpeechRules(
            abbreviations: [
                "sr.": "senyor", "sra.": "senyora", "srta.": "senyoreta", "dr.": "doctor", "dra.": "doctora",
                "prof.": "professor", "profa.": "professora", "st.": "sant", "sta.": "santa", "mn.": "mossèn",
                "excm.": "excel·lentíssim", "excma.": "excel·lentíssima", "av.": "avinguda", "avda.": "avinguda",
                "pl.": "plaça", "pg.": "passeig", "ctra.": "carretera", "c.": "carrer", "etc.": "etcètera",
                "p. ex.": "per exemple", "aprox.": "aproximadament", "núm.": "número", "pàg.": "pàgina",
                "art.": "article", "cap.": "capítol", "vol.": "volum", "tel.": "telèfon", "s.": "segle",
                "a.c.": "abans de Crist", "d.c.": "després de Crist", "s.a.": "societat anònima",
                "s.l.": "societat limitada", "febr.": "febrer", "oct.": "octubre", "nov.": "novembre",
                "des.": "desembre",
            ],
            symbols: ["№": "número", "&": "i", "§": "paràgraf", "°": "graus"],
            currencies: ["$": "dòlars", "€": "euros", "£": "lliures", "₴": "hrívnies"],
            dot: "punt", at: "arrova"
        )
    )
}
