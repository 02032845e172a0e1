// libFuzzer entry point: the xcconfig reader alone. The input is split at NUL bytes into
// files `0.xcconfig`, `1.xcconfig`, … that may include each other (and themselves), so the
// fuzzer reaches include cycles, depth and the visited set. Built by Tests/Fuzz/run.sh.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXCConfig(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let files = UnsafeBufferPointer(start: data, count: size).split(separator: 0, omittingEmptySubsequences: false).map(Array.init)
    _ = XCConfig.settings(at: "0.xcconfig") { path in
        guard path.hasSuffix(".xcconfig"), let index = Int(path.dropLast(".xcconfig".count)), files.indices.contains(index) else { return nil }
        return files[index]
    }
    return 0
}
