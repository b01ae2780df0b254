extension LanguageRules {
    /// Polish.
    static let polish = LanguageRules(
        code: "pl",
        segmentation: LanguageRules.shared.segmentation.merging(
            SegmentationRules(
                titles: [
                    // From an audit of common abbreviations (issue 21).
                    "m.st", "rz", "jez", "dz.u", "sygn", "zał", "zob", "fot", "ws", "dot", "przeł", "p.o", "b", "pos",
                    "adw", "r.pr", "ppor", "st", "bł", "śp", "nadzw", "pocz", "poł", "ub",
                    "ul", "al", "pl", "os", "ks", "prof", "dr", "hab", "inż", "mgr", "lek", "doc", "płk", "gen", "kpt",
                    "ppłk", "mjr", "prał", "kan", "bryg", "dyw", "abp", "bp", "kard", "dypl", "mec", "med", "hum", "techn", "dyr", "insp",
                    "nadkom", "kom", "asp", "sierż", "kpr", "chor", "mł", "por", "św", "np", "tzn", "tj", "tzw", "m.in", "ok", "woj", "pow",
                    "gm", "im",
                    "wg", "ds", "płd", "płn", "zach", "wsch", "bałt", "ang", "niem", "łac", "ros", "franc", "red", "tłum",
                    "oprac", "wyd", "nt", "jw", "sz", "p", "pt", "aut",
                ],
                beforeNumbers: [
                    // From an audit of common abbreviations (issue 21).
                    "zd", "dn", "tel", "ryc",
                    "ur", "zm", "godz", "nr", "s", "str", "art", "ust", "pkt", "rozdz", "rys", "tab", "t", "poz", "par",
                ],
                closings: [
                    // From an audit of common abbreviations (issue 21).
                    "n.p.m", "k.c", "k.k", "szt", "mies", "chr", "wsp",
                    "itd", "itp", "etc", "proc", "tys", "mln", "mld", "zł", "gr", "p.n.e", "n.e", "in", "godz",
                ],
                ambiguous: [
                    // From an audit of common abbreviations (issue 21).
                    "br", "s.c", "sp.k", "sp.j",
                    "r", "rr", "w", "ww", "sp", "s.a", "z o.o", "o.o", "ltd", "inc",
                ],
                unitsAfterNumbers: ["m", "km", "kg", "g", "l", "t", "zł", "gr", "tys", "mln", "mld", "godz", "min"],
                sentenceStarters: [
                    "to", "ten", "ta", "te", "ci", "on", "ona", "ono", "oni", "one", "my", "ja", "ty", "wy", "w", "we", "na",
                    "ale", "i", "a", "jak", "co", "kiedy", "gdzie", "dlaczego", "kto", "dlatego", "potem", "wtedy", "po",
                    "jednak", "także", "też", "tam", "tu", "dziś", "dzisiaj", "wczoraj", "jutro", "nasz", "jego", "jej",
                    "ich", "do", "za", "z", "ze", "od", "przy", "dla", "jeśli", "jeżeli", "żeby", "chociaż", "wszyscy",
                    "każdy", "wiele", "teraz", "tak", "nie", "oto", "był", "była", "było", "były", "jest", "są", "odtąd",
                    "później", "wówczas", "następnie",
                ],
                monthNames: [
                    "stycznia", "lutego", "marca", "kwietnia", "maja", "czerwca", "lipca", "sierpnia", "września",
                    "października", "listopada", "grudnia",
                ],
                hasOrdinalDates: true,
                openingPrepositions: [
                    "w", "we", "z", "ze", "do", "od", "na", "po", "o", "za", "przed", "przy", "około", "u", "koło", "pod",
                    "nad", "dnia",
                ]
            )),
        speech: SpeechRules(
            abbreviations: [
                "ul.": "ulica", "al.": "aleja", "pl.": "plac", "prof.": "profesor", "dr": "doktor", "inż.": "inżynier",
                "mgr": "magister", "ks.": "ksiądz", "św.": "święty", "np.": "na przykład", "tzn.": "to znaczy",
                "tj.": "to jest", "tzw.": "tak zwany", "m.in.": "między innymi", "ok.": "około", "itd.": "i tak dalej",
                "itp.": "i tym podobne", "godz.": "godzina", "woj.": "województwo", "wg": "według", "tys.": "tysięcy",
                "mln": "milionów", "mld": "miliardów", "zł": "złotych", "nr": "numer", "s.": "strona", "r.": "roku",
                "w.": "wieku", "p.n.e.": "przed naszą erą", "n.e.": "naszej ery",
            ],
            symbols: ["№": "numer", "&": "i", "§": "paragraf", "°": "stopni"],
            currencies: ["$": "dolarów", "€": "euro", "£": "funtów", "₴": "hrywien", "₽": "rubli"],
            dot: "kropka", at: "małpa", linkTo: "link do"
        )
    )
}
