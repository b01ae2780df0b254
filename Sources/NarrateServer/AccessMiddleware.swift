import HTTPTypes
import Hummingbird
import HummingbirdCore
import NIOCore

/// The headers a proxy adds to what it passes on (RFC 7239's `Forwarded`, the
/// `X-Forwarded-*` of Caddy, nginx and others, `Via`, a CDN's client address). A proxy
/// set up to add none (nginx's bare `proxy_pass`, a TCP relay) cannot be told: behind one,
/// `--public-url` is the only safe way. Made once: it is looked at on every request.
private let proxyHeaders: [HTTPField.Name] =
    [
        "Forwarded", "X-Forwarded-For", "X-Forwarded-Host", "X-Forwarded-Proto", "X-Forwarded-Server", "X-Real-IP", "Via",
        "CF-Connecting-IP", "True-Client-IP", "X-Client-IP",
    ].compactMap { HTTPField.Name($0) }

/// Who may use the server. With a token (the server listens beyond this machine), every
/// request carries it: `Authorization: Bearer TOKEN`, the `narrate_token` cookie, or
/// `?token=TOKEN` once (the cookie is then set, and a page is reloaded without it in its
/// address). Mutating requests from another site are refused, token or not: a browser says
/// where a request comes from (`Sec-Fetch-Site`, `Origin`), and only this server's own pages
/// (or a client that is no browser) may change the library.
///
/// Without a token (the server listens on this machine only) a request a proxy passed on is
/// refused: it arrives from this machine, but it may be anyone's. A server behind a proxy
/// runs with `--public-url`, which asks every request for the token.
struct AccessMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The token asked for; nil asks none.
    let token: String?
    /// Whether the token's cookie goes only over HTTPS (listeners reach the server by an
    /// https public address).
    var secureCookie = false
    /// The public address's origin behind a proxy (`https://NAME`): a page of it may change
    /// the library even when the proxy rewrites `Host` to the address it passes requests on to.
    var publicOrigin: String?

    static var cookieName: String { ServerToken.cookieName }
    /// Where a browser says a request comes from (Fetch Metadata).
    static var secFetchSite: HTTPField.Name { HTTPField.Name("Sec-Fetch-Site")! }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        try Self.refuseCrossSite(request, publicOrigin: publicOrigin)
        if token == nil, let header = proxyHeaders.first(where: { request.headers[$0] != nil }) {
            throw APIError(
                .forbidden,
                "this request came through a proxy (\(header)), and this server asks no token: it serves this machine only. "
                    + "Behind a proxy, run narrate serve --public-url URL, which asks every request for the token"
            )
        }
        // A private feed and its files: the secret in the address is checked by the route
        // (podcast apps send no token). The app's manifest and icons hold nothing of the
        // library, and browsers fetch a manifest without credentials.
        let path = request.uri.path
        guard let token, !path.hasPrefix("/podcast/"), !AppRoutes.isOpen(path) else {
            return try await next(request, context)
        }
        let queryToken = request.uri.queryParameters.get("token")
        if let queryToken, ServerToken.matches(Substring(queryToken), token) {
            let cookie =
                "\(Self.cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict; Max-Age=31536000" + (secureCookie ? "; Secure" : "")
            // A page opened from the printed address: reloaded without the token in it.
            if request.method == .get, !ErrorMiddleware<Context>.wantsJSON(request.uri.path) {
                var headers: HTTPFields = [.location: Self.withoutToken(request.uri), .setCookie: cookie]
                headers[.cacheControl] = "no-store"
                return Response(status: .seeOther, headers: headers)
            }
            var response = try await next(request, context)
            response.headers.append(HTTPField(name: .setCookie, value: cookie))
            return response
        }
        guard let given = Self.presentedToken(request), ServerToken.matches(given, token) else {
            let reason = Self.presentedToken(request) == nil && queryToken == nil ? "needs" : "has a wrong"
            throw APIError(
                .unauthorized,
                "this request \(reason) token: open the address `narrate serve` printed (with ?token=…), or run `narrate serve --new-token` for a new one",
                headers: [.wwwAuthenticate: "Bearer realm=\"narrate\""]
            )
        }
        return try await next(request, context)
    }

    /// The token of the `Authorization` header or the cookie.
    static func presentedToken(_ request: Request) -> Substring? {
        ServerToken.presented(in: request.headers)
    }

    /// Refuses a POST, PUT, PATCH or DELETE that a browser says another site sent: its
    /// `Origin` must be this server's (the `Host` asked, or the public address behind a proxy).
    static func refuseCrossSite(_ request: Request, publicOrigin: String? = nil) throws {
        guard [.post, .put, .patch, .delete].contains(request.method) else { return }
        if let site = request.headers[Self.secFetchSite], site != "same-origin", site != "none" {
            throw APIError(.forbidden, "a request from another site (\(site)) may not change the library: use this server's own pages")
        }
        if let origin = request.headers[.origin], origin.lowercased() != publicOrigin {
            let host = request.head.authority ?? ""
            let originHost = origin.split(separator: "/", omittingEmptySubsequences: true).dropFirst().first.map(String.init) ?? ""
            guard origin != "null", originHost.lowercased() == host.lowercased() else {
                throw APIError(.forbidden, "a request from \(origin) may not change the library on \(host): use this server's own pages")
            }
        }
    }

    /// `uri`'s path and query without the token.
    static func withoutToken(_ uri: URI) -> String {
        let kept = (uri.query ?? "").split(separator: "&").filter { !$0.hasPrefix("token=") }
        return kept.isEmpty ? uri.path : uri.path + "?" + kept.joined(separator: "&")
    }
}
