import NarrateCore
import NarrateIngest

/// libFuzzer's entry point: reads the input as a feed fetched from a web address, the way
/// `narrate subscribe` and `refresh` do (`FeedParser.parse`: RSS 0.9x and 2.0, RSS 1.0, Atom
/// and JSON Feed; XML through libxml2, broken XML read as far as it goes; dates through
/// Foundation's formatter), and stops the process on any broken promise.
///
/// Reading may fail only with the error a feed's bytes can earn: sysexits' 65 (not a feed,
/// XML that is not well-formed, entities beyond bounds, JSON that is no JSON Feed).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        let feed = try FeedParser(source: "https://feeds.example/feed.xml").parse(bytes)
        for item in feed.items where item.published?.isEmpty == true {
            fatalError("an empty date instead of none: \(item)")
        }
    } catch {
        if error.isUnreadableInput { return 0 }
        fatalError("feed parser: unexpected error: \(error)")
    }
    return 0
}
