import NarrateSystem

/// A minimal HTTP/1.1 client on a raw socket, for timing: how long until a response's
/// body has delivered a number of bytes (chunked transfer decoded), with nothing of a
/// client library's own start-up in the figure.
enum HTTPProbe {
    /// Seconds from connecting to 127.0.0.1:`port` and sending `method path` until `bodyBytes`
    /// bytes of the response's body have arrived (the status must be `status`).
    static func secondsUntilBody(
        port: Int, method: String = "GET", path: String, headers: [String] = [], bodyBytes: Int, status: Int = 200
    ) throws(BenchmarkError) -> Double {
        let start = ContinuousClock.now
        let socket = try connect(port: port)
        defer { close(socket) }
        let request = (["\(method) \(path) HTTP/1.1", "Host: 127.0.0.1:\(port)", "Connection: close"] + headers + ["", ""])
            .joined(separator: "\r\n")
        _ = request.withCString { send(socket, $0, strlen($0), 0) }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var headerEnd: Int?
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            guard count > 0 else { throw BenchmarkError("\(method) \(path): the response ended before \(bodyBytes) body bytes") }
            received += buffer[..<count]
            if headerEnd == nil, let end = find([13, 10, 13, 10], in: received) {
                headerEnd = end + 4
                let head = String(decoding: received[..<end], as: UTF8.self)
                guard head.hasPrefix("HTTP/1.1 \(status)") else {
                    throw BenchmarkError("\(method) \(path): \(head.split(separator: "\r\n").first ?? "no status")")
                }
            }
            guard let headerEnd else { continue }
            let head = String(decoding: received[..<headerEnd], as: UTF8.self).lowercased()
            let body = Array(received[headerEnd...])
            let length = head.contains("transfer-encoding: chunked") ? dechunkedLength(body) : body.count
            if length >= bodyBytes { return (ContinuousClock.now - start).seconds }
        }
    }

    /// The status and body of `method path` (whole, for small answers).
    static func exchange(port: Int, method: String = "GET", path: String) throws(BenchmarkError) -> (Int, String) {
        let socket = try connect(port: port)
        defer { close(socket) }
        let request = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\nContent-Length: 0\r\n\r\n"
        _ = request.withCString { send(socket, $0, strlen($0), 0) }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count <= 0 { break }
            received += buffer[..<count]
        }
        guard let end = find([13, 10, 13, 10], in: received) else { throw BenchmarkError("\(method) \(path): no response") }
        let head = String(decoding: received[..<end], as: UTF8.self)
        let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
        return (status, String(decoding: received[(end + 4)...], as: UTF8.self))
    }

    private static func connect(port: Int) throws(BenchmarkError) -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw BenchmarkError("socket failed") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(socket)
            throw BenchmarkError("cannot connect to 127.0.0.1:\(port)")
        }
        return socket
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for index in 0...(haystack.count - needle.count) where haystack[index..<index + needle.count].elementsEqual(needle) {
            return index
        }
        return nil
    }

    /// Payload bytes in a chunked body received so far.
    private static func dechunkedLength(_ body: [UInt8]) -> Int {
        var position = 0
        var total = 0
        while let lineEnd = find([13, 10], in: Array(body[position...])) {
            let sizeText = String(decoding: body[position..<position + lineEnd], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText, radix: 16), size > 0 else { break }
            let start = position + lineEnd + 2
            total += min(size, body.count - start)
            position = start + size + 2
            if position >= body.count { break }
        }
        return total
    }
}
