public protocol Logger: Sendable {
    func log(_ message: String)
}

package struct DefaultLogger: Logger {
    package init() {}

    package func log(_ message: String) {
        print(message)
    }
}
