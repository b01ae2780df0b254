extension LanguageRules {
    /// Lithuanian: dates name the year and day with "m." and "d." ("2020 m. balandžio 7 d."),
    /// centuries with "a." ("XX a."); ordinals take an ending ("7-oji"), not a period.
    static let lithuanian = LanguageRules(
        code: "lt",
        segmentation: LanguageRules.shared.segmentation.merging(
            SegmentationRules(
                titles: [
                    // Streets after their name, before a number: "Gedimino pr. 9", "Vilniaus g. 12".
                    "g", "pr", "al", "pl", "skg", "a.k", "p", "gerb", "dr", "prof", "doc", "habil", "hab", "akad", "šv", "kun",
                    "vysk", "arkivysk", "gen", "plk", "mjr", "kpt", "ltn", "inž", "gyd", "adv", "t.y", "pvz", "vad", "žr",
                    "plg", "ang", "angl", "lot", "vok", "rus", "pranc", "lenk", "liet", "gim", "buv", "red", "sud", "vert",
                ],
                beforeNumbers: ["nr", "psl", "str", "sk", "pav", "lent", "t", "tel", "kab", "b", "dal", "pastr"],
                closings: [
                    "kt", "pan", "t.t", "tūkst", "mln", "mlrd", "proc", "val", "min", "sek", "pr.kr", "po kr", "vnt",
                    "km", "kg", "cm", "mm", "ha",
                ],
                ambiguous: ["m", "d", "a", "r", "raj", "apskr", "sav", "sen", "aps", "ltd", "inc", "corp", "co"],
                unitsAfterNumbers: ["val", "min", "sek", "tūkst", "mln", "mlrd", "proc", "vnt", "km", "kg", "t", "l"],
                sentenceStarters: [
                    "tai", "tas", "ta", "tie", "tos", "šis", "ši", "šie", "šios", "jis", "ji", "jie", "jos", "jo", "jų", "jam",
                    "jai", "jame", "joje", "aš", "tu", "mes", "jūs", "mano", "mūsų", "bet", "tačiau", "o", "ir", "ar", "kaip",
                    "kas", "kada", "kur", "kodėl", "kuris", "kuri", "todėl", "tada", "tuomet", "paskui", "vėliau", "anksčiau",
                    "dabar", "šiandien", "vakar", "rytoj", "čia", "ten", "taip", "ne", "jei", "jeigu", "nors", "kad", "nes",
                    "po", "per", "prieš", "nuo", "iki", "su", "į", "iš", "apie", "visi", "daug", "kai", "kiekvienas", "tik",
                    "net", "beje", "deja", "galbūt", "turbūt", "pirmiausia", "toks", "tokia", "buvo", "yra", "bus", "šiemet",
                    "pernai", "be", "vis", "ją", "jį", "juos", "jas", "taigi", "vadinasi",
                ],
                // Genitive month names of a date ("2020 m. kovo 16 d."), which is no sentence.
                monthNames: [
                    "sausio", "vasario", "kovo", "balandžio", "gegužės", "birželio", "liepos", "rugpjūčio", "rugsėjo",
                    "spalio", "lapkričio", "gruodžio",
                ]
            )),
        speech: SpeechRules(
            abbreviations: [
                "pvz.": "pavyzdžiui", "t.y.": "tai yra", "ir kt.": "ir kiti", "kt.": "kiti", "ir pan.": "ir panašiai",
                "ir t.t.": "ir taip toliau", "žr.": "žiūrėk", "plg.": "palygink", "vad.": "vadinamasis",
                "prof.": "profesorius", "doc.": "docentas", "dr.": "daktaras", "gerb.": "gerbiamas", "šv.": "šventasis",
                "kun.": "kunigas", "gen.": "generolas", "g.": "gatvė", "pr.": "prospektas", "al.": "alėja",
                "m.": "metų", "d.": "dieną", "a.": "amžiaus", "val.": "valandą", "min.": "minučių",
                "tūkst.": "tūkstančių", "mln.": "milijonų", "mlrd.": "milijardų", "proc.": "procentų", "nr.": "numeris",
                "psl.": "puslapis", "str.": "straipsnis", "p.": "ponas", "pr. kr.": "prieš Kristų",
                "po kr.": "po Kristaus", "r.": "rajonas", "raj.": "rajonas", "sav.": "savivaldybė", "vnt.": "vienetų",
                "gim.": "gimęs",
            ],
            symbols: ["№": "numeris", "&": "ir", "§": "paragrafas", "°": "laipsnių"],
            currencies: ["$": "dolerių", "€": "eurų", "£": "svarų"],
            dot: "taškas", at: "eta"
        )
    )
}
