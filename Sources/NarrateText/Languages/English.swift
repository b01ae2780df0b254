extension LanguageRules {
    /// English.
    static let english = LanguageRules(
        code: "en",
        segmentation: LanguageRules.shared.segmentation.merging(
            SegmentationRules(
                titles: [
                    // From an audit of common abbreviations (issue 21).
                    "asst", "assoc", "amb", "abp", "bp", "sts", "cdr", "pte", "const", "a.k.a",
                    "mr", "mrs", "ms", "messrs", "dr", "prof", "mt", "gen", "brig", "lieut", "det", "pfc", "spc", "gov", "sen", "rep",
                    "reps", "capt", "lt", "col",
                    "maj", "sgt", "cpl", "pvt", "cmdr", "adm", "rev", "hon", "pres", "supt", "insp", "fr", "mme", "mlle",
                    "atty", "mx", "msgr", "rt", "e.g", "i.e", "cf", "vs", "v", "viz", "ft",
                ],
                beforeNumbers: [
                    // From an audit of common abbreviations (issue 21).
                    "para", "cl", "pt", "ext", "b", "d", "fl", "cir", "rs", "rte", "fri", "mon",
                    "a.d", "hwy", "no", "nos", "fig", "figs", "vol", "vols", "p", "pp", "ch", "chap", "sec", "eq",
                    "ser", "approx", "tel", "c", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct",
                    "nov", "dec", "tue", "tues", "thu", "thur", "thurs", "n°",
                ],
                // After a street name a capital nearly always starts a new sentence.
                closings: [
                    // From an audit of common abbreviations (issue 21).
                    "ret", "seq", "cit", "c.e", "b.c.e", "yr", "yrs",
                    "etc", "b.c", "a.d", "ibid", "sq", "rd", "ave", "blvd", "ln", "pkwy",
                ],
                // A proper noun after a time goes on ("9 a.m. Eastern Time", "5 p.m. Friday").
                ambiguous: [
                    // From an audit of common abbreviations (issue 21).
                    "b.s", "m.b.a", "j.d", "ll.m", "ga", "ky", "md", "va", "vt", "ala", "kan",
                    // US states as datelines write them ("SAN JOSE, Calif. — ..."); not those that are words.
                    "ariz", "calif", "colo", "conn", "fla", "kans", "mich", "minn", "mont", "neb", "nev", "okla", "penn",
                    "tenn", "tex", "wis", "wyo", "n.y", "n.j", "n.m", "n.c", "n.d", "s.c", "s.d", "r.i", "w.va", "n.h",
                    "a.m", "p.m", "co", "inc", "ltd", "corp", "llc", "plc", "jr", "sr", "bros", "u.s", "u.s.a", "u.k", "e.u", "u.n", "d.c",
                    "st", "esq", "phd", "ph.d", "m.d", "b.a", "m.a", "b.sc", "m.sc", "dept",
                    "univ", "assn", "est", "ed", "eds", "trans", "incl", "govt",
                ],
                // They name what follows: "the U.S. Navy", "St. Louis".
                modifiers: ["st"],
                suffixesAfterNames: ["st"],
                nameWords: [
                    "army", "navy", "air", "marine", "marines", "coast", "senate", "congress", "house", "capitol",
                    "embassy", "consulate", "treasury", "department", "attorney", "ambassador", "envoy", "district",
                    "court", "supreme", "census", "bureau", "agency", "administration", "service", "postal", "mint",
                    "forest", "geological", "secret", "border", "customs", "national", "federal", "open", "olympic",
                    "steel", "chamber", "military", "naval", "space", "command", "forces", "intelligence", "government",
                    "pacific", "eastern", "central", "mountain", "atlantic", "standard", "daylight", "local", "universal",
                ],
                unitsAfterNumbers: [
                    "ft", "in", "lb", "lbs", "oz", "yd", "yds", "mi", "hr", "hrs", "min", "mins", "sec", "secs", "km", "kg",
                    "cm", "mm", "m", "g", "mph", "sq",
                ],
                sentenceStarters: [
                    "a", "an", "the", "i", "he", "she", "it", "we", "they", "you", "this", "that", "these", "those", "there",
                    "here", "how", "what", "when", "where", "why", "who", "which", "however", "but", "and", "so", "then",
                    "if", "as", "my", "our", "his", "her", "their", "its", "your", "did", "do", "does", "is", "are", "was",
                    "were", "being", "millions", "more", "many", "some", "most", "after", "before", "since", "while",
                    "although", "yet", "now", "today", "yesterday", "also", "still", "in", "on", "for", "at", "all",
                    "each", "every", "no", "not", "one", "let", "let's", "let’s", "meanwhile", "instead", "thus",
                    "therefore", "later", "first", "finally", "please", "can", "could", "would", "will", "should",
                ],
                monthNames: [
                    "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
                    "november", "december",
                ],
                openingPrepositions: [
                    "at", "by", "from", "since", "until", "till", "before", "after", "around", "about", "in", "on",
                ]
            )),
        speech: SpeechRules(
            abbreviations: [
                "mr.": "Mister", "mrs.": "Missus", "dr.": "Doctor", "prof.": "Professor", "mt.": "Mount",
                "gen.": "General", "gov.": "Governor", "sen.": "Senator", "rep.": "Representative", "capt.": "Captain",
                "lt.": "Lieutenant", "col.": "Colonel", "sgt.": "Sergeant", "rev.": "Reverend", "hon.": "Honourable",
                "pres.": "President", "e.g.": "for example", "i.e.": "that is", "cf.": "compare", "vs.": "versus",
                "etc.": "et cetera", "approx.": "approximately", "no.": "number", "nos.": "numbers", "fig.": "figure",
                "figs.": "figures", "vol.": "volume", "vols.": "volumes", "p.": "page", "pp.": "pages",
                "ch.": "chapter", "sec.": "section", "dept.": "department", "est.": "established", "jr.": "Junior",
                "sr.": "Senior", "inc.": "Incorporated", "ltd.": "Limited", "corp.": "Corporation", "co.": "Company",
                "st.": "Saint", "ave.": "Avenue", "blvd.": "Boulevard", "rd.": "Road", "jan.": "January",
                "feb.": "February", "mar.": "March", "apr.": "April", "aug.": "August", "sept.": "September",
                "sep.": "September", "oct.": "October", "nov.": "November", "dec.": "December", "et al.": "and others",
            ],
            letterNames: ["A": "Eh"],
            multipliers: ["thousand", "million", "billion", "trillion", "bn", "m"],
            units: ["°c": "degrees Celsius", "°f": "degrees Fahrenheit"],
            afterNames: ["st.": "Street", "dr.": "Drive"],
            symbols: ["№": "number", "&": "and", "§": "section", "°": "degrees"],
            currencies: ["$": "dollars", "€": "euros", "£": "pounds", "¥": "yen", "₴": "hryvnias", "₽": "roubles"],
            dot: "dot", at: "at", linkTo: "link to"
        )
    )
}
