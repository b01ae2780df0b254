import Foundation
public import NarrateCore
public import NarrateRendering

/// A render made by a worker of a shared queue, as the job's result: the settings hash and
/// output it was made for and what it made. The submitting library records it as a render
/// of its article when it sees the job done.
public struct SharedRender: Sendable, Equatable, Codable {
    /// The result's version: a submitter reads its own only (version 1 packed the timings
    /// as fixed 64-bit integers; a result is read within minutes of being made, by the
    /// narrate of the same deployment).
    public var version = SharedRender.currentVersion
    /// The version this narrate writes.
    public static let currentVersion = 2
    public var settingsHash: String
    /// The file, as every machine of the queue names it (the shared folder).
    public var path: String
    public var audio: RenderedAudio

    public init(settingsHash: String, path: String, audio: RenderedAudio) {
        self.settingsHash = settingsHash
        self.path = path
        self.audio = audio
    }

    /// As the job's result.
    public func json() throws(NarrateError) -> String {
        do {
            return String(decoding: try JSONEncoder().encode(self), as: UTF8.self)
        } catch {
            throw .malformedInput(path: path, message: "the render cannot be written as JSON (\(error))")
        }
    }

    /// A job's result.
    public init(json: String) throws(NarrateError) {
        struct Header: Decodable {
            var version: Int
            var path: String?
        }
        let data = Data(json.utf8)
        do {
            let header = try JSONDecoder().decode(Header.self, from: data)
            guard header.version == Self.currentVersion else {
                let maker = header.version > Self.currentVersion ? "a newer" : "an older"
                throw NarrateError.malformedInput(
                    path: header.path ?? "a job's result",
                    message:
                        "made by \(maker) narrate (result version \(header.version), this one reads \(Self.currentVersion)); run the same narrate on every machine of the queue"
                )
            }
            self = try JSONDecoder().decode(SharedRender.self, from: data)
        } catch let error as NarrateError {
            throw error
        } catch {
            throw .malformedInput(path: "a job's result", message: "it cannot be read (\(error))")
        }
    }
}
