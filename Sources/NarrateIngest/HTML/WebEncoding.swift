/// A character encoding a web page can declare, with the labels that name it.
///
/// Names and labels follow the WHATWG Encoding Standard (https://encoding.spec.whatwg.org),
/// so `iso-8859-1` and `us-ascii` mean windows-1252 and `gb2312` means gbk, as in browsers.
/// The bytes themselves are converted by glibc's iconv under `iconvName`.
struct WebEncoding: Sendable, Equatable {
    /// How bytes map to characters, which decides fallbacks and the UTF-8 override.
    enum Kind: Sendable, Equatable {
        case utf8
        case utf16
        /// One byte per character (windows-125x, ISO 8859, KOI8, …).
        case singleByte
        /// Legacy multi-byte encodings (gbk, big5, shift_jis, euc-jp, euc-kr).
        case multiByte
    }

    /// The WHATWG name, lower-case, as reported in `DecodedPage.charset`.
    let name: String
    /// The name glibc's iconv knows the encoding by.
    let iconvName: String
    let kind: Kind
    /// Every label that selects this encoding, lower-case.
    let labels: [String]

    static let utf8 = WebEncoding(
        name: "utf-8", iconvName: "UTF-8", kind: .utf8,
        labels: ["unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "utf-8", "utf8", "x-unicode20utf8"]
    )
    static let utf16LE = WebEncoding(
        name: "utf-16le", iconvName: "UTF-16LE", kind: .utf16,
        labels: ["csunicode", "iso-10646-ucs-2", "ucs-2", "unicode", "unicodefeff", "utf-16", "utf-16le"]
    )
    static let utf16BE = WebEncoding(
        name: "utf-16be", iconvName: "UTF-16BE", kind: .utf16, labels: ["unicodefffe", "utf-16be"]
    )
    static let windows1252 = WebEncoding(
        name: "windows-1252", iconvName: "CP1252", kind: .singleByte,
        labels: [
            "ansi_x3.4-1968", "ascii", "cp1252", "cp819", "csisolatin1", "ibm819", "iso-8859-1", "iso-ir-100",
            "iso8859-1", "iso88591", "iso_8859-1", "iso_8859-1:1987", "l1", "latin1", "us-ascii", "windows-1252",
            "x-cp1252",
        ]
    )

    /// Every encoding narrate recognises. WHATWG's iso-2022-jp, x-user-defined and
    /// "replacement" are left out: their labels count as unknown.
    static let all: [WebEncoding] = [
        utf8, utf16LE, utf16BE, windows1252,
        singleByte("ibm866", iconv: "IBM866", labels: ["866", "cp866", "csibm866", "ibm866"]),
        singleByte(
            "iso-8859-2", iconv: "ISO-8859-2",
            labels: [
                "csisolatin2", "iso-8859-2", "iso-ir-101", "iso8859-2", "iso88592", "iso_8859-2", "iso_8859-2:1987",
                "l2", "latin2",
            ]),
        singleByte(
            "iso-8859-3", iconv: "ISO-8859-3",
            labels: [
                "csisolatin3", "iso-8859-3", "iso-ir-109", "iso8859-3", "iso88593", "iso_8859-3", "iso_8859-3:1988",
                "l3", "latin3",
            ]),
        singleByte(
            "iso-8859-4", iconv: "ISO-8859-4",
            labels: [
                "csisolatin4", "iso-8859-4", "iso-ir-110", "iso8859-4", "iso88594", "iso_8859-4", "iso_8859-4:1988",
                "l4", "latin4",
            ]),
        singleByte(
            "iso-8859-5", iconv: "ISO-8859-5",
            labels: [
                "csisolatincyrillic", "cyrillic", "iso-8859-5", "iso-ir-144", "iso8859-5", "iso88595", "iso_8859-5",
                "iso_8859-5:1988",
            ]),
        singleByte(
            "iso-8859-6", iconv: "ISO-8859-6",
            labels: [
                "arabic", "asmo-708", "csiso88596e", "csiso88596i", "csisolatinarabic", "ecma-114", "iso-8859-6",
                "iso-8859-6-e", "iso-8859-6-i", "iso-ir-127", "iso8859-6", "iso88596", "iso_8859-6", "iso_8859-6:1987",
            ]),
        singleByte(
            "iso-8859-7", iconv: "ISO-8859-7",
            labels: [
                "csisolatingreek", "ecma-118", "elot_928", "greek", "greek8", "iso-8859-7", "iso-ir-126", "iso8859-7",
                "iso88597", "iso_8859-7", "iso_8859-7:1987", "sun_eu_greek",
            ]),
        singleByte(
            "iso-8859-8", iconv: "ISO-8859-8",
            labels: [
                "csiso88598e", "csisolatinhebrew", "hebrew", "iso-8859-8", "iso-8859-8-e", "iso-ir-138", "iso8859-8",
                "iso88598", "iso_8859-8", "iso_8859-8:1988", "visual",
            ]),
        singleByte("iso-8859-8-i", iconv: "ISO-8859-8", labels: ["csiso88598i", "iso-8859-8-i", "logical"]),
        singleByte(
            "iso-8859-10", iconv: "ISO-8859-10",
            labels: [
                "csisolatin6", "iso-8859-10", "iso-ir-157", "iso8859-10", "iso885910", "l6", "latin6",
            ]),
        singleByte("iso-8859-13", iconv: "ISO-8859-13", labels: ["iso-8859-13", "iso8859-13", "iso885913"]),
        singleByte("iso-8859-14", iconv: "ISO-8859-14", labels: ["iso-8859-14", "iso8859-14", "iso885914"]),
        // "latin9" is not a WHATWG label, but pages use it and nothing else claims it.
        singleByte(
            "iso-8859-15", iconv: "ISO-8859-15",
            labels: [
                "csisolatin9", "iso-8859-15", "iso8859-15", "iso885915", "iso_8859-15", "l9", "latin9",
            ]),
        singleByte("iso-8859-16", iconv: "ISO-8859-16", labels: ["iso-8859-16"]),
        singleByte("koi8-r", iconv: "KOI8-R", labels: ["cskoi8r", "koi", "koi8", "koi8-r", "koi8_r"]),
        singleByte("koi8-u", iconv: "KOI8-U", labels: ["koi8-ru", "koi8-u"]),
        singleByte("macintosh", iconv: "MACINTOSH", labels: ["csmacintosh", "mac", "macintosh", "x-mac-roman"]),
        singleByte(
            "windows-874", iconv: "CP874",
            labels: [
                "dos-874", "iso-8859-11", "iso8859-11", "iso885911", "tis-620", "windows-874",
            ]),
        singleByte("windows-1250", iconv: "CP1250", labels: ["cp1250", "windows-1250", "x-cp1250"]),
        singleByte("windows-1251", iconv: "CP1251", labels: ["cp1251", "windows-1251", "x-cp1251"]),
        singleByte("windows-1253", iconv: "CP1253", labels: ["cp1253", "windows-1253", "x-cp1253"]),
        singleByte(
            "windows-1254", iconv: "CP1254",
            labels: [
                "cp1254", "csisolatin5", "iso-8859-9", "iso-ir-148", "iso8859-9", "iso88599", "iso_8859-9",
                "iso_8859-9:1989", "l5", "latin5", "windows-1254", "x-cp1254",
            ]),
        singleByte("windows-1255", iconv: "CP1255", labels: ["cp1255", "windows-1255", "x-cp1255"]),
        singleByte("windows-1256", iconv: "CP1256", labels: ["cp1256", "windows-1256", "x-cp1256"]),
        singleByte("windows-1257", iconv: "CP1257", labels: ["cp1257", "windows-1257", "x-cp1257"]),
        singleByte("windows-1258", iconv: "CP1258", labels: ["cp1258", "windows-1258", "x-cp1258"]),
        singleByte("x-mac-cyrillic", iconv: "MAC-CYRILLIC", labels: ["x-mac-cyrillic", "x-mac-ukrainian"]),
        // WHATWG decodes gbk with the gb18030 decoder, a superset.
        multiByte(
            "gbk", iconv: "GB18030",
            labels: [
                "chinese", "csgb2312", "csiso58gb231280", "gb2312", "gb_2312", "gb_2312-80", "gbk", "iso-ir-58", "x-gbk",
            ]),
        multiByte("gb18030", iconv: "GB18030", labels: ["gb18030"]),
        multiByte("big5", iconv: "BIG5-HKSCS", labels: ["big5", "big5-hkscs", "cn-big5", "csbig5", "x-x-big5"]),
        multiByte("euc-jp", iconv: "EUC-JP", labels: ["cseucpkdfmtjapanese", "euc-jp", "x-euc-jp"]),
        // WHATWG's shift_jis is Microsoft's variant (windows-31j), which glibc calls CP932.
        multiByte(
            "shift_jis", iconv: "CP932",
            labels: [
                "csshiftjis", "ms932", "ms_kanji", "shift-jis", "shift_jis", "sjis", "windows-31j", "x-sjis",
            ]),
        // Likewise WHATWG's euc-kr is windows-949 (CP949).
        multiByte(
            "euc-kr", iconv: "CP949",
            labels: [
                "cseuckr", "csksc56011987", "euc-kr", "iso-ir-149", "korean", "ks_c_5601-1987", "ks_c_5601-1989",
                "ksc5601", "ksc_5601", "windows-949",
            ]),
    ]

    private static let byLabel: [String: WebEncoding] = {
        var table: [String: WebEncoding] = [:]
        for encoding in all {
            for label in encoding.labels { table[label] = encoding }
        }
        return table
    }()

    /// The encoding a label names, ignoring ASCII case and surrounding white space, or nil
    /// when no known encoding has that label.
    init?(label: some StringProtocol) {
        guard let encoding = Self.byLabel[Self.normalizedLabel(label)] else { return nil }
        self = encoding
    }

    private init(name: String, iconvName: String, kind: Kind, labels: [String]) {
        self.name = name
        self.iconvName = iconvName
        self.kind = kind
        self.labels = labels
    }

    private static func singleByte(_ name: String, iconv: String, labels: [String]) -> WebEncoding {
        WebEncoding(name: name, iconvName: iconv, kind: .singleByte, labels: labels)
    }

    private static func multiByte(_ name: String, iconv: String, labels: [String]) -> WebEncoding {
        WebEncoding(name: name, iconvName: iconv, kind: .multiByte, labels: labels)
    }

    /// Lower-cases ASCII letters and strips the white space WHATWG allows around a label.
    private static func normalizedLabel(_ label: some StringProtocol) -> String {
        let isSpace: (UInt8) -> Bool = { [0x09, 0x0A, 0x0C, 0x0D, 0x20].contains($0) }
        var bytes = Array(label.utf8)
        while let last = bytes.last, isSpace(last) { bytes.removeLast() }
        let start = bytes.firstIndex { !isSpace($0) } ?? bytes.endIndex
        let lowered = bytes[start...].map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
        return String(decoding: lowered, as: UTF8.self)
    }

    /// How many bytes to skip past an undecodable unit: UTF-16 must keep to whole code units.
    var unitLength: Int { kind == .utf16 ? 2 : 1 }

    /// Whether bytes 0x80–0x9F that iconv leaves undefined decode to the C1 control of the
    /// same value, as in WHATWG's windows-* indexes (e.g. 0x81 in windows-1252 is U+0081).
    var mapsUndefinedC1Bytes: Bool { kind == .singleByte && name.hasPrefix("windows-") }
}
