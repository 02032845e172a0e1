// libFuzzer entry point: the Ruby DSL readers. The input is read as a podspec and as a
// Podfile (both share the lexer and parser), and as a Podfile.lock. Built by Tests/Fuzz/run.sh.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCocoaPods(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? PodspecReader.read(bytes, file: "Fuzz.podspec")
    _ = try? PodspecJSONReader.read(bytes)
    _ = try? PodfileReader.read(bytes)
    _ = PodfileLock.read(bytes)
    return 0
}
