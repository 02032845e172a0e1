// libFuzzer entry point: the property-list parser (old-style text, and XML through its
// transcoder) and the project reader over arbitrary bytes. The xcconfig, workspace and
// Package.resolved readers have targets of their own. Built by Tests/Fuzz/run.sh.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXcodeProject(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? XcodeProjectReader.read(bytes: bytes, name: "Fuzz") { _ in nil }
    return 0
}
