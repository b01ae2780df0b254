extension LanguageRules {
    /// Latvian: ordinals take a period ("2020. gada 7. aprīlī", "13. Saeima"); Roman numerals
    /// do not ("XX gadsimts").
    static let latvian = LanguageRules(
        code: "lv",
        segmentation: LanguageRules.shared.segmentation.merging(
            SegmentationRules(
                titles: [
                    "iel", "bulv", "prosp", "sv", "prof", "asoc", "doc", "akad", "dr", "mag", "māc", "bīsk", "arhib", "ģen",
                    "pulk", "plkv", "kpt", "ltn", "maj", "piem", "t.i", "t.s", "t.sk", "sk", "sal", "apm", "angl", "vāc",
                    "lat", "kr", "fr", "dz", "red", "sast", "tulk", "inž",
                ],
                beforeNumbers: ["lpp", "nr", "plkst", "att", "tab", "sēj", "nod", "p", "pkt", "tel", "mob"],
                closings: [
                    "u.c", "utt", "u.tml", "u.t.t", "tūkst", "milj", "mljrd", "mld", "p.m.ē", "m.ē", "min", "sek", "st",
                    "km", "kg", "cm", "mm", "ha",
                ],
                ambiguous: ["g", "gs", "nov", "pag", "ltd", "inc", "corp", "co"],
                unitsAfterNumbers: ["min", "sek", "st", "tūkst", "milj", "mljrd", "km", "kg", "t", "l"],
                sentenceStarters: [
                    "tas", "tā", "tie", "tās", "šis", "šī", "šie", "šīs", "viņš", "viņa", "viņi", "viņas", "es", "tu", "mēs",
                    "jūs", "mans", "mana", "mūsu", "viņu", "bet", "taču", "tomēr", "un", "arī", "kā", "kas", "kad", "kur",
                    "kāpēc", "kurš", "kura", "tāpēc", "tad", "pēc", "vēlāk", "agrāk", "tagad", "šodien", "vakar", "rīt",
                    "šeit", "tur", "jā", "nē", "ja", "lai", "jo", "kaut", "no", "uz", "ar", "par", "pie", "līdz", "visi",
                    "daudzi", "daži", "katrs", "tikai", "pat", "turklāt", "savukārt", "tātad", "tāpat", "varbūt", "diemžēl",
                    "vispirms", "pirms", "bija", "ir", "būs", "šajā", "tajā", "šogad", "pērn", "tāds", "tāda", "pēdējā",
                ],
                monthNames: [
                    "janvārī", "februārī", "martā", "aprīlī", "maijā", "jūnijā", "jūlijā", "augustā", "septembrī", "oktobrī",
                    "novembrī", "decembrī", "janvāra", "februāra", "marta", "aprīļa", "maija", "jūnija", "jūlija", "augusta",
                    "septembra", "oktobra", "novembra", "decembra",
                ],
                hasOrdinalDates: true,
                hasOrdinalNumbers: true
            )),
        speech: SpeechRules(
            abbreviations: [
                "piem.": "piemēram", "t.i.": "tas ir", "u.c.": "un citi", "utt.": "un tā tālāk",
                "u.tml.": "un tamlīdzīgi", "t.s.": "tā sauktais", "t.sk.": "tai skaitā", "sk.": "skatīt",
                "sal.": "salīdzināt", "apm.": "apmēram", "prof.": "profesors", "doc.": "docents", "dr.": "doktors",
                "sv.": "svētā", "iel.": "iela", "bulv.": "bulvāris", "g.": "gadā", "gs.": "gadsimtā",
                "plkst.": "pulksten", "lpp.": "lappuse", "nr.": "numurs", "tūkst.": "tūkstoši", "milj.": "miljoni",
                "mljrd.": "miljardi", "p.m.ē.": "pirms mūsu ēras", "m.ē.": "mūsu ērā", "min.": "minūtes",
                "st.": "stundas", "att.": "attēls", "pag.": "pagasts", "dz.": "dzimis",
            ],
            symbols: ["№": "numurs", "&": "un", "§": "paragrāfs", "°": "grādi"],
            currencies: ["$": "dolāri", "€": "eiro", "£": "mārciņas"],
            dot: "punkts", at: "et"
        )
    )
}
