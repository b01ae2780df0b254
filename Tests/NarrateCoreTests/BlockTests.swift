import NarrateCore
import Testing

/// Code kept as written: its lines, their indentation relative to each other, nothing around it.
@Suite("Code as written")
struct BlockTests {
    @Test(arguments: [
        ("\n\n   GET / HTTP/1.1\n   Host: example.org   \n\n     body\n\n", "GET / HTTP/1.1\nHost: example.org\n\n  body"),
        ("let x = 1\n    return x", "let x = 1\n    return x"),
        ("\tif a {\n\t\tb()\n\t}", "if a {\n\tb()\n}"),
        ("   \n  \n", ""),
    ])
    func linesKeepTheirIndentationWithoutWhatTheyAllShare(_ written: String, _ kept: String) {
        #expect(Block.verbatim(written) == kept)
    }
}
