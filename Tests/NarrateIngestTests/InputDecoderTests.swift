import NarrateCore
import Testing

@testable import NarrateIngest

/// The bytes of `text` in UTF-16, little- or big-endian, without a byte-order mark.
private func utf16Bytes(_ text: String, bigEndian: Bool = false) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf16.count * 2)
    for unit in text.utf16 {
        let (high, low) = (UInt8(unit >> 8), UInt8(truncatingIfNeeded: unit))
        bytes += bigEndian ? [high, low] : [low, high]
    }
    return bytes
}

/// The bytes of `text` in UTF-32, little- or big-endian, without a byte-order mark.
private func utf32Bytes(_ text: String, bigEndian: Bool = false) -> [UInt8] {
    text.unicodeScalars.flatMap { scalar in
        let bytes = (0..<4).map { UInt8(truncatingIfNeeded: scalar.value >> (8 * $0)) }
        return bigEndian ? bytes.reversed() : bytes
    }
}

@Suite("Input decoding: UTF-8, UTF-16 and UTF-32")
struct InputDecoderTests {
    let english = "Morning Report\r\n\r\nThe café opened at nine, and the first customers arrived soon after.\r\n"
    let ukrainian = "Ранкові новини\n\nБібліотека в Полтаві знову відчинила двері — 24 лютого.\n"

    @Test func utf16LittleEndianWithAByteOrderMark() throws {
        #expect(try InputDecoder.decode([0xFF, 0xFE] + utf16Bytes(english), path: "a.txt") == english)
    }

    @Test func utf16BigEndianWithAByteOrderMark() throws {
        #expect(try InputDecoder.decode([0xFE, 0xFF] + utf16Bytes(english, bigEndian: true), path: "a.txt") == english)
    }

    @Test func utf32LittleEndianWithAByteOrderMarkIsNotTakenForUTF16() throws {
        #expect(try InputDecoder.decode([0xFF, 0xFE, 0x00, 0x00] + utf32Bytes(english), path: "a.txt") == english)
    }

    @Test func utf32BigEndianWithAByteOrderMark() throws {
        let bytes = [0x00, 0x00, 0xFE, 0xFF] + utf32Bytes(english, bigEndian: true)
        #expect(try InputDecoder.decode(bytes, path: "a.txt") == english)
    }

    @Test func cyrillicAndAstralCharactersInEveryUnicodeEncoding() throws {
        let text = ukrainian + "Емодзі 📚 теж.\n"
        #expect(try InputDecoder.decode([0xFF, 0xFE] + utf16Bytes(text), path: "a.txt") == text)
        #expect(try InputDecoder.decode([0xFE, 0xFF] + utf16Bytes(text, bigEndian: true), path: "a.txt") == text)
        #expect(try InputDecoder.decode([0xFF, 0xFE, 0x00, 0x00] + utf32Bytes(text), path: "a.txt") == text)
        #expect(try InputDecoder.decode([0x00, 0x00, 0xFE, 0xFF] + utf32Bytes(text, bigEndian: true), path: "a.txt") == text)
    }

    @Test func utf16WithoutAByteOrderMarkIsRecognised() throws {
        #expect(try InputDecoder.decode(utf16Bytes(english), path: "a.txt") == english)
        #expect(try InputDecoder.decode(utf16Bytes(english, bigEndian: true), path: "a.txt") == english)
        #expect(InputDecoder.sniffedEncoding(of: utf16Bytes(english)) == .utf16LE)
        #expect(InputDecoder.sniffedEncoding(of: utf16Bytes(english, bigEndian: true)) == .utf16BE)
    }

    @Test func utf32WithoutAByteOrderMarkIsRecognised() throws {
        #expect(try InputDecoder.decode(utf32Bytes(english), path: "a.txt") == english)
        #expect(try InputDecoder.decode(utf32Bytes(english, bigEndian: true), path: "a.txt") == english)
    }

    @Test func aLongUTF16FileWithoutAMarkIsJudgedByItsBeginning() throws {
        let text = String(repeating: english, count: 200) + ukrainian
        #expect(try InputDecoder.decode(utf16Bytes(text), path: "a.txt") == text)
    }

    @Test func anUnpairedSurrogateGivesItsByteOffsetInTheFile() {
        // "Hi " then a lone high surrogate, then "x": the surrogate starts at byte 2 + 6.
        let bytes: [UInt8] = [0xFF, 0xFE] + utf16Bytes("Hi ") + [0x3D, 0xD8] + utf16Bytes("x")
        #expect(throws: NarrateError.invalidEncoding(path: "a.txt", encoding: "UTF-16LE", byteOffset: 8)) {
            try InputDecoder.decode(bytes, path: "a.txt")
        }
        let lowFirst: [UInt8] = [0xFE, 0xFF] + utf16Bytes("Hello", bigEndian: true) + [0xDC, 0x00]
        #expect(throws: NarrateError.invalidEncoding(path: "a.txt", encoding: "UTF-16BE", byteOffset: 12)) {
            try InputDecoder.decode(lowFirst, path: "a.txt")
        }
        let highAtTheEnd: [UInt8] = [0xFF, 0xFE] + utf16Bytes("Hello") + [0x3D, 0xD8]
        #expect(throws: NarrateError.invalidEncoding(path: "a.txt", encoding: "UTF-16LE", byteOffset: 12)) {
            try InputDecoder.decode(highAtTheEnd, path: "a.txt")
        }
    }

    @Test func theMessageNamesTheEncodingAndTheOffset() {
        let error = NarrateError.invalidEncoding(path: "a.txt", encoding: "UTF-16LE", byteOffset: 10)
        #expect(
            error.description
                == "a.txt: invalid UTF-16LE at byte offset 10; convert the file to UTF-8 (for example with iconv)")
    }

    @Test func anOddTrailingByteIsInvalid() {
        let bytes: [UInt8] = [0xFF, 0xFE] + utf16Bytes("Hello") + [0x21]
        #expect(throws: NarrateError.invalidEncoding(path: "a.txt", encoding: "UTF-16LE", byteOffset: 12)) {
            try InputDecoder.decode(bytes, path: "a.txt")
        }
    }

    @Test func utf32OutOfRangeSurrogateOrTruncatedUnitsAreInvalid() {
        let mark: [UInt8] = [0xFF, 0xFE, 0x00, 0x00]
        #expect(throws: NarrateError.invalidEncoding(path: "a.txt", encoding: "UTF-32LE", byteOffset: 12)) {
            try InputDecoder.decode(mark + utf32Bytes("Hi") + [0x00, 0x00, 0x11, 0x00], path: "a.txt")
        }
        let surrogate: [UInt8] = [0x00, 0x00, 0xFE, 0xFF] + utf32Bytes("H", bigEndian: true) + [0x00, 0x00, 0xD8, 0x00]
        #expect(throws: NarrateError.invalidEncoding(path: "a.txt", encoding: "UTF-32BE", byteOffset: 8)) {
            try InputDecoder.decode(surrogate, path: "a.txt")
        }
        #expect(throws: NarrateError.invalidEncoding(path: "a.txt", encoding: "UTF-32LE", byteOffset: 12)) {
            try InputDecoder.decode(mark + utf32Bytes("Hi") + [0x21, 0x00], path: "a.txt")
        }
    }

    @Test func aNulCharacterInUTF16IsBinaryDataAtItsOffset() {
        let bytes: [UInt8] = [0xFF, 0xFE] + utf16Bytes("Hello") + [0x00, 0x00] + utf16Bytes(" world")
        #expect(throws: NarrateError.binaryInput(path: "a.txt", byteOffset: 12)) {
            try InputDecoder.decode(bytes, path: "a.txt")
        }
        let withoutMark = utf16Bytes("Hello there,") + [0x00, 0x00] + utf16Bytes(" world, how are you?")
        #expect(throws: NarrateError.binaryInput(path: "a.txt", byteOffset: 24)) {
            try InputDecoder.decode(withoutMark, path: "a.txt")
        }
    }

    @Test func aMarkOnlyFileIsEmpty() {
        #expect(throws: NarrateError.emptyInput(path: "a.txt")) { try InputDecoder.decode([0xFF, 0xFE], path: "a.txt") }
        #expect(throws: NarrateError.emptyInput(path: "a.txt")) {
            try InputDecoder.decode([0xFE, 0xFF] + utf16Bytes(" \n", bigEndian: true), path: "a.txt")
        }
    }

    /// Binary data that has NUL bytes, and where the first one is.
    struct BinarySample: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: [UInt8]
        var firstNul: Int

        var testDescription: String { name }

        static let all = [
            BinarySample(
                name: "a PNG (signature and IHDR chunk)",
                bytes: [
                    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
                    0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x00, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4,
                ], firstNul: 8),
            BinarySample(
                name: "an ELF header",
                bytes: [
                    0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
                    0x03, 0x00, 0x3E, 0x00, 0x01, 0x00, 0x00, 0x00,
                ], firstNul: 7),
            BinarySample(
                name: "UTF-8 text with one stray NUL",
                bytes: Array("A sentence of text. An".utf8) + [0x00] + Array("other sentence follows here. ".utf8),
                firstNul: 22
            ),
            BinarySample(
                name: "small 16-bit numbers (every other byte NUL, but control characters)",
                bytes: (0..<400).flatMap { [UInt8($0 % 97 + 1), 0] }, firstNul: 1
            ),
            BinarySample(
                name: "printable 16-bit values without any white space",
                bytes: (0..<400).flatMap { [UInt8($0 % 90 + 0x21), 0] }, firstNul: 1
            ),
        ]
    }

    /// Binary formats keep being refused at their first NUL byte, as before.
    @Test(arguments: BinarySample.all)
    func binaryDataIsStillRefusedAtItsFirstNul(_ sample: BinarySample) {
        #expect(InputDecoder.sniffedEncoding(of: sample.bytes) == nil)
        #expect(throws: NarrateError.binaryInput(path: "x.bin", byteOffset: sample.firstNul)) {
            try InputDecoder.decode(sample.bytes, path: "x.bin")
        }
    }

    @Test func randomBytesWithNulsAreBinary() {
        var generator = SeededGenerator(seed: 15)
        for _ in 0..<200 {
            let bytes = (0..<512).map { _ in UInt8.random(in: 0...255, using: &generator) } + [0x00, 0x41]
            let firstNul = bytes.firstIndex(of: 0) ?? 0
            #expect(throws: NarrateError.binaryInput(path: "x.bin", byteOffset: firstNul)) {
                try InputDecoder.decode(bytes, path: "x.bin")
            }
        }
    }

    @Test func mostlyASCIIUTF16IsRecognisedButOddLengthsAreNot() {
        // Odd length: not UTF-16, so refused as binary at the first NUL, as before.
        #expect(InputDecoder.sniffedEncoding(of: utf16Bytes(english) + [0x0A]) == nil)
        // Too little text in Latin-1: Cyrillic without a mark is not guessed at.
        #expect(InputDecoder.sniffedEncoding(of: utf16Bytes(ukrainian)) == nil)
        // UTF-32 is not mistaken for UTF-16, nor the other way round.
        #expect(InputDecoder.sniffedEncoding(of: utf32Bytes(english)) == .utf32LE)
        #expect(InputDecoder.sniffedEncoding(of: utf32Bytes(english, bigEndian: true)) == .utf32BE)
        #expect(InputDecoder.sniffedEncoding(of: utf16Bytes("Hi, you\n")) == .utf16LE)
        // UTF-8 never needs a guess.
        #expect(InputDecoder.sniffedEncoding(of: Array(english.utf8)) == nil)
    }

    @Test func utf8IsUnchangedWithOrWithoutItsMark() throws {
        #expect(try InputDecoder.decode(Array(ukrainian.utf8), path: "a.txt") == ukrainian)
        #expect(try InputDecoder.decode([0xEF, 0xBB, 0xBF] + Array(ukrainian.utf8), path: "a.txt") == ukrainian)
        #expect(throws: NarrateError.invalidUTF8(path: "a.txt", byteOffset: 5)) {
            try InputDecoder.decode([0xEF, 0xBB, 0xBF, 0x41, 0x42, 0xFF], path: "a.txt")
        }
        #expect(throws: NarrateError.binaryInput(path: "a.txt", byteOffset: 4)) {
            try InputDecoder.decode([0xEF, 0xBB, 0xBF, 0x41, 0x00], path: "a.txt")
        }
    }

    @Test func tenMegabytesOfUTF16DecodeWhole() throws {
        let paragraph = "Після двох років ремонту міська бібліотека знову відчинила двері. The herbs grew fast.\n"
        let count = 10_000_000 / (paragraph.utf16.count * 2)
        let text = String(repeating: paragraph, count: count)
        let paragraphBytes = utf16Bytes(paragraph)
        var bytes: [UInt8] = [0xFF, 0xFE]
        bytes.reserveCapacity(2 + paragraphBytes.count * count)
        for _ in 0..<count { bytes += paragraphBytes }
        // Speed is narrate-bench's business; here 10 MB must decode whole and right.
        let decoded = try InputDecoder.decode(bytes, path: "big.txt")
        #expect(decoded.utf8.count == text.utf8.count)
        #expect(decoded.hasPrefix(paragraph) && decoded.hasSuffix(paragraph))
    }
}

/// A small seeded generator (SplitMix64), so the random inputs are the same on every run.
private struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E4B9
        z = (z ^ (z >> 27)) &* 0x94D4_9BB7_2EC2_5EB1
        return z ^ (z >> 31)
    }
}
