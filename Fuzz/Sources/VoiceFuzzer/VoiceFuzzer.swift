import NarrateCore
import NarratePiper

/// libFuzzer's entry point: reads the input as what a Piper voice brings, the files narrate
/// reads from a voice someone downloaded: the first byte picks its `.onnx.json` configuration
/// (`PiperVoiceConfig`: the phoneme map, audio rate, eSpeak NG voice, inference settings) or
/// its `.onnx` model as the reader that adds the durations output walks it (`DurationOutput`:
/// protocol buffer fields by wire type), and stops the process on any broken promise.
///
/// A configuration may fail only with 65 (not a Piper voice's), and one read has the ids
/// Piper's sentences need; a model patched is the same bytes with one output more.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    if data[0] & 1 == 0 {
        do {
            let config = try PiperVoiceConfig(bytes: bytes, path: "voice.onnx.json")
            guard config.phonemeIds["^"] != nil, config.phonemeIds["$"] != nil, config.phonemeIds["_"] != nil else {
                fatalError("a configuration read without the start, end and pad ids")
            }
            guard (8_000...48_000).contains(config.sampleRate), config.hopLength > 0 else {
                fatalError("a configuration read with a rate of \(config.sampleRate) or a hop of \(config.hopLength)")
            }
        } catch {
            if error.exitCode == 65 { return 0 }
            fatalError("voice configuration: unexpected error: \(error)")
        }
    } else if let (model, output) = DurationOutput.adding(to: bytes) {
        guard model.count > bytes.count, model.count <= bytes.count + output.utf8.count + 24 else {
            fatalError("a model of \(bytes.count) bytes patched into \(model.count)")
        }
        guard DurationOutput.adding(to: model) != nil else {
            fatalError("a patched model no longer reads")
        }
    }
    return 0
}
