extension LanguageRules {
    /// Hungarian: ordinals take a period ("3. helyezett", "XII. kerület", "II. Rákóczi
    /// Ferenc"), and dates run year first, each part an ordinal ("2020. március 15.");
    /// "dr." stands before a name in lower case; companies end in "Kft.", "Zrt." or "Nyrt.".
    static let hungarian = LanguageRules(
        code: "hu",
        segmentation: LanguageRules.shared.segmentation.merging(
            SegmentationRules(
                titles: [
                    "dr", "prof", "id", "ifj", "özv", "szt", "br", "gr", "pl", "ún", "kb", "ill", "vö", "ld", "ford",
                    "szerk", "szül", "sz", "ny", "nyug", "u", "krt", "ker", "sgt", "rkp", "vsz", "ált", "kül", "főv", "ang",
                    "ném", "lat", "fr", "gör", "tkp", "m.kir", "kir",
                ],
                // "Kr. e. 44-ben", "i. sz. 100 körül": an era before its year.
                beforeNumbers: [
                    "sz", "old", "o", "évf", "ábr", "fej", "bek", "tel", "hsz", "hrsz", "em", "fszt", "kr.e", "kr.u",
                    "i.sz",
                ],
                // Company suffixes close a sentence as often as "stb." does.
                closings: [
                    "stb", "kft", "zrt", "nyrt", "bt", "kkt", "rt", "kht", "KFT", "ZRT", "NYRT", "ft", "mp", "ltd", "inc",
                ],
                // "5 mrd. Ft" goes on before the currency.
                ambiguous: ["mrd", "md"],
                unitsAfterNumbers: ["m", "km", "kg", "g", "l", "t", "ha", "p", "mp", "ó", "ft"],
                sentenceStarters: [
                    "a", "az", "egy", "ez", "ezt", "ezek", "azt", "azok", "ő", "ők", "mi", "ti", "én", "te", "ön", "önök",
                    "de", "és", "hogy", "ha", "mert", "amikor", "ahol", "aki", "ami", "mivel", "bár", "pedig", "azonban",
                    "ezért", "így", "tehát", "majd", "aztán", "ekkor", "akkor", "most", "ma", "tegnap", "holnap", "már",
                    "még", "sok", "minden", "mindez", "valamint", "emellett", "ugyanakkor", "közben", "végül", "később",
                    "korábban", "szerinte", "szerint", "nem", "igen", "van", "volt", "lesz", "nincs", "hol", "mikor",
                    "miért", "hogyan", "mit", "ki", "kik", "itt", "ott", "ilyen", "olyan", "ennek", "annak", "eddig",
                    "idén", "tavaly", "jelenleg", "ezzel", "azzal", "mindkét", "néhány", "több", "egyes", "sőt", "viszont",
                    "ám", "vagy", "ezután", "azóta", "egyelőre", "addig", "utána", "előtte", "mégis", "persze", "talán",
                    "valóban", "ugyanis", "hiszen", "éppen", "csak", "sajnos", "közülük", "ebben", "erről", "emiatt",
                    "eközben", "mindezt", "ráadásul", "egyébként", "szerencsére", "ezenkívül",
                ],
                hasOrdinalDates: true,
                hasOrdinalNumbers: true
            )),
        speech: SpeechRules(
            abbreviations: [
                "dr.": "doktor", "prof.": "professzor", "id.": "idősebb", "ifj.": "ifjabb", "özv.": "özvegy",
                "szt.": "szent", "pl.": "például", "ún.": "úgynevezett", "kb.": "körülbelül", "ill.": "illetve",
                "vö.": "vesd össze", "ld.": "lásd", "stb.": "és a többi", "u.": "utca", "krt.": "körút",
                "ker.": "kerület", "sgt.": "sugárút", "szül.": "született", "szerk.": "szerkesztette",
                "ford.": "fordította", "kft.": "káefté", "zrt.": "zártkörűen működő részvénytársaság",
                "nyrt.": "nyilvánosan működő részvénytársaság", "bt.": "betéti társaság", "mrd.": "milliárd",
                "md.": "milliárd", "ft": "forint", "kr. e.": "Krisztus előtt", "kr. u.": "Krisztus után",
                "i. sz.": "időszámításunk szerint", "tel.": "telefon", "évf.": "évfolyam", "old.": "oldal",
            ],
            // "sz." is both "szám" and "született"; only before a number it is "szám".
            beforeNumbers: ["sz.": "szám", "o.": "oldal"],
            symbols: ["№": "szám", "&": "és", "§": "paragrafus", "°": "fok", "%": "százalék"],
            currencies: ["$": "dollár", "€": "euró", "£": "font", "₴": "hrivnya", "₽": "rubel"],
            dot: "pont", at: "kukac"
        )
    )
}
