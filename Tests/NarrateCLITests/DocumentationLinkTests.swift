import Foundation
import NarrateTestSupport
import Testing

/// README and the pages of docs/ as a reader follows them: every relative link leads to a
/// file, and to a heading of it when it names one; every command in README's command table
/// is one the built narrate has. Links to other sites are not fetched.
@Suite("Documentation: links and commands", .endToEnd)
struct DocumentationLinkTests {
    /// README.md and every Markdown file in docs/, as paths from the package root.
    static var pagePaths: [String] {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: "\(NarrateBinary.packageRoot)/docs")) ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
    }

    /// The commands README's table names under "Commands", as typed after `narrate`
    /// ("voices add"), in the table's order.
    static var tableCommands: [String] {
        (try? MarkdownPage(path: "\(NarrateBinary.packageRoot)/README.md"))?.commands(under: "Commands") ?? []
    }

    @Test("Every relative link in README and docs/ leads to a file, and to the heading it names")
    func relativeLinksResolve() async throws {
        var pages: [String: MarkdownPage] = [:]
        /// The page at `path`, read once.
        func page(_ path: String) throws -> MarkdownPage {
            if let page = pages[path] { return page }
            let page = try MarkdownPage(path: path)
            pages[path] = page
            return page
        }
        var checked = 0
        for relativePath in Self.pagePaths {
            let source = try page("\(NarrateBinary.packageRoot)/\(relativePath)")
            for link in source.links where !link.isExternal {
                checked += 1
                let (target, fragment) = source.resolve(link.target)
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: target, isDirectory: &isDirectory) else {
                    Issue.record("\(relativePath):\(link.line): \(link.target): no such file")
                    continue
                }
                guard let fragment, target.hasSuffix(".md"), !isDirectory.boolValue else { continue }
                if !(try page(target).anchors.contains(fragment)) {
                    Issue.record("\(relativePath):\(link.line): \(link.target): no heading with the anchor '\(fragment)'")
                }
            }
        }
        #expect(checked >= 50, "only \(checked) relative links found: is the Markdown read right?")
    }

    @Test("README's command table is found and names every group's commands")
    func commandTableIsRead() async {
        let commands = Self.tableCommands
        #expect(commands.count >= 30, "README's command table gave \(commands)")
        for command in ["convert", "voices add", "voices prefer", "serve", "batch", "worker"] {
            #expect(commands.contains(command), "README's command table has no 'narrate \(command)'")
        }
    }

    @Test("Every command in README's table is one narrate has", arguments: DocumentationLinkTests.tableCommands)
    func commandAnswersHelp(_ command: String) async throws {
        let outcome = try await NarrateBinary.run(command.split(separator: " ").map(String.init) + ["--help"])
        #expect(outcome.status == 0, "narrate \(command) --help exited \(outcome.status): \(outcome.standardError)")
        // An unknown name gets the help of the command above it, also with status 0: the
        // usage line says which command answered.
        let usage = outcome.standardOutput.split(separator: "\n").first { $0.hasPrefix("USAGE: ") }.map(String.init) ?? ""
        #expect(
            usage == "USAGE: narrate \(command)" || usage.hasPrefix("USAGE: narrate \(command) "),
            "narrate \(command) --help answered with '\(usage)'"
        )
    }

    /// A Markdown file as GitHub shows it: its headings' anchors, its links and its tables,
    /// with code (fenced blocks and code spans) left out where it would look like either.
    private struct MarkdownPage {
        /// A link's target as written, and the line (from 1) it is on.
        struct Link {
            var target: String
            var line: Int

            /// A link to another site (or to mail), which is not followed.
            var isExternal: Bool {
                target.contains("://") || target.lowercased().hasPrefix("mailto:")
            }
        }

        /// The file's absolute path.
        let path: String
        /// The file's lines with fenced code blocks blank: where headings and tables are read.
        let lines: [String]
        /// The same lines with code spans blank too: where links are read.
        let prose: [String]

        /// Reads the file at `path` (absolute).
        init(path: String) throws {
            self.path = path
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let unfenced = Self.blankingFencedCode(text)
            lines = unfenced.components(separatedBy: "\n")
            prose = Self.blankingCodeSpans(unfenced).components(separatedBy: "\n")
        }

        /// The anchors of the file's headings, by GitHub's rule: the heading's text in lower
        /// case, with spaces turned to hyphens and every other character that is no letter,
        /// mark, number, hyphen or underscore removed; a repeated anchor gets "-1", "-2", ….
        var anchors: Set<String> {
            var seen: [String: Int] = [:]
            var anchors: Set<String> = []
            for line in lines {
                guard let heading = Self.heading(in: line) else { continue }
                let anchor = Self.anchor(of: heading.text)
                let count = seen[anchor, default: 0]
                anchors.insert(count == 0 ? anchor : "\(anchor)-\(count)")
                seen[anchor] = count + 1
            }
            return anchors
        }

        /// Every inline link's target (`[text](target)`, images too), outside code.
        var links: [Link] {
            prose.enumerated().flatMap { index, line in
                line.matches(of: /\]\(\s*<?([^)\s>]*)/).map { Link(target: String($0.output.1), line: index + 1) }
            }
        }

        /// The commands named in the first column of the tables under the level-2 heading
        /// `title` (`` `narrate voices add` `` gives "voices add").
        func commands(under title: String) -> [String] {
            var inSection = false
            var commands: [String] = []
            for line in lines {
                if let heading = Self.heading(in: line), heading.level <= 2 {
                    inSection = heading.level == 2 && heading.text == title
                    continue
                }
                guard inSection, line.hasPrefix("|") else { continue }
                let cells = line.split(separator: "|", omittingEmptySubsequences: false)
                guard cells.count > 1,
                    let match = cells[1].trimmingCharacters(in: .whitespaces).wholeMatch(of: /`narrate ([^`]+)`/)
                else { continue }
                commands.append(String(match.output.1))
            }
            return commands
        }

        /// The file a link's target names, as an absolute path (a target starting with "/"
        /// from the package root, as GitHub reads it), and the heading anchor after its "#".
        func resolve(_ target: String) -> (path: String, fragment: String?) {
            let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            let file = String(parts[0]).removingPercentEncoding ?? String(parts[0])
            let fragment = parts.count > 1 ? (String(parts[1]).removingPercentEncoding ?? String(parts[1])) : nil
            if file.isEmpty { return (path, fragment) }
            let base =
                file.hasPrefix("/")
                ? URL(fileURLWithPath: NarrateBinary.packageRoot, isDirectory: true)
                : URL(fileURLWithPath: path).deletingLastPathComponent()
            let relative = file.hasPrefix("/") ? String(file.dropFirst()) : file
            return (base.appendingPathComponent(relative).standardizedFileURL.path, fragment)
        }

        /// The level and text of an ATX heading (`## Text`), without a closing run of "#".
        static func heading(in line: String) -> (level: Int, text: String)? {
            guard let match = line.wholeMatch(of: /\ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*/) else { return nil }
            return (match.output.1.count, String(match.output.2 ?? ""))
        }

        /// A heading's anchor by GitHub's rule (see `anchors`); a link in it counts as its text.
        static func anchor(of heading: String) -> String {
            let text = heading.replacing(/!?\[([^\]]*)\]\([^)]*\)/) { $0.output.1 }
            var anchor = String.UnicodeScalarView()
            for scalar in text.trimmingCharacters(in: .whitespaces).lowercased().unicodeScalars {
                switch scalar.properties.generalCategory {
                case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                    .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber,
                    .connectorPunctuation:
                    anchor.append(scalar)
                case .spaceSeparator where scalar == " ", .dashPunctuation where scalar == "-":
                    anchor.append("-")
                default:
                    continue
                }
            }
            return String(anchor)
        }

        /// `text` with the lines of fenced code blocks (``` or ~~~, fences included) blank.
        static func blankingFencedCode(_ text: String) -> String {
            var fence: String?
            return text.components(separatedBy: "\n").map { line in
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if let open = fence {
                    if trimmed.hasPrefix(open), trimmed.allSatisfy({ $0 == open.first }) { fence = nil }
                    return ""
                }
                for marker in ["```", "~~~"] where trimmed.hasPrefix(marker) {
                    fence = String(trimmed.prefix { $0 == marker.first })
                    return ""
                }
                return line
            }.joined(separator: "\n")
        }

        /// `text` with every code span's content blank (its line breaks kept): a run of
        /// backticks up to the next run of the same length within the paragraph.
        static func blankingCodeSpans(_ text: String) -> String {
            var characters = Array(text)
            var index = 0
            /// The end of the run of backticks that starts at `start`.
            func runEnd(from start: Int) -> Int {
                var end = start
                while end < characters.count, characters[end] == "`" { end += 1 }
                return end
            }
            /// Whether the line after the line break at `newline` is blank: a paragraph's end.
            func blankLineFollows(_ newline: Int) -> Bool {
                var next = newline + 1
                while next < characters.count, characters[next] != "\n" {
                    if !characters[next].isWhitespace { return false }
                    next += 1
                }
                return true
            }
            while index < characters.count {
                guard characters[index] == "`" else {
                    index += 1
                    continue
                }
                let opening = runEnd(from: index)
                var search = opening
                var closing: Int?
                while search < characters.count, closing == nil {
                    if characters[search] == "\n", blankLineFollows(search) { break }
                    if characters[search] == "`" {
                        let end = runEnd(from: search)
                        if end - search == opening - index { closing = search }
                        search = end
                    } else {
                        search += 1
                    }
                }
                guard let closing else {
                    index = opening
                    continue
                }
                for position in opening..<closing where characters[position] != "\n" {
                    characters[position] = " "
                }
                index = closing + (opening - index)
            }
            return String(characters)
        }
    }
}
