import Foundation
#if canImport(SharedModels)
import SharedModels
#endif

public final class LiveHTTPClient {
    public init() {}
}
