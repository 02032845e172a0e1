import Foundation
import Spezi

public protocol UploadConstraint: Standard {
    func upload(_ data: Data) async throws
}

public final class UploadModule: Module {
    @StandardActor var standard: any UploadConstraint
    @StandardActor var exporter: any ExportDelegate

    public init(endpoint: String) {}
}

public protocol ExportDelegate: AnyObject {}
