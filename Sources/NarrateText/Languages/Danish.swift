extension LanguageRules {
    /// Danish.
    ///
    /// Danish writes ordinals with a period ("2. verdenskrig", "den 5. maj 2020"), but its nouns
    /// and month names are lower-case, so the period before them never looks like a sentence's
    /// end; kings' numbers take none ("Christian IV"), so a number or a Roman numeral with a
    /// period before a capital is taken to end its sentence (`hasOrdinalNumbers` is off).
    static let danish = LanguageRules(
        code: "da",
        segmentation: LanguageRules.shared.segmentation.merging(
            SegmentationRules(
                titles: [
                    "hr", "frk", "dr", "prof", "adm", "dir", "adm.dir", "cand", "stud", "lic", "mag.art",
                    "cand.mag", "cand.polit", "cand.jur", "cand.med", "cand.scient", "dr.phil", "dr.med", "skt", "sct", "st",
                    "gl", "ndr", "sdr", "d", "f.eks", "bl.a", "dvs", "d.v.s", "jf", "jvf", "iflg", "pga", "p.g.a", "vedr",
                    "inkl", "ekskl", "evt", "ang", "hhv", "mht", "m.h.t", "vha", "ift", "ifm", "fhv", "tidl", "sml", "ca",
                    "ovs", "o.a",
                ],
                beforeNumbers: [
                    "kl", "nr", "s", "stk", "pkt", "kap", "afs", "tlf", "f", "fig", "tab", "bd", "afd", "jan", "feb", "mar",
                    "apr", "jun", "jul", "aug", "sep", "sept", "okt", "nov", "dec",
                ],
                closings: [
                    "osv", "o.s.v", "m.m", "mv", "m.v", "o.l", "m.fl", "etc", "f.kr", "e.kr", "årh", "kr", "mio", "mia",
                    "mill", "pct", "min", "sek", "ApS",
                ],
                ambiguous: ["co", "inc", "ltd", "ph.d"],
                unitsAfterNumbers: ["m", "km", "kg", "g", "l", "t", "kr", "mio", "mia", "mill", "pct", "min", "sek", "stk"],
                sentenceStarters: [
                    "den", "det", "de", "der", "en", "et", "jeg", "du", "han", "hun", "vi", "i", "man", "dette", "disse", "denne",
                    "og", "men", "så", "for", "da", "nu", "her", "hvor", "hvad", "hvem", "hvorfor", "hvordan", "hvis", "når",
                    "efter", "før", "under", "med", "på", "til", "fra", "om", "ifølge", "derfor", "desuden", "samtidig",
                    "senere", "siden", "dog", "alligevel", "også", "ikke", "min", "mit", "vores", "hans", "hendes", "deres",
                    "alle", "mange", "flere", "nogle", "ingen", "hver", "hvert", "allerede", "først", "bagefter",
                    "imidlertid", "måske", "endnu", "heller", "sådan", "selv", "både", "mens", "fordi", "hvilket", "blandt",
                    "mellem", "igen", "derefter", "herefter", "dengang", "tidligere", "ellers", "faktisk",
                ],
                hasOrdinalDates: true
            )),
        speech: SpeechRules(
            abbreviations: [
                "hr.": "herr", "frk.": "frøken", "dr.": "doktor", "prof.": "professor", "adm.": "administrerende",
                "dir.": "direktør", "skt.": "sankt", "f.eks.": "for eksempel", "bl.a.": "blandt andet",
                "dvs.": "det vil sige", "jf.": "jævnfør", "iflg.": "ifølge", "pga.": "på grund af",
                "vedr.": "vedrørende", "inkl.": "inklusive", "ekskl.": "eksklusive", "evt.": "eventuelt",
                "ang.": "angående", "hhv.": "henholdsvis", "mht.": "med hensyn til", "vha.": "ved hjælp af",
                "ift.": "i forhold til", "fhv.": "forhenværende", "osv.": "og så videre", "m.m.": "med mere",
                "mv.": "med videre", "o.l.": "og lignende", "m.fl.": "med flere", "ca.": "cirka", "kl.": "klokken",
                "nr.": "nummer", "s.": "side", "stk.": "stykke", "tlf.": "telefon", "kr.": "kroner", "mio.": "millioner",
                "mia.": "milliarder", "pct.": "procent", "f.kr.": "før Kristus", "e.kr.": "efter Kristus",
                "årh.": "århundrede", "etc.": "et cetera", "kap.": "kapitel", "fx": "for eksempel",
            ],
            symbols: ["№": "nummer", "&": "og", "§": "paragraf", "°": "grader", "%": "procent"],
            currencies: ["$": "dollar", "€": "euro", "£": "pund", "¥": "yen"],
            dot: "punktum", at: "snabel-a"
        )
    )
}
