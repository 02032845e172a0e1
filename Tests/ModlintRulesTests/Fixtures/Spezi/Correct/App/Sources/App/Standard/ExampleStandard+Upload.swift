import Foundation
import UploadFeature

extension ExampleStandard: UploadConstraint {
    func upload(_ data: Data) async throws {}
}
