import NarrateCore

/// A Piper (VITS) model made to also give what it computes but does not output: how many
/// frames each phoneme id lasts (the graph's one `Ceil` node, the durations its length
/// regulator expands by). With them the words of a sentence are timed exactly from the same
/// run that made its audio (the durations are sampled with noise, so no other run would do).
///
/// The model is ONNX, a protocol buffer; the graph's outputs are a repeated field of it, so
/// one more output is a field appended to the graph, whose length is then written again.
/// No protocol-buffer library is needed for that: the fields are walked by their wire types.
public enum DurationOutput {
    /// `model` with the durations as an output too, and the output's name; nil when the graph
    /// has no single `Ceil` node (a model of another shape: its words are then estimated).
    public static func adding(to model: [UInt8]) -> (model: [UInt8], output: String)? {
        var reader = FieldReader(bytes: model[...])
        var graphField: (start: Int, valueStart: Int, end: Int)?
        while let field = reader.next() {
            if field.number == 7, field.wireType == 2 { graphField = (field.start, field.valueStart, field.end) }
        }
        guard reader.isValid, let graph = graphField else { return nil }
        var ceilOutputs: [String] = []
        var graphReader = FieldReader(bytes: model[graph.valueStart..<graph.end])
        while let field = graphReader.next() {
            guard field.number == 1, field.wireType == 2 else { continue }
            var node = FieldReader(bytes: model[field.valueStart..<field.end])
            var outputs: [String] = []
            var operation = ""
            while let part = node.next() {
                guard part.wireType == 2 else { continue }
                let text = String(decoding: model[part.valueStart..<part.end], as: UTF8.self)
                if part.number == 2 { outputs.append(text) }
                if part.number == 4 { operation = text }
            }
            if operation == "Ceil" { ceilOutputs += outputs }
        }
        guard graphReader.isValid, ceilOutputs.count == 1, let name = ceilOutputs.first else { return nil }
        // ValueInfoProto { name = 1 }, as GraphProto's output = 12.
        let valueInfo = [0x0A] + varint(name.utf8.count) + Array(name.utf8)
        let output = [0x62] + varint(valueInfo.count) + valueInfo
        let graphLength = graph.end - graph.valueStart + output.count
        var patched: [UInt8] = []
        patched.reserveCapacity(model.count + output.count + 8)
        patched += model[..<graph.start]
        patched += [0x3A] + varint(graphLength)
        patched += model[graph.valueStart..<graph.end]
        patched += output
        patched += model[graph.end...]
        return (patched, name)
    }

    /// Whether `bytes` are an ONNX model as far as its outer fields tell: well-formed protocol
    /// buffer fields all the way to the end, one of them a graph. A file cut short, or not a
    /// model at all, is not.
    public static func isModel(_ bytes: [UInt8]) -> Bool {
        var reader = FieldReader(bytes: bytes[...])
        var hasGraph = false
        while let field = reader.next() {
            if field.number == 7, field.wireType == 2 { hasGraph = true }
        }
        return reader.isValid && hasGraph
    }

    static func varint(_ value: Int) -> [UInt8] {
        Varint.bytes(UInt64(value))
    }

    /// The fields of a protocol buffer message, one after another.
    struct FieldReader {
        struct Field {
            var number: UInt64
            var wireType: UInt64
            /// Where the field's tag starts, its value starts, and it ends.
            var start: Int
            var valueStart: Int
            var end: Int
        }

        let bytes: ArraySlice<UInt8>
        private var position: Int
        /// False once something was not a well-formed field.
        private(set) var isValid = true

        init(bytes: ArraySlice<UInt8>) {
            self.bytes = bytes
            position = bytes.startIndex
        }

        mutating func next() -> Field? {
            guard isValid, position < bytes.endIndex else { return nil }
            let start = position
            guard let tag = readVarint() else { return invalid() }
            let wireType = tag & 7
            let valueStart: Int
            switch wireType {
            case 0:
                guard readVarint() != nil else { return invalid() }
                valueStart = start
            case 1:
                valueStart = position
                position += 8
            case 2:
                guard let length = readVarint(), length <= UInt64(bytes.endIndex - position) else { return invalid() }
                valueStart = position
                position += Int(length)
            case 5:
                valueStart = position
                position += 4
            default:
                return invalid()
            }
            guard position <= bytes.endIndex else { return invalid() }
            return Field(number: tag >> 3, wireType: wireType, start: start, valueStart: valueStart, end: position)
        }

        private mutating func invalid() -> Field? {
            isValid = false
            return nil
        }

        private mutating func readVarint() -> UInt64? {
            Varint.read(bytes, at: &position)
        }
    }
}
