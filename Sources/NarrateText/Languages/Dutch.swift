extension LanguageRules {
    /// Dutch.
    static let dutch = LanguageRules(
        code: "nl",
        segmentation: LanguageRules.shared.segmentation.merging(
            SegmentationRules(
                titles: [
                    // From an audit of common abbreviations (issue 21).
                    "t.o.v", "t.b.v", "n.a.v", "o.m", "m.u.v", "i.t.t", "i.s.m", "o.l.v", "c.q", "evt", "jo", "zr", "h.m",
                    "z.k.h", "h.k.h", "fam", "gebr", "geb",
                    "burg", "weth", "ds", "jhr", "dhr", "mevr", "mw", "mr", "dr", "drs", "ir", "ing", "prof", "st", "sint", "bijv", "bv",
                    "d.w.z", "o.a",
                    "m.b.t", "t.a.v", "i.p.v", "i.v.m", "z.g.a.n", "ca", "incl", "excl", "resp", "vgl", "zgn", "zg", "mgr",
                    "jhr", "aanw", "vnw", "ww", "bnw", "znw", "bijw", "lidw", "telw", "vz", "vw", "tw", "afk", "blz", "nl",
                    "eng", "fr", "du", "lat", "z.s.m",
                ],
                beforeNumbers: [
                    // From an audit of common abbreviations (issue 21).
                    "ong", "d.d", "stb", "stcrt",
                    "nr", "blz", "art", "hfst", "fig", "tab", "p", "jan", "feb", "mrt", "apr", "jun", "jul", "aug", "sep",
                    "sept", "okt", "nov", "dec",
                ],
                closings: [
                    // From an audit of common abbreviations (issue 21).
                    "jl", "e.a", "e.v", "t.z.t", "a.u.b", "mln", "mld",
                    "enz", "e.d", "etc", "n.chr", "v.chr", "a.s", "m.a.w",
                ],
                ambiguous: [
                    // From an audit of common abbreviations (issue 21).
                    "v.o.f",
                    "b.v", "n.v", "bv", "nv", "ltd", "inc",
                ],
                sentenceStarters: [
                    "de", "het", "een", "ik", "hij", "zij", "ze", "het", "wij", "we", "jij", "je", "jullie", "u", "dit",
                    "dat", "deze", "die", "hoe", "wat", "wanneer", "waar", "waarom", "wie", "maar", "en", "dus", "toen",
                    "dan", "daarna", "echter", "ook", "vandaag", "gisteren", "morgen", "in", "op", "aan", "na", "voor",
                    "met", "mijn", "ons", "onze", "zijn", "haar", "hun", "alle", "als", "hier", "daar", "nu",
                ],
                monthNames: [
                    "januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus", "september", "oktober",
                    "november", "december",
                ],
                // "Kerkstr. 12": a street's name ends in an abbreviation before its number.
                openingPrepositions: [
                    "in", "op", "om", "sinds", "tot", "vanaf", "na", "voor", "rond", "tegen", "omstreeks", "per",
                ],
                abbreviationSuffixes: ["str"]
            )),
        speech: SpeechRules(
            abbreviations: [
                "dhr.": "de heer", "mevr.": "mevrouw", "mw.": "mevrouw", "dr.": "doctor", "drs.": "doctorandus",
                "ir.": "ingenieur", "prof.": "professor", "bijv.": "bijvoorbeeld", "bv.": "bijvoorbeeld",
                "d.w.z.": "dat wil zeggen", "o.a.": "onder andere", "enz.": "enzovoort", "ca.": "circa",
                "blz.": "bladzijde", "nr.": "nummer", "m.b.t.": "met betrekking tot", "i.p.v.": "in plaats van",
                "t.a.v.": "ter attentie van", "incl.": "inclusief", "vgl.": "vergelijk",
            ],
            symbols: ["№": "nummer", "&": "en", "§": "paragraaf", "°": "graden"],
            currencies: ["$": "dollar", "€": "euro", "£": "pond", "₴": "grivna"],
            dot: "punt", at: "at", linkTo: "link naar"
        )
    )
}
