// libFuzzer entry point: the `Package.resolved` reader alone. Built by Tests/Fuzz/run.sh.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzResolved(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    _ = PackageResolved.pins(in: Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
