import HTTPTypes
import Hummingbird

/// Answers only requests whose `Host` names this server (`AllowedHosts`); any other gets
/// 421 Misdirected Request as a JSON error, on every route, before anything else is done:
/// no token check, no file, no library read. This is what keeps a DNS-rebinding page out.
struct HostMiddleware<Context: RequestContext>: RouterMiddleware {
    let hosts: AllowedHosts

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard hosts.allows(request.head.authority) else {
            let name = request.head.authority.map { String($0.prefix(100)) } ?? ""
            return try APIError(
                .misdirectedRequest,
                "this server does not answer for the name `\(name)`: open it at its address (such as 127.0.0.1 or localhost), "
                    + "or allow the name with `narrate serve --allowed-host NAME`"
            ).response(from: request, context: context)
        }
        return try await next(request, context)
    }
}
