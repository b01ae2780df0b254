import CNarrateQREncode

/// A QR code drawn in a terminal with half-block characters (two modules a character
/// high), dark on the terminal's light or light on its dark, with the quiet zone the code
/// needs; made with libqrencode.
public enum TerminalQRCode {
    /// The lines of the code of `text`; nil when libqrencode cannot encode it.
    public static func lines(for text: String) -> [String]? {
        guard let code = QRcode_encodeString8bit(text, 0, QR_ECLEVEL_L) else { return nil }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        let quiet = 2
        let size = width + 2 * quiet
        // Bit 0 of each module says whether it is dark.
        func dark(_ row: Int, _ column: Int) -> Bool {
            let r = row - quiet
            let c = column - quiet
            guard (0..<width).contains(r), (0..<width).contains(c) else { return false }
            return code.pointee.data[r * width + c] & 1 == 1
        }
        var lines: [String] = []
        for row in stride(from: 0, to: size, by: 2) {
            var line = ""
            for column in 0..<size {
                // Drawn inverted (light modules as blocks), which reads on dark and light terminals alike.
                let top = !dark(row, column)
                let bottom = row + 1 < size ? !dark(row + 1, column) : false
                let character: String =
                    switch (top, bottom) {
                    case (true, true): "█"
                    case (true, false): "▀"
                    case (false, true): "▄"
                    case (false, false): " "
                    }
                line += character
            }
            lines.append(line)
        }
        return lines
    }
}
