extension LanguageRules {
    /// French.
    static let french = LanguageRules(
        code: "fr",
        segmentation: LanguageRules.shared.segmentation.merging(
            SegmentationRules(
                titles: [
                    // From an audit of common abbreviations (issue 21).
                    "lieut", "card", "r.p", "s.s", "s.e", "s.m", "n.-d", "dép", "pl", "imp", "c", "v", "cass", "décr",
                    "ord",
                    "m", "mm", "MM", "mme", "mmes", "mlle", "mlles", "me", "mgr", "dr", "pr", "prof", "st", "ste", "av", "bd", "boul",
                    "cf", "ex", "c.-à-d", "c-à-d", "p.ex", "apr", "gén", "cap", "lt",
                    "réf", "vol", "chap", "éd", "trad", "dir", "coll", "n°",
                ],
                beforeNumbers: [
                    // From an audit of common abbreviations (issue 21).
                    "tél", "b.p", "approx", "fév", "fr",
                    "p", "pp", "n", "no", "n°", "art", "al", "chap", "fig", "t", "vol", "janv", "févr", "avr", "juil",
                    "oct", "nov", "déc",
                ],
                closings: [
                    // From an audit of common abbreviations (issue 21).
                    "arr", "c.civ", "op.cit", "loc.cit", "id", "ss", "s.v.p", "t.t.c",
                    "etc", "cie", "av. j.-c", "apr. j.-c", "j.-c", "hab", "env",
                ],
                ambiguous: [
                    // From an audit of common abbreviations (issue 21).
                    "s.a.r.l",
                    "ltd", "inc", "s.a", "sarl", "cie", "co",
                ],
                unitsAfterNumbers: ["m", "km", "cm", "mm", "kg", "g", "h", "min", "s", "l", "t"],
                sentenceStarters: [
                    "le", "la", "les", "un", "une", "des", "je", "il", "elle", "on", "nous", "vous", "ils", "elles", "ce",
                    "cette", "ces", "cela", "ça", "comment", "que", "quoi", "quand", "où", "pourquoi", "qui", "mais", "et",
                    "donc", "alors", "puis", "ensuite", "cependant", "pourtant", "aujourd'hui", "aujourd’hui", "hier",
                    "demain", "en", "dans", "à", "au", "aux", "après", "avant", "depuis", "mon", "notre", "son", "leur",
                    "tous", "toutes", "si", "ici", "là",
                ],
                monthNames: [
                    "janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre",
                    "novembre", "décembre",
                ],
                openingPrepositions: [
                    "en", "au", "aux", "à", "dès", "depuis", "vers", "avant", "après", "le", "du", "dans", "pour", "sur",
                ]
            )),
        speech: SpeechRules(
            abbreviations: [
                "m.": "Monsieur", "mm.": "Messieurs", "mme": "Madame", "mlle": "Mademoiselle", "dr": "Docteur",
                "dr.": "Docteur", "pr.": "Professeur", "st": "Saint", "ste": "Sainte", "av.": "avenue",
                "bd": "boulevard", "etc.": "et cetera", "c.-à-d.": "c'est-à-dire", "p.ex.": "par exemple",
                "env.": "environ", "av. j.-c.": "avant Jésus-Christ", "apr. j.-c.": "après Jésus-Christ", "cf.": "confer", "p.": "page",
                "art.": "article", "n°": "numéro", "chap.": "chapitre",
                "vol.": "volume", "janv.": "janvier", "févr.": "février", "avr.": "avril", "juil.": "juillet",
                "sept.": "septembre", "oct.": "octobre", "nov.": "novembre", "déc.": "décembre",
            ],
            units: [
                "m": "mètres", "m.": "mètres", "km": "kilomètres", "cm": "centimètres", "kg": "kilos",
                "°c": "degrés Celsius",
            ],
            symbols: ["№": "numéro", "&": "et", "§": "paragraphe", "°": "degrés"],
            currencies: ["$": "dollars", "€": "euros", "£": "livres", "₴": "hryvnias"],
            dot: "point", at: "arobase", linkTo: "lien vers"
        )
    )
}
