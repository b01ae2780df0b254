/// Turns blocks of 16-bit mono samples into a file's bytes: libsndfile for most formats,
/// LAME and libopus called directly for MP3 and Opus (set for speech, which libsndfile
/// cannot be told). Used by one thread at a time (`EncoderThread`'s).
protocol BlockEncoder: AnyObject {
    /// Encodes `block`; the reason it failed, if it did (the output is then unusable).
    func encode(_ block: UnsafeBufferPointer<Int16>) -> String?

    /// Writes what the encoder still holds and the format's last bytes; the reason it
    /// failed, if it did.
    func finish() -> String?
}
