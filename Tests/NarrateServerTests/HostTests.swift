import Foundation
import HTTPTypes
import HummingbirdTesting
import NarrateLibrary
import NarrateServer
import NarrateTestSupport
import Testing

@Suite("Host: only this server's names are answered (DNS rebinding)")
struct HostTests {
    @Test func addressesLocalhostAndAllowedNamesAreThisServer() {
        let hosts = AllowedHosts(
            names: ["narrate.example.org", ".home.example", "proxy.example:8443"], machineNames: ["kitchen", "kitchen.local"])
        for host in [
            "localhost", "localhost:8080", "LOCALHOST.", "player.localhost:8080", "127.0.0.1", "127.0.0.1:8080", "[::1]:8080", "[::1]",
            "192.168.1.20:8080", "[fe80::1]:80", "narrate.example.org", "narrate.example.org:9000", "home.example", "a.b.home.example:1",
            "proxy.example:8443", "kitchen:8080", "Kitchen.local",
        ] {
            #expect(hosts.allows(host), "\(host)")
        }
        for host in [
            "evil.example", "evil.example:8080", "localhost.evil.example", "127.0.0.1.nip.io", "xhome.example", "proxy.example",
            "proxy.example:8080", "[::1", "::1", "127.0.0.1:", "127.0.0.1:99999", "127.0.0.1:8o", "a b", "user@localhost", "",
            "kitchen.evil",
        ] {
            #expect(!hosts.allows(host), "\(host)")
        }
        // HTTP/1.0 without a Host: no browser sends that.
        #expect(hosts.allows(nil))
    }

    @Test func anAllowedHostMustBeAHostName() {
        #expect(AllowedHosts.problem(with: "narrate.example.org") == nil)
        #expect(AllowedHosts.problem(with: ".example.org") == nil)
        #expect(AllowedHosts.problem(with: "nas:8443") == nil)
        #expect(AllowedHosts.problem(with: ".org")?.contains("every site") == true)
        for bad in ["*", "a b", "https://example.org", "example.org/path", "", ":80", "example..org"] {
            #expect(AllowedHosts.problem(with: bad) != nil, "\(bad)")
        }
    }

    static let machineName = ProcessInfo.processInfo.hostName.split(separator: ".").first.map(String.init) ?? ""

    @Test(.enabled(if: !machineName.isEmpty && machineName != "localhost", "this machine has no host name of its own"))
    func aServerOnLoopbackAnswersNoMachineNameButOnTheNetworkItDoes() {
        let name = Self.machineName
        #expect(!AllowedHosts.forServer(listeningOn: "127.0.0.1", names: []).allows(name + ".local"))
        #expect(AllowedHosts.forServer(listeningOn: "0.0.0.0", names: []).allows(name + ".local:8080"))
    }

    /// The four requests a rebinding page made before: each refused, nothing read or changed.
    @Test func requestsForAnotherNameAreRefusedOnEveryRouteBeforeAnyWork() async throws {
        let fixture = try ServerFixture()
        let id = try fixture.add(ServerFixture.sampleText)
        try await fixture.test { client in
            let port = try #require(client.port)
            let evil = ["Host": "evil.example:\(port)", "Origin": "http://evil.example:\(port)"]
            let requests: [(String, String, String)] = [
                ("GET", "/api/articles", ""), ("GET", "/api/articles/\(id)/renders/1/audio", ""),
                ("POST", "/api/articles", #"{"text": "Injected by another site."}"#), ("DELETE", "/api/articles/\(id)", ""),
                ("GET", "/", ""), ("GET", "/feed.xml", ""), ("GET", "/static/style.css", ""), ("GET", "/no/such/page", ""),
            ]
            for (method, target, body) in requests {
                let answer = try await onOwnThread { try RawConnection.exchange(port: port, method, target, headers: evil, body: body) }
                #expect(answer.status == 421, "\(method) \(target): \(answer.status) \(answer.body.prefix(200))")
                #expect(answer.headers["content-type"]?.hasPrefix("application/json") == true)
                #expect(answer.body.contains(#""status":421"#))
                #expect(answer.body.contains("evil.example"))
                #expect(
                    !answer.body.contains("test article") && !answer.body.contains("weather"), "\(method) \(target) let the article out")
            }
            // The legitimate names still work, and feeds name the host asked for.
            for host in ["localhost:\(port)", "127.0.0.1:\(port)", "localhost"] {
                let list = try await onOwnThread { try RawConnection.exchange(port: port, "GET", "/api/articles", headers: ["Host": host]) }
                #expect(list.status == 200, "\(host)")
                #expect(list.body.contains("A test article"))
            }
            let feed = try await onOwnThread {
                try RawConnection.exchange(port: port, "GET", "/feed.xml", headers: ["Host": "127.0.0.1:\(port)"])
            }
            #expect(feed.status == 200)
            #expect(!feed.body.contains("evil.example"))
        }
        #expect(try fixture.library.articles.count() == 1)
    }

    @Test func aNameTheUserAllowsIsAnsweredAndNamesTheFeeds() async throws {
        let fixture = try ServerFixture()
        try fixture.add(ServerFixture.sampleText)
        try await fixture.test(allowedHosts: ["narrate.home.example"]) { client in
            let port = try #require(client.port)
            let page = try await onOwnThread {
                try RawConnection.exchange(port: port, "GET", "/", headers: ["Host": "narrate.home.example:\(port)"])
            }
            #expect(page.status == 200)
            #expect(page.body.contains("http://narrate.home.example:\(port)/feed.xml"))
            let other = try await onOwnThread {
                try RawConnection.exchange(port: port, "GET", "/", headers: ["Host": "other.home.example:\(port)"])
            }
            #expect(other.status == 421)
        }
    }
}
