import Testing

@testable import NarrateCore

/// The one escaping behind narrate's feeds, OPML lists, pages and WebVTT cues.
@Suite("Text escaped for XML and HTML")
struct MarkupEscapingTests {
    @Test func htmlEscapesTheFiveAndKeepsEverythingElse() {
        #expect(MarkupEscaping.escaped(#"Tom & "Jerry's" <b>"#, in: .html) == "Tom &amp; &quot;Jerry&#39;s&quot; &lt;b&gt;")
        #expect(MarkupEscaping.escaped("line\nbreak\u{1}", in: .html) == "line\nbreak\u{1}")
    }

    @Test func xmlContentLeavesOutWhatXMLCannotHold() {
        #expect(MarkupEscaping.escaped("a < b && c > d", in: .xmlContent) == "a &lt; b &amp;&amp; c &gt; d")
        // Quotes stay in content; control characters, U+FFFE and U+FFFF are left out; tab and line breaks stay.
        #expect(MarkupEscaping.escaped("\"q\" 'a'\u{0}\u{8}\u{FFFE}\u{FFFF}\t\n", in: .xmlContent) == "\"q\" 'a'\t\n")
        // Other characters beginning with the byte EF are kept: "" is EF BC 81.
        #expect(MarkupEscaping.escaped("Київ！\u{FFFD}", in: .xmlContent) == "Київ！\u{FFFD}")
    }

    @Test func xmlAttributesKeepTheirQuotesAndWhiteSpace() {
        #expect(MarkupEscaping.escaped("say \"hi\"\tthen\r\nbye", in: .xmlAttribute) == "say &quot;hi&quot;&#9;then&#13;&#10;bye")
    }

    @Test func cleanTextIsTakenAsItIs() {
        #expect(MarkupEscaping.isClean("it's \"fine\"\n", in: .xmlContent))
        #expect(!MarkupEscaping.isClean("it's", in: .html) && !MarkupEscaping.isClean("a\tb", in: .xmlAttribute))
        #expect(!MarkupEscaping.isClean("\u{FFFD}", in: .xmlContent) && MarkupEscaping.isClean("\u{FFFD}", in: .html))
        #expect(MarkupEscaping.escaped("it's \"fine\"\n", in: .xmlContent) == "it's \"fine\"\n")
    }

    @Test func cleanTextIsAppendedAsItIs() {
        var bytes = Array("<a>".utf8)
        MarkupEscaping.append("plain text, ünïcode", in: .xmlAttribute, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "<a>plain text, ünïcode")
    }
}
