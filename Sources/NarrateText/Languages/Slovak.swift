extension LanguageRules {
    /// Slovak: ordinals take a period ("7. apríla", "XII. pluk", "Ľudovít XIV."), so do the
    /// day and month of a numeric date; academic titles stand before a name ("Ing.",
    /// "MUDr.") and some after it ("PhD.", "CSc."); companies end in "a. s." or "s. r. o.".
    static let slovak = LanguageRules(
        code: "sk",
        segmentation: LanguageRules.shared.segmentation.merging(
            SegmentationRules(
                titles: [
                    "p", "pí", "ing", "ing.arch", "mgr", "bc", "mudr", "judr", "phdr", "rndr", "mvdr", "pharmdr", "paeddr",
                    "thdr", "thlic", "mddr", "doc", "prof", "akad", "genmjr", "plk", "pplk", "mjr", "kpt", "npor", "por",
                    "rtm", "kard", "mons", "sv", "ul", "nábr", "sídl", "okr", "napr", "tzv", "t.j", "tj", "tzn", "resp",
                    "príp", "o.i", "vrát", "najm", "cca", "pribl", "nar", "rod", "angl", "nem", "lat", "franc", "maď",
                    "čes", "gréc", "vyd", "red", "prel", "pr",
                ],
                beforeNumbers: [
                    "č", "č.p", "č.j", "s", "str", "ods", "písm", "čl", "kap", "obr", "tab", "tel", "r", "roč", "zv", "z.z",
                    "bod", "pozn",
                ],
                // Company suffixes close a sentence as often as "atď." does; "s. r. o." spaced is
                // looked up by its last two parts ("r.o").
                closings: [
                    "atď", "a pod", "a i", "stor", "hod", "min", "sek", "n.l", "pred kr", "pr.kr", "po kr", "phd", "ph.d",
                    "csc", "drsc", "dis", "a.s", "s.r.o", "r.o", "v.o.s", "n.o", "spol", "ltd", "inc",
                ],
                // "nám." is námestie and the pronoun "nám"; "gen." a general and a gene; "5 mil. EUR"
                // goes on before the currency.
                ambiguous: ["nám", "gen", "tis", "mil", "mld"],
                // A name follows them ("nám. Míru", "gen. Svoboda"), common word or not.
                modifiers: ["nám", "gen"],
                unitsAfterNumbers: ["m", "km", "kg", "g", "l", "t", "ha", "hod", "min", "sek", "sk"],
                sentenceStarters: [
                    "to", "ten", "tá", "tí", "tie", "tú", "on", "ona", "ono", "oni", "ony", "my", "vy", "ja", "v", "vo",
                    "na", "do", "z", "zo", "od", "po", "pred", "pri", "pre", "podľa", "okrem", "medzi", "počas", "ale", "a",
                    "i", "aj", "však", "preto", "potom", "teraz", "dnes", "včera", "zajtra", "tento", "táto", "toto",
                    "tieto", "vtedy", "ako", "čo", "kedy", "kde", "prečo", "kto", "ktorý", "ktorá", "ktoré", "jeho", "jej",
                    "ich", "náš", "naše", "všetci", "každý", "veľa", "keď", "ak", "aby", "pretože", "hoci", "tiež",
                    "takisto", "tak", "navyše", "zároveň", "medzitým", "napokon", "nakoniec", "už", "ešte", "je", "sú",
                    "bol", "bola", "bolo", "boli", "bude", "budú", "nie", "zatiaľ", "tento", "tam", "tu", "vďaka", "kvôli",
                    "lenže", "pritom", "rovnako", "ďalej", "avšak", "no", "o", "u", "s", "so", "k", "ku", "za", "nad",
                    "pod", "jeden", "jedna", "jedno", "väčšina", "ďalší", "prvý", "neskôr", "predtým", "následne", "naopak",
                    "inak", "žiaľ", "vraj", "letos", "vlani", "tohto", "minulý",
                ],
                hasOrdinalDates: true,
                hasOrdinalNumbers: true,
                openingPrepositions: [
                    "v", "vo", "od", "do", "po", "pred", "okolo", "počas", "k", "ku", "za", "na", "o", "pri",
                ]
            )),
        speech: SpeechRules(
            abbreviations: [
                "napr.": "napríklad", "tzv.": "takzvaný", "t. j.": "to jest", "tj.": "to jest", "tzn.": "to znamená",
                "resp.": "respektíve", "príp.": "prípadne", "atď.": "a tak ďalej", "a pod.": "a podobne",
                "o. i.": "okrem iného", "vrát.": "vrátane", "cca": "cirka", "ul.": "ulica", "nám.": "námestie",
                "sv.": "svätý", "č.": "číslo", "str.": "strana", "ods.": "odsek", "čl.": "článok", "písm.": "písmeno",
                "tel.": "telefón", "stor.": "storočia", "tis.": "tisíc", "mil.": "miliónov", "mld.": "miliárd",
                "hod.": "hodín", "min.": "minút", "ing.": "inžinier", "mgr.": "magister", "mudr.": "doktor medicíny",
                "judr.": "doktor práv", "doc.": "docent", "prof.": "profesor", "plk.": "plukovník", "gen.": "generál",
                "a.s.": "akciová spoločnosť", "s.r.o.": "spoločnosť s ručením obmedzeným", "n. l.": "nášho letopočtu",
                "nar.": "narodený",
            ],
            // "s. r. o." holds an "s." and an "r." that are no page and no year.
            beforeNumbers: ["s.": "strana", "r.": "roku"],
            symbols: ["№": "číslo", "&": "a", "§": "paragraf", "°": "stupňov", "%": "percent"],
            currencies: ["$": "dolárov", "€": "eur", "£": "libier", "₴": "hrivien", "₽": "rubľov"],
            dot: "bodka", at: "zavináč"
        )
    )
}
