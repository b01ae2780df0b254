extension LanguageRules {
    /// Swedish.
    ///
    /// Swedish writes ordinals with a colon ("3:e", "Karl XII:s") and dates without a period
    /// ("7 april 2020"), so no number with a period is taken for an ordinal; "S:t" (Sankt)
    /// ends in the lone "t".
    static let swedish = LanguageRules(
        code: "sv",
        segmentation: LanguageRules.shared.segmentation.merging(
            SegmentationRules(
                titles: [
                    // From an audit of common abbreviations (issue 21).
                    "fil.lic", "tekn.lic", "med.kand", "kyrkoh", "h.m", "h.k.h", "övers", "fr.a", "m.h.a", "m.a.p",
                    "t", "dr", "prof", "doc", "ordf", "v.ordf", "sekr", "kand", "fil.dr", "fil.kand", "fil.mag", "med.dr", "jur.kand",
                    "civ.ing", "tekn.dr",
                    "ekon.dr", "tf", "bitr", "t.f", "f.d", "t.ex", "bl.a", "dvs", "d.v.s", "fr.o.m", "t.o.m", "resp",
                    "inkl", "exkl", "p.g.a", "pga", "jfr", "enl", "ang", "ev", "s.k", "sk", "ca", "o.a", "mao",
                    "m.a.o", "kungl",
                ],
                beforeNumbers: [
                    // From an audit of common abbreviations (issue 21).
                    "årg", "prop",
                    "kl", "nr", "s", "sid", "ung", "kap", "avd", "tel", "v", "f", "d", "fig", "tab", "bd", "jan", "febr", "feb",
                    "apr", "jun", "jul", "aug", "sep", "sept", "okt", "nov", "dec",
                ],
                closings: [
                    // From an audit of common abbreviations (issue 21).
                    "uppl", "ff", "a.a", "e.d", "o.l", "t.v", "t.h", "ö.h", "tr", "tim", "ek.för",
                    "osv", "o.s.v", "m.m", "m.fl", "o.d", "etc", "f.kr", "e.kr", "kr", "milj", "mdr", "proc", "min", "sek",
                    "st", "AB", "HB", "KB",
                ],
                ambiguous: ["co", "inc", "ltd", "ph.d", "d.ä", "d.y"],
                unitsAfterNumbers: ["m", "km", "kg", "g", "l", "t", "kr", "milj", "mdr", "min", "sek", "st", "proc"],
                sentenceStarters: [
                    "den", "det", "de", "en", "ett", "jag", "du", "han", "hon", "vi", "ni", "man", "detta", "dessa", "denna",
                    "och", "men", "så", "för", "då", "nu", "här", "där", "var", "vad", "vem", "varför", "hur", "om", "när",
                    "efter", "före", "under", "med", "på", "till", "från", "i", "enligt", "därför", "dessutom", "samtidigt",
                    "senare", "sedan", "dock", "ändå", "också", "inte", "min", "mitt", "vår", "vårt", "hans", "hennes",
                    "deras", "alla", "många", "flera", "några", "ingen", "inget", "varje", "redan", "först", "efteråt",
                    "kanske", "idag", "igår", "imorgon", "fortfarande", "själv", "både", "medan", "eftersom", "bland",
                    "mellan", "igen", "därefter", "tidigare", "annars", "faktiskt", "trots", "vid",
                ],
                openingPrepositions: [
                    "i", "på", "från", "till", "efter", "före", "sedan", "under", "kring", "omkring", "vid", "mellan",
                ]
            )),
        speech: SpeechRules(
            abbreviations: [
                "s:t": "sankt", "dr": "doktor", "prof.": "professor", "doc.": "docent", "fil.dr": "filosofie doktor",
                "tf.": "tillförordnad", "f.d.": "före detta", "t.ex.": "till exempel", "bl.a.": "bland annat",
                "dvs.": "det vill säga", "fr.o.m.": "från och med", "t.o.m.": "till och med", "resp.": "respektive",
                "inkl.": "inklusive", "exkl.": "exklusive", "p.g.a.": "på grund av", "pga.": "på grund av",
                "jfr": "jämför", "enl.": "enligt", "ang.": "angående", "ev.": "eventuellt", "ung.": "ungefär",
                "s.k.": "så kallad", "ca": "cirka", "osv.": "och så vidare", "m.m.": "med mera", "m.fl.": "med flera",
                "o.d.": "och dylikt", "kl.": "klockan", "nr": "nummer", "s.": "sidan", "kr": "kronor",
                "milj.": "miljoner", "mdr": "miljarder", "f.kr.": "före Kristus", "e.kr.": "efter Kristus",
                "etc.": "etcetera", "kap.": "kapitel", "st.": "stycken",
            ],
            symbols: ["№": "nummer", "&": "och", "§": "paragraf", "°": "grader", "%": "procent"],
            currencies: ["$": "dollar", "€": "euro", "£": "pund", "¥": "yen"],
            dot: "punkt", at: "snabel-a"
        )
    )
}
