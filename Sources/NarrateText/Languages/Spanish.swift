extension LanguageRules {
    /// Spanish.
    static let spanish = LanguageRules(
        code: "es",
        segmentation: LanguageRules.shared.segmentation.merging(
            SegmentationRules(
                titles: [
                    // From an audit of common abbreviations (issue 21).
                    "sgto", "alm", "mons", "s.m", "hno", "ntra", "mtro", "lcdo", "pdte", "ctra", "urb", "prov", "cfr",
                    "v.gr",
                    "excmo", "excma", "ilmo", "ilma", "rvdo", "sr", "sra", "srta", "sres", "sras", "srs", "dr", "dra", "dres", "lic", "lda",
                    "ldo", "ing", "arq",
                    "prof", "profa", "d", "dña", "da", "dn", "gral", "cnel", "cap", "tte", "sto", "sta", "pbro", "fr", "av",
                    "avda", "c", "cl", "pza", "pl", "ej", "p.ej", "p. ej", "aprox", "vs", "ud", "uds", "vd", "vds", "ene", "abr", "ago",
                    "sept", "oct", "nov", "dic", "dpto", "depto", "núm", "n.º", "nº",
                    "admón", "ed", "vol",
                ],
                beforeNumbers: [
                    // From an audit of common abbreviations (issue 21).
                    "feb", "may", "jun", "jul", "apdo", "párr", "nro",
                    // Plurals and sections before their numbers: "arts. 14 y 15", "núms. 3-5" (issue 40).
                    "arts", "núms", "caps", "secc", "párrs", "apdos", "incs", "inc",
                    "s", "sig", "p", "pp", "pág", "págs", "núm", "n", "no", "art", "cap", "fig", "vol", "tel", "c.p",
                ],
                closings: [
                    // From an audit of common abbreviations (issue 21).
                    "izq", "dcha", "ss", "ibíd", "op.cit", "ptas", "mill", "ltda",
                    "etc", "a.c", "d.c", "a. c", "d. c", "s.a", "s.l", "cía", "hnos", "a.m", "p.m",
                ],
                ambiguous: [
                    // From an audit of common abbreviations (issue 21).
                    "ff.aa",
                    "ltd", "inc", "co", "ee.uu",
                ],
                sentenceStarters: [
                    "el", "la", "los", "las", "un", "una", "nadie", "nada", "nunca", "tampoco", "yo", "tú", "él", "ella", "nosotros",
                    "vosotros", "ellos",
                    "ellas", "usted", "ustedes", "este", "esta", "esto", "estos", "estas", "ese", "esa", "eso", "cómo",
                    "qué", "cuándo", "dónde", "por", "quién", "pero", "y", "entonces", "luego", "después", "sin", "hoy",
                    "ayer", "mañana", "en", "a", "de", "desde", "mi", "nuestro", "su", "sus", "todos", "si", "aquí", "allí",
                    "también", "además", "allí", "allá", "ahí", "cuando", "como", "fue", "era", "hay", "no", "sí",
                ],
                monthNames: [
                    "enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "setiembre",
                    "octubre", "noviembre", "diciembre",
                ],
                openingPrepositions: [
                    "en", "a", "desde", "hasta", "hacia", "antes", "tras", "durante", "el", "para", "por", "sobre",
                ]
            )),
        speech: SpeechRules(
            abbreviations: [
                "sr.": "señor", "sra.": "señora", "srta.": "señorita", "dr.": "doctor", "dra.": "doctora",
                "lic.": "licenciado", "ing.": "ingeniero", "prof.": "profesor", "d.": "don", "dña.": "doña",
                "av.": "avenida", "avda.": "avenida", "p. ej.": "por ejemplo", "aprox.": "aproximadamente",
                "etc.": "etcétera", "pág.": "página", "núm.": "número", "art.": "artículo", "ud.": "usted",
                "uds.": "ustedes", "ee. uu.": "Estados Unidos", "cía.": "compañía", "a. c.": "antes de Cristo",
                "d. c.": "después de Cristo",
            ],
            symbols: ["№": "número", "&": "y", "§": "párrafo", "°": "grados"],
            currencies: ["$": "dólares", "€": "euros", "£": "libras", "₴": "grivnas"],
            dot: "punto", at: "arroba", linkTo: "enlace a"
        )
    )
}
