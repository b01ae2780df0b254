extension NumberGrammar {
    /// Russian: numbers agree in case with the preposition and in gender and number with
    /// what they count ("1 рубль, 2 рубля, 5 рублей"); years, centuries and dates are
    /// ordinals ("в 1991 г." → "в тысяча девятьсот девяносто первом году").
    public static let russian: NumberGrammar = {
        // After 2, 3 and 4 a Russian noun is in the genitive singular ("два рубля").
        func noun(_ singular: String, _ plural: String, _ gender: GrammaticalGender) -> CountedNoun {
            CountedNoun(singular, plural, gender, afterTwoToFourIsGenitiveSingular: true)
        }
        func masculineUnit(_ stem: String) -> CountedNoun {
            noun(
                "\(stem) \(stem)а \(stem)у \(stem) \(stem)ом \(stem)е", "\(stem)ы \(stem)ов \(stem)ам \(stem)ы \(stem)ами \(stem)ах",
                .masculine)
        }
        let words = NumberWords.russian
        let thousand = words.thousand
        let million = words.million
        let billion = words.billion
        let rouble = noun("рубль рубля рублю рубль рублём рубле", "рубли рублей рублям рубли рублями рублях", .masculine)
        let kopeck = noun(
            "копейка копейки копейке копейку копейкой копейке", "копейки копеек копейкам копейки копейками копейках", .feminine)
        let dollar = masculineUnit("доллар")
        let percent = masculineUnit("процент")
        let kilometre = masculineUnit("километр")
        let metre = masculineUnit("метр")
        let centimetre = masculineUnit("сантиметр")
        let millimetre = masculineUnit("миллиметр")
        let kilogram = masculineUnit("килограмм")
        let litre = masculineUnit("литр")
        let pound = masculineUnit("фунт")
        let euro = noun("евро евро евро евро евро евро", "евро евро евро евро евро евро", .neuter)
        let hryvnia = noun("гривна гривны гривне гривну гривной гривне", "гривны гривен гривнам гривны гривнами гривнах", .feminine)
        let tonne = noun("тонна тонны тонне тонну тонной тонне", "тонны тонн тоннам тонны тоннами тоннах", .feminine)
        let minute = noun("минута минуты минуте минуту минутой минуте", "минуты минут минутам минуты минутами минутах", .feminine)
        let hour = noun("час часа часу час часом часе", "часы часов часам часы часами часах", .masculine)
        let year = noun("год года году год годом году", "годы лет годам годы годами годах", .masculine)
        let century = noun("век века веку век веком веке", "века веков векам века веками веках", .masculine)

        let governing: [NumberGrammar.Governing] = [
            .init(
                [
                    "до", "от", "из", "без", "для", "после", "около", "вокруг", "кроме", "среди", "против", "возле", "вдоль", "свыше",
                    "более", "менее", "начала", "конца", "середины", "накануне", "вместо", "у",
                    // "с 1991 г.", "с 5%": from; "с 5 друзьями" is told by the noun's ending.
                    "с",
                    // Verbs that take the genitive.
                    "достиг", "достигла", "достигло", "достигли", "достигает", "достигают", "достигнет", "требует", "требуют",
                ], amount: .genitive, place: .genitive),
            .init(["между", "перед", "над", "под"], amount: .instrumental, place: .instrumental),
            .init(["в", "во", "на", "о", "об", "при"], place: .locative),
            .init(["на", "в", "во", "за", "через", "про"], amount: .accusative),
            .init(["при"], amount: .locative),
            .init(["по"], amount: .dative, place: .dative),
            .init(["за", "через"], place: .accusative),
        ]

        let months = ["января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа", "сентября", "октября", "ноября", "декабря"]
        let units: [(CountedNoun, [String])] = [
            (rouble, ["руб", "руб."]), (kopeck, ["коп", "коп."]), (dollar, ["долл", "долл."]), (kilometre, ["км", "км."]),
            (metre, ["м", "м."]), (centimetre, ["см", "см."]), (millimetre, ["мм", "мм."]), (kilogram, ["кг", "кг."]),
            (tonne, ["т", "т."]), (litre, ["л", "л."]), (minute, ["мин", "мин."]), (hour, ["ч", "ч."]),
            (thousand, ["тыс", "тыс."]), (million, ["млн", "млн."]), (billion, ["млрд", "млрд."]),
        ]
        func place(_ forms: String, _ gender: GrammaticalGender) -> CountedNoun {
            CountedNoun(forms, forms, gender)
        }
        let placeNouns: [String: CountedNoun] = [
            "ул.": place("улица улицы улице улицу улицей улице", .feminine),
            "просп.": place("проспект проспекта проспекту проспект проспектом проспекте", .masculine),
            "пер.": place("переулок переулка переулку переулок переулком переулке", .masculine),
            "пл.": place("площадь площади площади площадь площадью площади", .feminine),
            "г.": place("город города городу город городом городе", .masculine),
            "обл.": place("область области области область областью области", .feminine),
        ]
        let nouns: [CountedNoun] = [
            rouble, kopeck, dollar, percent, kilometre, metre, kilogram, tonne, minute, hour, thousand, million, billion, year, century,
            hryvnia,
            noun("страна страны стране страну страной стране", "страны стран странам страны странами странах", .feminine),
            noun("книга книги книге книгу книгой книге", "книги книг книгам книги книгами книгах", .feminine),
            noun("школа школы школе школу школой школе", "школы школ школам школы школами школах", .feminine),
            noun("неделя недели неделе неделю неделей неделе", "недели недель неделям недели неделями неделях", .feminine),
            noun("область области области область областью области", "области областей областям области областями областях", .feminine),
            noun("город города городу город городом городе", "города городов городам города городами городах", .masculine),
            noun("день дня дню день днём дне", "дни дней дням дни днями днях", .masculine),
            noun("раз раза разу раз разом разе", "разы раз разам разы разами разах", .masculine),
            noun("место места месту место местом месте", "места мест местам места местами местах", .neuter),
            noun("слово слова слову слово словом слове", "слова слов словам слова словами словах", .neuter),
        ]
        return NumberGrammar(
            cardinal: { words.cardinal($0, $1, $2) }, ordinal: { words.ordinal($0, $1, $2) },
            governing: governing, dateCases: ["на": .accusative, "по": .accusative],
            year: year, yearForms: ["год": .nominative, "года": .genitive, "году": .locative, "годом": .instrumental],
            yearAbbreviations: ["г."], century: century,
            centuryForms: ["век": .nominative, "века": .genitive, "веке": .locative, "веком": .instrumental, "веку": .dative],
            centuryAbbreviations: ["в."],
            monthsGenitive: Set(months), units: units, multipliers: [thousand, million, billion],
            currencies: [rouble, kopeck, dollar, euro, pound, hryvnia], percent: percent,
            currencySymbols: ["$": dollar, "₽": rouble, "€": euro, "£": pound, "₴": hryvnia], placeNouns: placeNouns, nouns: nouns,
            caseEndings: [
                ("ами", .instrumental), ("ями", .instrumental), ("ах", .locative), ("ях", .locative), ("ам", .dative), ("ям", .dative),
            ],
            adjectiveEndings: ["ой", "ый", "ий", "ая", "ое", "ого", "ому", "ом", "ым", "им", "ых", "их", "ую", "ей"]
        )
    }()
}
