internal import CNarrateSndFile
import NarrateSystem

/// Encodes through libsndfile (WAV, FLAC, Ogg Vorbis, AU, raw PCM) into a `SoundFileChannel`.
final class SoundFileEncoder: BlockEncoder {
    private let channel: SoundFileChannel
    private let file: OpaquePointer

    init(channel: SoundFileChannel) {
        self.channel = channel
        file = channel.handle!
    }

    func encode(_ block: UnsafeBufferPointer<Int16>) -> String? {
        errno = 0
        let written = sf_write_short(file, block.baseAddress, sf_count_t(block.count))
        // libsndfile's own count misses what its encoders drop; the channel sees every byte.
        let code = errno
        if let failure = channel.failure { return failure }
        if written != sf_count_t(block.count) || sf_error(file) != 0 {
            return code != 0 ? String(cString: strerror(code)) : String(cString: sf_strerror(file))
        }
        return nil
    }

    func finish() -> String? {
        channel.finish()
    }
}
