import Foundation
public import NarrateCore
public import NarrateLibrary

/// The token `narrate serve` asks of every request when it listens beyond this machine:
/// made on first use and kept in the library (so a phone's bookmark keeps working), replaced
/// on request.
public enum ServerToken {
    /// The library setting that keeps it.
    static let settingKey = "server.token"

    /// The library's token, made now when it has none (`created` says so) or when `replace`.
    public static func obtain(library: ArticleLibrary, replace: Bool) throws(NarrateError) -> (token: String, created: Bool) {
        if replace {
            let token = make()
            try library.setSetting(settingKey, to: token)
            return (token, true)
        }
        let (token, created) = try library.setting(settingKey, orSet: make)
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
}
