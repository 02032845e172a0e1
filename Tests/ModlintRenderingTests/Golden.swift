import Foundation
import ModlintTestSupport
import Testing

/// This target's golden files (`Golden/`, a resource of the test bundle).
func expectGolden(_ actual: String, _ name: String, filePath: String = #filePath,
                  sourceLocation: SourceLocation = #_sourceLocation) {
    ModlintTestSupport.expectGolden(actual, name, bundle: .module, filePath: filePath, sourceLocation: sourceLocation)
}
