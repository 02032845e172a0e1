// libFuzzer entry point: the `contents.xcworkspacedata` reader alone (nesting, paths,
// attributes). Built by Tests/Fuzz/run.sh.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWorkspace(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    _ = XcodeWorkspaceReader.read(bytes: Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
