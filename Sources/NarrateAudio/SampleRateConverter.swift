internal import CNarrateSoxr
import NarrateCore

/// Streams 16-bit mono audio from one sample rate to another through libsoxr (its
/// high-quality setting), chunk by chunk, with a flush at the end for the filter's tail.
final class SampleRateConverter {
    /// The rate of the samples going in.
    let inputRate: Int
    /// The rate of the samples coming out.
    let outputRate: Int
    private let converter: soxr_t
    private var output: [Int16] = []

    /// Creates a converter; a rate libsoxr refuses is `.invalidOption`.
    init(from inputRate: Int, to outputRate: Int) throws(NarrateError) {
        self.inputRate = inputRate
        self.outputRate = outputRate
        var io = soxr_io_spec(SOXR_INT16_I, SOXR_INT16_I)
        var quality = soxr_quality_spec(UInt(SOXR_HQ), 0)
        var error: soxr_error_t?
        guard let converter = soxr_create(Double(inputRate), Double(outputRate), 1, &error, &io, &quality, nil), error == nil else {
            let reason = error.map { String(cString: $0) } ?? "unknown error"
            throw .invalidOption(name: "sample-rate", message: "sample-rate: cannot convert \(inputRate) Hz to \(outputRate) Hz: \(reason)")
        }
        self.converter = converter
    }

    deinit {
        soxr_delete(converter)
    }

    /// Converts `samples` and hands what comes out (possibly nothing yet) to `deliver`.
    func convert(_ samples: UnsafeBufferPointer<Int16>, deliver: (UnsafeBufferPointer<Int16>) throws -> Void) throws {
        var offset = 0
        while offset < samples.count {
            let step = min(samples.count - offset, 16_384)
            let capacity = step * outputRate / inputRate + 64
            var consumed = 0
            let produced = process(samples.baseAddress! + offset, count: step, capacity: capacity, consumed: &consumed)
            try output.withUnsafeBufferPointer { try deliver(UnsafeBufferPointer(rebasing: $0[..<produced])) }
            offset += consumed
        }
    }

    /// Drains the filter at the end of the stream.
    func finish(deliver: (UnsafeBufferPointer<Int16>) throws -> Void) throws {
        while true {
            var consumed = 0
            let produced = process(nil, count: 0, capacity: 4_096, consumed: &consumed)
            if produced == 0 { return }
            try output.withUnsafeBufferPointer { try deliver(UnsafeBufferPointer(rebasing: $0[..<produced])) }
        }
    }

    private func process(_ input: UnsafePointer<Int16>?, count: Int, capacity: Int, consumed: inout Int) -> Int {
        if output.count < capacity { output = [Int16](repeating: 0, count: capacity) }
        var inputDone = 0
        var outputDone = 0
        output.withUnsafeMutableBufferPointer { buffer in
            _ = soxr_process(converter, input, count, &inputDone, buffer.baseAddress, capacity, &outputDone)
        }
        consumed = inputDone
        return outputDone
    }
}
