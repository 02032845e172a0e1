import Database
import Networking
import SharedModels

/// The composition root: the only place that knows the live implementations.
public final class AppContainer {
    public let client = LiveHTTPClient()
    public let store = SQLiteStore()

    public init() {}
}
