extension LanguageRules {
    /// Croatian; Serbian (in Latin and Cyrillic letters) and Bosnian share its rules under
    /// their own codes. Ordinals take a period ("5. svibnja", "XII. korpus", "2020. godine");
    /// companies end in "d.o.o." or "d.d." ("д.о.о.", "а.д."). The lists hold the Croatian,
    /// Serbian and Bosnian month names and the Cyrillic forms of the abbreviations.
    static let croatian = LanguageRules(
        code: "hr",
        segmentation: LanguageRules.shared.segmentation.merging(
            SegmentationRules(
                titles: [
                    // Latin letters.
                    "g", "gđa", "gđica", "gosp", "dr", "dr.sc", "mr", "mr.sc", "sc", "prof", "doc", "akad", "mag", "dipl",
                    "bacc", "dr.med", "mons", "vlč", "preč", "sv", "ul", "bul", "npr", "tj", "tzv", "odn", "usp", "tzn",
                    "pok", "hrv", "engl", "njem", "franc", "lat", "grč", "v.d", "pr", "pribl", "pukov", "poruč",
                    // Cyrillic letters.
                    "г", "гђа", "гђица", "госп", "др", "др.сц", "мр", "проф", "доц", "акад", "дипл", "св", "ул", "бул",
                    "нпр", "тј", "тзв", "одн", "упор", "пок", "енгл", "лат", "в.д", "пр",
                ],
                beforeNumbers: [
                    "br", "str", "čl", "st", "toč", "tač", "sl", "tel", "kbr", "бр", "стр", "чл", "ст", "тач", "сл", "тел",
                ],
                // Company suffixes close a sentence as often as "itd." does; so do "i sl.", "n. e.".
                closings: [
                    "itd", "i sl", "god", "st", "stolj", "v", "vv", "min", "sek", "kn", "din", "n.e", "pr.kr", "po kr",
                    "d.o.o", "o.o", "j.d.o.o", "d.d", "a.d", "ltd", "inc", "итд", "и сл", "год", "в", "вв", "мин", "дин",
                    "н.е", "пр.н.е", "пр.хр", "д.о.о", "о.о", "а.д",
                ],
                // "i dr." is "and others" and "and Dr."; "gen." a general and a gene; "dipl. ing."
                // follows a name and "ing." may precede one; "5 mil. EUR" goes on before a currency.
                ambiguous: [
                    "i dr", "и др", "gen", "ген", "ing", "dipl.ing", "inž", "dipl.inž", "инж", "дипл.инж", "tis", "mil",
                    "mlrd", "хиљ", "мил", "млрд",
                ],
                unitsAfterNumbers: [
                    "m", "km", "kg", "g", "l", "t", "ha", "kn", "din", "h", "min", "god", "м", "км", "кг", "г", "л", "т",
                    "ха", "дин", "ч", "мин", "год",
                ],
                sentenceStarters: [
                    // Latin letters.
                    "to", "ta", "taj", "ti", "te", "on", "ona", "ono", "oni", "one", "mi", "vi", "ja", "u", "na", "za",
                    "od", "do", "iz", "s", "sa", "po", "pri", "kod", "nakon", "prije", "pre", "poslije", "posle", "ali",
                    "i", "a", "no", "međutim", "stoga", "zato", "tada", "tako", "također", "takođe", "osim", "danas",
                    "jučer", "juče", "sutra", "ovo", "ova", "ovaj", "ovi", "ove", "kako", "što", "šta", "kada", "kad",
                    "gdje", "gde", "zašto", "tko", "ko", "koji", "koja", "nije", "ne", "bio", "bila", "bilo", "bili", "je",
                    "su", "sve", "svi", "prema", "njegov", "njezin", "njen", "njihov", "naš", "sada", "sad", "već", "još",
                    "ipak", "dakle", "zbog", "iako", "ako", "kao", "tijekom", "tokom", "zatim", "potom", "tu", "tamo",
                    "ovdje", "ovde", "time", "više", "mnogi", "neki", "jedan", "jedna", "prvi", "uz", "bez", "nakon",
                    "osim", "možda", "naravno", "nažalost", "inače", "pritom", "ujedno", "posebno", "ondje",
                    // Cyrillic letters.
                    "то", "та", "тај", "ти", "те", "он", "она", "оно", "они", "оне", "ми", "ви", "ја", "у", "на", "за",
                    "од", "до", "из", "с", "са", "по", "при", "код", "након", "пре", "после", "али", "и", "а", "но",
                    "међутим", "стога", "зато", "тада", "тако", "такође", "осим", "данас", "јуче", "сутра", "ово", "ова",
                    "овај", "ови", "ове", "како", "шта", "када", "кад", "где", "зашто", "ко", "који", "која", "није", "не",
                    "био", "била", "било", "били", "је", "су", "све", "сви", "према", "његов", "њен", "њихов", "наш",
                    "сада", "сад", "већ", "још", "ипак", "дакле", "због", "иако", "ако", "као", "током", "затим", "потом",
                    "ту", "тамо", "овде", "више", "многи", "неки", "један", "једна", "први", "уз", "без", "можда",
                    "наравно", "нажалост", "иначе", "притом",
                ],
                // CLDR has the Croatian names for "hr" and the Cyrillic ones for "sr"; the Latin
                // Serbian and Bosnian names ("5. maja", "1. juna") are listed for every code.
                monthNames: [
                    "siječanj", "siječnja", "veljača", "veljače", "ožujak", "ožujka", "travanj", "travnja", "svibanj",
                    "svibnja", "lipanj", "lipnja", "srpanj", "srpnja", "kolovoz", "kolovoza", "rujan", "rujna", "listopad",
                    "listopada", "studeni", "studenoga", "studenog", "prosinac", "prosinca", "januar", "januara", "februar",
                    "februara", "mart", "marta", "april", "aprila", "maj", "maja", "jun", "juna", "juni", "jul", "jula",
                    "juli", "avgust", "avgusta", "august", "augusta", "septembar", "septembra", "oktobar", "oktobra",
                    "novembar", "novembra", "decembar", "decembra", "јануар", "јануара", "фебруар", "фебруара", "март",
                    "марта", "април", "априла", "мај", "маја", "јун", "јуна", "јул", "јула", "август", "августа",
                    "септембар", "септембра", "октобар", "октобра", "новембар", "новембра", "децембар", "децембра",
                ],
                hasOrdinalDates: true,
                hasOrdinalNumbers: true
            )),
        speech: SpeechRules(
            abbreviations: [
                "npr.": "na primjer", "tj.": "to jest", "tzv.": "takozvani", "itd.": "i tako dalje",
                "i sl.": "i slično", "odn.": "odnosno", "usp.": "usporedi", "dr": "doktor", "dr.": "doktor",
                "prof.": "profesor", "doc.": "docent", "akad.": "akademik", "sc.": "znanosti", "ing.": "inženjer",
                "g.": "gospodin", "gđa": "gospođa", "sv.": "sveti", "ul.": "ulica", "br.": "broj", "str.": "stranica",
                "čl.": "članak", "god.": "godine", "st.": "stoljeće", "tis.": "tisuća", "mil.": "milijuna",
                "mlrd.": "milijardi", "kn": "kuna", "din.": "dinara", "n. e.": "nove ere", "pr.": "prije",
                "pr. Kr.": "prije Krista", "d.o.o.": "de o o", "d.d.": "de de", "нпр.": "на пример", "тј.": "то јест",
                "тзв.": "такозвани", "итд.": "и тако даље", "и сл.": "и слично", "др": "доктор", "др.": "доктор",
                "проф.": "професор", "ул.": "улица", "бр.": "број", "стр.": "страна", "св.": "свети", "год.": "године",
                "дин.": "динара", "млрд.": "милијарди",
            ],
            beforeNumbers: ["st.": "stavak", "ст.": "став"],
            symbols: ["№": "broj", "&": "i", "§": "paragraf", "°": "stupnjeva", "%": "posto"],
            currencies: ["$": "dolara", "€": "eura", "£": "funti", "₴": "grivni", "₽": "rubalja"],
            dot: "točka", at: "et"
        )
    )

    /// Serbian: Croatian's rules, which list the Cyrillic forms too.
    public static var serbian: LanguageRules {
        var rules = croatian
        rules.code = "sr"
        rules.speech.dot = "tačka"
        rules.speech.symbols["°"] = "stepeni"
        rules.speech.currencies["€"] = "evra"
        return rules
    }

    /// Bosnian: Croatian's rules.
    public static var bosnian: LanguageRules {
        var rules = croatian
        rules.code = "bs"
        rules.speech.dot = "tačka"
        rules.speech.symbols["°"] = "stepeni"
        rules.speech.currencies["€"] = "eura"
        return rules
    }
}
