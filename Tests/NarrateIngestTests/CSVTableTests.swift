import Testing

@testable import NarrateIngest

/// CSV as read-later services write it, read with libcsv.
@Suite("CSV tables (libcsv)")
struct CSVTableTests {
    @Test func quotedFieldsHoldCommasLineBreaksAndDoubledQuotes() throws {
        let table = try CSVTable("title,url\r\n\"a, b\",x\r\n\"two\nlines\",y\r\n\"say \"\"so\"\"\",z\r\n")
        #expect(table.rows == [["title", "url"], ["a, b", "x"], ["two\nlines", "y"], ["say \"so\"", "z"]])
    }

    @Test func everyLineEndAByteOrderMarkAndBlankLines() throws {
        let table = try CSVTable("\u{FEFF}h1,h2\n\na,b\r\rc,d\re,f")
        #expect(table.rows == [["h1", "h2"], ["a", "b"], ["c", "d"], ["e", "f"]])
        #expect(table.header == ["h1", "h2"])
    }

    @Test func emptyFieldsKeepTheirPlaceAndRecordsAreByHeaderName() throws {
        let table = try CSVTable("URL, Title ,Tags\nhttps://a.example/,,\nhttps://b.example/,B\n")
        #expect(table.rows == [["URL", "Title", "Tags"], ["https://a.example/", "", ""], ["https://b.example/", "B"]])
        #expect(table.records == [["url": "https://a.example/", "title": "", "tags": ""], ["url": "https://b.example/", "title": "B"]])
    }

    /// libcsv's forgiving mode: nothing an export holds is refused.
    @Test func strayQuotesSpacesAndAnOpenQuoteAreRead() throws {
        let table = try CSVTable("a,b\n  padded  ,5\" screen\nlast,\"never closed\nat the end")
        #expect(table.rows == [["a", "b"], ["padded", "5\" screen"], ["last", "never closed\nat the end"]])
    }

    @Test func cyrillicEmojiAndRightToLeftTitlesKeepTheirBytes() throws {
        let table = try CSVTable("t\n\"Він сказав «так» 🎧\"\nשלום עולם\n")
        #expect(table.rows == [["t"], ["Він сказав «так» 🎧"], ["שלום עולם"]])
    }
}
