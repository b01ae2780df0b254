import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
public import NarrateCore
public import NarrateLibrary

/// The token `narrate serve` asks of every request when it listens beyond this machine:
/// made on first use and kept in the library (so a phone's bookmark keeps working), replaced
/// on request.
public enum ServerToken {
    /// The library setting that keeps it.
    static let settingKey = "server.token"
    /// The cookie that carries it.
    static let cookieName = "narrate_token"

    /// The library's token, made now when it has none (`created` says so) or when `replace`.
    public static func obtain(library: ArticleLibrary, replace: Bool) throws(NarrateError) -> (token: String, created: Bool) {
        if replace {
            let token = make()
            try library.settings.set(settingKey, to: token)
            return (token, true)
        }
        let (token, created) = try library.settings.value(settingKey, orSet: make)
        return (token, created)
    }

    /// 32 random bytes from the system's generator, as URL-safe base64 (43 characters).
    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// Whether `given` is `expected`, compared in time that does not depend on where they differ.
    static func matches(_ given: Substring, _ expected: String) -> Bool {
        let a = Array(given.utf8)
        let b = Array(expected.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }

    /// The token of `fields`' `Authorization` header or cookie.
    static func presented(in fields: HTTPFields) -> Substring? {
        if let authorization = fields[.authorization] {
            let parts = authorization.split(separator: " ", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "bearer" { return parts[1] }
        }
        for header in fields[values: .cookie] {
            for pair in header.split(separator: ";") {
                let trimmed = pair.drop { $0 == " " }
                if trimmed.hasPrefix(cookieName + "=") { return trimmed.dropFirst(cookieName.count + 1) }
            }
        }
        return nil
    }

    /// Whether a request with `head` would pass the token check: none is asked, or it carries
    /// the token in a header, the cookie or its address.
    static func carriesAccess(_ head: HTTPRequest, token: String?) -> Bool {
        guard let token else { return true }
        if let given = presented(in: head.headerFields), ServerToken.matches(given, token) { return true }
        guard let query = head.path.flatMap({ URI($0).queryParameters.get("token") }) else { return false }
        return ServerToken.matches(Substring(query), token)
    }
}
