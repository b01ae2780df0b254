import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// One connection's watch: it is counted in the server's `ConnectionBudget` (refused or
/// evicting another when the server holds all it may), and closed when it keeps the server
/// waiting: no whole request head within `headSeconds` of its start or its last answer (or
/// `idleSeconds` once proven, kept alive between requests), no end of the body within
/// `bodySeconds` of the head. A request being answered is never cut short.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let budget: ConnectionBudget
    private let token: String?
    private let hosts: AllowedHosts
    private var id: UInt64?
    private var proven = false
    /// Requests whose head has come and whose answer has not ended.
    private var requests = 0
    private var readingBody = false
    private var deadline: Scheduled<Void>?

    /// A guard counting in `budget`; a request proves its connection when it carries `token`
    /// (or none is asked) and names one of `hosts`.
    init(budget: ConnectionBudget, token: String?, hosts: AllowedHosts) {
        self.budget = budget
        self.token = token
        self.hosts = hosts
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let channel = context.channel
        let peer = channel.remoteAddress
        let admission = budget.open(address: peer?.ipAddress, isLoopback: peer.map(Self.isLoopback) ?? false) {
            channel.close(promise: nil)
        }
        switch admission {
        case .refused:
            // Closed once the pipeline is set up: closing it while its handlers are being
            // added would leave Hummingbird's writer of the connection unfinished.
            context.eventLoop.execute { channel.close(promise: nil) }
        case .admitted(let id, let evicted):
            self.id = id
            evicted?()
            wait(budget.limits.headSeconds, context: context)
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
        if let id { budget.close(id) }
        id = nil
    }

    func channelInactive(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
        if let id { budget.close(id) }
        id = nil
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            requests += 1
            readingBody = true
            if let id {
                budget.setAnswering(id, true)
                if !proven, hosts.allows(head.authority), ServerToken.carriesAccess(head, token: token) {
                    proven = true
                    budget.prove(id)
                }
            }
            wait(budget.limits.bodySeconds, context: context)
        case .body:
            break
        case .end:
            readingBody = false
            deadline?.cancel()
            deadline = nil
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            requests = max(0, requests - 1)
            if requests == 0, !readingBody {
                if let id { budget.setAnswering(id, false) }
                wait(proven ? budget.limits.idleSeconds : budget.limits.headSeconds, context: context)
            }
        }
        context.write(data, promise: promise)
    }

    /// Closes the connection unless something ends this wait within `seconds`.
    private func wait(_ seconds: Double, context: ChannelHandlerContext) {
        deadline?.cancel()
        let channel = context.channel
        deadline = context.eventLoop.scheduleTask(in: .nanoseconds(Int64(seconds * 1_000_000_000))) {
            channel.close(promise: nil)
        }
    }

    /// Whether `address` is this machine's own (127.0.0.0/8, ::1, or one mapped into IPv6).
    static func isLoopback(_ address: SocketAddress) -> Bool {
        guard let ip = address.ipAddress else { return false }
        return ip == "::1" || ip.hasPrefix("127.") || ip.hasPrefix("::ffff:127.")
    }
}
