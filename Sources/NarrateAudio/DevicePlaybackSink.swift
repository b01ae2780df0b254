internal import CNarratePCAudio
public import NarrateCore
import NarrateSystem

/// Plays through the sound card with libpcaudio (the audio library eSpeak NG itself uses:
/// PulseAudio, ALSA or OSS, whichever answers). Writes block while the device's buffer is
/// full, so the device keeps time.
public final class DevicePlaybackSink: PlaybackSink {
    /// Samples per second.
    public let sampleRate: Int
    private let device: OpaquePointer

    /// Opens the default device; without one, `AudioError.outputUnavailable` with libpcaudio's reason.
    public init(sampleRate: Int) throws(NarrateError) {
        guard let device = create_audio_device_object(nil, "narrate", "Article narration") else {
            throw NarrateError(AudioError.outputUnavailable(reason: "no audio output is available"))
        }
        // ALSA prints its own lines on standard error when there is no card; narrate reports
        // the failure in one line of its own.
        let savedError = dup(STDERR_FILENO)
        let null = open("/dev/null", O_WRONLY)
        if null >= 0 { dup2(null, STDERR_FILENO) }
        let status = audio_object_open(device, AUDIO_OBJECT_FORMAT_S16LE, UInt32(sampleRate), 1)
        if savedError >= 0 {
            dup2(savedError, STDERR_FILENO)
            close(savedError)
        }
        if null >= 0 { close(null) }
        if status != 0 {
            let reason = audio_object_strerror(device, status).map { String(cString: $0) } ?? "error \(status)"
            audio_object_destroy(device)
            throw NarrateError(AudioError.outputUnavailable(reason: reason))
        }
        self.device = device
        self.sampleRate = sampleRate
    }

    deinit {
        audio_object_close(device)
        audio_object_destroy(device)
    }

    /// Hands `samples` to the device, waiting while its buffer is full.
    public func play(_ samples: [Int16]) throws(PlaybackSinkError) {
        guard !samples.isEmpty else { return }
        let status = samples.withUnsafeBytes { audio_object_write(device, $0.baseAddress, $0.count) }
        if status != 0 {
            throw .failed(audio_object_strerror(device, status).map { String(cString: $0) } ?? "error \(status)")
        }
    }

    /// Waits until the device has played everything.
    public func finish() {
        audio_object_drain(device)
    }
}
