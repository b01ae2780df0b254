internal import CNarrateCairo
internal import CNarrateImageShim
import Foundation
public import NarrateCore

/// A podcast's cover: a square PNG of 1400 to 3000 pixels, as Apple Podcasts requires
/// (podcast apps show it in the list of shows and on the lock screen). Drawn by narrate from
/// the podcast's title, or made from the user's own PNG or JPEG image (cropped to its centre
/// square and scaled into the allowed sizes).
public enum PodcastCover {
    /// The side of a drawn cover, and the least side a cover is scaled up to.
    public static let side = 1_400
    /// The largest side Apple Podcasts accepts.
    public static let largestSide = 3_000
    /// The least side of an image narrate makes a cover of (smaller ones would be a blur).
    public static let smallestSourceSide = 500
    /// A cover's MIME type.
    public static let mimeType = "image/png"

    /// What a feed does when the cover the settings name cannot be read.
    public enum Unreadable: Sendable {
        /// Fails: `publish`, which the user runs and can fix at once.
        case fail
        /// Draws one, as when none is set: a served feed, which a podcast app asks for at any time.
        case draw
    }

    /// The cover of the feed of `selection` with `settings`: the image they name (made a cover
    /// when it was set), else one drawn from the podcast's title. When the image cannot be read
    /// or is empty, `unreadable` says what happens.
    public static func image(
        settings: PodcastSettings, selection: FeedSelection, unreadable: Unreadable
    ) throws(NarrateError) -> [UInt8] {
        if let path = settings.coverPath {
            var stored: [UInt8] = []
            do {
                stored = try FileContents.read(path)
            } catch {
                if unreadable == .fail { throw .inputUnavailable(path: path, reason: "the podcast's cover: \(error.reason)") }
            }
            if !stored.isEmpty { return stored }
            if unreadable == .fail { throw .inputUnavailable(path: path, reason: "the podcast's cover: the file is empty") }
        }
        return drawn(title: settings.title + selection.titleSuffix, subtitle: "read aloud by narrate")
    }

    /// A cover drawn for `title` (and `subtitle`, smaller, above it): a colour picked by the
    /// title, the title in large type, a row of bars like a sound wave. The same title
    /// always gives the same bytes.
    public static func drawn(title: String, subtitle: String) -> [UInt8] {
        let side = Double(Self.side)
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(Self.side), Int32(Self.side)) else { return [] }
        defer { cairo_surface_destroy(surface) }
        guard let context = cairo_create(surface) else { return [] }
        defer { cairo_destroy(context) }
        let palette = Self.palettes[Int(Self.stableHash(title) % UInt64(Self.palettes.count))]
        cairo_set_source_rgb(context, palette.background.0, palette.background.1, palette.background.2)
        cairo_paint(context)
        // Sound-wave bars along the bottom, heights from the title.
        cairo_set_source_rgb(context, palette.accent.0, palette.accent.1, palette.accent.2)
        var seed = Self.stableHash(title + "bars")
        let bars = 28
        let barWidth = side * 0.8 / Double(bars) * 0.6
        for index in 0..<bars {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let height = side * (0.04 + 0.14 * Double(seed >> 40 & 0xFF) / 255)
            let x = side * 0.1 + Double(index) * side * 0.8 / Double(bars)
            cairo_rectangle(context, x, side * 0.86 - height / 2, barWidth, height)
        }
        cairo_fill(context)
        cairo_set_source_rgb(context, palette.text.0, palette.text.1, palette.text.2)
        cairo_select_font_face(context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(context, 64)
        Self.show(subtitle, at: side * 0.1, baseline: side * 0.16, in: context)
        cairo_select_font_face(context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
        // The largest type (up to 150 px) at which the title fits in five lines.
        var size = 150.0
        var lines: [String] = []
        while size >= 48 {
            cairo_set_font_size(context, size)
            lines = Self.wrap(title, width: side * 0.8, context: context)
            if lines.count <= 5 && lines.allSatisfy({ Self.width(of: $0, context: context) <= side * 0.8 }) { break }
            size -= 6
        }
        if lines.count > 5 {
            lines = Array(lines.prefix(5))
            lines[4] += "…"
        }
        for (index, line) in lines.enumerated() {
            Self.show(line, at: side * 0.1, baseline: side * 0.3 + Double(index) * size * 1.18, in: context)
        }
        cairo_surface_flush(surface)
        return Self.png(of: surface)
    }

    /// A cover made from the image at `path` (PNG or JPEG): its centre square scaled to
    /// between 1400 and 3000 pixels. An unreadable file, another format, or an image whose
    /// shorter side is under 500 pixels is `.malformedInput` (or `.inputUnavailable`).
    public static func imported(from path: String) throws(NarrateError) -> [UInt8] {
        let bytes: [UInt8]
        do {
            bytes = try FileContents.read(path)
        } catch {
            throw .inputUnavailable(path: path, reason: error.reason)
        }
        return try imported(bytes, path: path)
    }

    /// A cover made from the image in `bytes` (PNG or JPEG), as `imported(from:)`; `path`
    /// names it in errors. With `whole`, all of it is kept, centred on a dark square (a book's
    /// cover, whose title a square cut would lose), and its longer side must be long enough.
    public static func imported(_ bytes: [UInt8], path: String, whole: Bool = false) throws(NarrateError) -> [UInt8] {
        let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let source: OpaquePointer
        if bytes.starts(with: pngSignature) {
            source = try Self.decodePNG(bytes, path: path)
        } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            source = try Self.decodeJPEG(bytes, path: path)
        } else {
            throw .malformedInput(path: path, message: "not a PNG or JPEG image; a podcast cover is one of those")
        }
        defer { cairo_surface_destroy(source) }
        let width = Int(cairo_image_surface_get_width(source))
        let height = Int(cairo_image_surface_get_height(source))
        let square = whole ? max(width, height) : min(width, height)
        guard square >= smallestSourceSide else {
            throw .malformedInput(
                path: path,
                message:
                    "the image is \(width)×\(height) pixels; a podcast cover needs at least \(smallestSourceSide) (Apple asks for 1400 to 3000, square)"
            )
        }
        let target = min(max(square, side), largestSide)
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(target), Int32(target)) else {
            throw .malformedInput(path: path, message: "the image cannot be scaled")
        }
        defer { cairo_surface_destroy(surface) }
        guard let context = cairo_create(surface) else { throw .malformedInput(path: path, message: "the image cannot be scaled") }
        defer { cairo_destroy(context) }
        if whole {
            cairo_set_source_rgb(context, 0.12, 0.12, 0.14)
            cairo_paint(context)
        }
        let scale = Double(target) / Double(square)
        cairo_scale(context, scale, scale)
        cairo_set_source_surface(context, source, -Double(width - square) / 2, -Double(height - square) / 2)
        cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_GOOD)
        cairo_paint(context)
        cairo_surface_flush(surface)
        return Self.png(of: surface)
    }

    /// Eight hex digits that change with the image (FNV-1a of its bytes): a cover's file name
    /// and address change with it, so podcast apps, which keep artwork by address, fetch
    /// the new one.
    public static func fingerprint(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash & 0xFFFF_FFFF, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }

    /// The side of the square PNG `bytes`, nil when they are no PNG.
    public static func pngSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count > 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { return nil }
        func big(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (big(16), big(20))
    }

    // MARK: Drawing

    private struct Palette {
        var background: (Double, Double, Double)
        var accent: (Double, Double, Double)
        var text: (Double, Double, Double)
    }

    private static let palettes = [
        Palette(background: (0.11, 0.23, 0.37), accent: (0.96, 0.65, 0.14), text: (1, 1, 1)),
        Palette(background: (0.93, 0.89, 0.80), accent: (0.80, 0.29, 0.18), text: (0.13, 0.13, 0.13)),
        Palette(background: (0.16, 0.36, 0.30), accent: (0.91, 0.84, 0.55), text: (1, 1, 1)),
        Palette(background: (0.45, 0.13, 0.22), accent: (0.98, 0.78, 0.66), text: (1, 1, 1)),
        Palette(background: (0.20, 0.20, 0.24), accent: (0.36, 0.78, 0.85), text: (1, 1, 1)),
        Palette(background: (0.98, 0.83, 0.30), accent: (0.15, 0.15, 0.18), text: (0.12, 0.12, 0.14)),
    ]

    /// FNV-1a: the same on every machine and run (Swift's Hasher is seeded per process).
    private static func stableHash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    private static func width(of text: String, context: OpaquePointer) -> Double {
        var extents = cairo_text_extents_t()
        cairo_text_extents(context, text, &extents)
        return extents.x_advance
    }

    /// `text` in lines no wider than `width` at the context's font, broken between words
    /// (a word wider than a line stands alone).
    private static func wrap(_ text: String, width: Double, context: OpaquePointer) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(whereSeparator: \.isWhitespace) {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if !line.isEmpty, Self.width(of: candidate, context: context) > width {
                lines.append(line)
                line = String(word)
            } else {
                line = candidate
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    private static func show(_ text: String, at x: Double, baseline: Double, in context: OpaquePointer) {
        cairo_move_to(context, x, baseline)
        cairo_show_text(context, text)
    }

    // MARK: Files

    private final class PNGBytes {
        var bytes: [UInt8] = []
    }

    /// The PNG bytes of `surface` (empty when cairo cannot write them).
    static func png(of surface: OpaquePointer) -> [UInt8] {
        let sink = PNGBytes()
        let status = cairo_surface_write_to_png_stream(
            surface,
            { closure, data, length in
                guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                let sink = Unmanaged<PNGBytes>.fromOpaque(closure).takeUnretainedValue()
                sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(sink).toOpaque())
        return status == CAIRO_STATUS_SUCCESS ? sink.bytes : []
    }

    private final class PNGSource {
        let bytes: [UInt8]
        var offset = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }
    }

    private static func decodePNG(_ bytes: [UInt8], path: String) throws(NarrateError) -> OpaquePointer {
        let source = PNGSource(bytes)
        let surface = withExtendedLifetime(source) {
            cairo_image_surface_create_from_png_stream(
                { closure, data, length in
                    guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
                    let source = Unmanaged<PNGSource>.fromOpaque(closure).takeUnretainedValue()
                    let count = Int(length)
                    guard source.offset + count <= source.bytes.count else { return CAIRO_STATUS_READ_ERROR }
                    source.bytes.withUnsafeBufferPointer { buffer in
                        data.update(from: buffer.baseAddress! + source.offset, count: count)
                    }
                    source.offset += count
                    return CAIRO_STATUS_SUCCESS
                }, Unmanaged.passUnretained(source).toOpaque())
        }
        guard let surface, cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            if let surface { cairo_surface_destroy(surface) }
            throw .malformedInput(path: path, message: "the PNG image cannot be read (damaged or cut short)")
        }
        return surface
    }

    private static func decodeJPEG(_ bytes: [UInt8], path: String) throws(NarrateError) -> OpaquePointer {
        var width: Int32 = 0
        var height: Int32 = 0
        var pixels: UnsafeMutablePointer<UInt8>?
        var message = [CChar](repeating: 0, count: 200)
        let status = bytes.withUnsafeBufferPointer { buffer in
            narrate_jpeg_decode(buffer.baseAddress, buffer.count, &width, &height, &pixels, &message, message.count)
        }
        guard status == 0, let pixels else {
            let reason = CMessage.text(message)
            throw .malformedInput(path: path, message: "the JPEG image cannot be read (\(reason.isEmpty ? "damaged" : reason))")
        }
        defer { narrate_image_free(pixels) }
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height),
            cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface)
        else { throw .malformedInput(path: path, message: "the JPEG image is too large") }
        let stride = Int(cairo_image_surface_get_stride(surface))
        // cairo's RGB24 keeps a pixel in a native-endian 32-bit word: 0x00RRGGBB.
        for row in 0..<Int(height) {
            let line = UnsafeMutableRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self)
            let sourceRow = pixels + row * Int(width) * 3
            for column in 0..<Int(width) {
                let pixel = sourceRow + column * 3
                line[column] = UInt32(pixel[0]) << 16 | UInt32(pixel[1]) << 8 | UInt32(pixel[2])
            }
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }
}
