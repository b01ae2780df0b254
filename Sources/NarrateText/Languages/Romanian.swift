extension LanguageRules {
    /// Romanian.
    ///
    /// Romanian writes ordinals without a period ("al II-lea", "a 3-a", "secolul al XIX-lea")
    /// and dates as "7 aprilie 2020", so a number before a period ends a sentence like any
    /// word. Thousands take periods inside the number ("1.500 de lei"), which never cut.
    /// Abbreviations with "ș" and "ț" are listed in both the comma and the older cedilla
    /// spelling ("ş.a.", "ş.a.m.d.").
    static let romanian = LanguageRules(
        code: "ro",
        segmentation: LanguageRules.shared.segmentation.merging(
            SegmentationRules(
                titles: [
                    // From an audit of common abbreviations (issue 21).
                    "gl", "gl.bg", "gl.mr", "lt.col", "cdor", "sg", "sd", "insp", "ierom", "protos", "cercet", "m-ții",
                    "vf", "rep", "cart", "m.of", "h.g", "o.u.g", "ed", "c.n", "fam",
                    // Forms of address (DOOM writes "dl", "dna" without a period; the press often adds one).
                    "dl", "dna", "dra", "dnul", "dlui", "dnei", "dnele", "dnii", "dlor", "d-l", "d-na", "d-ra", "d-lui",
                    "d-nei", "d-nii", "dvs", "dv", "prof", "univ", "conf", "lect", "asist", "acad", "dr", "drd", "ing",
                    "arh", "av", "ec", "jr", "sr",
                    // Military and church ranks.
                    "gen", "col", "lt", "lt.-col", "cpt", "mr", "plt", "slt", "mar", "pr", "ps", "îps", "ips",
                    "sf", "arhim", "diac",
                    // Places: street, boulevard, square, county, municipality, commune, sector...
                    "str", "bd", "bdul", "b-dul", "șos", "şos", "al", "pța", "p-ța", "spl", "intr", "jud", "mun",
                    "or", "com", "sect",
                    // Before a word or a name: "de ex.", "cf.", "d.p.d.v.", "aprox.", "cca".
                    "ex", "aprox", "cca", "d.p.d.v", "v", "resp", "lb", "engl", "fr", "germ", "magh",
                ],
                beforeNumbers: [
                    "sec", "nr", "art", "alin", "lit", "pct", "cap", "p", "pag", "pp", "vol", "fig", "tab", "bl", "sc", "et",
                    "ap", "tel", "fax", "c.p", "ian", "feb", "febr", "apr", "iun", "iul", "aug", "sept", "oct", "nov",
                    "dec",
                ],
                closings: [
                    // From an audit of common abbreviations (issue 21).
                    "c.civ", "c.pen", "n.red", "n.n", "ș.u", "ş.u", "buc", "r.a", "p.f.a",
                    "etc", "ș.a", "ş.a", "ș.a.m.d", "ş.a.m.d", "ș.cl", "ş.cl", "î.hr", "d.hr", "î.e.n", "e.n", "a.c",
                    "mil", "mld", "sec", "min", "km", "kg", "s.a", "s.r.l", "s.c", "s.n.c", "s.c.s", "ltd", "s.u.a", "u.e",
                ],
                ambiguous: [
                    // From an audit of common abbreviations (issue 21).
                    "h.c",
                    "inc", "co",
                ],
                unitsAfterNumbers: ["m", "km", "kg", "g", "l", "t", "h", "min", "sec", "mil", "mld", "mii", "ha", "cm", "mm"],
                sentenceStarters: [
                    "eu", "tu", "el", "ea", "noi", "voi", "ei", "ele", "dumneavoastră", "acesta", "aceasta", "acestea",
                    "aceștia", "aceştia", "acest", "această", "aceste", "acel", "acea", "aceea", "acolo", "aici", "atunci",
                    "apoi", "dar", "însă", "iar", "și", "şi", "sau", "ori", "când", "cum", "ce", "cine", "unde", "de", "din",
                    "în", "la", "pe", "pentru", "după", "înainte", "astăzi", "azi", "ieri", "mâine", "acum", "totuși",
                    "totuşi", "deci", "astfel", "așadar", "aşadar", "prin", "potrivit", "conform", "cu", "un", "o", "niște",
                    "nişte", "nu", "da", "dacă", "deși", "deşi", "fiindcă", "toți", "toţi", "toate", "mulți", "mulţi",
                    "multe", "unii", "unele", "fiecare", "nimeni", "nimic", "mai", "chiar", "doar", "numai", "ulterior",
                    "între", "până", "spre", "sub", "fără", "asta", "aceasta", "există", "este", "sunt", "era", "au", "a",
                    "s-a", "s-au", "nici", "oricum", "desigur", "probabil", "poate", "recent", "anul", "luna",
                ],
                monthNames: [
                    "ianuarie", "februarie", "martie", "aprilie", "mai", "iunie", "iulie", "august", "septembrie",
                    "octombrie", "noiembrie", "decembrie",
                ],
                openingPrepositions: ["în", "la", "din", "de", "până", "după", "înainte", "pe", "pentru", "spre", "prin"]
            )),
        speech: SpeechRules(
            abbreviations: [
                "dl": "domnul", "dl.": "domnul", "dna": "doamna", "dna.": "doamna", "dra": "domnișoara",
                "dra.": "domnișoara", "d-l": "domnul", "d-na": "doamna", "d-ra": "domnișoara", "dvs.": "dumneavoastră",
                "dvs": "dumneavoastră", "prof.": "profesor", "dr.": "doctor", "ing.": "inginer", "conf.": "conferențiar",
                "acad.": "academician", "av.": "avocat", "gen.": "general", "col.": "colonel", "sf.": "sfântul",
                "str.": "strada", "bd.": "bulevardul", "bdul.": "bulevardul", "b-dul": "bulevardul", "șos.": "șoseaua",
                "jud.": "județul", "mun.": "municipiul", "com.": "comuna", "sect.": "sectorul", "nr.": "numărul",
                "art.": "articolul", "alin.": "alineatul", "lit.": "litera", "pct.": "punctul", "cap.": "capitolul",
                "pag.": "pagina", "p.": "pagina", "vol.": "volumul", "bl.": "blocul", "sc.": "scara", "et.": "etajul",
                "ap.": "apartamentul", "tel.": "telefon", "etc.": "et cetera", "ș.a.": "și alții", "ş.a.": "şi alţii",
                "ș.a.m.d.": "și așa mai departe", "ş.a.m.d.": "şi aşa mai departe", "î.hr.": "înainte de Hristos",
                "d.hr.": "după Hristos", "a.c.": "anul curent", "mil.": "milioane", "mld.": "miliarde",
                "aprox.": "aproximativ", "cca": "circa", "cca.": "circa", "ex.": "exemplu", "d.p.d.v.": "din punct de vedere",
                "ian.": "ianuarie", "feb.": "februarie", "apr.": "aprilie", "iun.": "iunie", "iul.": "iulie",
                "aug.": "august", "sept.": "septembrie", "oct.": "octombrie", "nov.": "noiembrie", "dec.": "decembrie",
            ],
            symbols: ["№": "numărul", "&": "și", "§": "paragraful", "°": "grade"],
            currencies: ["$": "dolari", "€": "euro", "£": "lire sterline", "₴": "grivne", "₺": "lire turcești"],
            dot: "punct", at: "arond"
        )
    )
}
