import Foundation
import NarrateTestSupport
import Testing

/// `narrate voices add`, `available` and `rm` against a voice catalogue served from
/// 127.0.0.1 (the tiny voice the tests write, listed with its sizes and MD5 digests as Piper's
/// voices.json lists voices): installed all at once or not at all, whatever goes wrong.
@Suite(
    "Installing Piper voices", .serialized,
    .enabled(if: NeuralVoiceTests.canWriteVoices, "needs onnxruntime and onnx from PyPI: run scripts/install-dependencies --tests"))
final class VoiceInstallTests {
    let scratch: ScratchDirectory
    /// The catalogue's folder, served at /files/.
    let served: String
    let server: TestServer
    /// Where voices are installed (XDG_DATA_HOME/narrate/voices).
    let installed: String

    static let tinyFolder = "en/en_US/tiny/x_low"

    init() async throws {
        scratch = try ScratchDirectory()
        served = "\(scratch.path)/served"
        installed = "\(scratch.path)/data/narrate/voices"
        let folder = "\(served)/\(Self.tinyFolder)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let tools = "\(NarrateBinary.packageRoot)/Tests/NarratePiperTests"
        try #require(await NeuralVoiceTests.python(["\(tools)/make_tiny_voice.py", "\(folder)/en_US-tiny-x_low.onnx"]).status == 0)
        try #require(await NeuralVoiceTests.python(["\(tools)/make_voice_catalogue.py", served]).status == 0)
        server = try await TestServer.start(files: served)
    }

    deinit {
        server.stop()
    }

    var catalogue: String { server.url("/files/voices.json") }

    /// The test's own data folder and catalogue, and no voice from anywhere else but Python's.
    var environment: [String: String] {
        ["XDG_DATA_HOME": "\(scratch.path)/data", "NARRATE_VOICE_CATALOGUE": catalogue, "NARRATE_VOICE_PATH": ""]
    }

    func narrate(_ arguments: [String], environment extra: [String: String] = [:]) async throws -> NarrateBinary.Outcome {
        try await NarrateBinary.run(arguments, environment: environment.merging(extra) { $1 })
    }

    /// What is in the install folder, hidden entries included.
    func installedEntries() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: installed)) ?? []).sorted()
    }

    /// Writes a copy of the catalogue as `name`, changed by `change`.
    func writeCatalogue(_ name: String, _ change: (inout [String: Any]) -> Void) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: "\(served)/voices.json"))
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        change(&object)
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: "\(served)/\(name)"))
    }

    @Test func aVoiceIsInstalledByNameListedSpokenWithAndRemoved() async throws {
        let available = try await narrate(["voices", "available", "--language", "en"])
        #expect(available.status == 0, "\(available.standardError)")
        let row = try #require(available.standardOutput.split(separator: "\n").first { $0.contains("en_US-tiny-x_low") })
        #expect(row.contains("en-us") && row.contains("x_low") && !row.contains("yes"), "\(row)")

        let added = try await narrate(["voices", "add", "tiny"])
        #expect(added.status == 0, "\(added.standardError)")
        #expect(added.standardOutput.contains("installed piper:en_US-tiny-x_low (en-us, x_low"), "\(added.standardOutput)")
        #expect(installedEntries() == ["en_US-tiny-x_low"])
        let files = try FileManager.default.contentsOfDirectory(atPath: "\(installed)/en_US-tiny-x_low").sorted()
        #expect(files == ["en_US-tiny-x_low.onnx", "en_US-tiny-x_low.onnx.json"])
        let model = try Data(contentsOf: URL(fileURLWithPath: "\(installed)/en_US-tiny-x_low/en_US-tiny-x_low.onnx"))
        #expect(model == (try Data(contentsOf: URL(fileURLWithPath: "\(served)/\(Self.tinyFolder)/en_US-tiny-x_low.onnx"))))

        // Listed where voices are listed, marked installed in the catalogue, and spoken with.
        await #expect(try narrate(["voices"]).standardOutput.contains("piper:en_US-tiny-x_low"))
        let listedAgain = try await narrate(["voices", "available", "--json"])
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(listedAgain.standardOutput.utf8)) as? [[String: Any]])
        #expect(entries.first { $0["name"] as? String == "en_US-tiny-x_low" }?["installed"] as? Bool == true)
        let input = try scratch.write("keeper.txt", text: "The keeper lit the lamp.")
        let spoken = try await narrate(["convert", input, "-o", "\(scratch.path)/keeper.wav", "--voice", "tiny"])
        #expect(spoken.status == 0, "\(spoken.standardError)")
        #expect(spoken.standardOutput.contains("voice piper:en_US-tiny-x_low"))

        // Again: nothing downloaded, nothing changed.
        let again = try await narrate(["voices", "add", "piper:en_US-tiny-x_low"])
        #expect(again.status == 0)
        #expect(again.standardOutput.contains("already installed") && again.standardOutput.contains("--force"), "\(again.standardOutput)")

        let removed = try await narrate(["voices", "rm", "tiny"])
        #expect(removed.status == 0, "\(removed.standardError)")
        #expect(installedEntries().isEmpty)
        await #expect(try !narrate(["voices"]).standardOutput.contains("tiny"))
        let gone = try await narrate(["voices", "rm", "tiny"])
        #expect(gone.status == 64)
        #expect(gone.errorLines.count == 1, "\(gone.standardError)")
    }

    /// A `.onnx` file with its configuration beside it, or its address, installs the same way.
    @Test func aVoiceIsInstalledFromAFileOrAnAddress() async throws {
        let model = "\(served)/\(Self.tinyFolder)/en_US-tiny-x_low.onnx"
        let fromFile = try await narrate(["voices", "add", model])
        #expect(fromFile.status == 0, "\(fromFile.standardError)")
        #expect(installedEntries() == ["en_US-tiny-x_low"])
        let fromAddress = try await narrate(["voices", "add", "--force", server.url("/files/\(Self.tinyFolder)/en_US-tiny-x_low.onnx")])
        #expect(fromAddress.status == 0, "\(fromAddress.standardError)")
        #expect(fromAddress.standardOutput.hasPrefix("installed piper:en_US-tiny-x_low"))
        #expect(installedEntries() == ["en_US-tiny-x_low"])

        // A model without its configuration is no voice.
        let lone = "\(scratch.path)/en_US-lone-x_low.onnx"
        try FileManager.default.copyItem(atPath: model, toPath: lone)
        let noConfig = try await narrate(["voices", "add", lone])
        #expect(noConfig.status == 66)
        #expect(noConfig.errorLines.count == 1)
        #expect(noConfig.standardError.contains("en_US-lone-x_low.onnx.json"), "\(noConfig.standardError)")
        #expect(installedEntries() == ["en_US-tiny-x_low"])
    }

    @Test func badNamesCataloguesAndDownloadsInstallNothing() async throws {
        let unknown = try await narrate(["voices", "add", "en_US-tinny-x_low"])
        #expect(unknown.status == 64)
        #expect(
            unknown.errorLines == [
                "narrate: no voice 'en_US-tinny-x_low' in the voice catalogue \(catalogue); did you mean 'en_US-tiny-x_low'?"
            ])

        let notJSON = try await narrate(["voices", "add", "tiny", "--catalogue", server.url("/article.html")])
        #expect(notJSON.status == 65)
        #expect(notJSON.errorLines.count == 1)
        #expect(notJSON.standardError.contains("not a Piper voice catalogue"), "\(notJSON.standardError)")

        // A model that is not what the catalogue says.
        try writeCatalogue("wrong-digest.json") { object in
            var voice = object["en_US-tiny-x_low"] as? [String: Any] ?? [:]
            var files = voice["files"] as? [String: Any] ?? [:]
            let key = "\(Self.tinyFolder)/en_US-tiny-x_low.onnx"
            var model = files[key] as? [String: Any] ?? [:]
            model["md5_digest"] = String(repeating: "0", count: 32)
            files[key] = model
            voice["files"] = files
            object["en_US-tiny-x_low"] = voice
        }
        let mismatch = try await narrate(["voices", "add", "tiny", "--catalogue", server.url("/files/wrong-digest.json")])
        #expect(mismatch.status == 65)
        #expect(mismatch.errorLines.count == 1)
        #expect(
            mismatch.standardError.contains("its MD5 digest is") && mismatch.standardError.contains("nothing was installed"),
            "\(mismatch.standardError)")

        // A "model" that is a text file, listed with its true digest: not ONNX.
        let fakeFolder = "\(served)/en/en_US/fake/x_low"
        try FileManager.default.createDirectory(atPath: fakeFolder, withIntermediateDirectories: true)
        try Data("not a model\n".utf8).write(to: URL(fileURLWithPath: "\(fakeFolder)/en_US-fake-x_low.onnx"))
        try FileManager.default.copyItem(
            atPath: "\(served)/\(Self.tinyFolder)/en_US-tiny-x_low.onnx.json", toPath: "\(fakeFolder)/en_US-fake-x_low.onnx.json"
        )
        let fake = try await narrate(["voices", "add", server.url("/files/en/en_US/fake/x_low/en_US-fake-x_low.onnx")])
        #expect(fake.status == 65)
        #expect(fake.standardError.contains("not an ONNX voice model"), "\(fake.standardError)")

        // A catalogue nobody serves.
        let unreachable = try await narrate(["voices", "add", "tiny", "--catalogue", "http://127.0.0.1:9/voices.json"])
        #expect(unreachable.status == 69)
        #expect(unreachable.errorLines.count == 1)

        #expect(installedEntries().isEmpty)
    }

    /// Ctrl-C part way through a download: exit 130 and nothing left. kill -9 part way: what it
    /// left is hidden from every listing, and the next install clears it away.
    @Test func anInterruptedOrKilledInstallLeavesNoVoice() async throws {
        // The model's address, sent slowly (150 bytes a second).
        let slow = server.url("/files/\(Self.tinyFolder)/en_US-tiny-x_low.onnx?rate=150")
        for signal in [SIGINT, SIGKILL] {
            let error = Pipe()
            let process = try await NarrateBinary.start(["voices", "add", slow], environment: environment, standardError: error)
            if signal == SIGINT { await NarrateBinary.waitUntilCatching(SIGINT, process) }
            let deadline = Date().addingTimeInterval(30)
            while Date() < deadline, process.isRunning, !installedEntries().contains(where: { $0.hasPrefix(".partial-") }) {
                await pause(0.02)
            }
            #expect(process.isRunning, "the download finished before it could be stopped")
            kill(process.processIdentifier, signal)
            await process.exited()
            let message = await error.remainingText()
            if signal == SIGINT {
                #expect(process.terminationStatus == 130, "\(message)")
                #expect(installedEntries().isEmpty)
            } else {
                #expect(installedEntries().count == 1 && installedEntries()[0].hasPrefix(".partial-"), "\(installedEntries())")
                await #expect(try !narrate(["voices"]).standardOutput.contains("tiny"))
            }
        }
        let next = try await narrate(["voices", "add", "tiny"])
        #expect(next.status == 0, "\(next.standardError)")
        #expect(installedEntries() == ["en_US-tiny-x_low"])
    }

    /// On a terminal, a bar shows each file's progress.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script(1) from util-linux for a terminal"))
    func aTerminalSeesAProgressBar() async throws {
        let command = "\(NarrateBinary.path) voices add tiny 2>&1"
        let run = try await NarrateBinary.run(["-qec", command, "/dev/null"], executable: "/usr/bin/script", environment: environment)
        #expect(run.status == 0, "\(run.standardOutput)")
        #expect(
            run.standardOutput.contains("en_US-tiny-x_low.onnx [########################]") && run.standardOutput.contains("100%"),
            "\(run.standardOutput)")
        #expect(run.standardOutput.contains("installed piper:en_US-tiny-x_low"))
    }

    /// A disk that fills up part way through the model: exit 74, one line, nothing left.
    @Test(.enabled(if: SmallFileSystem.canMount, "needs root to mount a small tmpfs file system"))
    func aFullDiskIs74AndLeavesNothing() async throws {
        let disk = try SmallFileSystem(kilobytes: 256)
        let bigFolder = "\(served)/en/en_US/big/x_low"
        try FileManager.default.createDirectory(atPath: bigFolder, withIntermediateDirectories: true)
        try Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }).write(
            to: URL(fileURLWithPath: "\(bigFolder)/en_US-big-x_low.onnx")
        )
        try FileManager.default.copyItem(
            atPath: "\(served)/\(Self.tinyFolder)/en_US-tiny-x_low.onnx.json", toPath: "\(bigFolder)/en_US-big-x_low.onnx.json"
        )
        try await #require(
            NeuralVoiceTests.python(["\(NarrateBinary.packageRoot)/Tests/NarratePiperTests/make_voice_catalogue.py", served]).status == 0)
        let full = try await narrate(["voices", "add", "big"], environment: ["XDG_DATA_HOME": disk.path])
        #expect(full.status == 74, "\(full.standardError)")
        #expect(full.errorLines.count == 1)
        #expect(full.standardError.contains("No space left on device"), "\(full.standardError)")
        #expect(try disk.entries("narrate/voices") == [])
    }
}
