import NarrateIngest
import Testing

/// "Привіт" in windows-1251.
private let privitWindows1251: [UInt8] = [0xCF, 0xF0, 0xE8, 0xE2, 0xB3, 0xF2]
/// "Привіт" in UTF-8.
private let privitUTF8: [UInt8] = Array("Привіт".utf8)

private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

private func decode(_ bytes: [UInt8], contentType: String? = nil) -> DecodedPage {
    HTMLCharset.decode(bytes, contentType: contentType)
}

@Suite("Character sets of web pages")
struct HTMLCharsetTests {
    // MARK: Byte-order marks

    @Test func utf8ByteOrderMarkIsDroppedAndBeatsTheHeader() {
        let page = decode([0xEF, 0xBB, 0xBF] + privitUTF8, contentType: "text/html; charset=windows-1251")
        #expect(page == DecodedPage(text: "Привіт", charset: "utf-8"))
    }

    @Test func utf16LittleEndianByteOrderMark() {
        let page = decode([0xFF, 0xFE, 0x1F, 0x04, 0x56, 0x04, 0x21, 0x00])
        #expect(page == DecodedPage(text: "Пі!", charset: "utf-16le"))
    }

    @Test func utf16BigEndianByteOrderMark() {
        let page = decode([0xFE, 0xFF, 0x04, 0x1F, 0x04, 0x56, 0x00, 0x21])
        #expect(page == DecodedPage(text: "Пі!", charset: "utf-16be"))
    }

    @Test func utf16ByteOrderMarkBeatsAMetaDeclaration() {
        let utf16 = Array("<meta charset=koi8-u>ї".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect(decode([0xFF, 0xFE] + utf16) == DecodedPage(text: "<meta charset=koi8-u>ї", charset: "utf-16le"))
    }

    @Test func utf16SurrogatePairDecodes() {
        // U+1F600 is D83D DE00.
        #expect(decode([0xFE, 0xFF, 0xD8, 0x3D, 0xDE, 0x00]).text == "😀")
    }

    @Test func loneUTF16SurrogateBecomesReplacementAndKeepsAlignment() {
        // A low surrogate with no high one, then "A".
        #expect(decode([0xFF, 0xFE, 0x00, 0xDC, 0x41, 0x00]).text == "\u{FFFD}A")
    }

    @Test func oddTrailingUTF16ByteBecomesReplacement() {
        #expect(decode([0xFF, 0xFE, 0x41, 0x00, 0x42]).text == "A\u{FFFD}")
    }

    // MARK: The HTTP header

    @Test func headerWindows1251ReadsUkrainian() {
        let page = decode(privitWindows1251, contentType: "text/html; charset=windows-1251")
        #expect(page == DecodedPage(text: "Привіт", charset: "windows-1251"))
    }

    @Test func headerCharsetIsQuotedCaseInsensitiveAndMayFollowOtherParameters() {
        let page = decode(privitWindows1251, contentType: "Text/HTML; Format=flowed ;CHARSET=\"Windows-1251\"")
        #expect(page == DecodedPage(text: "Привіт", charset: "windows-1251"))
    }

    @Test func headerAliasesCp1251AndXCp1251NameWindows1251() {
        #expect(decode(privitWindows1251, contentType: "text/html; charset=cp1251").charset == "windows-1251")
        #expect(decode(privitWindows1251, contentType: "text/html; charset=x-cp1251").charset == "windows-1251")
    }

    @Test func koi8UReadsUkrainianLetters() {
        let koi8U: [UInt8] = [0xA7, 0x20, 0xA4, 0x20, 0xAD, 0x20, 0xA6, 0x20, 0xB7, 0x20, 0xB4, 0x20, 0xBD, 0x20, 0xB6]
        let page = decode(koi8U, contentType: "text/html; charset=KOI8-U")
        #expect(page == DecodedPage(text: "ї є ґ і Ї Є Ґ І", charset: "koi8-u"))
    }

    @Test func koi8RReadsRussian() {
        // "Привет" in KOI8-R.
        let page = decode([0xF0, 0xD2, 0xC9, 0xD7, 0xC5, 0xD4], contentType: "text/html; charset=koi8-r")
        #expect(page == DecodedPage(text: "Привет", charset: "koi8-r"))
    }

    @Test func iso88591AndLatin1AreReadAsWindows1252() {
        // 0x80 is a C1 control in ISO-8859-1 but € in windows-1252, as browsers read it.
        let latin: [UInt8] = [0x63, 0x61, 0x66, 0xE9, 0x20, 0xA4, 0x80]
        let expected = DecodedPage(text: "café ¤€", charset: "windows-1252")
        #expect(decode(latin, contentType: "text/html; charset=ISO-8859-1") == expected)
        #expect(decode(latin, contentType: "text/html; charset=latin1") == expected)
        #expect(decode(latin, contentType: "text/html; charset=us-ascii") == expected)
    }

    @Test func iso885915HasTheEuroSignAt0xA4() {
        let expected = DecodedPage(text: "5 €", charset: "iso-8859-15")
        #expect(decode([0x35, 0x20, 0xA4], contentType: "text/html; charset=iso-8859-15") == expected)
        #expect(decode([0x35, 0x20, 0xA4], contentType: "text/html; charset=latin9") == expected)
    }

    @Test func windows1252ReadsEuroAndCurlyQuotes() {
        let page = decode([0x80, 0x35, 0x20, 0x93, 0x68, 0x69, 0x94], contentType: "text/html; charset=windows-1252")
        #expect(page == DecodedPage(text: "€5 “hi”", charset: "windows-1252"))
    }

    @Test func windows1252DecodesEveryByteToOneCharacter() {
        // Bytes iconv leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D) are C1 controls, as in WHATWG.
        let page = decode(Array(0...255), contentType: "text/html; charset=windows-1252")
        #expect(page.text.unicodeScalars.count == 256)
        #expect(!page.text.contains("\u{FFFD}"))
        #expect(Array(page.text.unicodeScalars)[0x81] == "\u{81}")
    }

    @Test func iso88592ReadsCzech() {
        let czech: [UInt8] = [0xAE, 0x6C, 0x75, 0xBB, 0x6F, 0x75, 0xE8, 0x6B, 0xFD]
        let page = decode(czech, contentType: "text/html; charset=latin2")
        #expect(page == DecodedPage(text: "Žluťoučký", charset: "iso-8859-2"))
    }

    @Test func gb2312IsReadAsGBK() {
        let page = decode([0xD6, 0xD0, 0xCE, 0xC4], contentType: "text/html; charset=gb2312")
        #expect(page == DecodedPage(text: "中文", charset: "gbk"))
    }

    @Test func aPageDeclaringGBKWhoseBytesAreUTF8IsReadAsUTF8() {
        let page = decode(Array("<meta charset=gbk><p>人工智能迈上新台阶</p>".utf8), contentType: nil)
        #expect(page == DecodedPage(text: "<meta charset=gbk><p>人工智能迈上新台阶</p>", charset: "utf-8"))
    }

    @Test func shiftJISReadsJapanese() {
        let page = decode([0x93, 0xFA, 0x96, 0x7B], contentType: "text/html; charset=Shift_JIS")
        #expect(page == DecodedPage(text: "日本", charset: "shift_jis"))
    }

    @Test func headerUTF16WithoutByteOrderMarkIsUsed() {
        let page = decode([0x41, 0x00, 0x1F, 0x04], contentType: "text/html; charset=utf-16le")
        #expect(page == DecodedPage(text: "AП", charset: "utf-16le"))
    }

    @Test func headerBeatsMeta() {
        let html = bytes("<meta charset=\"koi8-u\">") + privitWindows1251
        let page = decode(html, contentType: "text/html; charset=windows-1251")
        #expect(page == DecodedPage(text: "<meta charset=\"koi8-u\">Привіт", charset: "windows-1251"))
    }

    @Test func unknownHeaderLabelFallsThroughToMeta() {
        let html = bytes("<meta charset=windows-1251>") + privitWindows1251
        let page = decode(html, contentType: "text/html; charset=klingon")
        #expect(page == DecodedPage(text: "<meta charset=windows-1251>Привіт", charset: "windows-1251"))
    }

    @Test func headerWithoutCharsetFallsThroughToMeta() {
        let html = bytes("<meta charset=windows-1251>") + privitWindows1251
        #expect(decode(html, contentType: "text/html").charset == "windows-1251")
    }

    // MARK: The meta prescan

    @Test func metaCharsetWithDoubleQuotes() {
        let html = bytes("<html><head><meta charset=\"windows-1251\"></head>") + privitWindows1251
        let expected = "<html><head><meta charset=\"windows-1251\"></head>Привіт"
        #expect(decode(html) == DecodedPage(text: expected, charset: "windows-1251"))
    }

    @Test func metaCharsetWithSingleQuotes() {
        let html = bytes("<meta charset='windows-1251'>") + privitWindows1251
        #expect(decode(html).charset == "windows-1251")
    }

    @Test func metaCharsetWithoutQuotesAndSelfClosing() {
        // The space matters: unquoted, "windows-1251/" would be the label (as in browsers).
        let html = bytes("<META CharSet=Windows-1251 />") + privitWindows1251
        #expect(decode(html).charset == "windows-1251")
    }

    @Test func metaHTTPEquivWithContentAfterIt() {
        let html = bytes("<meta http-equiv=\"Content-Type\" content=\"text/html; charset=koi8-u\">") + [0xA7]
        #expect(decode(html).charset == "koi8-u")
        #expect(decode(html).text.hasSuffix("ї"))
    }

    @Test func metaHTTPEquivWithContentBeforeItAndOtherQuoting() {
        let html = bytes("<META content='text/html;charset = \"koi8-u\"' HTTP-EQUIV=content-type>") + [0xA7]
        #expect(decode(html).charset == "koi8-u")
    }

    @Test func metaContentWithoutHTTPEquivIsIgnored() {
        let html = bytes("<meta content=\"text/html; charset=koi8-u\">") + [0xA7]
        // No declaration left, and 0xA7 alone is not UTF-8.
        #expect(decode(html).charset == "windows-1252")
    }

    @Test func fakeMetaInsideACommentIsSkipped() {
        let html = bytes("<!-- <meta charset=\"koi8-u\"> --><meta charset=\"windows-1251\">") + privitWindows1251
        #expect(decode(html).charset == "windows-1251")
    }

    @Test func fakeMetaInsideAnAttributeValueIsSkipped() {
        let html = bytes("<div title='<meta charset=koi8-u>'><meta charset=windows-1251>") + privitWindows1251
        #expect(decode(html).charset == "windows-1251")
    }

    @Test func metaDeclaringUTF16MeansUTF8() {
        let html = bytes("<meta charset=utf-16><p>ї</p>")
        #expect(decode(html) == DecodedPage(text: "<meta charset=utf-16><p>ї</p>", charset: "utf-8"))
    }

    @Test func unknownMetaLabelIsIgnoredInFavourOfALaterOne() {
        let html = bytes("<meta charset=klingon><meta charset=windows-1251>") + privitWindows1251
        #expect(decode(html).charset == "windows-1251")
    }

    @Test func unknownMetaLabelAloneLeavesTheDefault() {
        let page = decode(bytes("<meta charset=klingon>") + [0xE9])
        #expect(page == DecodedPage(text: "<meta charset=klingon>é", charset: "windows-1252"))
    }

    @Test func metaAfterTheFirst4096BytesIsNotRead() {
        let html = bytes(String(repeating: " ", count: 4096) + "<meta charset=koi8-u>") + [0xE9]
        #expect(decode(html).charset == "windows-1252")
    }

    // MARK: Pages that lie, and no declaration at all

    @Test func declaredWindows1251ThatIsValidUTF8IsReadAsUTF8() {
        let fromHeader = decode(privitUTF8, contentType: "text/html; charset=windows-1251")
        #expect(fromHeader == DecodedPage(text: "Привіт", charset: "utf-8"))
        let fromMeta = decode(bytes("<meta charset=windows-1251>") + privitUTF8)
        #expect(fromMeta == DecodedPage(text: "<meta charset=windows-1251>Привіт", charset: "utf-8"))
    }

    @Test func declaredSingleByteCharsetStaysWhenThePageIsPlainASCII() {
        let page = decode(bytes("Hello"), contentType: "text/html; charset=windows-1251")
        #expect(page == DecodedPage(text: "Hello", charset: "windows-1251"))
    }

    @Test func undeclaredValidUTF8IsUTF8() {
        #expect(decode(privitUTF8) == DecodedPage(text: "Привіт", charset: "utf-8"))
    }

    @Test func undeclaredInvalidUTF8IsWindows1252() {
        let page = decode([0x63, 0x61, 0x66, 0xE9, 0x20, 0x93, 0x94])
        #expect(page == DecodedPage(text: "café “”", charset: "windows-1252"))
    }

    @Test func emptyInputIsEmptyUTF8() {
        #expect(decode([]) == DecodedPage(text: "", charset: "utf-8"))
        #expect(decode([], contentType: "text/html; charset=koi8-u") == DecodedPage(text: "", charset: "koi8-u"))
    }

    // MARK: Bad bytes

    @Test func invalidBytesInDeclaredUTF8BecomeReplacementCharacters() {
        let page = decode([0x41, 0xFF, 0x42, 0xD0], contentType: "text/html; charset=utf-8")
        #expect(page == DecodedPage(text: "A\u{FFFD}B\u{FFFD}", charset: "utf-8"))
    }

    @Test func undefinedByteInDeclaredSingleByteCharsetBecomesReplacementCharacter() {
        // 0xAA has no character in windows-1253; "Ελ" around it.
        let page = decode([0xC5, 0xAA, 0xEB], contentType: "text/html; charset=windows-1253")
        #expect(page == DecodedPage(text: "Ε\u{FFFD}λ", charset: "windows-1253"))
    }

    @Test func invalidSequenceInDeclaredShiftJISBecomesReplacementCharacterAndDecodingGoesOn() {
        // 0xA0 is no Shift_JIS character; then 日, then a lead byte cut off by the end.
        let page = decode([0xA0, 0x93, 0xFA, 0x93], contentType: "text/html; charset=shift_jis")
        #expect(page == DecodedPage(text: "\u{FFFD}日\u{FFFD}", charset: "shift_jis"))
    }

    @Test func nulBytesAreKeptInEveryPath() {
        #expect(decode([0x41, 0x00, 0x42]).text == "A\u{0}B")
        #expect(decode([0x41, 0x00, 0xE9]).text == "A\u{0}é")
        #expect(decode([0xCF, 0x00, 0xF0], contentType: "text/html; charset=windows-1251").text == "П\u{0}р")
        #expect(decode([0xFF, 0xFE, 0x41, 0x00, 0x00, 0x00, 0x42, 0x00]).text == "A\u{0}B")
    }

    @Test func arbitraryBytesInEveryCharsetDecodeWithoutCrashing() {
        var generator = SplitMix64(seed: 0x6E61_7272_6174_6521)
        let labels = [
            "utf-8", "utf-16le", "utf-16be", "windows-1251", "windows-1253", "koi8-u",
            "gbk", "big5", "shift_jis", "euc-jp", "euc-kr", "x",
        ]
        for round in 0..<400 {
            let count = Int(generator.next() % 300)
            let input = (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            let page = decode(input, contentType: "text/html; charset=\(labels[round % labels.count])")
            // Every character, U+FFFD included, comes from at least one byte.
            #expect(page.text.unicodeScalars.count <= input.count)
        }
    }

    @Test func arbitraryMarkupFragmentsPrescanWithoutCrashing() {
        var generator = SplitMix64(seed: 42)
        let pieces = [
            "<", ">", "/", "=", "'", "\"", " ", "<!--", "-->", "<!", "<?", "</", "<meta", "<META ", "<a ", "charset",
            "http-equiv", "content-type", "content", ";", "koi8-u", "utf-16", "\u{A7}", "ї",
        ].map { Array($0.utf8) }
        for _ in 0..<400 {
            let count = Int(generator.next() % 40)
            let input = (0..<count).flatMap { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }
            let page = decode(input)
            #expect(page.text.unicodeScalars.count <= input.count)
        }
    }
}

/// A small deterministic generator, so the arbitrary-bytes test is the same on every run.
private struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
