import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP connection to a server on 127.0.0.1 that sends exactly the bytes a test gives, as a
/// stranger's client would (any `Host`, half a request head, nothing at all), and reads what
/// comes back. Blocking, with a receive timeout: an async test calls it on a thread of its
/// own (`onOwnThread`), one call at a time, hence `@unchecked Sendable`.
public final class RawConnection: @unchecked Sendable {
    private var descriptor: Int32

    /// Connects to `port` on this machine: 127.0.0.1, else ::1 (where a server bound to
    /// `localhost` may listen).
    public init(port: Int) throws {
        descriptor = -1
        var reasons: [String] = []
        for (family, address) in [(AF_INET, "127.0.0.1"), (AF_INET6, "::1")] {
            let attempt = socket(family, Self.streamType, 0)
            guard attempt >= 0 else { throw RawConnectionError(description: "socket: \(String(cString: strerror(errno)))") }
            var storage = sockaddr_storage()
            let length: Int
            if family == AF_INET {
                length = withUnsafeMutableBytes(of: &storage) { raw in
                    let inet = raw.baseAddress!.assumingMemoryBound(to: sockaddr_in.self)
                    inet.pointee.sin_family = sa_family_t(AF_INET)
                    inet.pointee.sin_port = in_port_t(UInt16(port).bigEndian)
                    inet_pton(AF_INET, address, &inet.pointee.sin_addr)
                    return MemoryLayout<sockaddr_in>.size
                }
            } else {
                length = withUnsafeMutableBytes(of: &storage) { raw in
                    let inet6 = raw.baseAddress!.assumingMemoryBound(to: sockaddr_in6.self)
                    inet6.pointee.sin6_family = sa_family_t(AF_INET6)
                    inet6.pointee.sin6_port = in_port_t(UInt16(port).bigEndian)
                    inet_pton(AF_INET6, address, &inet6.pointee.sin6_addr)
                    return MemoryLayout<sockaddr_in6>.size
                }
            }
            let connected = withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(attempt, $0, socklen_t(length)) }
            }
            if connected == 0 {
                descriptor = attempt
                return
            }
            reasons.append("\(address): \(String(cString: strerror(errno)))")
            closeDescriptor(attempt)
        }
        throw RawConnectionError(description: "connect to port \(port): " + reasons.joined(separator: "; "))
    }

    deinit {
        close()
    }

    /// Hangs up (again: nothing).
    public func close() {
        if descriptor >= 0 {
            closeDescriptor(descriptor)
            descriptor = -1
        }
    }

    /// Reads what has come, up to `count` bytes, waiting at most `seconds` for the first;
    /// the number read (0 at the end, or when nothing came).
    public func read(upTo count: Int, waiting seconds: Double = 10) -> Int {
        setReceiveTimeout(seconds)
        var buffer = [UInt8](repeating: 0, count: count)
        return max(0, buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) })
    }

    private func setReceiveTimeout(_ seconds: Double) {
        var timeout = timeval()
        timeout.tv_sec = .init(seconds)
        timeout.tv_usec = .init((seconds - seconds.rounded(.down)) * 1_000_000)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Sends `text` (its UTF-8); false when the server closed the connection.
    @discardableResult
    public func send(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Self.write(descriptor, $0) }
            if count <= 0 { return false }
            sent += count
        }
        return true
    }

    /// Everything the server sends until it closes the connection, or until `seconds` pass
    /// with nothing more; `closed` says whether it closed.
    public func receive(waiting seconds: Double) -> (text: String, closed: Bool) {
        setReceiveTimeout(seconds)
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                received += buffer[0..<count]
            } else {
                // 0: closed by the server; -1 with ECONNRESET: closed before what was sent was read.
                let closed = count == 0 || errno == ECONNRESET
                return (String(decoding: received, as: UTF8.self), closed)
            }
        }
    }

    /// One request on a new connection: `method target` with `headers` (a `Host` among them
    /// when the test wants one) and `body`, `Connection: close`; the answer's status line,
    /// headers and body as the server sent them.
    public static func exchange(
        port: Int, _ method: String, _ target: String, headers: [String: String], body: String = "", waiting seconds: Double = 20
    ) throws -> RawResponse {
        let connection = try RawConnection(port: port)
        var head = "\(method) \(target) HTTP/1.1\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || ["POST", "PUT"].contains(method) { head += "Content-Length: \(body.utf8.count)\r\n" }
        head += "Connection: close\r\n\r\n"
        connection.send(head + body)
        return RawResponse(connection.receive(waiting: seconds).text)
    }

    /// Writes `bytes`, without SIGPIPE when the server has closed.
    private static func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
        #if canImport(Glibc)
        Glibc.send(descriptor, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
        #else
        Darwin.send(descriptor, bytes.baseAddress, bytes.count, 0)
        #endif
    }

    #if canImport(Glibc)
    private static let streamType = Int32(SOCK_STREAM.rawValue)
    #else
    private static let streamType = SOCK_STREAM
    #endif
}

/// An HTTP answer as read off the wire.
public struct RawResponse: Sendable {
    /// The status code; 0 when nothing (or no status line) came.
    public let status: Int
    /// Header names lower-cased.
    public let headers: [String: String]
    public let body: String

    public init(_ text: String) {
        let parts = text.components(separatedBy: "\r\n\r\n")
        let lines = (parts.first ?? "").components(separatedBy: "\r\n")
        status = lines.first.flatMap { $0.split(separator: " ").dropFirst().first }.flatMap { Int($0) } ?? 0
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        self.headers = headers
        body = parts.dropFirst().joined(separator: "\r\n\r\n")
    }
}

/// A connection that could not be made.
public struct RawConnectionError: Error, CustomStringConvertible {
    public let description: String
}

/// The system's close(2), which `RawConnection.close()` hides.
private func closeDescriptor(_ descriptor: Int32) {
    #if canImport(Glibc)
    _ = Glibc.close(descriptor)
    #else
    _ = Darwin.close(descriptor)
    #endif
}
