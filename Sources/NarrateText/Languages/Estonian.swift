extension LanguageRules {
    /// Estonian: ordinals take a period ("24. veebruar", "3. koht", "26. Tallinna maraton");
    /// Roman numerals do not ("XX sajand"). Many abbreviations are written without a period
    /// too ("nt", "jne", "Pärnu mnt 10"); these lists hold the forms that take one.
    static let estonian = LanguageRules(
        code: "et",
        segmentation: LanguageRules.shared.segmentation.merging(
            SegmentationRules(
                titles: [
                    "hr", "pr", "prl", "dr", "prof", "dots", "akad", "mag", "ins", "tn", "mnt", "pst", "pl", "nt", "vt", "u",
                    "s.t", "s.o", "v.a", "k.a", "ingl", "sks", "vn", "lad", "kindr", "ltn", "kpt", "vrd", "õp", "sh",
                    "sealh",
                ],
                beforeNumbers: ["lk", "nr", "kl", "tel", "ptk", "joon", "tab", "p", "lg", "kd"],
                closings: [
                    "jne", "jt", "jm", "vms", "jms", "tuh", "mln", "mld", "ekr", "pkr", "e.m.a", "m.a.j", "tk", "min", "sek",
                    "km", "kg", "cm", "mm", "ha",
                ],
                ambiguous: ["a", "saj", "ltd", "inc", "corp", "co"],
                unitsAfterNumbers: ["min", "sek", "tuh", "mln", "mld", "tk", "km", "kg", "t", "l", "h"],
                sentenceStarters: [
                    "see", "need", "ta", "tema", "nad", "nemad", "ma", "mina", "sa", "sina", "me", "meie", "te", "teie", "minu",
                    "nende", "selle", "seda", "siis", "kuid", "aga", "ja", "ning", "ka", "kui", "kus", "kes", "mis", "miks",
                    "millal", "kuidas", "seetõttu", "sest", "hiljem", "varem", "nüüd", "praegu", "täna", "eile", "homme",
                    "siin", "seal", "jah", "ei", "et", "kuigi", "pärast", "enne", "kõik", "paljud", "mõned", "iga", "ainult",
                    "isegi", "lisaks", "samuti", "seega", "niisiis", "kahjuks", "esiteks", "sel", "selles", "tänavu", "mullu",
                    "oli", "on", "olid", "tegelikult", "järgmisel", "eelmisel", "veel", "nii", "sellest", "selline",
                ],
                monthNames: [
                    "jaanuaril", "veebruaril", "märtsil", "aprillil", "mail", "juunil", "juulil", "augustil", "septembril",
                    "oktoobril", "novembril", "detsembril", "jaanuari", "veebruari", "märtsi", "aprilli", "juuni", "juuli",
                    "augusti", "septembri", "oktoobri", "novembri", "detsembri",
                ],
                hasOrdinalDates: true,
                hasOrdinalNumbers: true
            )),
        speech: SpeechRules(
            abbreviations: [
                "nt.": "näiteks", "nt": "näiteks", "jne.": "ja nii edasi", "jne": "ja nii edasi", "jt.": "ja teised",
                "jm.": "ja muud", "vms.": "või muu selline", "jms.": "ja muu selline", "s.t.": "see tähendab",
                "s.o.": "see on", "v.a.": "välja arvatud", "vt.": "vaata", "vt": "vaata", "u.": "umbes",
                "hr.": "härra", "pr.": "proua", "dr.": "doktor", "prof.": "professor", "dots.": "dotsent",
                "lk.": "lehekülg", "lk": "lehekülg", "nr.": "number", "kl.": "kell", "tn.": "tänav", "tn": "tänav",
                "mnt.": "maantee", "mnt": "maantee", "pst.": "puiestee", "a.": "aastal", "saj.": "sajand",
                "tuh.": "tuhat", "mln.": "miljonit", "mld.": "miljardit", "ekr.": "enne Kristust",
                "pkr.": "pärast Kristust", "e.m.a.": "enne meie ajaarvamist", "tk.": "tükki", "min.": "minutit",
                "sek.": "sekundit", "ptk.": "peatükk",
            ],
            symbols: ["№": "number", "&": "ja", "§": "paragrahv", "°": "kraadi"],
            currencies: ["$": "dollarit", "€": "eurot", "£": "naela"],
            dot: "punkt", at: "ätt"
        )
    )
}
