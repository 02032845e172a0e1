// libFuzzer entry point: the static Package.swift reader over arbitrary bytes.
// Built by Tests/Fuzz/run.sh.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzManifest(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = ManifestReader().read(bytes: bytes)
    return 0
}
