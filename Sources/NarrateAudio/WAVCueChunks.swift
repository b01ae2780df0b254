import Foundation
public import NarrateCore

/// Labelled cue points in WAV and RF64 files: a `cue ` chunk and a `LIST`/`adtl` chunk of
/// `labl` entries, as players and editors (Audacity, ocenaudio, Sound Forge) read them.
///
/// libsndfile writes `cue ` chunks only when told before the first sample, without labels;
/// chapter starts are known only as narration goes, so after libsndfile has closed the file
/// the two chunks are appended after the audio (RIFF allows chunks in any order) and the
/// RIFF size (or RF64's 64-bit size in `ds64`) is updated. This happens on the temporary
/// file, before it is renamed into place.
public enum WAVCueChunks {
    /// Appends `markers` to the closed WAV or RF64 file at `path`.
    static func append(_ markers: [AudioMarker], toFileAt path: String) throws(NarrateError) {
        guard let handle = FileHandle(forUpdatingAtPath: path) else {
            throw .writeFailed(path: path, reason: "cannot reopen the file to add its chapter cue points")
        }
        defer { try? handle.close() }
        do {
            let header = try handle.read(upToCount: 12) ?? Data()
            let magic = String(decoding: header.prefix(4), as: UTF8.self)
            guard header.count == 12, magic == "RIFF" || magic == "RF64" else {
                throw NarrateError.writeFailed(path: path, reason: "not a RIFF file; cannot add cue points")
            }
            var end = try handle.seekToEnd()
            if end % 2 == 1 {
                try handle.write(contentsOf: Data([0]))
                end += 1
            }
            try handle.write(contentsOf: chunks(for: markers))
            let size = try handle.seekToEnd() - 8
            if magic == "RIFF" {
                guard size <= UInt64(UInt32.max) else {
                    throw NarrateError.writeFailed(path: path, reason: "cue points would take the file past 4 GiB")
                }
                try handle.seek(toOffset: 4)
                try handle.write(contentsOf: littleEndian(UInt32(size)))
            } else {
                // RF64: the real RIFF size is the first field of the ds64 chunk.
                try handle.seek(toOffset: 20)
                try handle.write(contentsOf: littleEndian(size))
            }
        } catch let error as NarrateError {
            throw error
        } catch {
            throw .writeFailed(path: path, reason: "cannot add chapter cue points: \(error.localizedDescription)")
        }
    }

    /// The labelled cue points of the WAV or RF64 file at `path`, in file order; empty when
    /// it has none. Only chunk headers and the two cue chunks are read, whatever the size.
    public static func read(path: String) throws(NarrateError) -> [AudioMarker] {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .inputUnavailable(path: path, reason: "cannot read the file")
        }
        defer { try? handle.close() }
        func bytes(at offset: UInt64, count: Int) -> [UInt8] {
            guard (try? handle.seek(toOffset: offset)) != nil, let data = try? handle.read(upToCount: count) else { return [] }
            return [UInt8](data)
        }
        let header = bytes(at: 0, count: 12)
        guard header.count == 12 else { return [] }
        let magic = String(decoding: header[0..<4], as: UTF8.self)
        guard magic == "RIFF" || magic == "RF64" else { return [] }
        var positions: [(id: UInt32, frame: Int)] = []
        var labels: [UInt32: String] = [:]
        var dataSize64: UInt64?
        var offset: UInt64 = 12
        while true {
            let chunkHeader = bytes(at: offset, count: 8)
            guard chunkHeader.count == 8 else { break }
            let id = String(decoding: chunkHeader[0..<4], as: UTF8.self)
            var size = UInt64(uint32(chunkHeader, 4))
            if id == "data", size == UInt64(UInt32.max), let dataSize64 { size = dataSize64 }
            if id == "ds64" || id == "cue " || id == "LIST" {
                let body = bytes(at: offset + 8, count: Int(min(size, 16 << 20)))
                if id == "ds64", body.count >= 16 {
                    dataSize64 = uint64(body, 8)
                } else if id == "cue ", body.count >= 4 {
                    let count = Int(uint32(body, 0))
                    for index in 0..<count where 4 + (index + 1) * 24 <= body.count {
                        let point = 4 + index * 24
                        positions.append((uint32(body, point), Int(uint32(body, point + 20))))
                    }
                } else if id == "LIST", body.count >= 4, String(decoding: body[0..<4], as: UTF8.self) == "adtl" {
                    var entry = 4
                    while entry + 8 <= body.count {
                        let entrySize = Int(uint32(body, entry + 4))
                        if String(decoding: body[entry..<entry + 4], as: UTF8.self) == "labl", entrySize >= 4,
                            entry + 8 + entrySize <= body.count
                        {
                            let text = body[(entry + 12)..<(entry + 8 + entrySize)].prefix { $0 != 0 }
                            labels[uint32(body, entry + 8)] = String(decoding: text, as: UTF8.self)
                        }
                        entry += 8 + entrySize + (entrySize & 1)
                    }
                }
            }
            let (next, overflow) = offset.addingReportingOverflow(8 + size + (size & 1))
            guard !overflow else { break }
            offset = next
        }
        return positions.map { AudioMarker(frame: $0.frame, label: labels[$0.id] ?? "") }
    }

    private static func chunks(for markers: [AudioMarker]) -> Data {
        var cue = Data("cue ".utf8)
        cue.append(littleEndian(UInt32(4 + markers.count * 24)))
        cue.append(littleEndian(UInt32(markers.count)))
        var list = Data("adtl".utf8)
        for (index, marker) in markers.enumerated() {
            let id = UInt32(index + 1)
            let frame = UInt32(clamping: marker.frame)
            cue.append(littleEndian(id))
            cue.append(littleEndian(frame))
            cue.append(Data("data".utf8))
            cue.append(littleEndian(UInt32(0)))
            cue.append(littleEndian(UInt32(0)))
            cue.append(littleEndian(frame))
            var text = Data(marker.label.utf8.filter { $0 != 0 })
            text.append(0)
            list.append(Data("labl".utf8))
            list.append(littleEndian(UInt32(4 + text.count)))
            list.append(littleEndian(id))
            list.append(text)
            if text.count % 2 == 1 { list.append(0) }
        }
        var result = cue
        result.append(Data("LIST".utf8))
        result.append(littleEndian(UInt32(list.count)))
        result.append(list)
        return result
    }

    private static func littleEndian<Value: FixedWidthInteger>(_ value: Value) -> Data {
        withUnsafeBytes(of: value.littleEndian) { Data($0) }
    }

    private static func uint32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 | UInt32(bytes[at + $1]) << (8 * $1) }
    }

    private static func uint64(_ bytes: [UInt8], _ at: Int) -> UInt64 {
        (0..<8).reduce(0) { $0 | UInt64(bytes[at + $1]) << (8 * $1) }
    }
}
