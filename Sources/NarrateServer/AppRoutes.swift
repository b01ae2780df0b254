import HTTPTypes
import Hummingbird
import NIOCore
import NarratePublishing

/// What makes the library an installable web app: its manifest (name, icons, colours, a
/// standalone window) and the icons narrate draws for it. Neither holds anything of the
/// library, so both are served without the token: a browser fetches a manifest without
/// credentials.
struct AppRoutes: Sendable {
    /// Whether `path` is the manifest, an icon (one name under /icons/) or the share page,
    /// served without the token. The share page shows only what it was given, and adds it
    /// through the API, which asks for the token: it is opened from other sites (the
    /// bookmarklet), whose navigations do not carry the token's SameSite=Strict cookie.
    static func isOpen(_ path: String) -> Bool {
        guard path != "/manifest.webmanifest", path != "/share" else { return true }
        guard path.hasPrefix("/icons/") else { return false }
        let name = path.dropFirst("/icons/".count)
        return !name.isEmpty && !name.contains("/") && !name.contains("%") && name != "." && name != ".."
    }

    /// The manifest (https://www.w3.org/TR/appmanifest/).
    static let manifest = """
        {
          "id": "/",
          "name": "narrate",
          "short_name": "narrate",
          "description": "Your saved articles, read aloud: each word shown as it is spoken, resumed where you stopped.",
          "start_url": "/",
          "scope": "/",
          "display": "standalone",
          "background_color": "#fbfaf7",
          "theme_color": "#1a5fb4",
          "share_target": {
            "action": "/share",
            "method": "GET",
            "enctype": "application/x-www-form-urlencoded",
            "params": {"title": "title", "text": "text", "url": "url"}
          },
          "icons": [
            {"src": "/icons/192.png", "sizes": "192x192", "type": "image/png", "purpose": "any"},
            {"src": "/icons/512.png", "sizes": "512x512", "type": "image/png", "purpose": "any"},
            {"src": "/icons/maskable-512.png", "sizes": "512x512", "type": "image/png", "purpose": "maskable"}
          ]
        }

        """

    /// The icons by file name, drawn once.
    static let icons: [String: [UInt8]] = {
        var icons: [String: [UInt8]] = [:]
        for side in AppIcon.sides { icons["\(side).png"] = AppIcon.png(side: side, maskable: false) }
        icons["maskable-512.png"] = AppIcon.png(side: 512, maskable: true)
        return icons
    }()

    func add(to router: Router<BasicRequestContext>) {
        router.get("manifest.webmanifest") { _, _ in
            Self.answer(ByteBuffer(string: Self.manifest), contentType: "application/manifest+json")
        }
        router.get("icons/:file") { _, context in
            let file = context.parameters.get("file") ?? ""
            guard let icon = Self.icons[file] else { throw APIError(.notFound, "no icon \(file): there are \(Self.icons.keys.sorted())") }
            return Self.answer(ByteBuffer(bytes: icon), contentType: "image/png")
        }
    }

    private static func answer(_ body: ByteBuffer, contentType: String) -> Response {
        Response(
            status: .ok,
            headers: [.contentType: contentType, .cacheControl: "public, max-age=86400", .xContentTypeOptions: "nosniff"],
            body: .init(byteBuffer: body)
        )
    }
}
