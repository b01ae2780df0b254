/// Audio another process is still writing, read as it arrives: what a live stream sends.
public protocol GrowingAudio: AnyObject {
    /// What a stream of it starts with before the audio read (a header of unknown length).
    func streamHeader() -> [UInt8]
    /// The audio written since the last call, at most `limit` bytes; empty when nothing new was.
    func readAvailable(limit: Int) -> [UInt8]
}

extension GrowingWAVFile: GrowingAudio {}
