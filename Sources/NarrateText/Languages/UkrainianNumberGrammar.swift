extension NumberGrammar {
    /// Ukrainian: numbers agree in case with the preposition and in gender and number with
    /// what they count ("1 гривня, 2 гривні, 5 гривень"); years, centuries and dates are
    /// ordinals ("у 1991 р." → "у тисяча дев'ятсот дев'яносто першому році").
    public static let ukrainian: NumberGrammar = {
        func noun(_ singular: String, _ plural: String, _ gender: GrammaticalGender) -> CountedNoun {
            CountedNoun(singular, plural, gender)
        }
        let hryvnia = noun("гривня гривні гривні гривню гривнею гривні", "гривні гривень гривням гривні гривнями гривнях", .feminine)
        let kopiyka = noun(
            "копійка копійки копійці копійку копійкою копійці", "копійки копійок копійкам копійки копійками копійках", .feminine)
        let dollar = noun("долар долара долару долар доларом доларі", "долари доларів доларам долари доларами доларах", .masculine)
        let euro = noun("євро євро євро євро євро євро", "євро євро євро євро євро євро", .neuter)
        let pound = noun("фунт фунта фунту фунт фунтом фунті", "фунти фунтів фунтам фунти фунтами фунтах", .masculine)
        let percent = noun(
            "відсоток відсотка відсотку відсоток відсотком відсотку", "відсотки відсотків відсоткам відсотки відсотками відсотках",
            .masculine)
        func masculineUnit(_ stem: String, locative: String? = nil) -> CountedNoun {
            noun(
                "\(stem) \(stem)а \(stem)у \(stem) \(stem)ом \(locative ?? stem + "і")",
                "\(stem)и \(stem)ів \(stem)ам \(stem)и \(stem)ами \(stem)ах", .masculine)
        }
        let kilometre = masculineUnit("кілометр")
        let metre = masculineUnit("метр")
        let centimetre = masculineUnit("сантиметр")
        let millimetre = masculineUnit("міліметр")
        let kilogram = masculineUnit("кілограм")
        let gram = masculineUnit("грам")
        let litre = masculineUnit("літр")
        let hectare = masculineUnit("гектар")
        let tonne = noun("тонна тонни тонні тонну тонною тонні", "тонни тонн тоннам тонни тоннами тоннах", .feminine)
        let minute = noun(
            "хвилина хвилини хвилині хвилину хвилиною хвилині", "хвилини хвилин хвилинам хвилини хвилинами хвилинах", .feminine)
        let hour = noun("година години годині годину годиною годині", "години годин годинам години годинами годинах", .feminine)
        let second = noun(
            "секунда секунди секунді секунду секундою секунді", "секунди секунд секундам секунди секундами секундах", .feminine)
        let words = NumberWords.ukrainian
        let thousand = words.thousand
        let million = words.million
        let billion = words.billion
        let year = noun("рік року року рік роком році", "роки років рокам роки роками роках", .masculine)
        let century = noun(
            "століття століття століттю століття століттям столітті", "століття століть століттям століття століттями століттях", .neuter)

        let genitive = [
            "до", "від", "з", "із", "зі", "без", "для", "після", "біля", "близько", "протягом", "впродовж", "упродовж", "серед",
            "замість", "крім", "окрім", "щодо", "проти", "навколо", "поблизу", "вздовж", "уздовж", "коло", "кінця", "початку",
            "середини", "напередодні", "наприкінці", "з-за", "з-під", "внаслідок",
        ]
        let governing: [NumberGrammar.Governing] = [
            .init(genitive, amount: .genitive, place: .genitive),
            .init(["між", "перед", "над", "під", "поза"], amount: .instrumental, place: .instrumental),
            .init(["у", "в", "на", "о", "об", "по", "при"], place: .locative),
            // An amount after "на", "у", "за", "через", "понад" is in the accusative ("на 5%").
            .init(["на", "у", "в", "за", "через", "понад", "про", "по"], amount: .accusative),
            .init(["о", "при"], amount: .locative),
            // "за 1991 рік", "через 2 роки".
            .init(["за", "через", "про"], place: .accusative),
            // Verbs that take the genitive: "сягнула 5%" is "п'яти відсотків".
            .init(
                [
                    "сягнув", "сягнула", "сягнуло", "сягнули", "сягає", "сягають", "сягне", "сягнуть", "досяг", "досягла", "досягло",
                    "досягли", "досягає", "досягають", "досягне", "досягнуть", "потребує", "потребують", "бракує", "бракувало",
                ], amount: .genitive),
        ]

        let months = [
            "січня", "лютого", "березня", "квітня", "травня", "червня", "липня", "серпня", "вересня", "жовтня", "листопада", "грудня",
        ]
        let units: [(CountedNoun, [String])] = [
            (hryvnia, ["грн", "грн."]), (kopiyka, ["коп", "коп."]), (dollar, ["дол", "дол."]), (kilometre, ["км", "км."]),
            (metre, ["м", "м."]), (centimetre, ["см", "см."]), (millimetre, ["мм", "мм."]), (kilogram, ["кг", "кг."]),
            (gram, ["г", "г."]), (tonne, ["т", "т."]), (litre, ["л", "л."]), (hectare, ["га"]), (minute, ["хв", "хв."]),
            (hour, ["год", "год."]), (second, ["сек", "сек."]), (thousand, ["тис", "тис."]), (million, ["млн", "млн."]),
            (billion, ["млрд", "млрд."]),
        ]
        func place(_ singular: [String], _ gender: GrammaticalGender) -> CountedNoun {
            var noun = CountedNoun("- - - - - -", "- - - - - -", gender)
            noun.singular = singular
            noun.plural = singular
            return noun
        }
        let placeNouns: [String: CountedNoun] = [
            "вул.": place(["вулиця", "вулиці", "вулиці", "вулицю", "вулицею", "вулиці"], .feminine),
            "просп.": place(["проспект", "проспекту", "проспекту", "проспект", "проспектом", "проспекті"], .masculine),
            "пров.": place(["провулок", "провулка", "провулку", "провулок", "провулком", "провулку"], .masculine),
            "пл.": place(["площа", "площі", "площі", "площу", "площею", "площі"], .feminine),
            "бульв.": place(["бульвар", "бульвару", "бульвару", "бульвар", "бульваром", "бульварі"], .masculine),
            "наб.": place(["набережна", "набережної", "набережній", "набережну", "набережною", "набережній"], .feminine),
            "м.": place(["місто", "міста", "місту", "місто", "містом", "місті"], .neuter),
            "с.": place(["село", "села", "селу", "село", "селом", "селі"], .neuter),
            "обл.": place(["область", "області", "області", "область", "областю", "області"], .feminine),
            "р-н": place(["район", "району", "району", "район", "районом", "районі"], .masculine),
            "смт": place(
                [
                    "селище міського типу", "селища міського типу", "селищу міського типу", "селище міського типу",
                    "селищем міського типу", "селищі міського типу",
                ], .neuter),
        ]
        // Nouns counted in the text whose gender or case a number must follow.
        let nouns: [CountedNoun] = [
            hryvnia, kopiyka, dollar, percent, kilometre, metre, kilogram, tonne, minute, hour, second, thousand, million, billion, year,
            century,
            noun("країна країни країні країну країною країні", "країни країн країнам країни країнами країнах", .feminine),
            noun("особа особи особі особу особою особі", "особи осіб особам осіб особами особах", .feminine),
            noun("книжка книжки книжці книжку книжкою книжці", "книжки книжок книжкам книжки книжками книжках", .feminine),
            noun(
                "сторінка сторінки сторінці сторінку сторінкою сторінці", "сторінки сторінок сторінкам сторінки сторінками сторінках",
                .feminine),
            noun("область області області область областю області", "області областей областям області областями областях", .feminine),
            noun("школа школи школі школу школою школі", "школи шкіл школам школи школами школах", .feminine),
            noun("доба доби добі добу добою добі", "доби діб добам доби добами добах", .feminine),
            noun("частина частини частині частину частиною частині", "частини частин частинам частини частинами частинах", .feminine),
            noun("машина машини машині машину машиною машині", "машини машин машинам машини машинами машинах", .feminine),
            noun("група групи групі групу групою групі", "групи груп групам групи групами групах", .feminine),
            noun("команда команди команді команду командою команді", "команди команд командам команди командами командах", .feminine),
            noun(
                "перемога перемоги перемозі перемогу перемогою перемозі", "перемоги перемог перемогам перемоги перемогами перемогах",
                .feminine),
            noun("людина людини людині людину людиною людині", "люди людей людям людей людьми людях", .feminine),
            noun("дитина дитини дитині дитину дитиною дитині", "діти дітей дітям дітей дітьми дітях", .feminine),
            noun("місто міста місту місто містом місті", "міста міст містам міста містами містах", .neuter),
            noun("село села селу село селом селі", "села сіл селам села селами селах", .neuter),
            noun("слово слова слову слово словом слові", "слова слів словам слова словами словах", .neuter),
            noun("місце місця місцю місце місцем місці", "місця місць місцям місця місцями місцях", .neuter),
            noun("день дня дню день днем дні", "дні днів дням дні днями днях", .masculine),
            noun("тиждень тижня тижню тиждень тижнем тижні", "тижні тижнів тижням тижні тижнями тижнях", .masculine),
            noun("місяць місяця місяцю місяць місяцем місяці", "місяці місяців місяцям місяці місяцями місяцях", .masculine),
            noun("раз разу разу раз разом разі", "рази разів разам рази разами разах", .masculine),
        ]
        return NumberGrammar(
            cardinal: { words.cardinal($0, $1, $2) }, ordinal: { words.ordinal($0, $1, $2) },
            governing: governing, dateCases: ["на": .accusative, "по": .accusative],
            year: year,
            yearForms: ["рік": .nominative, "року": .genitive, "році": .locative, "роком": .instrumental, "рокові": .dative],
            yearAbbreviations: ["р.", "р"], century: century,
            centuryForms: [
                "століття": .genitive, "столітті": .locative, "століттям": .instrumental, "сторіччя": .genitive, "сторіччі": .locative,
            ],
            centuryAbbreviations: ["ст."],
            monthsGenitive: Set(months), units: units, multipliers: [thousand, million, billion],
            currencies: [hryvnia, kopiyka, dollar, euro, pound],
            percent: percent, currencySymbols: ["$": dollar, "₴": hryvnia, "€": euro, "£": pound], placeNouns: placeNouns, nouns: nouns,
            caseEndings: [
                ("ами", .instrumental), ("ями", .instrumental), ("ах", .locative), ("ях", .locative), ("ам", .dative), ("ям", .dative),
            ],
            adjectiveEndings: ["ій", "ий", "ої", "ого", "ому", "ою", "их", "ім", "им", "ій", "а", "е", "у", "ю", "я"]
        )
    }()
}
