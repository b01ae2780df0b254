extension LanguageRules {
    /// Czech: ordinals take a period ("5. května", "2. světová válka", "Karel IV."), so do
    /// the day and month of a numeric date; academic titles stand before a name ("Ing.",
    /// "MUDr.") and some after it ("Ph.D.", "CSc."); companies end in "a.s." or "s.r.o.".
    static let czech = LanguageRules(
        code: "cs",
        segmentation: LanguageRules.shared.segmentation.merging(
            SegmentationRules(
                titles: [
                    // From an audit of common abbreviations (issue 21).
                    "mga", "genpor", "brig.gen", "ppor", "prap", "nprap", "hl.m", "k.ú", "vyhl", "nař", "srov", "zast",
                    "p", "pí", "sl", "ing", "ing.arch", "mgr", "bc", "mudr", "judr", "phdr", "rndr", "mvdr", "pharmdr",
                    "paeddr", "thdr", "thlic", "icdr", "mddr", "doc", "prof", "akad", "genmjr", "arm.gen", "plk", "pplk",
                    "mjr", "kpt", "npor", "por", "rtm", "kard", "mons", "sv", "ul", "tř", "nábř", "sídl", "okr", "např",
                    "tzv", "tj", "tzn", "resp", "popř", "příp", "mj", "vč", "zejm", "zvl", "ev", "cca", "přibl", "nar",
                    "roz", "angl", "něm", "lat", "franc", "řec", "vyd", "red", "přel", "př",
                ],
                beforeNumbers: [
                    // From an audit of common abbreviations (issue 21).
                    "vz", "č.or", "sp.zn", "příl", "pol",
                    "č", "č.p", "č.j", "s", "str", "odst", "písm", "čl", "kap", "obr", "tab", "tel", "r", "roč", "sb",
                    "odd", "bod", "pozn",
                ],
                // Company suffixes close a sentence as often as "atd." does; "s. r. o." spaced is
                // looked up by its last two parts ("r.o").
                closings: [
                    // From an audit of common abbreviations (issue 21).
                    "dsc", "th.d", "ll.m", "n.m", "atp", "ap", "v.v.i", "s.p", "z.ú", "op.cit",
                    "atd", "apod", "aj", "stol", "hod", "min", "sek", "n.l", "př.kr", "po kr", "ph.d", "phd", "csc", "drsc",
                    "dis", "a.s", "s.r.o", "r.o", "v.o.s", "o.p.s", "z.s", "spol", "ltd", "inc",
                ],
                // "nám." is náměstí and the pronoun "nám"; "gen." a general and a gene; "350 tis. Kč"
                // goes on before the currency.
                ambiguous: [
                    // From an audit of common abbreviations (issue 21).
                    "h.c", "ml", "st", "zák",
                    "nám", "gen", "tis", "mil", "mld",
                ],
                // A name follows them ("nám. Míru", "gen. Svoboda"), common word or not.
                modifiers: ["nám", "gen"],
                unitsAfterNumbers: ["m", "km", "kg", "g", "l", "t", "ha", "hod", "min", "sek", "kč"],
                sentenceStarters: [
                    "to", "ten", "ta", "ti", "ty", "tu", "on", "ona", "ono", "oni", "ony", "my", "vy", "já", "v", "ve",
                    "na", "do", "z", "ze", "od", "po", "před", "při", "pro", "podle", "kromě", "mezi", "během", "ale", "a",
                    "i", "však", "proto", "pak", "potom", "poté", "nyní", "teď", "dnes", "včera", "zítra", "tento", "tato",
                    "toto", "tyto", "tehdy", "jak", "co", "kdy", "kde", "proč", "kdo", "který", "která", "které", "jeho",
                    "její", "jejich", "náš", "naše", "všichni", "každý", "mnoho", "když", "pokud", "aby", "protože",
                    "přestože", "ačkoli", "také", "tak", "navíc", "zároveň", "mezitím", "nakonec", "už", "již", "ještě",
                    "je", "jsou", "byl", "byla", "bylo", "byli", "bude", "budou", "není", "ne", "zatím", "letos", "loni",
                    "tam", "tady", "zde", "kvůli", "díky", "jenže", "přitom", "rovněž", "dále", "nicméně", "o", "u", "s",
                    "se", "k", "ke", "za", "nad", "pod", "jeden", "jedna", "jedno", "většina", "další", "první", "hned",
                    "později", "dříve", "následně", "naopak", "jinak", "bohužel", "prý",
                ],
                hasOrdinalDates: true,
                hasOrdinalNumbers: true,
                openingPrepositions: [
                    "v", "ve", "od", "do", "po", "před", "kolem", "během", "k", "ke", "za", "na", "o", "okolo", "při",
                ]
            )),
        speech: SpeechRules(
            abbreviations: [
                "např.": "například", "tzv.": "takzvaný", "tj.": "to jest", "tzn.": "to znamená", "resp.": "respektive",
                "popř.": "popřípadě", "příp.": "případně", "atd.": "a tak dále", "apod.": "a podobně", "aj.": "a jiné",
                "mj.": "mimo jiné", "vč.": "včetně", "zejm.": "zejména", "cca": "cirka", "ul.": "ulice",
                "nám.": "náměstí", "tř.": "třída", "sv.": "svatý", "č.": "číslo", "str.": "strana", "odst.": "odstavec",
                "čl.": "článek", "písm.": "písmeno", "tel.": "telefon", "stol.": "století", "tis.": "tisíc",
                "mil.": "milionů", "mld.": "miliard", "hod.": "hodin", "min.": "minut", "ing.": "inženýr",
                "mgr.": "magistr", "mudr.": "doktor medicíny", "judr.": "doktor práv", "phdr.": "doktor filozofie",
                "doc.": "docent", "prof.": "profesor", "plk.": "plukovník", "gen.": "generál", "kpt.": "kapitán",
                "a.s.": "akciová společnost", "s.r.o.": "společnost s ručením omezeným", "př.": "před",
                "n. l.": "našeho letopočtu", "kč": "korun", "nar.": "narozen",
            ],
            // "s. r. o." holds an "s." and an "r." that are no page and no year.
            beforeNumbers: ["s.": "strana", "r.": "roku"],
            symbols: ["№": "číslo", "&": "a", "§": "paragraf", "°": "stupňů", "%": "procent"],
            currencies: ["$": "dolarů", "€": "eur", "£": "liber", "₴": "hřiven", "₽": "rublů"],
            dot: "tečka", at: "zavináč"
        )
    )
}
