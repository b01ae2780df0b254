import ArgumentParser
import NarrateCore

/// `--read PARTS` and `--skip PARTS`: parts of an article read or not besides the choices
/// they change (the library's, a preset's), for a render or for the library itself.
struct ReadingPartOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Parts to read besides the defaults: references, footnotes, images, tables, code, urls (comma-separated, or all).",
            valueName: "parts"
        ))
    var read: String?

    @Option(
        help: ArgumentHelp(
            "Parts not to read: references, footnotes, images, tables, code, urls (by default references and footnotes are not).",
            valueName: "parts"
        ))
    var skip: String?

    func validate() throws {
        do throws(NarrateError) {
            _ = try parts()
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// Whether either option was given.
    var isGiven: Bool { read != nil || skip != nil }

    /// The parts each option names (empty when not given), in `ReadingPart.choosable`'s order.
    func parts() throws(NarrateError) -> (read: [ReadingPart], skip: [ReadingPart]) {
        let read = try read.map { list throws(NarrateError) in try ReadingChoices.parts(list, option: "--read") } ?? []
        let skip = try skip.map { list throws(NarrateError) in try ReadingChoices.parts(list, option: "--skip") } ?? []
        return (ReadingPart.choosable.filter(read.contains), ReadingPart.choosable.filter(skip.contains))
    }
}
