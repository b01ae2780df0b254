import Foundation
public import NarrateCore

/// A render made by a worker of a shared queue, as the job's result: the settings hash and
/// output it was made for and what it made. The submitting library records it as a render
/// of its article when it sees the job done.
public struct SharedRender: Sendable, Equatable, Codable {
    /// The result's version: a submitter refuses one newer than it knows.
    public var version = 1
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
        do {
            self = try JSONDecoder().decode(SharedRender.self, from: Data(json.utf8))
        } catch {
            throw .malformedInput(path: "a job's result", message: "it cannot be read (\(error))")
        }
        guard version <= 1 else {
            throw .malformedInput(path: path, message: "made by a newer narrate (result version \(version)); upgrade narrate")
        }
    }
}
