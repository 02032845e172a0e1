import ModlintRules
import ModlintWorkspace

/// Reads `--baseline FILE`; every problem is an input error (exit 2).
enum BaselineFile {
    static func read(_ path: String) throws -> Baseline {
        guard FileSystem.kind(of: path) == .file else {
            throw UsageError(message: "baseline file not found: \(path) (create it with --write-baseline \(path))")
        }
        // Only inside the work tree that holds it: a committed link must not make an error
        // message quote a file from elsewhere.
        let folder = FileSystem.absolute(Paths.parent(path).isEmpty ? "." : Paths.parent(path))
        let bytes: [UInt8]
        switch FileSystem.readInput(path, atMost: InputLimits.baseline, scope: ReadScope.enclosing(folder)) {
        case .success(let read): bytes = read
        case .failure(let refusal): throw UsageError(message: "cannot read baseline file \(path): \(refusal)")
        }
        do {
            return try Baseline.decode(bytes)
        } catch let error as Baseline.FormatError {
            throw UsageError(message: "\(path): \(error.description)")
        }
    }

    /// The baseline `.modlint.yml` names, resolved against the configuration's folder.
    static func configured(_ configuration: Configuration) -> String? {
        configuration.baseline.map { Paths.join(configuration.baseDirectory ?? "", $0) }
    }
}
