// libFuzzer entry point: the property-list parser, the project reader and the workspace
// reader over arbitrary bytes. Built by Tests/Fuzz/run.sh.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXcodeProject(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? XcodeProjectReader.read(bytes: bytes, name: "Fuzz") { _ in bytes }
    _ = XcodeWorkspaceReader.references(bytes: bytes)
    return 0
}
