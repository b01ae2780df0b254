import NarrateImport
import Testing

/// What apps put in a share: the address in `url`, in `text` after the title, or only text.
@Suite("A shared page or text")
struct SharedItemTests {
    @Test func theAddressIsTakenFromURLThenFromText() {
        #expect(
            SharedItem(title: "A page", text: nil, url: "https://example.org/a") == .link(url: "https://example.org/a", title: "A page"))
        // Android's Chrome and most apps: "Title https://…" in text, url empty.
        #expect(
            SharedItem(title: nil, text: "Rain at seven https://news.example/rain?id=3.", url: "")
                == .link(url: "https://news.example/rain?id=3", title: "Rain at seven"))
        #expect(
            SharedItem(title: "Given", text: "see (https://en.wikipedia.org/wiki/Mercury_(planet))", url: "  ")
                == .link(url: "https://en.wikipedia.org/wiki/Mercury_(planet)", title: "Given"))
        // A url field that is no web address falls back to the text.
        #expect(
            SharedItem(title: nil, text: "http://example.com/x", url: "ftp://example.com/file")
                == .link(url: "http://example.com/x", title: nil))
    }

    @Test func textWithoutAnAddressIsAnArticleAndNothingIsNothing() {
        #expect(SharedItem(title: "Notes", text: "  The wind rose.  ", url: nil) == .text("The wind rose.", title: "Notes"))
        #expect(SharedItem(title: "Only a title", text: " ", url: "") == .nothing)
        #expect(SharedItem(title: nil, text: nil, url: nil) == .nothing)
        #expect(
            SharedItem(title: nil, text: "javascript:alert(1) and https:// nothing", url: "javascript:alert(1)")
                == .text(
                    "javascript:alert(1) and https:// nothing", title: nil))
    }
}
