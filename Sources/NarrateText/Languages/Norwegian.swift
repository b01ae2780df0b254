extension LanguageRules {
    /// Norwegian Bokmål.
    ///
    /// Like Danish, Norwegian writes ordinals with a period ("2. verdenskrig", "17. mai 2020")
    /// before lower-case nouns and month names, and kings' numbers without one ("Haakon VII"),
    /// so a number or a Roman numeral with a period before a capital ends its sentence.
    static let norwegian = LanguageRules(
        code: "nb",
        segmentation: LanguageRules.shared.segmentation.merging(
            SegmentationRules(
                titles: [
                    "hr", "frk", "dr", "prof", "adm", "dir", "adm.dir", "cand", "stud", "cand.mag", "cand.jur",
                    "cand.med", "cand.real", "cand.philol", "cand.oecon", "dr.philos", "dr.med", "st", "d",
                    "f.eks", "bl.a", "dvs", "d.v.s", "jf", "jfr", "iflg", "pga", "p.g.a", "vedr", "inkl", "ekskl", "evt",
                    "ev", "ang", "hhv", "mht", "m.h.t", "ift", "fhv", "tidl", "sml", "ca", "o.a", "ordf", "nestl",
                ],
                beforeNumbers: [
                    "kl", "nr", "s", "kap", "pkt", "tlf", "gt", "f", "fig", "tab", "bd", "avd", "jan", "feb", "mar", "apr",
                    "jun", "jul", "aug", "sep", "sept", "okt", "nov", "des",
                ],
                closings: [
                    "osv", "o.s.v", "m.m", "mv", "m.v", "o.l", "m.fl", "etc", "f.kr", "e.kr", "årh", "kr", "mill", "mrd",
                    "pst", "min", "sek", "AS", "ASA", "ANS",
                ],
                ambiguous: ["co", "inc", "ltd", "ph.d"],
                unitsAfterNumbers: ["m", "km", "kg", "g", "l", "t", "kr", "mill", "mrd", "pst", "min", "sek", "stk"],
                sentenceStarters: [
                    "den", "det", "de", "der", "en", "et", "ei", "jeg", "du", "han", "hun", "vi", "dere", "man", "dette",
                    "disse", "denne", "og", "men", "så", "for", "da", "nå", "her", "hvor", "hva", "hvem", "hvorfor",
                    "hvordan", "hvis", "når", "etter", "før", "under", "med", "på", "til", "fra", "om", "i", "ifølge",
                    "derfor", "dessuten", "samtidig", "senere", "siden", "likevel", "også", "ikke", "min", "mitt", "vår",
                    "vårt", "hans", "hennes", "deres", "alle", "mange", "flere", "noen", "ingen", "hver", "hvert",
                    "allerede", "først", "etterpå", "kanskje", "imidlertid", "fortsatt", "selv", "både", "mens", "fordi",
                    "blant", "mellom", "igjen", "deretter", "tidligere", "ellers", "faktisk",
                ],
                hasOrdinalDates: true,
                // "Storgt. 5", "Kirkegt. 12", "Akersgt. 8": a street's name ends in "gt." before its
                // number; not any word in "-gt" ("valgt. 25 personer ...").
                abbreviationSuffixes: ["egt", "rgt", "ggt", "sgt"]
            )),
        speech: SpeechRules(
            abbreviations: [
                "hr.": "herr", "frk.": "frøken", "dr.": "doktor", "prof.": "professor", "adm.": "administrerende",
                "dir.": "direktør", "st.": "sankt", "f.eks.": "for eksempel", "bl.a.": "blant annet",
                "dvs.": "det vil si", "jf.": "jamfør", "iflg.": "ifølge", "pga.": "på grunn av",
                "vedr.": "vedrørende", "inkl.": "inkludert", "ekskl.": "eksklusive", "evt.": "eventuelt",
                "ev.": "eventuelt", "ang.": "angående", "hhv.": "henholdsvis", "mht.": "med hensyn til",
                "ift.": "i forhold til", "fhv.": "forhenværende", "osv.": "og så videre", "m.m.": "med mer",
                "mv.": "med videre", "o.l.": "og lignende", "m.fl.": "med flere", "ca.": "cirka", "kl.": "klokken",
                "nr.": "nummer", "s.": "side", "tlf.": "telefon", "gt.": "gate", "kr.": "kroner", "mill.": "millioner",
                "mrd.": "milliarder", "pst.": "prosent", "f.kr.": "før Kristus", "e.kr.": "etter Kristus",
                "årh.": "århundre", "etc.": "et cetera", "kap.": "kapittel",
            ],
            symbols: ["№": "nummer", "&": "og", "§": "paragraf", "°": "grader", "%": "prosent"],
            currencies: ["$": "dollar", "€": "euro", "£": "pund", "¥": "yen"],
            dot: "punktum", at: "krøllalfa"
        )
    )
}
