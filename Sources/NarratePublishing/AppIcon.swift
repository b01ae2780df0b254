internal import CNarrateCairo
import Foundation

/// The web app's icon, drawn by narrate at the sizes browsers ask for when the library is
/// installed to a home screen or a desktop: a sound wave of rounded bars on the player's
/// accent colour. A maskable icon keeps the wave inside the central circle a phone's mask
/// (a circle, a squircle, a rounded square) always shows.
public enum AppIcon {
    /// The sides a web app manifest lists: Android's launcher (192) and splash screen (512).
    public static let sides = [192, 512]
    /// The icon's background, the player's accent (`--accent` in style.css).
    public static let background = (0.102, 0.373, 0.706)

    /// A square PNG of `side` pixels; `maskable` leaves the outer fifth to the mask.
    public static func png(side: Int, maskable: Bool) -> [UInt8] {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(side), Int32(side)) else { return [] }
        defer { cairo_surface_destroy(surface) }
        guard let context = cairo_create(surface) else { return [] }
        defer { cairo_destroy(context) }
        let size = Double(side)
        cairo_set_source_rgb(context, background.0, background.1, background.2)
        if maskable {
            cairo_paint(context)
        } else {
            rounded(context, x: 0, y: 0, width: size, height: size, radius: size * 0.22)
            cairo_fill(context)
        }
        // The wave's bars, heights as a voice's loudness over a short word.
        let heights = [0.28, 0.5, 0.82, 0.6, 1.0, 0.7, 0.42, 0.24]
        let span = size * (maskable ? 0.5 : 0.66)
        let pitch = span / Double(heights.count)
        let width = pitch * 0.6
        let tallest = size * (maskable ? 0.46 : 0.6)
        cairo_set_source_rgb(context, 1, 1, 1)
        for (index, height) in heights.enumerated() {
            let barHeight = max(width, tallest * height)
            let x = (size - span) / 2 + Double(index) * pitch + (pitch - width) / 2
            rounded(context, x: x, y: (size - barHeight) / 2, width: width, height: barHeight, radius: width / 2)
            cairo_fill(context)
        }
        cairo_surface_flush(surface)
        return PodcastCover.png(of: surface)
    }

    private static func rounded(_ context: OpaquePointer, x: Double, y: Double, width: Double, height: Double, radius: Double) {
        cairo_new_sub_path(context)
        cairo_arc(context, x + width - radius, y + radius, radius, -Double.pi / 2, 0)
        cairo_arc(context, x + width - radius, y + height - radius, radius, 0, Double.pi / 2)
        cairo_arc(context, x + radius, y + height - radius, radius, Double.pi / 2, Double.pi)
        cairo_arc(context, x + radius, y + radius, radius, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(context)
    }
}
