import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking  // HTTPURLResponse, on Linux
#endif
#if canImport(Glibc)
import Glibc
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1, so the tests never touch the internet.
///
/// It listens on a port the system picks, answers each path with a canned
/// response, one connection at a time, and remembers every request it got
/// (so a test can check the headers). It stops on `stop()`, or by itself
/// after `lifetime` seconds, whatever a test does (generous: on a loaded
/// machine a suite can take minutes between starting a server and using it).
final class LoopbackServer: @unchecked Sendable {
    // @unchecked: `requests` and `stopped` are shared with the serving thread, guarded by `lock`.
    struct Response: Sendable {
        var status: Int
        var body: Data
        /// The Content-Length announced. More than `body.count` makes a
        /// truncated response: the connection closes before the end.
        var declaredLength: Int?

        static func json(_ data: Data) -> Response { Response(status: 200, body: data) }
    }

    struct Request: Sendable {
        var path: String
        var headers: [String: String]  // names lowercased
    }

    let port: UInt16
    private let listener: Int32
    private let routes: [String: Response]
    private let lock = NSLock()
    private var received: [Request] = []
    private var stopped = false
    private let finished = DispatchSemaphore(value: 0)

    var baseURL: String { "http://127.0.0.1:\(port)" }

    init(routes: [String: Response], lifetime: TimeInterval = 300) throws {
        self.routes = routes
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0  // any free port
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(fd, address, length) == 0 && listen(fd, 16) == 0 && getsockname(fd, address, &length) == 0
            }
        }
        guard bound else {
            let code = errno
            close(fd)
            throw POSIXError(.init(rawValue: code) ?? .EIO)
        }
        listener = fd
        port = UInt16(bigEndian: address.sin_port)
        let deadline = Date().addingTimeInterval(lifetime)
        Thread.detachNewThread { [self] in
            serve(until: deadline)
            close(listener)
            finished.signal()
        }
    }

    /// The requests received so far.
    var requests: [Request] {
        lock.lock()
        defer { lock.unlock() }
        return received
    }

    /// Stops serving and waits until the port is closed.
    func stop() {
        lock.lock()
        let wasStopped = stopped
        stopped = true
        lock.unlock()
        if !wasStopped { finished.wait() }
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    private func serve(until deadline: Date) {
        while !isStopped, Date() < deadline {
            // Wait at most 50 ms for a connection, then look at the clock again.
            var waiting = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&waiting, 1, 50) > 0 else { continue }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            handle(connection)
            close(connection)
        }
        lock.lock()
        stopped = true
        lock.unlock()
    }

    private func handle(_ connection: Int32) {
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        // Read the request's head (a GET has no body): up to the blank line.
        var head = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while head.count < 65_536, head.range(of: Data("\r\n\r\n".utf8)) == nil {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return }
            head.append(contentsOf: buffer[0..<count])
        }
        let lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = lines.first?.split(separator: " ") ?? []
        let path = requestLine.count > 1 ? String(requestLine[1]) : "/"
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        lock.lock()
        received.append(Request(path: path, headers: headers))
        lock.unlock()

        let response = routes[path] ?? Response(status: 404, body: Data("no such fixture\n".utf8))
        let reason = HTTPURLResponse.localizedString(forStatusCode: response.status)
        var bytes = Data(
            """
            HTTP/1.1 \(response.status) \(reason)\r
            Content-Type: application/json\r
            Content-Length: \(response.declaredLength ?? response.body.count)\r
            Connection: close\r
            \r

            """.utf8)
        bytes.append(response.body)
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var offset = 0
            while offset < raw.count {
                // MSG_NOSIGNAL: a client that hung up is an error code, not a SIGPIPE.
                let sent = send(connection, base + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                guard sent > 0 else { return }
                offset += sent
            }
        }
    }
}
