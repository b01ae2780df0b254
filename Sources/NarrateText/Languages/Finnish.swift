extension LanguageRules {
    /// Finnish.
    ///
    /// Finnish writes ordinals and dates with a period ("3. sija", "7. huhtikuuta 2020",
    /// "6.12."), always before lower-case words, and regnal numbers without one ("Kustaa III"),
    /// so a number or a Roman numeral with a period before a capital ends its sentence. Titles
    /// shortened by contraction take no period ("tri", "hra", "rva", "klo", "nro").
    static let finnish = LanguageRules(
        code: "fi",
        segmentation: LanguageRules.shared.segmentation.merging(
            SegmentationRules(
                titles: [
                    "prof", "dos", "toim", "esim", "mm", "ns", "ks", "kts", "vrt", "ts", "ko", "em", "ent", "vt", "va",
                    "o.s", "os", "huom", "engl", "ruots", "lat", "suom", "saks", "ransk", "ven", "ca", "ml",
                ],
                beforeNumbers: [
                    "n", "s", "v", "vv", "puh", "p", "synt", "k", "as", "krs", "nro", "fig", "tam",
                    "helmik", "maalisk", "huhtik", "toukok", "kesäk", "heinäk", "elok", "syysk", "lokak", "marrask",
                    "jouluk",
                ],
                closings: [
                    "jne", "ym", "yms", "tms", "tmv", "ekr", "jkr", "eaa", "jaa", "milj", "mrd", "ap", "ip", "min", "sek",
                    "Oy", "Oyj", "Ab", "Ky", "Ay", "Tmi",
                ],
                ambiguous: ["co", "inc", "ltd"],
                unitsAfterNumbers: ["m", "km", "kg", "g", "l", "t", "mm", "cm", "milj", "mrd", "min", "sek", "h", "kpl", "ml"],
                sentenceStarters: [
                    "hän", "he", "se", "ne", "me", "te", "minä", "sinä", "tämä", "tuo", "nämä", "nuo", "mutta", "ja", "sekä",
                    "kun", "jos", "koska", "sitten", "nyt", "myös", "vielä", "jo", "kuitenkin", "lisäksi", "siksi", "sen",
                    "sitä", "siitä", "siihen", "hänen", "heidän", "mitä", "miksi", "missä", "milloin", "kuka", "mikä",
                    "miten", "kuinka", "tänään", "eilen", "huomenna", "viime", "ensi", "vuonna", "myöhemmin", "aiemmin",
                    "samalla", "toisaalta", "esimerkiksi", "ei", "en", "on", "oli", "siellä", "täällä", "kaikki", "moni",
                    "monet", "useat", "vaikka", "eikä", "tai", "siis", "näin", "niin", "silloin", "nykyään", "tällä",
                    "tässä", "tämän", "sillä", "lopulta", "ensin", "aluksi", "entä", "sieltä", "sinne", "täältä",
                    "tänne",
                ],
                hasOrdinalDates: true,
                // "Aleksanterink. 17", "Mannerheimint. 5": a street's name shortened before its number.
                abbreviationSuffixes: ["nk", "nt"]
            )),
        speech: SpeechRules(
            abbreviations: [
                "prof.": "professori", "dos.": "dosentti", "tri": "tohtori", "hra": "herra", "rva": "rouva",
                "nti": "neiti", "esim.": "esimerkiksi", "mm.": "muun muassa", "ns.": "niin sanottu", "ks.": "katso",
                "vrt.": "vertaa", "ts.": "toisin sanoen", "jne.": "ja niin edelleen", "ym.": "ynnä muuta",
                "yms.": "ynnä muuta sellaista", "tms.": "tai muuta sellaista", "n.": "noin", "klo": "kello",
                "nro": "numero", "s.": "sivu", "puh.": "puhelin", "milj.": "miljoonaa", "mrd.": "miljardia",
                "eKr.": "ennen Kristusta", "jKr.": "jälkeen Kristuksen", "eaa.": "ennen ajanlaskun alkua",
                "jaa.": "jälkeen ajanlaskun alun", "vt.": "virkaa tekevä", "ent.": "entinen", "synt.": "syntynyt",
                "kpl": "kappaletta", "v.": "vuonna", "ko.": "kyseinen", "em.": "edellä mainittu",
            ],
            symbols: ["№": "numero", "&": "ja", "§": "pykälä", "°": "astetta", "%": "prosenttia"],
            currencies: ["$": "dollaria", "€": "euroa", "£": "puntaa", "¥": "jeniä"],
            dot: "piste", at: "ät"
        )
    )
}
