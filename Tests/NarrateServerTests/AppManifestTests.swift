import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import NIOFoundationCompat
import NarratePublishing
import NarrateServer
import NarrateTestSupport
import Testing

/// The library as an installable web app: its manifest and the icons narrate draws, served
/// without the token (browsers fetch a manifest without credentials), linked from every page.
@Suite("The web app's manifest and icons")
struct AppManifestTests {
    static let token = "manifest-token-0123456789"

    @Test func theManifestNamesTheAppItsWindowAndIconsThatAreThere() async throws {
        let fixture = try ServerFixture()
        let id = try fixture.add(ServerFixture.sampleText)
        try await fixture.test(token: Self.token) { client in
            let answer = try await client.execute(uri: "/manifest.webmanifest", method: .get)
            #expect(answer.status == .ok)
            #expect(answer.headers[.contentType] == "application/manifest+json")
            let manifest = try #require(try JSONSerialization.jsonObject(with: Data(buffer: answer.body)) as? [String: Any])
            #expect(manifest["name"] as? String == "narrate" && manifest["short_name"] as? String == "narrate")
            #expect(manifest["start_url"] as? String == "/" && manifest["scope"] as? String == "/" && manifest["id"] as? String == "/")
            #expect(manifest["display"] as? String == "standalone")
            #expect((manifest["theme_color"] as? String)?.hasPrefix("#") == true)
            let icons = try #require(manifest["icons"] as? [[String: String]])
            #expect(Set(icons.compactMap { $0["purpose"] }) == ["any", "maskable"])
            for icon in icons {
                let src = try #require(icon["src"])
                let png = try await client.execute(uri: src, method: .get)
                #expect(png.status == .ok && png.headers[.contentType] == "image/png", "\(src)")
                let size = try #require(PodcastCover.pngSize(Array(png.body.readableBytesView)), "\(src) is no PNG")
                #expect("\(size.width)x\(size.height)" == icon["sizes"], "\(src)")
            }
            // The library is still the token's: only the manifest and icons are open.
            #expect(try await client.execute(uri: "/", method: .get).status == .unauthorized)
            #expect(try await client.execute(uri: "/icons/nope.png", method: .get).status == .notFound)
            let headers: HTTPFields = [.authorization: "Bearer \(Self.token)"]
            for page in ["/", "/articles/\(id)"] {
                let html = String(buffer: try await client.execute(uri: page, method: .get, headers: headers).body)
                #expect(html.contains(#"<link rel="manifest" href="/manifest.webmanifest">"#), "\(page)")
                #expect(html.contains(#"<meta name="theme-color""#), "\(page)")
            }
        }
    }

    /// The icons as a person sees them: written where the browser test leaves its screenshots.
    @Test func theIconsAreAWaveOnTheAccentColourTheMaskableOneInsideTheSafeCircle() throws {
        for (side, maskable) in [(192, false), (512, false), (512, true)] {
            let png = AppIcon.png(side: side, maskable: maskable)
            #expect(PodcastCover.pngSize(png).map { $0.width == side && $0.height == side } == true)
            let folder =
                ProcessInfo.processInfo.environment["NARRATE_SCREENSHOTS"]
                ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent(".build/screenshots").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data(png).write(to: URL(fileURLWithPath: "\(folder)/app-icon-\(maskable ? "maskable-" : "")\(side).png"))
        }
    }
}
