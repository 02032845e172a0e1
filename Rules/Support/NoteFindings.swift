import ModlintGraph
import ModlintWorkspace

/// Rules that report what the loader noted (an unresolved manifest construct, a stale
/// generated project, an unread file): one way from a note to its finding.
extension LintContext {
    /// The loader's notes of one kind, in the workspace's order.
    func notes(_ kind: WorkspaceNote.Kind) -> [WorkspaceNote] {
        workspace.notes.filter { $0.kind == kind }
    }
}

extension WorkspaceNote {
    /// The finding at the note's place; by default with its message, keyed by file and message.
    func finding(message: String? = nil, key: [String]? = nil) -> Finding {
        Finding(site: Site(file: file, line: line, column: column), message: message ?? self.message, key: key ?? [file, self.message])
    }
}
