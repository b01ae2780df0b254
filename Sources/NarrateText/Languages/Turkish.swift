extension LanguageRules {
    /// Turkish.
    ///
    /// Turkish writes ordinals with a period ("2. Dünya Savaşı", "19. yüzyıl", "III. Selim"),
    /// so a number or Roman numeral before a capitalised word goes on unless a sentence
    /// starter follows; dates are written "29 Ekim 1923", without one. A capital "İ" lower-cases
    /// to "i" and a combining dot, so sentence starters that begin with it are listed in both
    /// spellings ("ilk" and "İlk"). Suffixes after an apostrophe ("Ankara'da") are looked up
    /// as words of their own, so none of them ("da", "nin", "e") is listed.
    static let turkish = LanguageRules(
        code: "tr",
        segmentation: LanguageRules.shared.segmentation.merging(
            SegmentationRules(
                titles: [
                    // Academic and professional titles: "Prof. Dr.", "Doç. Dr.", "Yrd. Doç.", "Op. Dr.", "Av.", "Sn."
                    "dr", "prof", "doç", "yrd", "yard", "öğr", "gör", "arş", "uzm", "op", "av", "sn", "hz", "müh", "ecz", "dt",
                    "ord",
                    // Military ranks.
                    "org", "korg", "tümg", "tuğg", "tuğa", "alb", "yb", "bnb", "yzb", "ütğm", "tğm", "asb",
                    // Addresses: caddesi, sokak, mahallesi, bulvarı, apartmanı, sitesi.
                    "cad", "cd", "sok", "sk", "mah", "mh", "blv", "apt", "sit", "st",
                    // Institutions: "T.C. Sağlık Bakanlığı", "Gn. Md.", "Üniv.", "Fak."
                    "t.c", "bşk", "md", "gn", "müd", "fak", "üniv", "ünv", "böl",
                    // Before a word or a reference: "bkz.", "örn.", "çev.", "haz."
                    "bkz", "örn", "çev", "haz", "cf",
                ],
                beforeNumbers: [
                    "s", "sf", "no", "nu", "tel", "şek", "tab", "m.ö", "m.s", "oca", "şub", "nis", "tem", "ağu", "eyl", "eki",
                    "kas", "ara",
                ],
                // "vs." is "vesaire" (etc.) in Turkish, not "versus".
                closings: ["vb", "v.b", "vs", "v.s", "vd", "v.d", "kr"],
                // "Türk Telekom A.Ş. Genel Müdürü", "19. yy. Avrupa'sı": a name goes on as often as a sentence ends.
                ambiguous: ["a.ş", "ltd", "şti", "ltd.şti", "yy", "inc", "co"],
                unitsAfterNumbers: ["m", "km", "kg", "g", "l", "t", "sn", "dk", "sa", "cm", "mm", "ha", "kr"],
                sentenceStarters: [
                    "bu", "şu", "o", "bunlar", "şunlar", "onlar", "ben", "sen", "biz", "siz", "ancak", "fakat", "ama",
                    "lakin", "ve", "veya", "ya", "ne", "nasıl", "neden", "niçin", "niye", "kim", "nerede", "hangi",
                    "çünkü", "böylece", "sonra", "daha", "önce", "şimdi", "bugün", "dün", "yarın", "ayrıca", "hem", "eğer",
                    "yine", "her", "tüm", "bütün", "birçok", "bazı", "hiç", "hiçbir", "bir", "üç", "oysa", "halbuki",
                    "üstelik", "özellikle", "aslında", "belki", "elbette", "yani", "hatta", "sadece", "yalnızca", "bunun",
                    "bunu", "buna", "bundan", "onun", "onu", "ona", "ondan", "benim", "bizim", "sizin", "kendisi",
                    "ardından", "son", "geçen", "gelecek", "artık", "henüz", "zaten", "böyle", "şöyle", "diğer", "öte",
                    "işte", "ilk", "iki", "ile", "ise", "ikinci", "için", "İşte", "İlk", "İki", "İle", "İse", "İkinci",
                    "İçin",
                ],
                monthNames: [
                    "ocak", "şubat", "mart", "nisan", "mayıs", "haziran", "temmuz", "ağustos", "eylül", "ekim", "kasım",
                    "aralık",
                ],
                hasOrdinalNumbers: true
            )),
        speech: SpeechRules(
            abbreviations: [
                "dr.": "doktor", "prof.": "profesör", "doç.": "doçent", "yrd. doç.": "yardımcı doçent",
                "op. dr.": "operatör doktor", "uzm. dr.": "uzman doktor", "av.": "avukat", "sn.": "sayın",
                "hz.": "hazreti", "müh.": "mühendis", "org.": "orgeneral", "alb.": "albay", "cad.": "caddesi",
                "sok.": "sokak", "mah.": "mahallesi", "blv.": "bulvarı", "apt.": "apartmanı", "bkz.": "bakınız",
                "örn.": "örneğin", "vb.": "ve benzeri", "vs.": "vesaire", "vd.": "ve diğerleri", "yy.": "yüzyıl",
                "s.": "sayfa", "no.": "numara", "tel.": "telefon", "t.c.": "Türkiye Cumhuriyeti",
                "a.ş.": "anonim şirketi", "ltd. şti.": "limited şirketi", "şti.": "şirketi",
                "m.ö.": "milattan önce", "m.s.": "milattan sonra", "üniv.": "üniversitesi", "fak.": "fakültesi",
            ],
            units: ["sn.": "saniye", "dk.": "dakika", "sa.": "saat", "km": "kilometre", "kg": "kilogram"],
            symbols: ["№": "numara", "&": "ve", "§": "paragraf", "°": "derece"],
            currencies: ["$": "dolar", "€": "avro", "£": "sterlin", "₺": "lira", "₴": "grivna"],
            dot: "nokta", at: "et"
        )
    )
}
