// libFuzzer entry point: the YAML-to-spec decoder alone (Yams, merge keys, aliases under
// the node budget, duplicate keys read past). Beyond not crashing: every line a value,
// a duplicate or an error names is a line of the input, and no more than the budget's
// values are made. Built by Tests/Fuzz/run.sh (with Yams, libyaml and YAMLLines.swift).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzYAML(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let lines = YAMLLines.count(bytes)
    do {
        let decoded = try SpecDecoder.decode(bytes)
        for (line, key) in decoded.duplicates where !(1...lines).contains(line) { fatalError("duplicate '\(key)' at line \(line) of \(lines)") }
        var values = 0
        var stack = [decoded.value]
        while let value = stack.popLast() {
            values += 1
            if let line = value.line, !(1...lines).contains(line) { fatalError("a value at line \(line) of \(lines)") }
            switch value {
            case .scalar: break
            case .list(let items, _): stack += items
            case .map(let entries, _): stack += entries.map(\.value)
            }
        }
        guard values <= SpecDecoder.maximumNodes else { fatalError("\(values) values decoded, over the budget") }
    } catch {
        guard (1...lines).contains(error.line) else { fatalError("error at line \(error.line) of \(lines): \(error.message)") }
    }
    return 0
}
