import NarrateCore
import NarratePiper

/// libFuzzer's entry point: reads the input as what a Piper voice brings, the files narrate
/// reads from a voice someone downloaded: the first byte picks its `.onnx.json` configuration
/// (`PiperVoiceConfig`: the phoneme map, audio rate, eSpeak NG voice, inference settings),
/// its `.onnx` model as the reader that adds the durations output walks it (`DurationOutput`:
/// protocol buffer fields by wire type), or the voice catalogue `narrate voices add` reads
/// (`PiperVoiceCatalogue`), and stops the process on any broken promise.
///
/// A configuration or a catalogue may fail only with 65 (not one); a configuration read has
/// the ids Piper's sentences need; a model patched is the same bytes with one output more; a
/// catalogue read lists only voices with a model and a configuration, at paths inside it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    if data[0] & 3 == 2 {
        do {
            let catalogue = try PiperVoiceCatalogue(bytes: bytes, address: "https://example.org/voices/voices.json")
            for entry in catalogue.entries {
                guard let model = entry.model, entry.config != nil, model.name == entry.name + ".onnx" else {
                    fatalError("a catalogue voice read without its model and configuration: \(entry)")
                }
                for file in entry.files where !catalogue.address(of: file).hasPrefix("https://example.org/voices/") {
                    fatalError("a catalogue file outside the catalogue: \(file.path) at \(catalogue.address(of: file))")
                }
                _ = try? catalogue.entry(named: entry.name)
            }
        } catch {
            if error.isUnreadableInput { return 0 }
            fatalError("voice catalogue: unexpected error: \(error)")
        }
    } else if data[0] & 1 == 0 {
        do {
            let config = try PiperVoiceConfig(bytes: bytes, path: "voice.onnx.json")
            guard config.phonemeIds["^"] != nil, config.phonemeIds["$"] != nil, config.phonemeIds["_"] != nil else {
                fatalError("a configuration read without the start, end and pad ids")
            }
            guard (8_000...48_000).contains(config.sampleRate), config.hopLength > 0 else {
                fatalError("a configuration read with a rate of \(config.sampleRate) or a hop of \(config.hopLength)")
            }
        } catch {
            if error.isUnreadableInput { return 0 }
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
