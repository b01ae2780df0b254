import Foundation
import NarrateTestSupport
import Testing

/// What a power cut would find: an output's data is flushed to the disk (`fsync`) before
/// the rename that puts it in place, and the folder is flushed after it, so a renamed file
/// is never empty or half-written. Seen by a preloaded library that logs `fsync` (with the
/// path of the descriptor), `rename` and `link` in the order narrate calls them.
@Suite("Outputs are durable before they are in place", .endToEnd)
struct DurabilityTests {
    static let compiler = ["/usr/bin/cc", "/usr/bin/gcc", "/usr/bin/clang"].first { FileManager.default.isExecutableFile(atPath: $0) }

    let scratch: ScratchDirectory
    let article: String

    init() throws {
        scratch = try ScratchDirectory()
        article = try scratch.write("news.txt", text: "The keeper lit the lamp. Ships passed in the night.")
    }

    /// Builds the logging library and runs narrate under it; returns the log's lines.
    func logged(_ arguments: [String]) async throws -> (NarrateBinary.Outcome, [String]) {
        let source = try scratch.write(
            "log.c",
            text: """
                #define _GNU_SOURCE
                #include <dlfcn.h>
                #include <stdio.h>
                #include <stdlib.h>
                #include <unistd.h>
                static void note(const char *line) {
                    FILE *log = fopen(getenv("NARRATE_SYSCALL_LOG"), "a");
                    if (log) { fputs(line, log); fputc('\\n', log); fclose(log); }
                }
                int fsync(int fd) {
                    char link[64], path[4096], line[4200];
                    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
                    ssize_t n = readlink(link, path, sizeof path - 1);
                    path[n < 0 ? 0 : n] = 0;
                    snprintf(line, sizeof line, "fsync %s", path);
                    note(line);
                    int (*real)(int) = (int (*)(int)) dlsym(RTLD_NEXT, "fsync");
                    return real(fd);
                }
                int rename(const char *from, const char *to) {
                    char line[8300];
                    snprintf(line, sizeof line, "rename %s %s", from, to);
                    note(line);
                    int (*real)(const char *, const char *) = (int (*)(const char *, const char *)) dlsym(RTLD_NEXT, "rename");
                    return real(from, to);
                }
                int link(const char *from, const char *to) {
                    char line[8300];
                    snprintf(line, sizeof line, "link %s %s", from, to);
                    note(line);
                    int (*real)(const char *, const char *) = (int (*)(const char *, const char *)) dlsym(RTLD_NEXT, "link");
                    return real(from, to);
                }
                """)
        let library = "\(scratch.path)/log.so"
        let build = try await NarrateBinary.run(["-shared", "-fPIC", "-o", library, source, "-ldl"], executable: Self.compiler!)
        try #require(build.status == 0, "\(build.standardError)")
        let log = "\(scratch.path)/calls.log"
        let run = try await NarrateBinary.run(arguments, environment: ["LD_PRELOAD": library, "NARRATE_SYSCALL_LOG": log])
        let lines = (try? String(contentsOfFile: log, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
        // Only what concerns the scratch folder (not the library's SQLite files).
        return (run, lines.filter { $0.contains(scratch.path) && !$0.contains(".sqlite") })
    }

    /// The temporary file is flushed, then moved to `output`, then the folder is flushed.
    func expectFlushedThenMovedThenFolderFlushed(_ lines: [String], output: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let move = lines.firstIndex { ($0.hasPrefix("rename ") || $0.hasPrefix("link ")) && $0.hasSuffix(" \(output)") }
        guard let move else {
            Issue.record("no rename or link onto \(output): \(lines)", sourceLocation: sourceLocation)
            return
        }
        let temporary = lines[move].split(separator: " ")[1]
        let flushed = lines[..<move].contains { $0 == "fsync \(temporary)" }
        #expect(flushed, "the temporary file was not flushed before it was moved: \(lines)", sourceLocation: sourceLocation)
        let folderFlushed = lines[(move + 1)...].contains { $0 == "fsync \(scratch.path)" }
        #expect(folderFlushed, "the folder was not flushed after the move: \(lines)", sourceLocation: sourceLocation)
    }

    @Test(.enabled(if: compiler != nil, "needs a C compiler to build the logging library"), arguments: ["wav", "mp3"])
    func audioIsFlushedBeforeTheRename(_ format: String) async throws {
        let output = "\(scratch.path)/news.\(format)"
        let (run, lines) = try await logged(["convert", article, "-o", output])
        #expect(run.status == 0, "\(run.standardError)")
        expectFlushedThenMovedThenFolderFlushed(lines, output: output)
    }

    @Test(.enabled(if: compiler != nil, "needs a C compiler to build the logging library"))
    func syncMapsAndChaptersAreFlushedBeforeTheRename() async throws {
        let library = "\(scratch.path)/library.sqlite"
        #expect(try await NarrateBinary.run(["add", article, "--library", library]).status == 0)
        let map = "\(scratch.path)/news.vtt"
        let chapters = "\(scratch.path)/news.json"
        let (run, lines) = try await logged(["render", "1", "--library", library, "--sync", map, "--chapters", chapters])
        #expect(run.status == 0, "\(run.standardError)")
        expectFlushedThenMovedThenFolderFlushed(lines, output: map)
        expectFlushedThenMovedThenFolderFlushed(lines, output: chapters)
    }
}
