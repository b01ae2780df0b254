import Foundation
public import NarratePiper

/// A download's progress bar on standard error, redrawn at most ten times a second, while
/// standard error is a terminal (nothing otherwise, so logs and pipes stay clean).
public final class DownloadProgress {
    private let isTerminal = isatty(STDERR_FILENO) != 0
    private var lastDrawn = ContinuousClock.now - .seconds(1)
    private var drewLine = false
    private var lastFile = ""

    /// A bar that shows itself only while standard error is a terminal.
    public init() {}

    /// Shows how far a file has got.
    public func show(_ progress: PiperVoiceInstaller.Progress) {
        guard isTerminal else { return }
        let done = progress.total.map { progress.received >= $0 } ?? false
        guard done || progress.file != lastFile || ContinuousClock.now - lastDrawn >= .milliseconds(100) else { return }
        lastDrawn = .now
        lastFile = progress.file
        let line = Self.line(progress, width: Int(BatchProgress.terminalWidth()))
        FileHandle.standardError.write(Data(("\r\u{1B}[K" + line).utf8))
        drewLine = true
    }

    /// Ends the bar's line.
    public func finish() {
        if drewLine { FileHandle.standardError.write(Data("\n".utf8)) }
        drewLine = false
    }

    /// "en_US-joe-medium.onnx [########--------]  31.6/63.2 MB  50%", cut to `width`.
    public static func line(_ progress: PiperVoiceInstaller.Progress, width: Int) -> String {
        let megabytes = String(format: "%.1f", Double(progress.received) / 1_000_000)
        guard let total = progress.total, total > 0 else { return "\(progress.file)  \(megabytes) MB" }
        let fraction = min(1, Double(progress.received) / Double(total))
        let cells = 24
        let filled = Int(fraction * Double(cells))
        let bar = "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: cells - filled) + "]"
        let line = "\(progress.file) \(bar) \(megabytes)/\(String(format: "%.1f", Double(total) / 1_000_000)) MB \(Int(fraction * 100))%"
        return line.count > width ? String(line.suffix(max(10, width - 1))) : line
    }
}
