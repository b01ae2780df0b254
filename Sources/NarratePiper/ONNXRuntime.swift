internal import CNarrateONNXShim
import Foundation
public import NarrateCore

/// ONNX Runtime, which runs a neural voice's model: opened on first use, so that commands
/// speaking with eSpeak NG never load it. Debian has no package of it; the `onnxruntime`
/// wheel on PyPI ships the library (`onnxruntime/capi/libonnxruntime.so.1.*`), which
/// `scripts/install-dependencies` installs. It is looked for at `NARRATE_ONNXRUNTIME`, then
/// in the wheel's folder in Python's site-packages, then as the system's `libonnxruntime.so.1`.
public enum ONNXRuntime {
    /// The PyPI package that ships it, for what to do when it is missing.
    public static let package = "onnxruntime==1.32.0"

    /// Loads ONNX Runtime (once) and returns its version ("1.32.0"); a missing or too old
    /// library is `.readerUnavailable`, saying where narrate looked and what to install.
    public static func load(environment: [String: String]? = nil) throws(NarrateError) -> String {
        let path = libraryPath(environment: environment ?? ProcessInfo.processInfo.environment) ?? "libonnxruntime.so.1"
        var message = [CChar](repeating: 0, count: 512)
        let outcome = narrate_onnx_load(path, &message, message.count)
        guard outcome == Int32(NARRATE_ONNX_OK), let version = narrate_onnx_version() else {
            let reason = CMessage.text(message)
            throw .readerUnavailable(
                format: "neural voices",
                reason:
                    "ONNX Runtime (\(path)) \(reason); install it with `python3 -m pip install \(package)`, or name its library with NARRATE_ONNXRUNTIME",
                package: "the PyPI package \(package)"
            )
        }
        return String(cString: version)
    }

    /// Where the library is: `NARRATE_ONNXRUNTIME`, else the newest `libonnxruntime.so.1.*`
    /// in an `onnxruntime/capi` folder of Python's site-packages; nil when neither is found.
    static func libraryPath(environment: [String: String]) -> String? {
        if let named = environment["NARRATE_ONNXRUNTIME"], !named.isEmpty { return named }
        for folder in PythonPackages.folders(environment: environment) {
            let capi = "\(folder)/onnxruntime/capi"
            let names = DirectoryEntries.names(capi)
            let libraries = names.filter {
                $0.hasPrefix("libonnxruntime.so.1") || $0.hasPrefix("libonnxruntime.1.") && $0.hasSuffix(".dylib")
            }
            if let newest = libraries.max(by: { $0.compare($1, options: .numeric) == .orderedAscending }) { return "\(capi)/\(newest)" }
        }
        return nil
    }
}

/// A loaded model, run by ONNX Runtime; freed with it.
final class ONNXModel: @unchecked Sendable {
    private let model: OpaquePointer
    /// The output that gives each id's frames, when the model has one.
    let durationsOutput: String?
    private let lock = NSLock()

    /// Loads `bytes` (an ONNX model, from `path`) on `threads` threads (0: ONNX Runtime's
    /// choice); `durationsOutput` names the output of durations the bytes were given. With
    /// `optimized`, the model as ONNX Runtime optimized it is also written to that file.
    init(bytes: consuming [UInt8], path: String, threads: Int, durationsOutput: String?, optimized: String? = nil) throws(NarrateError) {
        var message = [CChar](repeating: 0, count: 512)
        // ONNX Runtime copies what it keeps; the bytes go when the session is made.
        let opened = bytes.withUnsafeBytes {
            narrate_onnx_open($0.baseAddress, $0.count, nil, optimized, Int32(threads), &message, message.count)
        }
        _ = consume bytes
        guard let opened else {
            let reason = CMessage.text(message)
            throw .malformedInput(path: path, message: "not a voice model ONNX Runtime can run (\(reason))")
        }
        model = opened
        self.durationsOutput = durationsOutput.flatMap { narrate_onnx_has(opened, $0, 1) != 0 ? $0 : nil }
    }

    /// Loads the model file `file` (prepared from the model at `path`) on `threads` threads;
    /// `durationsOutput` names its output of durations, if it has one.
    init(file: String, path: String, threads: Int, durationsOutput: String?) throws(NarrateError) {
        var message = [CChar](repeating: 0, count: 512)
        guard let opened = narrate_onnx_open(nil, 0, file, nil, Int32(threads), &message, message.count) else {
            let reason = CMessage.text(message)
            throw .malformedInput(path: path, message: "its prepared copy \(file) cannot be loaded (\(reason))")
        }
        model = opened
        self.durationsOutput = durationsOutput.flatMap { narrate_onnx_has(opened, $0, 1) != 0 ? $0 : nil }
    }

    deinit {
        narrate_onnx_close(model)
    }

    /// The audio (floats, about -1 to 1) and, when the model gives them, each id's frames.
    func speak(ids: [Int64], scales: (Float, Float, Float), speaker: Int64, path: String) throws(NarrateError) -> (
        samples: [Float], durations: [Float]?
    ) {
        lock.lock()
        defer { lock.unlock() }
        var message = [CChar](repeating: 0, count: 512)
        var samples: UnsafeMutablePointer<Float>?
        var count = 0
        var durations: UnsafeMutablePointer<Float>?
        let values: [Float] = [scales.0, scales.1, scales.2]
        let outcome = ids.withUnsafeBufferPointer { idBuffer in
            values.withUnsafeBufferPointer { scaleBuffer in
                narrate_onnx_speak(
                    model, idBuffer.baseAddress, idBuffer.count, scaleBuffer.baseAddress, speaker, durationsOutput, &samples, &count,
                    &durations,
                    &message, message.count
                )
            }
        }
        defer {
            narrate_onnx_free(samples)
            narrate_onnx_free(durations)
        }
        guard outcome == Int32(NARRATE_ONNX_OK), let samples else {
            let reason = CMessage.text(message)
            throw .engine(code: Int32(outcome), message: "\(path): the voice's model failed: \(reason)")
        }
        return (
            Array(UnsafeBufferPointer(start: samples, count: count)),
            durations.map { Array(UnsafeBufferPointer(start: $0, count: ids.count)) }
        )
    }
}
