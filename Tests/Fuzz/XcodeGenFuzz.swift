// libFuzzer entry point: the XcodeGen spec reader. The input is split at NUL bytes into
// `project.yml` and files `1.yml`, `2.yml`, … (any extension: `1.xcconfig` too) that it
// may include (and that may include each other, or themselves), so the fuzzer reaches
// include merging and cycles, templates, multi-platform targets and configuration files.
// Beyond not crashing: an error names a file the reader asked for and a line of it; a
// project has a name, and each target's line is a line of the file that declares it.
// Built by Tests/Fuzz/run.sh (with Yams, libyaml and YAMLLines.swift).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXcodeGen(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let files = UnsafeBufferPointer(start: data, count: size).split(separator: 0, omittingEmptySubsequences: false).map(Array.init)
    func bytes(_ path: String) -> [UInt8]? {
        if path == "project.yml" { return files.first }
        guard let dot = path.firstIndex(of: "."), let index = Int(path[..<dot]), index > 0, files.indices.contains(index) else { return nil }
        return files[index]
    }
    var asked = Set<String>()
    do {
        let project = try XcodeGenReader.read(file: "project.yml") { path in
            asked.insert(path)
            return bytes(path)
        }
        guard !project.name.isEmpty else { fatalError("a project without a name") }
        for target in project.targets {
            let file = target.file ?? "project.yml"
            guard asked.contains(file), let text = bytes(file) else { fatalError("target '\(target.name)' declared in '\(file)', which was not read") }
            guard (1...YAMLLines.count(text)).contains(target.line) else { fatalError("target '\(target.name)' at line \(target.line) of '\(file)'") }
        }
        for note in project.notes where note.line < 1 { fatalError("note at line \(note.line): \(note.message)") }
    } catch {
        guard asked.contains(error.file) || error.file == "project.yml" else { fatalError("error in '\(error.file)', which was not asked for: \(error.message)") }
        let lines = bytes(error.file).map(YAMLLines.count) ?? 1
        guard (1...lines).contains(error.line) else { fatalError("error at line \(error.line) of '\(error.file)' (\(lines) lines): \(error.message)") }
    }
    return 0
}
