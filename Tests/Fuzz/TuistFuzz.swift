// libFuzzer entry point: the Tuist `Project.swift` reader. The input is split at NUL bytes
// into the manifest and the ProjectDescriptionHelpers files read with it, so the fuzzer
// reaches helper functions, extensions, enums and the mapping of lines back to the
// manifest. Beyond not crashing: a project has a name exactly when it has no failure, and
// every line the reader reports (targets, dependencies, notes, the failure) is a line of
// the manifest — helpers' lines are reported at the manifest's `let project` line.
// Built by Tests/Fuzz/run.sh.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTuist(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let files = UnsafeBufferPointer(start: data, count: size).split(separator: 0, omittingEmptySubsequences: false).map(Array.init)
    let manifest = files.first ?? []
    let project = TuistManifestReader().read(manifest: manifest, helpers: Array(files.dropFirst()), rootFromManifest: "../..")
    guard (project.failure == nil) == !project.name.isEmpty else {
        fatalError("name '\(project.name)' with failure \(String(describing: project.failure))")
    }
    // Lines as the tokenizer counts them: `\n`, `\r\n` and `\r` each end one.
    var lines = 1
    for (index, byte) in manifest.enumerated() where byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
        if byte == UInt8(ascii: "\n") && index > 0 && manifest[index - 1] == UInt8(ascii: "\r") { continue }
        lines += 1
    }
    var reported = project.targets.map(\.line) + project.targets.flatMap { $0.dependencies.map(\.line) } + project.notes.map(\.line)
    if let failure = project.failure { reported.append(failure.line) }
    for line in reported where !(1...lines).contains(line) {
        fatalError("line \(line) reported for a manifest of \(lines) lines")
    }
    for note in project.notes + [project.failure].compactMap({ $0 }) where note.column < 1 {
        fatalError("column \(note.column) of '\(note.message)'")
    }
    return 0
}
